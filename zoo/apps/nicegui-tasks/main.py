"""Team tasks: a small CRUD app for the zoo, built only from NiceGUI's (Quasar) widgets."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from nicegui import ui

STORE = Path(os.environ.get("ZOO_DATA", ".")) / "tasks.json"
PRIORITIES = ["Low", "Medium", "High", "Urgent"]
STATUSES = ["Open", "In progress", "Blocked", "Done"]
COLUMNS = [
    {"name": "id", "label": "#", "field": "id", "sortable": True, "align": "left"},
    {"name": "title", "label": "Title", "field": "title", "sortable": True, "align": "left"},
    {"name": "assignee", "label": "Assignee", "field": "assignee", "sortable": True, "align": "left"},
    {"name": "project", "label": "Project", "field": "project", "sortable": True, "align": "left"},
    {"name": "priority", "label": "Priority", "field": "priority", "sortable": True, "align": "left"},
    {"name": "status", "label": "Status", "field": "status", "sortable": True, "align": "left"},
    {"name": "due", "label": "Due", "field": "due", "sortable": True, "align": "left"},
    {"name": "estimate", "label": "Estimate (days)", "field": "estimate", "sortable": True},
]


def load() -> dict:
    return json.loads(STORE.read_text())


def save(data: dict) -> None:
    STORE.write_text(json.dumps(data, indent=1))


def header() -> None:
    with ui.header().classes("items-center"):
        ui.label("Team tasks").classes("text-h6")
        ui.space()
        ui.link("Board", "/").classes("text-white")
        ui.link("People", "/people").classes("text-white")
        ui.link("Settings", "/settings").classes("text-white")


@ui.page("/")
def board() -> None:
    data = load()
    header()
    with ui.row().classes("items-end w-full"):
        search = ui.input("Search tasks", placeholder="title or assignee").props("clearable")
        status_filter = ui.select(["All", *STATUSES], value="All", label="Status").classes("w-40")
        mine = ui.switch("Only urgent")
        ui.space()
        ui.button("New task", icon="add", on_click=lambda: editor.open())

    def visible() -> list[dict]:
        rows = data["tasks"]
        if status_filter.value != "All":
            rows = [r for r in rows if r["status"] == status_filter.value]
        if mine.value:
            rows = [r for r in rows if r["priority"] == "Urgent"]
        return rows

    table = ui.table(columns=COLUMNS, rows=visible(), row_key="id", selection="multiple",
                     pagination=10).classes("w-full")
    table.bind_filter_from(search, "value")

    def refresh() -> None:
        table.rows = visible()
        table.update()
        count.text = f"{len(data['tasks'])} tasks, {sum(t['done'] for t in data['tasks'])} done"

    status_filter.on_value_change(lambda _: refresh())
    mine.on_value_change(lambda _: refresh())
    with ui.row().classes("items-center"):
        count = ui.label()

        def mark_done() -> None:
            ids = {r["id"] for r in table.selected}
            for task in data["tasks"]:
                if task["id"] in ids:
                    task["status"], task["done"] = "Done", True
            save(data)
            refresh()
            ui.notify(f"Marked {len(ids)} task(s) done")

        def delete() -> None:
            ids = {r["id"] for r in table.selected}
            data["tasks"] = [t for t in data["tasks"] if t["id"] not in ids]
            save(data)
            table.selected = []
            refresh()
            ui.notify(f"Deleted {len(ids)} task(s)", type="warning")

        ui.button("Mark done", on_click=mark_done).props("outline")
        with ui.dialog() as confirm, ui.card():
            ui.label("Delete the selected tasks?")
            with ui.row():
                ui.button("Cancel", on_click=confirm.close).props("flat")
                ui.button("Delete", color="negative", on_click=lambda: (delete(), confirm.close()))
        ui.button("Delete selected", color="negative", on_click=confirm.open).props("outline")
    refresh()

    with ui.dialog() as editor, ui.card().classes("w-96"):
        ui.label("New task").classes("text-h6")
        title = ui.input("Title")
        assignee = ui.select(data["people"], label="Assignee", with_input=True)
        project = ui.select(data["projects"], label="Project")
        priority = ui.radio(PRIORITIES, value="Medium").props("inline")
        with ui.input("Due date") as due:
            with ui.menu().props("no-parent-event") as picker:
                ui.date().bind_value(due)
            with due.add_slot("append"):
                ui.icon("event").on("click", picker.open).classes("cursor-pointer")
        estimate = ui.number("Estimate (days)", value=1, min=0, max=40)
        urgent_note = ui.checkbox("Notify assignee by email")

        def create() -> None:
            if not title.value:
                ui.notify("Title is required", type="negative")
                return
            new_id = max((t["id"] for t in data["tasks"]), default=0) + 1
            data["tasks"].append({"id": new_id, "title": title.value, "assignee": assignee.value or "",
                                  "project": project.value or "", "priority": priority.value,
                                  "status": "Open", "due": due.value or "", "estimate": estimate.value,
                                  "done": False})
            save(data)
            refresh()
            editor.close()
            note = " (assignee notified)" if urgent_note.value else ""
            ui.notify(f"Created task {title.value}{note}", type="positive")

        with ui.row():
            ui.button("Cancel", on_click=editor.close).props("flat")
            ui.button("Create", on_click=create)


@ui.page("/people")
def people() -> None:
    data = load()
    header()
    ui.label("People").classes("text-h5")
    for person in data["people"]:
        tasks = [t for t in data["tasks"] if t["assignee"] == person]
        with ui.expansion(f"{person} ({len(tasks)} tasks)", icon="person").classes("w-full"):
            for task in tasks:
                ui.checkbox(f"{task['title']} - due {task['due']}", value=task["done"])


@ui.page("/settings")
def settings() -> None:
    header()
    ui.label("Settings").classes("text-h5")
    with ui.tabs() as tabs:
        general = ui.tab("General")
        notifications = ui.tab("Notifications")
    with ui.tab_panels(tabs, value=general).classes("w-full"):
        with ui.tab_panel(general):
            ui.input("Workspace name", value="Acme team")
            ui.select(["English", "Deutsch", "Français"], value="English", label="Language").classes("w-48")
            ui.label("Default estimate (days)")
            ui.slider(min=1, max=10, value=3).props("label-always")
            ui.toggle(["Light", "Dark", "Auto"], value="Auto")
            ui.button("Save settings", on_click=lambda: ui.notify("Settings saved", type="positive"))
        with ui.tab_panel(notifications):
            ui.switch("Email me when a task is assigned to me", value=True)
            ui.switch("Daily digest")
            ui.time(value="09:00")


if __name__ in {"__main__", "__mp_main__"}:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    ui.run(host=args.host, port=args.port, reload=False, show=False, title="Team tasks")
