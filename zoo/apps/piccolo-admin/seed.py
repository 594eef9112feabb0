"""Create the record shop's SQLite tables and seed them (run once, before the first start)."""

import datetime as dt
from decimal import Decimal

from piccolo.apps.user.tables import BaseUser
from piccolo_api.session_auth.tables import SessionsBase

from tables import Album, Artist, Customer, Label, Order

LABELS = [  # name, city, founded, independent
    ("Blue Harbour Records", "Liverpool", 1987, True),
    ("Northern Lights Music", "Oslo", 1994, True),
    ("Capitol Sound", "Los Angeles", 1962, False),
    ("Velvet Groove", "Chicago", 1971, False),
    ("Mossbank Recordings", "Glasgow", 2005, True),
    ("Sunday Tapes", "Berlin", 2011, True),
]

ARTISTS = [  # name, country, formed, active, biography
    ("The Paper Kites", "Australia", 2009, True, "Indie folk five-piece from Melbourne."),
    ("Nina Alvarez Quartet", "Spain", 2001, True, "Madrid jazz quartet led by pianist Nina Alvarez."),
    ("Marcus Bell", "United States", 1978, False, "Soul singer from Detroit; retired in 1999."),
    ("Solstice Drive", "Norway", 2014, True, "Synth duo from Bergen."),
    ("Harriet Moss", "United Kingdom", 1996, True, "Singer-songwriter from the Scottish borders."),
    ("Kid Tempo", "United States", 2008, True, "Brooklyn rapper and producer."),
    ("The Low Tides", "Ireland", 1990, False, "Galway rock band, split up in 2004."),
    ("Ensemble Lumen", "Germany", 1985, True, "Baroque chamber orchestra from Leipzig."),
    ("Cedar & Stone", "Canada", 2012, True, "Folk duo from Vancouver Island."),
    ("Amara Okafor", "Nigeria", 2016, True, "Afro-soul singer based in Lagos."),
    ("Glass Animals Club", "United Kingdom", 2010, True, "Oxford electronic collective."),
    ("Rita Kowalski Trio", "Poland", 1999, False, "Krakow jazz trio."),
]

