"""Library loans: a small Mesop app for the zoo, built only from Mesop's own components.

The catalogue, loans and settings live in ``$ZOO_DATA/library.json`` (copied from this folder on the
first start) and are shared by every browser session; each change is written back at once.
"""

import datetime as dt
import json
import os
from dataclasses import field
from pathlib import Path

import mesop as me
import pandas as pd

STORE = Path(os.environ.get("ZOO_DATA", ".")) / "library.json"
DB = json.loads(STORE.read_text())
GENRES = ["Biography", "Classic", "Fantasy", "History", "Mystery", "Science", "Science fiction"]
PAGES = [("Catalogue", "/"), ("Loans", "/loans"), ("New loan", "/loans/new"), ("Add book", "/books/new"),
         ("Settings", "/settings")]
SIDENAV_WIDTH = 220


def save() -> None:
    STORE.write_text(json.dumps(DB, indent=1))


def book_by_id(book_id: int) -> dict | None:
    return next((b for b in DB["books"] if b["id"] == book_id), None)


def book_by_title(title: str) -> dict | None:
    return next((b for b in DB["books"] if b["title"] == title), None)


@me.stateclass
class State:
    # catalogue
    search: str = ""
    genre: str = "All genres"
    only_available: bool = False
    year_from: int = 1800
    sort: str = "Title"
    selected_book: int = 0
    # loans
    loan_filter: str = "All"
    member_search: str = ""
    selected_loan: int = 0
    # new loan
    loan_book: str = ""
    loan_member: str = ""
    loan_date: str = ""
    loan_period: str = ""
    loan_reminder: bool = True
    loan_message: str = ""
    # add book
    new_title: str = ""
    new_author: str = ""
    new_genre: str = ""
    new_year: str = ""
    new_copies: int = 1
    book_message: str = ""
    # settings (a draft until saved)
    settings_draft: dict = field(default_factory=dict)
    # confirm dialog and snackbar
    confirm: str = ""  # "delete-book" | "return-loan" | ""
    snack: str = ""


# ---------------------------------------------------------------- layout pieces

def layout(current: str) -> None:
    state = me.state(State)
    with me.sidenav(opened=True, style=me.Style(width=SIDENAV_WIDTH, background="#f4f1fa")):
        with me.box(style=me.Style(padding=me.Padding.all(16))):
            me.text(DB["settings"]["library_name"], type="subtitle-1",
                    style=me.Style(font_weight=600, margin=me.Margin(bottom=16)))
            for label, path in PAGES:
                me.button(label, key=path, on_click=go,
                          type="flat" if path == current else None,
                          color="primary" if path == current else None,
                          style=me.Style(display="block", width="100%", text_align="left",
                                         margin=me.Margin(bottom=6)))
    if state.snack:
        with me.box(style=me.Style(position="fixed", bottom=24, left="50%", transform="translateX(-50%)",
                                   background="#323232", color="white", padding=me.Padding.symmetric(
                                       vertical=10, horizontal=16), border_radius=6, z_index=1000,
                                   display="flex", align_items="center", gap=16)):
            me.text(state.snack)
            me.button("Dismiss", on_click=dismiss_snack, style=me.Style(color="#d0bcff"))


def go(event: me.ClickEvent) -> None:
    state = me.state(State)
    state.snack = ""
    state.confirm = ""
    me.navigate(event.key)


def dismiss_snack(event: me.ClickEvent) -> None:
    me.state(State).snack = ""


@me.content_component
def dialog(visible: bool):  # type: ignore[no-untyped-def]
    """Mesop's dialog pattern: a fixed full-screen backdrop with a centred box."""
    with me.box(style=me.Style(
        background="rgba(0,0,0,0.4)", display="block" if visible else "none", position="fixed",
        top=0, left=0, width="100%", height="100%", z_index=900,
    )):
        with me.box(style=me.Style(display="flex", align_items="center", justify_content="center",
                                   height="100%")):
            with me.box(style=me.Style(background="white", border_radius=12, padding=me.Padding.all(24),
                                       min_width=360, box_shadow="0 8px 24px rgba(0,0,0,0.3)")):
                me.slot()


def content():  # type: ignore[no-untyped-def]
    return me.box(style=me.Style(margin=me.Margin(left=SIDENAV_WIDTH), padding=me.Padding.all(24)))


def row():  # type: ignore[no-untyped-def]
    return me.box(style=me.Style(display="flex", flex_wrap="wrap", gap=16, align_items="center"))


