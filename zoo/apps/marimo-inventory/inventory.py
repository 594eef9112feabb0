import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Warehouse inventory")


@app.cell
def _():
    import json
    import os
    from pathlib import Path

    import marimo as mo

    store = Path(os.environ.get("ZOO_DATA", ".")) / "stock.json"
    items = json.loads(store.read_text())
    return items, mo


@app.cell
def _(mo):
    mo.md("# Warehouse inventory")
    return


@app.cell
def _(items, mo):
    warehouse = mo.ui.dropdown(["All", "Berlin", "Lyon", "Milan"], value="All", label="Warehouse")
    categories = mo.ui.multiselect(sorted({i["category"] for i in items}), label="Categories")
    min_qty = mo.ui.slider(0, 400, step=10, value=0, label="Minimum quantity", show_value=True)
    low_only = mo.ui.switch(label="Only below reorder level")
    counted_after = mo.ui.date(value="2025-05-01", label="Counted after")
    mo.hstack([warehouse, categories, min_qty, low_only, counted_after], wrap=True)
    return categories, counted_after, low_only, min_qty, warehouse


@app.cell
def _(categories, counted_after, items, low_only, min_qty, mo, warehouse):
    rows = [
        i for i in items
        if (warehouse.value == "All" or i["warehouse"] == warehouse.value)
        and (not categories.value or i["category"] in categories.value)
        and i["quantity"] >= min_qty.value
        and (not low_only.value or i["quantity"] < i["reorder_level"])
        and i["last_counted"] >= str(counted_after.value)
    ]
    table = mo.ui.table(rows, selection="multi", page_size=10, label=f"{len(rows)} items")
    return rows, table


@app.cell
def _(mo, table):
    chosen = table.value
    total = sum(r["quantity"] * r["unit_cost"] for r in chosen)
    order = mo.ui.form(
        mo.md("""
        **Reorder the selected items**

        {supplier}

        {quantity}

        {deliver_by}

        {note}
        """).batch(
            supplier=mo.ui.dropdown(["Nordlicht GmbH", "Casa Verde", "Acme Supply"], label="Supplier"),
            quantity=mo.ui.number(1, 1000, value=50, label="Quantity per item"),
            deliver_by=mo.ui.date(value="2025-06-30", label="Deliver by"),
            note=mo.ui.text_area(placeholder="Note for the supplier", label="Note"),
        ),
        submit_button_label="Place order",
    )
    mo.ui.tabs({
        "Stock": mo.vstack([table, mo.md(f"Selected: {len(chosen)} items, stock value {total:.2f} EUR")]),
        "Reorder": order,
        "Help": mo.accordion({"How do I count stock?": "Count every shelf, then enter the totals.",
                              "Who approves orders?": "Orders above 1000 EUR need Lena Fischer."}),
    })
    return (order,)


@app.cell
def _(mo, order):
    mo.callout(mo.md(f"Order placed: {order.value}"), kind="success") if order.value else None
    return


if __name__ == "__main__":
    app.run()
