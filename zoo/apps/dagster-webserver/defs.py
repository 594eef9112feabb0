"""A small coffee-roaster data platform for the zoo: 12 software-defined assets in 4 groups,
two asset jobs, a schedule and a sensor. Assets pass no data (deps only) and report metadata."""
import os

import dagster as dg


def _fail_on_seed(name: str) -> None:
    if os.environ.get("ZOO_FAIL_ASSET") == name:
        raise Exception(f"Upstream warehouse table for {name} is locked")


# ---- ingestion ---------------------------------------------------------------
@dg.asset(group_name="ingestion", owners=["team:data-eng"], kinds={"python", "csv"},
          description="Raw orders exported nightly from the web shop.",
          metadata={"source": "shop-export", "dagster/table_name": "raw.orders"})
def raw_orders():
    return dg.MaterializeResult(metadata={"row_count": 1240, "file": "orders_export.csv"})


@dg.asset(group_name="ingestion", owners=["team:data-eng"], kinds={"python", "csv"},
          description="Raw customer records from the CRM.",
          metadata={"source": "crm", "dagster/table_name": "raw.customers"})
def raw_customers():
    return dg.MaterializeResult(metadata={"row_count": 318, "file": "customers.csv"})


@dg.asset(group_name="ingestion", owners=["alice@example.com"], kinds={"python", "csv"},
          description="Product catalogue: beans, blends and brewing gear.",
          metadata={"source": "catalogue"})
def raw_products():
    return dg.MaterializeResult(metadata={"row_count": 46, "file": "products.csv"})


@dg.asset(group_name="ingestion", owners=["team:finance"], kinds={"python", "api"},
          description="Payments pulled from the payment provider API.",
          metadata={"source": "payments-api"})
def raw_payments():
    return dg.MaterializeResult(metadata={"row_count": 1187, "provider": "PayFlow"})


# ---- staging -----------------------------------------------------------------
@dg.asset(group_name="staging", deps=[raw_orders], owners=["team:data-eng"], kinds={"sql"},
          description="Orders cleaned, deduplicated and typed.")
def stg_orders():
    return dg.MaterializeResult(metadata={"row_count": 1232, "duplicates_removed": 8})


@dg.asset(group_name="staging", deps=[raw_customers], owners=["team:data-eng"], kinds={"sql"},
          description="Customers with normalised emails and countries.")
def stg_customers():
    return dg.MaterializeResult(metadata={"row_count": 315, "duplicates_removed": 3})


@dg.asset(group_name="staging", deps=[stg_orders, raw_products, raw_payments],
          owners=["bob@example.com"], kinds={"sql"},
          description="Order lines joined with products and payments.")
def order_items_enriched():
    return dg.MaterializeResult(metadata={"row_count": 3410})


# ---- analytics ---------------------------------------------------------------
@dg.asset(group_name="analytics", deps=[order_items_enriched], owners=["team:finance"],
          kinds={"sql"}, description="Revenue per day in EUR.",
          metadata={"currency": "EUR"})
def daily_revenue():
    return dg.MaterializeResult(metadata={"row_count": 90, "total_revenue_eur": 48215.5})


@dg.asset(group_name="analytics", deps=[order_items_enriched, stg_customers],
          owners=["alice@example.com"], kinds={"python"},
          description="Lifetime value per customer.")
def customer_lifetime_value():
    return dg.MaterializeResult(metadata={"row_count": 315, "average_clv_eur": 151.2})


@dg.asset(group_name="analytics", deps=[order_items_enriched], owners=["bob@example.com"],
          kinds={"sql"}, description="Units and revenue per product.")
def product_sales_summary():
    return dg.MaterializeResult(metadata={"row_count": 46, "top_product": "Ethiopia Yirgacheffe"})


# ---- reporting ---------------------------------------------------------------
@dg.asset(group_name="reporting", deps=[daily_revenue, product_sales_summary],
          owners=["team:finance"], kinds={"pdf"},
          description="Weekly sales report e-mailed to the management team.")
def weekly_sales_report():
    _fail_on_seed("weekly_sales_report")
    return dg.MaterializeResult(metadata={"pages": 4, "recipients": 6})


@dg.asset(group_name="reporting", deps=[customer_lifetime_value], owners=["alice@example.com"],
          kinds={"python"}, description="Churn risk dashboard for the customer team.")
def churn_dashboard():
    _fail_on_seed("churn_dashboard")
    return dg.MaterializeResult(metadata={"customers_at_risk": 27})


ingest_raw_data_job = dg.define_asset_job(
    "ingest_raw_data_job", selection=dg.AssetSelection.groups("ingestion"),
    description="Loads the four raw sources.")
daily_analytics_job = dg.define_asset_job(
    "daily_analytics_job", selection=dg.AssetSelection.groups("analytics", "reporting"),
    description="Builds analytics tables and reports.")

daily_analytics_schedule = dg.ScheduleDefinition(
    name="daily_analytics_schedule", job=daily_analytics_job, cron_schedule="0 6 * * *",
    execution_timezone="Europe/Berlin", default_status=dg.DefaultScheduleStatus.STOPPED)


@dg.sensor(job=ingest_raw_data_job, minimum_interval_seconds=300,
           default_status=dg.DefaultSensorStatus.STOPPED,
           description="Starts ingestion when a new shop export file lands.")
def new_export_file_sensor(context):
    return dg.SkipReason("No new export file")


defs = dg.Definitions(
    assets=[raw_orders, raw_customers, raw_products, raw_payments, stg_orders, stg_customers,
            order_items_enriched, daily_revenue, customer_lifetime_value, product_sales_summary,
            weekly_sales_report, churn_dashboard],
    jobs=[ingest_raw_data_job, daily_analytics_job],
    schedules=[daily_analytics_schedule],
    sensors=[new_export_file_sensor],
    executor=dg.in_process_executor,
)