# ---------------------------------------------------------------- catalogue

def visible_books() -> list[dict]:
    state = me.state(State)
    words = state.search.strip().lower()
    books = [b for b in DB["books"]
             if (not words or words in b["title"].lower() or words in b["author"].lower())
             and (state.genre == "All genres" or b["genre"] == state.genre)
             and (not state.only_available or b["available"] > 0)
             and b["year"] >= state.year_from]
    if state.sort == "Author":
        books.sort(key=lambda b: (b["author"], b["title"]))
    elif state.sort == "Year":
        books.sort(key=lambda b: (-b["year"], b["title"]))
    else:
        books.sort(key=lambda b: b["title"])
    return books


@me.page(path="/", title="Catalogue · Library loans")
def catalogue_page() -> None:
    state = me.state(State)
    layout("/")
    with content():
        me.text("Catalogue", type="headline-4")
        with row():
            me.input(label="Search title or author", value=state.search, on_input=on_search,
                     style=me.Style(width=280))
            me.select(label="Genre", value=state.genre, on_selection_change=on_genre,
                      options=[me.SelectOption(label=g, value=g) for g in ["All genres", *GENRES]],
                      style=me.Style(width=200))
            me.checkbox("Only books with copies available", checked=state.only_available,
                        on_change=on_only_available)
        with row():
            me.text(f"Published from {state.year_from}")
            me.slider(min=1800, max=2025, step=5, value=state.year_from, on_value_change=on_year,
                      style=me.Style(width=300))
            me.text("Sort by:")
            me.radio(value=state.sort, on_change=on_sort, options=[
                me.RadioOption(label="Title", value="Title"), me.RadioOption(label="Author", value="Author"),
                me.RadioOption(label="Year (newest first)", value="Year")])
        books = visible_books()
        me.text(f"Showing {len(books)} of {len(DB['books'])} books",
                style=me.Style(margin=me.Margin.symmetric(vertical=8), font_weight=500))
        chosen = book_by_id(state.selected_book)
        if chosen:
            with me.card(style=me.Style(margin=me.Margin(bottom=12))):
                me.card_header(title=chosen["title"], subtitle=f"{chosen['author']} · {chosen['genre']} · "
                               f"{chosen['year']}")
                with me.card_content():
                    copies = chosen["available"]
                    me.text(f"{copies} {'copy' if copies == 1 else 'copies'} available")
                with me.card_actions(align="start"):
                    me.button("Lend this book", on_click=lend_selected, disabled=chosen["available"] < 1)
                    me.button("Delete book", color="warn", on_click=ask_delete)
                    me.button("Close", on_click=close_book)
        if books:
            frame = pd.DataFrame(
                [[b["title"], b["author"], b["genre"], b["year"], b["available"]] for b in books],
                columns=["Title", "Author", "Genre", "Year", "Available copies"],
                index=[b["id"] for b in books])
            me.table(frame, on_click=on_book_click)
        else:
            me.text("No books match these filters.")
    with dialog(state.confirm == "delete-book" and chosen is not None):
        if chosen:
            me.text(f"Delete “{chosen['title']}”?", type="headline-6")
            me.text("The book is removed from the catalogue. This cannot be undone.")
            with me.box(style=me.Style(display="flex", justify_content="end", gap=8,
                                       margin=me.Margin(top=16))):
                me.button("Cancel", on_click=cancel_confirm)
                me.button("Delete", type="flat", color="warn", on_click=confirm_delete)


def on_search(event: me.InputEvent) -> None:
    me.state(State).search = event.value


def on_genre(event: me.SelectSelectionChangeEvent) -> None:
    me.state(State).genre = event.value


def on_only_available(event: me.CheckboxChangeEvent) -> None:
    me.state(State).only_available = event.checked


def on_year(event: me.SliderValueChangeEvent) -> None:
    me.state(State).year_from = int(event.value)


def on_sort(event: me.RadioChangeEvent) -> None:
    me.state(State).sort = event.value


def on_book_click(event: me.TableClickEvent) -> None:
    me.state(State).selected_book = int(event.row_index)


def close_book(event: me.ClickEvent) -> None:
    me.state(State).selected_book = 0


def lend_selected(event: me.ClickEvent) -> None:
    state = me.state(State)
    chosen = book_by_id(state.selected_book)
    if chosen:
        state.loan_book = chosen["title"]
        state.loan_message = ""
        state.snack = ""
        me.navigate("/loans/new")


