"""A NiceGUI page (the package from PyPI, unchanged): every widget talks to the server over a WebSocket.

Run: ``python nicegui_app.py PORT`` (serve.py does it for you).
"""

from __future__ import annotations

import sys

from nicegui import ui


@ui.page("/")
def index() -> None:
    ui.label("Order a pizza").classes("text-h4")
    name = ui.input("Your name")
    size = ui.select(["Small", "Medium", "Large"], label="Size", value="Medium")
    extra = ui.checkbox("Extra cheese")
    delivery = ui.switch("Delivery")
    notes = ui.textarea("Notes")
    summary = ui.label("No order yet")

    def order() -> None:
        parts = [f"{size.value} pizza for {name.value or 'nobody'}"]
        if extra.value:
            parts.append("with extra cheese")
        parts.append("delivered" if delivery.value else "for pickup")
        if notes.value:
            parts.append(f"({notes.value})")
        summary.set_text("Ordered: " + " ".join(parts))
        ui.notify("Order placed")

    ui.button("Place order", on_click=order)
    counter = {"n": 0}
    clicks = ui.label("Clicked 0 times")

    def bump() -> None:
        counter["n"] += 1
        clicks.set_text(f"Clicked {counter['n']} times")

    ui.button("Count", on_click=bump)


if __name__ in {"__main__", "__mp_main__"}:
    ui.run(host="127.0.0.1", port=int(sys.argv[1]), reload=False, show=False, title="Pizza")
