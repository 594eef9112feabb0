"""Meeting rooms: a small booking app for the zoo, built from Solara components and Vuetify widgets."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import reacton.ipyvuetify as v
import solara
import solara.lab

STORE = Path(os.environ.get("ZOO_DATA", ".")) / "bookings.json"
DATA = json.loads(STORE.read_text())
ROOMS = [r["name"] for r in DATA["rooms"]]
bookings = solara.reactive(DATA["bookings"])
HEADERS = [{"text": t, "value": k} for t, k in [
    ("#", "id"), ("Title", "title"), ("Room", "room"), ("Organiser", "organiser"), ("Date", "date"),
    ("Start", "start"), ("End", "end"), ("Attendees", "attendees"), ("Recurring", "recurring")]]


def save(rows: list[dict]) -> None:
    bookings.value = rows
    STORE.write_text(json.dumps({**DATA, "bookings": rows}, indent=1))


@solara.component
def NewBooking(open_: solara.Reactive[bool]) -> None:
    title = solara.use_reactive("")
    room = solara.use_reactive(ROOMS[0])
    organiser = solara.use_reactive(DATA["people"][0])
    day = solara.use_reactive(dt.date(2025, 6, 16))
    start = solara.use_reactive("10:00")
    attendees = solara.use_reactive(4)
    recurring = solara.use_reactive(False)

    def create() -> None:
        if not title.value:
            return
        hour = int(start.value[:2])
        rows = [*bookings.value, {"id": max(b["id"] for b in bookings.value) + 1, "title": title.value,
                                  "room": room.value, "organiser": organiser.value, "date": day.value.isoformat(),
                                  "start": start.value, "end": f"{hour + 1:02d}:00", "attendees": attendees.value,
                                  "recurring": recurring.value}]
        save(rows)
        open_.value = False

    with v.Dialog(v_model=open_.value, on_v_model=open_.set, max_width=520):
        with solara.Card("Book a room"):
            solara.InputText("Meeting title", value=title)
            solara.Select("Room", values=ROOMS, value=room)
            solara.Select("Organiser", values=DATA["people"], value=organiser)
            solara.lab.InputDate(day, label="Date")
            solara.ToggleButtonsSingle(start, values=["09:00", "10:00", "11:00", "14:00", "15:00", "16:00"])
            solara.SliderInt("Attendees", value=attendees, min=1, max=30)
            solara.Checkbox(label="Repeat every week", value=recurring)
            with solara.CardActions():
                solara.Button("Cancel", text=True, on_click=lambda: open_.set(False))
                solara.Button("Book", color="primary", on_click=create)


@solara.component
def Page() -> None:
    room_filter = solara.use_reactive([])
    organiser = solara.use_reactive(None)
    recurring_only = solara.use_reactive(False)
    min_people = solara.use_reactive(0)
    search = solara.use_reactive("")
    dialog = solara.use_reactive(False)
    selected = solara.use_reactive([])
    tab = solara.use_reactive(0)
    confirm = solara.use_reactive(False)
    day = solara.use_reactive(dt.date(2025, 6, 2))

    rows = [b for b in bookings.value
            if (not room_filter.value or b["room"] in room_filter.value)
            and (organiser.value is None or b["organiser"] == organiser.value)
            and (not recurring_only.value or b["recurring"])
            and b["attendees"] >= min_people.value]

    solara.Title("Meeting rooms")
    with solara.AppBar():
        solara.Text("Meeting rooms")
    with solara.Column(style={"padding": "16px"}):
        solara.Markdown("## Meeting rooms")
        with solara.lab.Tabs(value=tab):
            with solara.lab.Tab("Bookings"):
                with solara.Row():
                    solara.SelectMultiple("Rooms", values=room_filter, all_values=ROOMS)
                    v.Autocomplete(label="Organiser", items=DATA["people"], v_model=organiser.value,
                                   on_v_model=organiser.set, clearable=True)
                    solara.Switch(label="Recurring only", value=recurring_only)
                    solara.SliderInt("At least N attendees", value=min_people, min=0, max=12)
                with solara.Row():
                    solara.Button("New booking", color="primary", icon_name="mdi-plus",
                                  on_click=lambda: dialog.set(True))

                    def cancel() -> None:
                        ids = {r["id"] for r in selected.value}
                        save([b for b in bookings.value if b["id"] not in ids])
                        selected.value = []

                    solara.Button("Cancel selected bookings", color="error", outlined=True,
                                  disabled=not selected.value, on_click=lambda: confirm.set(True))
                    solara.lab.ConfirmationDialog(confirm, ok="Yes, cancel them", on_ok=cancel,
                                                  content=f"Cancel {len(selected.value)} booking(s)?")
                v.TextField(label="Search", v_model=search.value, on_v_model=search.set,
                            prepend_inner_icon="mdi-magnify", clearable=True)
                v.DataTable(headers=HEADERS, items=rows, item_key="id", show_select=True, search=search.value,
                            v_model=selected.value, on_v_model=selected.set, items_per_page=10)
                solara.Text(f"{len(rows)} bookings shown, {len(selected.value)} selected")
            with solara.lab.Tab("Rooms"):
                for room in DATA["rooms"]:
                    with solara.Card(room["name"], subtitle=f"Floor {room['floor']}, seats {room['capacity']}"):
                        solara.Text(", ".join(room["equipment"]) or "No equipment")
            with solara.lab.Tab("Calendar"):
                solara.lab.InputDate(day, label="Show bookings on")
                for b in bookings.value:
                    if b["date"] == day.value.isoformat():
                        solara.Text(f"{b['start']}-{b['end']} {b['room']}: {b['title']} ({b['organiser']})")
    NewBooking(dialog)