def ask_delete(event: me.ClickEvent) -> None:
    me.state(State).confirm = "delete-book"


def cancel_confirm(event: me.ClickEvent) -> None:
    me.state(State).confirm = ""


def confirm_delete(event: me.ClickEvent) -> None:
    state = me.state(State)
    chosen = book_by_id(state.selected_book)
    state.confirm = ""
    if chosen:
        DB["books"].remove(chosen)
        save()
        state.selected_book = 0
        state.snack = f"Deleted “{chosen['title']}”"


# ---------------------------------------------------------------- loans

def visible_loans() -> list[dict]:
    state = me.state(State)
    words = state.member_search.strip().lower()
    loans = [loan for loan in DB["loans"]
             if (state.loan_filter == "All" or loan["status"] == state.loan_filter)
             and (not words or words in loan["member"].lower())]
    return sorted(loans, key=lambda loan: loan["loaned"], reverse=True)


def loan_by_id(loan_id: int) -> dict | None:
    return next((loan for loan in DB["loans"] if loan["id"] == loan_id), None)


@me.page(path="/loans", title="Loans · Library loans")
def loans_page() -> None:
    state = me.state(State)
    layout("/loans")
    with content():
        me.text("Loans", type="headline-4")
        with row():
            me.radio(value=state.loan_filter, on_change=on_loan_filter, options=[
                me.RadioOption(label=v, value=v) for v in ["All", "On loan", "Overdue", "Returned"]])
            me.input(label="Member name", value=state.member_search, on_input=on_member_search,
                     style=me.Style(width=240))
        loans = visible_loans()
        me.text(f"{len(loans)} loan{'' if len(loans) == 1 else 's'}", style=me.Style(margin=me.Margin.symmetric(vertical=8), font_weight=500))
        chosen = loan_by_id(state.selected_loan)
        if chosen:
            with me.card(style=me.Style(margin=me.Margin(bottom=12))):
                me.card_header(title=f"{chosen['book']} — {chosen['member']}",
                               subtitle=f"Loaned on {chosen['loaned']}, due {chosen['due']} · {chosen['status']}")
                with me.card_actions(align="start"):
                    if chosen["status"] != "Returned":
                        me.button("Mark as returned", on_click=ask_return)
                        me.button("Renew for 14 days", on_click=renew,
                                  disabled=not DB["settings"]["allow_renewals"])
                    me.button("Close", on_click=close_loan)
        if loans:
            frame = pd.DataFrame(
                [[loan["member"], loan["book"], loan["loaned"], loan["due"], loan["status"]] for loan in loans],
                columns=["Member", "Book", "Loaned on", "Due", "Status"],
                index=[loan["id"] for loan in loans])
            me.table(frame, on_click=on_loan_click)
        else:
            me.text("No loans match.")
    with dialog(state.confirm == "return-loan" and chosen is not None):
        if chosen:
            me.text("Confirm return", type="headline-6")
            me.text(f"Mark “{chosen['book']}” as returned by {chosen['member']}?")
            with me.box(style=me.Style(display="flex", justify_content="end", gap=8,
                                       margin=me.Margin(top=16))):
                me.button("Cancel", on_click=cancel_confirm)
                me.button("Confirm return", type="flat", color="primary", on_click=confirm_return)


def on_loan_filter(event: me.RadioChangeEvent) -> None:
    me.state(State).loan_filter = event.value


def on_member_search(event: me.InputEvent) -> None:
    me.state(State).member_search = event.value


def on_loan_click(event: me.TableClickEvent) -> None:
    me.state(State).selected_loan = int(event.row_index)


def close_loan(event: me.ClickEvent) -> None:
    me.state(State).selected_loan = 0


def ask_return(event: me.ClickEvent) -> None:
    me.state(State).confirm = "return-loan"


def confirm_return(event: me.ClickEvent) -> None:
    state = me.state(State)
    state.confirm = ""
    loan = loan_by_id(state.selected_loan)
    if loan and loan["status"] != "Returned":
        loan["status"] = "Returned"
        book = book_by_title(loan["book"])
        if book:
            book["available"] += 1
        save()
        state.snack = f"“{loan['book']}” returned by {loan['member']}"


