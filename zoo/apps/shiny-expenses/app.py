"""Expense reports: a small Shiny for Python app for the zoo, built from Shiny's own widgets."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
from shiny import App, reactive, render, ui

STORE = Path(os.environ.get("ZOO_DATA", ".")) / "expenses.csv"
INITIAL = pd.read_csv(STORE)
expenses = reactive.value(INITIAL)
EMPLOYEES = sorted(INITIAL["employee"].unique())
CATEGORIES = sorted(INITIAL["category"].unique())
STATUSES = ["Draft", "Submitted", "Approved", "Rejected", "Paid"]

app_ui = ui.page_sidebar(
    ui.sidebar(
        ui.input_selectize("employees", "Employees", EMPLOYEES, multiple=True,
                           options={"placeholder": "All employees"}),
        ui.input_select("department", "Department", ["All", "Engineering", "Finance", "Marketing", "Sales"]),
        ui.input_checkbox_group("statuses", "Status", STATUSES, selected=STATUSES),
        ui.input_date_range("dates", "Date range", start="2025-04-01", end="2025-06-30"),
        ui.input_slider("amount", "Amount", min=0, max=1000, value=[0, 1000], step=10),
        ui.input_switch("receipts_only", "Only with receipt"),
        ui.input_action_button("new", "New expense", class_="btn-primary"),
        title="Filters",
    ),
    ui.navset_tab(
        ui.nav_panel("Expenses", ui.output_text("summary"), ui.output_data_frame("grid")),
        ui.nav_panel("By category", ui.output_table("by_category")),
        ui.nav_panel("Settings",
                     ui.input_radio_buttons("currency", "Report currency", ["EUR", "USD", "GBP"], inline=True),
                     ui.input_numeric("limit", "Approval limit", value=500, min=0),
                     ui.input_text_area("policy", "Policy note", "Receipts are required above 25 EUR."),
                     ui.input_action_button("save_settings", "Save settings")),
    ),
    title="Expense reports",
)


def server(input, output, session):  # type: ignore[no-untyped-def]
    @reactive.calc
    def filtered() -> pd.DataFrame:
        df = expenses.get()
        if input.employees():
            df = df[df["employee"].isin(input.employees())]
        if input.department() != "All":
            df = df[df["department"] == input.department()]
        df = df[df["status"].isin(input.statuses())]
        start, end = input.dates()
        df = df[(df["date"] >= str(start)) & (df["date"] <= str(end))]
        low, high = input.amount()
        df = df[(df["amount"] >= low) & (df["amount"] <= high)]
        if input.receipts_only():
            df = df[df["receipt"] == "yes"]
        return df

    @render.text
    def summary() -> str:
        df = filtered()
        return f"{len(df)} expenses, total {df['amount'].sum():.2f}"

    @render.data_frame
    def grid():  # type: ignore[no-untyped-def]
        return render.DataGrid(filtered(), filters=True, editable=True, selection_mode="rows", height="520px")

    @render.table
    def by_category() -> pd.DataFrame:
        return filtered().groupby("category", as_index=False)["amount"].sum().round(2)

    @reactive.effect
    @reactive.event(input.new)
    def _open() -> None:
        ui.modal_show(ui.modal(
            ui.input_select("new_employee", "Employee", EMPLOYEES),
            ui.input_select("new_category", "Category", CATEGORIES),
            ui.input_text("new_description", "Description"),
            ui.input_numeric("new_amount", "Amount", value=0, min=0),
            ui.input_date("new_date", "Date", value="2025-06-15"),
            ui.input_checkbox("new_receipt", "Receipt attached"),
            title="New expense",
            footer=ui.div(ui.modal_button("Cancel"), ui.input_action_button("create", "Create",
                                                                             class_="btn-primary")),
        ))

    @reactive.effect
    @reactive.event(input.create)
    def _create() -> None:
        df = expenses.get()
        dept = df[df["employee"] == input.new_employee()]["department"].iloc[0]
        row = {"id": int(df["id"].max()) + 1, "date": str(input.new_date()), "employee": input.new_employee(),
               "department": dept, "category": input.new_category(), "description": input.new_description(),
               "amount": input.new_amount(), "currency": "EUR", "status": "Draft",
               "receipt": "yes" if input.new_receipt() else "no"}
        expenses.set(pd.concat([df, pd.DataFrame([row])], ignore_index=True))
        expenses.get().to_csv(STORE, index=False)
        ui.modal_remove()
        ui.notification_show(f"Expense {row['id']} created", type="message")

    @reactive.effect
    @reactive.event(input.save_settings)
    def _save() -> None:
        ui.notification_show("Settings saved")


app = App(app_ui, server)
