"""Seeds the zoo's library database for sqlite-web."""

import random
import sqlite3
import sys
from pathlib import Path

path = Path(sys.argv[1])
path.unlink(missing_ok=True)
rng = random.Random(11)
db = sqlite3.connect(path)
db.executescript("""
create table authors (id integer primary key, name text not null, country text, born integer);
create table books (id integer primary key, title text not null, isbn text unique, year integer,
  pages integer, price real, in_stock integer default 1, author_id integer references authors(id));
create table members (id integer primary key, name text not null, email text unique, joined text,
  active integer default 1);
create table loans (id integer primary key, book_id integer references books(id),
  member_id integer references members(id), loaned_on text, due_on text, returned_on text);
create index books_year on books(year);
create view overdue_loans as select loans.id, books.title, members.name, loans.due_on from loans
  join books on books.id = loans.book_id join members on members.id = loans.member_id
  where loans.returned_on is null and loans.due_on < '2025-06-01';
""")
authors = [("Ursula K. Le Guin", "US", 1929), ("Italo Calvino", "IT", 1923), ("Toni Morrison", "US", 1931),
           ("Haruki Murakami", "JP", 1949), ("Chinua Achebe", "NG", 1930), ("Jose Saramago", "PT", 1922),
           ("Wislawa Szymborska", "PL", 1923), ("Gabriel Garcia Marquez", "CO", 1927),
           ("Virginia Woolf", "GB", 1882), ("Stanislaw Lem", "PL", 1921), ("Octavia E. Butler", "US", 1947),
           ("Jorge Luis Borges", "AR", 1899)]
db.executemany("insert into authors (name, country, born) values (?, ?, ?)", authors)
words = ["River", "Glass", "Winter", "City", "Garden", "Memory", "Silence", "Harbor", "Mirror", "Orchard"]
for i in range(40):
    title = f"The {words[i % 10]} of {words[(i * 3 + 1) % 10]}" if i % 2 else f"{words[i % 10]} Songs"
    db.execute("insert into books (title, isbn, year, pages, price, in_stock, author_id) values (?,?,?,?,?,?,?)",
               (f"{title} {i // 10 + 1}" if i >= 10 else title, f"978-0-{1000 + i * 37:05d}-{i % 10}",
                rng.randint(1950, 2024), rng.randint(90, 700), round(rng.uniform(6, 40), 2),
                int(i % 6 != 0), 1 + i % 12))
names = ["Maria Lopez", "John Smith", "Aiko Tanaka", "Pierre Martin", "Lena Fischer", "Omar Haddad",
         "Sofia Rossi", "Liam O'Brien", "Noor Khan", "Emil Novak"]
for i, name in enumerate(names):
    db.execute("insert into members (name, email, joined, active) values (?, ?, ?, ?)",
               (name, name.split()[0].lower() + "@example.com", f"2024-{1 + i % 12:02d}-15", int(i != 7)))
for i in range(25):
    returned = None if i % 3 == 0 else f"2025-05-{1 + i % 28:02d}"
    db.execute("insert into loans (book_id, member_id, loaned_on, due_on, returned_on) values (?,?,?,?,?)",
               (1 + (i * 7) % 40, 1 + i % 10, f"2025-04-{1 + i:02d}", f"2025-05-{1 + i:02d}", returned))
db.commit()
print("seeded library.db")