def renew(event: me.ClickEvent) -> None:
    state = me.state(State)
    loan = loan_by_id(state.selected_loan)
    if loan:
        loan["due"] = str(dt.date.fromisoformat(loan["due"]) + dt.timedelta(days=14))
        loan["status"] = "On loan"
        save()
        state.snack = f"Renewed until {loan['due']}"


# ---------------------------------------------------------------- new loan

@me.page(path="/loans/new", title="New loan · Library loans")
def new_loan_page() -> None:
    state = me.state(State)
    layout("/loans/new")
    period = state.loan_period or str(DB["settings"]["default_period"])
    loan_date = dt.date.fromisoformat(state.loan_date) if state.loan_date else dt.date.today()
    with content():
        me.text("New loan", type="headline-4")
        with me.box(style=me.Style(display="flex", flex_direction="column", gap=8, width=480)):
            me.select(label="Book", value=state.loan_book, on_selection_change=on_loan_book,
                      options=[me.SelectOption(label=b["title"], value=b["title"])
                               for b in sorted(DB["books"], key=lambda b: b["title"]) if b["available"] > 0])
            me.input(label="Member name", value=state.loan_member, on_blur=on_loan_member)
            me.date_picker(label="Loan date", value=loan_date, on_change=on_loan_date)
            me.text("Loan period")
            me.radio(value=period, on_change=on_loan_period, options=[
                me.RadioOption(label=f"{d} days", value=str(d)) for d in (7, 14, 21, 28)])
            me.checkbox("Email a reminder two days before the due date", checked=state.loan_reminder,
                        on_change=on_loan_reminder)
            me.text(f"Due date: {loan_date + dt.timedelta(days=int(period))}")
            with me.box():
                me.button("Create loan", type="flat", color="primary", on_click=create_loan)
            if state.loan_message:
                me.text(state.loan_message, style=me.Style(font_weight=500, color="#1b5e20"
                        if state.loan_message.startswith("Loan created") else "#b3261e"))


def on_loan_book(event: me.SelectSelectionChangeEvent) -> None:
    me.state(State).loan_book = event.value


def on_loan_member(event: me.InputBlurEvent) -> None:
    me.state(State).loan_member = event.value


def on_loan_date(event: me.DatePickerChangeEvent) -> None:
    me.state(State).loan_date = event.date.isoformat()


def on_loan_period(event: me.RadioChangeEvent) -> None:
    me.state(State).loan_period = event.value


def on_loan_reminder(event: me.CheckboxChangeEvent) -> None:
    me.state(State).loan_reminder = event.checked


def create_loan(event: me.ClickEvent) -> None:
    state = me.state(State)
    book = book_by_title(state.loan_book)
    member = state.loan_member.strip()
    if not book or not member:
        state.loan_message = "Choose a book and enter the member's name."
        return
    if book["available"] < 1:
        state.loan_message = f"No copies of “{book['title']}” are available."
        return
    open_loans = sum(1 for loan in DB["loans"] if loan["member"] == member and loan["status"] != "Returned")
    if open_loans >= DB["settings"]["max_loans"]:
        state.loan_message = f"{member} already has {open_loans} books on loan (the limit)."
        return
    period = int(state.loan_period or DB["settings"]["default_period"])
    loaned = dt.date.fromisoformat(state.loan_date) if state.loan_date else dt.date.today()
    due = loaned + dt.timedelta(days=period)
    DB["loans"].append({"id": max((loan["id"] for loan in DB["loans"]), default=0) + 1, "member": member,
                        "book": book["title"], "loaned": str(loaned), "due": str(due), "status": "On loan"})
    book["available"] -= 1
    save()
    reminder = " A reminder will be emailed." if state.loan_reminder else ""
    state.loan_message = f"Loan created: “{book['title']}” to {member}, due {due}.{reminder}"
    state.snack = "Loan saved"
    state.loan_book = ""
    state.loan_member = ""


# ---------------------------------------------------------------- add book

@me.page(path="/books/new", title="Add book · Library loans")
def add_book_page() -> None:
    state = me.state(State)
    layout("/books/new")
    with content():
        me.text("Add book", type="headline-4")
        with me.box(style=me.Style(display="flex", flex_direction="column", gap=8, width=480)):
            me.input(label="Title", value=state.new_title, on_blur=on_new_title)
            me.input(label="Author", value=state.new_author, on_blur=on_new_author)
            me.select(label="Genre", value=state.new_genre, on_selection_change=on_new_genre,
                      options=[me.SelectOption(label=g, value=g) for g in GENRES])
            me.input(label="Year published", type="number", value=state.new_year, on_blur=on_new_year)
            me.text(f"Copies: {state.new_copies}")
            me.slider(min=1, max=10, step=1, value=state.new_copies, discrete=True, show_tick_marks=True, style=me.Style(width=300),
                      on_value_change=on_new_copies)
            with me.box():
                me.button("Save book", type="flat", color="primary", on_click=add_book)
            if state.book_message:
                me.text(state.book_message, style=me.Style(font_weight=500))