R, J, S, E, F, H, C = "Rock", "Jazz", "Soul", "Electronic", "Folk", "Hip Hop", "Classical"
ALBUMS = [  # title, artist index, label index, genre, format, release date, price, stock, on sale, notes
    ("Midnight Ferry", 0, 0, F, "LP", "2019-03-15", "24.99", 12, False, "Gatefold sleeve."),
    ("Paper Lanterns", 0, 0, F, "CD", "2021-09-03", "12.50", 8, True, ""),
    ("Blue Hour Sessions", 1, 3, J, "2LP", "2015-11-20", "34.00", 3, False, "Live at the Blue Note, Madrid."),
    ("Calle Luna", 1, 3, J, "LP", "2018-05-11", "26.00", 0, False, "Out of stock; reorder requested."),
    ("Motor City Heart", 2, 2, S, "LP", "1981-06-01", "29.99", 5, False, "Original 1981 pressing."),
    ("Velvet Nights", 2, 3, S, "7-inch single", "1984-02-14", "9.99", 15, True, ""),
    ("Northern Circuit", 3, 1, E, "LP", "2020-01-24", "27.50", 9, False, ""),
    ("Neon Fjord", 3, 1, E, "Cassette", "2022-10-07", "11.00", 20, True, "Limited run of 300."),
    ("Heather and Rain", 4, 4, F, "LP", "2003-04-18", "22.00", 6, False, ""),
    ("The Borders Tapes", 4, 4, F, "2LP", "2017-08-25", "31.00", 2, False, "Signed copies."),
    ("Stoop Philosophy", 5, 5, H, "LP", "2013-07-12", "25.00", 10, False, ""),
    ("Subway Hymns", 5, 5, H, "CD", "2016-03-04", "13.99", 14, True, ""),
    ("Salt on the Window", 6, 0, R, "LP", "1994-09-12", "28.00", 4, False, "Remastered 2014."),
    ("Harbour Lights", 6, 0, R, "CD", "1998-05-30", "10.00", 7, True, ""),
    ("Goldberg Variations", 7, 2, C, "2LP", "2009-12-01", "38.00", 3, False, "180 g vinyl."),
    ("Four Seasons Revisited", 7, 2, C, "CD", "2012-02-17", "15.50", 11, False, ""),
    ("Island Weather", 8, 5, F, "LP", "2018-06-22", "23.00", 7, False, ""),
    ("Cedarwood", 8, 5, F, "CD", "2020-11-13", "12.00", 0, True, "Out of stock."),
    ("Lagos Sunrise", 9, 1, S, "LP", "2021-04-09", "26.50", 13, False, ""),
    ("Gold Dust", 9, 1, S, "7-inch single", "2023-01-20", "8.50", 25, False, ""),
    ("Pulse Theory", 10, 3, E, "LP", "2016-10-28", "24.00", 5, False, ""),
    ("Static Garden", 10, 3, E, "2LP", "2019-05-17", "32.00", 4, True, "Includes download code."),
    ("Krakow Nocturnes", 11, 4, J, "LP", "2004-03-26", "27.00", 1, False, ""),
    ("Three for the Road", 11, 4, J, "CD", "2007-09-14", "11.50", 6, False, ""),
    ("Summer Static", 3, 5, E, "7-inch single", "2024-06-21", "7.99", 30, False, "Glow-in-the-dark vinyl."),
    ("Long Way to Galway", 6, 0, R, "Cassette", "1991-02-08", "9.00", 2, False, "Debut album."),
    ("Quiet Rooms", 4, 4, F, "CD", "2010-10-01", "11.99", 9, False, ""),
    ("Brass and Bone", 1, 3, J, "CD", "2023-09-29", "14.00", 12, False, ""),
    ("Soul Kitchen", 2, 2, S, "2LP", "1987-11-11", "33.00", 0, False, "Collector's edition, sold out."),
    ("Canal Street Cipher", 5, 5, H, "Cassette", "2024-02-02", "10.50", 16, True, ""),
]

CUSTOMERS = [  # first, last, email, city, joined, loyalty member, points
    ("Alice", "Carter", "alice.carter@example.com", "Leeds", "2021-02-11", True, 420),
    ("Ben", "Okoro", "ben.okoro@example.com", "Manchester", "2022-07-04", False, 0),
    ("Chloe", "Dubois", "chloe.dubois@example.com", "Bristol", "2020-11-23", True, 1350),
    ("Daniel", "Fischer", "daniel.fischer@example.com", "Leeds", "2023-03-15", False, 40),
    ("Emma", "Walsh", "emma.walsh@example.com", "Dublin", "2019-05-30", True, 2210),
    ("Farid", "Haddad", "farid.haddad@example.com", "London", "2024-01-08", False, 0),
    ("Grace", "Lindqvist", "grace.lindqvist@example.com", "Edinburgh", "2022-09-19", True, 780),
    ("Hugo", "Marchetti", "hugo.marchetti@example.com", "London", "2023-12-02", False, 110),
    ("Isla", "Novak", "isla.novak@example.com", "Glasgow", "2021-06-17", True, 965),
    ("Jonas", "Petersen", "jonas.petersen@example.com", "Bristol", "2024-04-25", False, 15),
    ("Kemi", "Adeyemi", "kemi.adeyemi@example.com", "Manchester", "2020-08-09", True, 1540),
    ("Liam", "Brennan", "liam.brennan@example.com", "Dublin", "2025-01-14", False, 0),
]

