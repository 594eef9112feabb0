"""Order desk: a small HoloViz Panel app for the zoo, built only from Panel's own widgets and layouts.

The orders live in one table shared by every browser session of the server process, read from
``$ZOO_DATA/orders.csv`` when the process starts and written back there after every change.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pandas as pd
import panel as pn

pn.extension("tabulator", notifications=True)

STORE = Path(os.environ.get("ZOO_DATA", ".")) / "orders.csv"
STATUSES = ["Pending", "Packed", "Shipped", "Delivered", "Cancelled"]
PRIORITIES = ["Low", "Normal", "High"]
PRODUCTS = ["Espresso beans 1 kg", "Oat milk 12-pack", "Paper cups (500)", "Ceramic mug", "Cold brew kit", "Chai syrup"]
COLUMNS = ["order", "customer", "product", "quantity", "status", "order_date", "priority", "notes"]


def read_orders() -> pd.DataFrame:
    df = pd.read_csv(STORE, dtype={"notes": str}, keep_default_na=False)
    return df[COLUMNS]


shared = pn.state.cache.setdefault("orders", {"df": read_orders(), "settings": {"desk": "Main desk", "page": 10}})


def orders() -> pd.DataFrame:
    return shared["df"]


def save(df: pd.DataFrame) -> None:
    shared["df"] = df.reset_index(drop=True)
    shared["df"].to_csv(STORE, index=False)


def customers() -> list[str]:
    return sorted(orders()["customer"].unique())


# ---- filters (sidebar) -------------------------------------------------------------------------
search = pn.widgets.TextInput(name="Search", placeholder="Customer, product or order number")
customer_filter = pn.widgets.MultiChoice(name="Customers", options=customers(), placeholder="All customers")
status_filter = pn.widgets.Select(name="Status", options=["All", *STATUSES], value="All")
priority_filter = pn.widgets.RadioButtonGroup(name="Priority", options=["All", *PRIORITIES], value="All",
                                              button_type="primary", button_style="outline")
quantity_filter = pn.widgets.RangeSlider(name="Quantity", start=1, end=100, value=(1, 100), step=1)
FIRST_DAY = dt.date(2025, 9, 1)
since_filter = pn.widgets.DatePicker(name="Ordered on or after", value=FIRST_DAY)
open_only = pn.widgets.Switch(name="Open orders only")
clear_button = pn.widgets.Button(name="Clear filters", button_type="light")

# ---- orders tab --------------------------------------------------------------------------------
summary = pn.pane.Markdown("")
message = pn.pane.Alert("Welcome to the order desk.", alert_type="info")
table = pn.widgets.Tabulator(
    orders(), show_index=False, selectable="checkbox", pagination="local", page_size=shared["settings"]["page"],
    layout="fit_data_table", sizing_mode="stretch_width", disabled=False,
    widths={"order": 95, "customer": 170, "product": 170, "quantity": 75, "status": 100, "order_date": 110,
            "priority": 105, "notes": 200}, hidden_columns=["notes"],
    titles={"order": "Order", "customer": "Customer", "product": "Product", "quantity": "Qty",
            "status": "Status", "order_date": "Date", "priority": "Priority", "notes": "Notes"},
    editors={"order": None, "customer": None, "product": None, "order_date": None, "priority": None, "notes": None,
             "status": {"type": "list", "values": STATUSES},
             "quantity": {"type": "number", "min": 1, "max": 100, "step": 1}},
)
ship_button = pn.widgets.Button(name="Mark as shipped", button_type="primary")
delete_button = pn.widgets.Button(name="Delete selected", button_type="danger")

# ---- new order tab -----------------------------------------------------------------------------
new_customer = pn.widgets.AutocompleteInput(name="Customer", options=customers(), min_characters=1,
                                            case_sensitive=False, search_strategy="includes",
                                            placeholder="Start typing a customer name", restrict=False)
new_product = pn.widgets.Select(name="Product", options=PRODUCTS)
new_quantity = pn.widgets.IntSlider(name="Quantity", start=1, end=50, value=1)
new_date = pn.widgets.DatePicker(name="Order date", value=dt.date(2025, 11, 3))
new_priority = pn.widgets.RadioButtonGroup(name="Priority", options=PRIORITIES, value="Normal", button_type="primary",
                                           button_style="outline")
new_notes = pn.widgets.TextAreaInput(name="Notes", placeholder="Delivery instructions", height=90)
new_email = pn.widgets.Checkbox(name="Email the customer a confirmation")
add_button = pn.widgets.Button(name="Add order", button_type="success")
reset_button = pn.widgets.Button(name="Reset form", button_type="light")
form_message = pn.pane.Alert("Fill in the form and press Add order.", alert_type="light")

# ---- summary tab -------------------------------------------------------------------------------
by_status = pn.pane.DataFrame(sizing_mode="stretch_width", index=False)
by_customer = pn.pane.DataFrame(sizing_mode="stretch_width", index=False)

# ---- settings tab ------------------------------------------------------------------------------
desk_name = pn.widgets.TextInput(name="Desk name", value=shared["settings"]["desk"])
rows_per_page = pn.widgets.IntSlider(name="Rows per page", start=5, end=30, step=5, value=shared["settings"]["page"])
show_notes = pn.widgets.Switch(name="Show the Notes column", value=False)
save_settings = pn.widgets.Button(name="Save settings", button_type="primary")
heading = pn.pane.Markdown(f"## Orders at {shared['settings']['desk']}",
                           stylesheets=["h2 { font-size: 1.3rem; }"])  # the same size after a rename

# ---- confirmation (the template's modal) -------------------------------------------------------
confirm_text = pn.pane.Markdown("")
confirm_yes = pn.widgets.Button(name="Yes, delete", button_type="danger")
confirm_no = pn.widgets.Button(name="Keep them", button_type="light")
pending_delete: list[str] = []


def tell(text: str, kind: str = "success") -> None:
    message.object = text
    message.alert_type = "danger" if kind == "error" else ("info" if kind == "info" else "success")
    getattr(pn.state.notifications, kind)(text, duration=6000)


def filtered() -> pd.DataFrame:
    df = orders()
    if search.value_input:
        needle = search.value_input.lower()
        hit = df[["order", "customer", "product"]].apply(lambda col: col.str.lower().str.contains(needle, regex=False))
        df = df[hit.any(axis=1)]
    if customer_filter.value:
        df = df[df["customer"].isin(customer_filter.value)]
    if status_filter.value != "All":
        df = df[df["status"] == status_filter.value]
    if priority_filter.value != "All":
        df = df[df["priority"] == priority_filter.value]
    low, high = quantity_filter.value
    df = df[(df["quantity"] >= low) & (df["quantity"] <= high)]
    if since_filter.value:
        df = df[df["order_date"] >= since_filter.value.isoformat()]
    if open_only.value:
        df = df[~df["status"].isin(["Delivered", "Cancelled"])]
    return df


def refresh(*_: object) -> None:
    df = filtered()
    table.value = df
    table.selection = []
    everything = orders()
    summary.object = f"**Showing {len(df)} of {len(everything)} orders** ({int(df['quantity'].sum())} items)"
    counts = everything.groupby("status")["quantity"].agg(["count", "sum"]).reindex(STATUSES, fill_value=0)
    by_status.object = pd.DataFrame({"Status": STATUSES, "Orders": counts["count"].tolist(),
                                     "Items": counts["sum"].tolist()})
    per = everything.groupby("customer").agg(Orders=("order", "count"), Items=("quantity", "sum")).reset_index()
    by_customer.object = per.rename(columns={"customer": "Customer"})
    customer_filter.options = customers()
    new_customer.options = customers()


def on_edit(event: object) -> None:
    order_id = table.value.iloc[event.row]["order"]  # type: ignore[attr-defined]
    df = orders().copy()
    df.loc[df["order"] == order_id, event.column] = event.value  # type: ignore[attr-defined]
    save(df)
    label = {"status": "status", "quantity": "quantity"}.get(event.column, event.column)  # type: ignore[attr-defined]
    tell(f"Order {order_id} updated: {label} is now {event.value}")  # type: ignore[attr-defined]
    refresh()


def selected_ids() -> list[str]:
    return sorted(table.value.iloc[i]["order"] for i in table.selection if i < len(table.value))


def ship(_: object) -> None:
    ids = selected_ids()
    if not ids:
        tell("Select at least one order first.", "warning")
        return
    df = orders().copy()
    df.loc[df["order"].isin(ids), "status"] = "Shipped"
    save(df)
    tell(f"{len(ids)} order(s) marked as shipped: {', '.join(ids)}")
    refresh()


def ask_delete(_: object) -> None:
    ids = selected_ids()
    if not ids:
        tell("Select at least one order first.", "warning")
        return
    pending_delete[:] = ids
    confirm_text.object = f"### Delete {len(ids)} order(s)?\n\n{', '.join(ids)} will be removed for good."
    template.open_modal()


def do_delete(_: object) -> None:
    ids = list(pending_delete)
    save(orders()[~orders()["order"].isin(ids)])
    pending_delete.clear()
    template.close_modal()
    tell(f"Deleted {len(ids)} order(s): {', '.join(ids)}")
    refresh()


def keep(_: object) -> None:
    pending_delete.clear()
    template.close_modal()
    tell("Nothing was deleted.", "info")


def add_order(_: object) -> None:
    customer = (new_customer.value or new_customer.value_input or "").strip()
    if not customer:
        form_message.object = "Please enter a customer."
        form_message.alert_type = "danger"
        tell("Please enter a customer.", "error")
        return
    df = orders()
    number = max(int(o.split("-")[1]) for o in df["order"]) + 1 if len(df) else 1001
    order_id = f"ORD-{number}"
    row = {"order": order_id, "customer": customer, "product": new_product.value, "quantity": new_quantity.value,
           "status": "Pending", "order_date": (new_date.value or dt.date.today()).isoformat(),
           "priority": new_priority.value, "notes": new_notes.value.strip()}
    save(pd.concat([df, pd.DataFrame([row])], ignore_index=True))
    text = f"Order {order_id} created for {customer}"
    if new_email.value:
        text += " (confirmation email queued)"
    form_message.object = text
    form_message.alert_type = "success"
    tell(text)
    refresh()


def reset_form(_: object = None) -> None:
    new_customer.value = ""
    new_product.value = PRODUCTS[0]
    new_quantity.value = 1
    new_date.value = dt.date(2025, 11, 3)
    new_priority.value = "Normal"
    new_notes.value = ""
    new_email.value = False
    form_message.object = "Fill in the form and press Add order."
    form_message.alert_type = "light"


def clear_filters(_: object) -> None:
    with pn.io.hold():
        search.value = ""
        search.value_input = ""
        customer_filter.value = []
        status_filter.value = "All"
        priority_filter.value = "All"
        quantity_filter.value = (1, 100)
        since_filter.value = FIRST_DAY
        open_only.value = False
    refresh()
    tell("Filters cleared.", "info")


def apply_settings(_: object) -> None:
    name = desk_name.value.strip() or "Main desk"
    shared["settings"].update(desk=name, page=rows_per_page.value)
    heading.object = f"## Orders at {name}"
    table.page_size = rows_per_page.value
    table.hidden_columns = [] if show_notes.value else ["notes"]
    tell(f"Settings saved: {name}, {rows_per_page.value} rows per page")


for widget in (customer_filter, status_filter, priority_filter, quantity_filter, since_filter, open_only):
    widget.param.watch(refresh, "value")
search.param.watch(refresh, "value_input")
table.on_edit(on_edit)
ship_button.on_click(ship)
delete_button.on_click(ask_delete)
confirm_yes.on_click(do_delete)
confirm_no.on_click(keep)
add_button.on_click(add_order)
reset_button.on_click(reset_form)
clear_button.on_click(clear_filters)
save_settings.on_click(apply_settings)
refresh()

tabs = pn.Tabs(
    ("Orders", pn.Column(heading, message, summary, pn.Row(ship_button, delete_button), table,
                         sizing_mode="stretch_width")),
    ("New order", pn.Column(pn.pane.Markdown("## New order"), new_customer, new_product, new_quantity, new_date,
                            pn.pane.Markdown("Priority"), new_priority, new_notes, new_email,
                            pn.Row(add_button, reset_button), form_message, width=520)),
    ("Summary", pn.Column(pn.pane.Markdown("## Orders by status"), by_status,
                          pn.pane.Markdown("## Orders by customer"), by_customer, width=560)),
    ("Settings", pn.Column(pn.pane.Markdown("## Settings"), desk_name, rows_per_page, show_notes, save_settings,
                           width=520)),
    dynamic=False, sizing_mode="stretch_width",
)
if pn.state.location is not None:
    pn.state.location.sync(tabs, {"active": "tab"})  # /app?tab=2 opens the third tab

for widget in (search, customer_filter, status_filter, quantity_filter, since_filter):
    widget.sizing_mode = "stretch_width"

template = pn.template.BootstrapTemplate(
    title="Order desk",
    sidebar=[pn.pane.Markdown("### Filters"), search, customer_filter, status_filter,
             pn.pane.Markdown("Priority"), priority_filter, quantity_filter, since_filter,
             open_only, clear_button],
    main=[tabs],
    modal=[confirm_text, pn.Row(confirm_yes, confirm_no)],
    sidebar_width=330,
)
template.servable()