def on_new_title(event: me.InputBlurEvent) -> None:
    me.state(State).new_title = event.value


def on_new_author(event: me.InputBlurEvent) -> None:
    me.state(State).new_author = event.value


def on_new_genre(event: me.SelectSelectionChangeEvent) -> None:
    me.state(State).new_genre = event.value


def on_new_year(event: me.InputBlurEvent) -> None:
    me.state(State).new_year = event.value


def on_new_copies(event: me.SliderValueChangeEvent) -> None:
    me.state(State).new_copies = int(event.value)


def add_book(event: me.ClickEvent) -> None:
    state = me.state(State)
    title, author = state.new_title.strip(), state.new_author.strip()
    if not title or not author or not state.new_genre:
        state.book_message = "Title, author and genre are required."
        return
    if book_by_title(title):
        state.book_message = f"“{title}” is already in the catalogue."
        return
    try:
        year = int(state.new_year)
    except ValueError:
        state.book_message = "Enter the year the book was published."
        return
    DB["books"].append({"id": max((b["id"] for b in DB["books"]), default=0) + 1, "title": title,
                        "author": author, "genre": state.new_genre, "year": year,
                        "available": state.new_copies})
    save()
    state.book_message = f"Added “{title}” by {author} with {state.new_copies} copies."
    state.snack = f"“{title}” added to the catalogue"
    state.new_title = state.new_author = state.new_genre = state.new_year = ""
    state.new_copies = 1


# ---------------------------------------------------------------- settings

@me.page(path="/settings", title="Settings · Library loans")
def settings_page() -> None:
    state = me.state(State)
    layout("/settings")
    draft = {**DB["settings"], **state.settings_draft}
    with content():
        me.text("Settings", type="headline-4")
        with me.box(style=me.Style(display="flex", flex_direction="column", gap=12, width=480)):
            me.input(label="Library name", value=draft["library_name"], on_blur=on_library_name)
            me.slide_toggle("Allow renewals", checked=draft["allow_renewals"], on_change=on_renewals)
            me.text(f"Default loan period: {draft['default_period']} days")
            me.slider(min=7, max=28, step=7, value=draft["default_period"], discrete=True, style=me.Style(width=300),
                      show_tick_marks=True, on_value_change=on_default_period)
            me.select(label="Maximum books per member", value=str(draft["max_loans"]),
                      on_selection_change=on_max_loans,
                      options=[me.SelectOption(label=str(n), value=str(n)) for n in (1, 2, 3, 5, 8, 10)])
            with me.box(style=me.Style(display="flex", gap=8)):
                me.button("Save settings", type="flat", color="primary", on_click=save_settings)
                me.button("Discard changes", on_click=discard_settings)


def draft_set(key: str, value: object) -> None:
    state = me.state(State)
    state.settings_draft = {**state.settings_draft, key: value}


def on_library_name(event: me.InputBlurEvent) -> None:
    draft_set("library_name", event.value)


def on_renewals(event: me.SlideToggleChangeEvent) -> None:
    state = me.state(State)
    current = state.settings_draft.get("allow_renewals", DB["settings"]["allow_renewals"])
    draft_set("allow_renewals", not current)


def on_default_period(event: me.SliderValueChangeEvent) -> None:
    draft_set("default_period", int(event.value))


def on_max_loans(event: me.SelectSelectionChangeEvent) -> None:
    draft_set("max_loans", int(event.value))


def save_settings(event: me.ClickEvent) -> None:
    state = me.state(State)
    name = str(state.settings_draft.get("library_name", DB["settings"]["library_name"])).strip()
    if not name:
        state.snack = "The library name cannot be empty"
        return
    DB["settings"].update(state.settings_draft)
    DB["settings"]["library_name"] = name
    save()
    state.settings_draft = {}
    state.snack = "Settings saved"


def discard_settings(event: me.ClickEvent) -> None:
    state = me.state(State)
    state.settings_draft = {}
    state.snack = "Changes discarded"