ORDERS = [  # customer index, album index, quantity, date, status, gift wrap, note
    (0, 0, 1, "2025-01-06", "Delivered", False, ""),
    (2, 2, 1, "2025-01-09", "Delivered", True, "Birthday present"),
    (4, 8, 2, "2025-01-15", "Delivered", False, ""),
    (1, 10, 1, "2025-01-21", "Cancelled", False, "Customer changed their mind"),
    (6, 14, 1, "2025-01-28", "Delivered", False, ""),
    (3, 6, 1, "2025-02-03", "Delivered", False, ""),
    (10, 18, 1, "2025-02-10", "Delivered", True, ""),
    (8, 9, 1, "2025-02-14", "Shipped", True, "Valentine's gift"),
    (5, 11, 3, "2025-02-19", "Shipped", False, ""),
    (7, 20, 1, "2025-02-25", "Paid", False, ""),
    (9, 16, 2, "2025-03-02", "Paid", False, ""),
    (11, 12, 1, "2025-03-04", "Pending", False, "Awaiting payment"),
    (0, 21, 1, "2025-03-05", "Paid", False, ""),
    (2, 4, 1, "2025-03-06", "Pending", False, ""),
    (4, 24, 4, "2025-03-07", "Pending", False, "Party favours"),
    (6, 1, 1, "2025-03-08", "Cancelled", False, ""),
    (10, 19, 2, "2025-03-09", "Shipped", False, ""),
    (3, 27, 1, "2025-03-10", "Pending", True, ""),
    (8, 22, 1, "2025-03-11", "Paid", False, ""),
    (1, 29, 2, "2025-03-12", "Pending", False, ""),
    (5, 7, 1, "2025-03-13", "Paid", False, ""),
    (7, 15, 1, "2025-03-14", "Shipped", False, ""),
    (9, 5, 3, "2025-03-15", "Pending", False, ""),
    (11, 17, 1, "2025-03-16", "Cancelled", False, "Out of stock"),
]


def day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def main() -> None:
    for table in (BaseUser, SessionsBase, Label, Artist, Album, Customer, Order):
        table.create_table(if_not_exists=True).run_sync()

    BaseUser.create_user_sync(
        username="admin", password="zoo-pic-pw", email="admin@example.com", first_name="Ada",
        last_name="Admin", active=True, admin=True, superuser=True)
    BaseUser.create_user_sync(
        username="clerk", password="zoo-clerk-pw", email="sam.clerk@example.com", first_name="Sam",
        last_name="Clerk", active=True, admin=True, superuser=False)

    labels = [Label(name=n, city=c, founded=y, independent=i) for n, c, y, i in LABELS]
    Label.insert(*labels).run_sync()
    labels = Label.objects().order_by(Label.id).run_sync()

    artists = [Artist(name=n, country=c, formed=y, active=a, biography=b) for n, c, y, a, b in ARTISTS]
    Artist.insert(*artists).run_sync()
    artists = Artist.objects().order_by(Artist.id).run_sync()

    albums = [
        Album(title=t, artist=artists[a].id, label=labels[lb].id, genre=g, format=f, release_date=day(d),
              price=Decimal(p), stock=s, on_sale=o, notes=n)
        for t, a, lb, g, f, d, p, s, o, n in ALBUMS
    ]
    Album.insert(*albums).run_sync()
    albums = Album.objects().order_by(Album.id).run_sync()

    customers = [
        Customer(first_name=f, last_name=la, email=e, city=c, joined=day(j), loyalty_member=m, points=p)
        for f, la, e, c, j, m, p in CUSTOMERS
    ]
    Customer.insert(*customers).run_sync()
    customers = Customer.objects().order_by(Customer.id).run_sync()

    orders = [
        Order(customer=customers[c].id, album=albums[a].id, quantity=q, order_date=day(d), status=s,
              total=Decimal(albums[a].price) * q, gift_wrap=g, note=n)
        for c, a, q, d, s, g, n in ORDERS
    ]
    Order.insert(*orders).run_sync()
    print(f"seeded {len(labels)} labels, {len(artists)} artists, {len(albums)} albums, "
          f"{len(customers)} customers, {len(orders)} orders, 2 users")


if __name__ == "__main__":
    main()
