"""Seed a Prefect 3 server with a data team's ETL work: real flow runs (completed, failed, retried),
deployments with schedules on a process work pool, variables, concurrency limits, blocks and artifacts.

Run in the app's venv with PREFECT_API_URL pointing at the running server (zoo.py seed_live)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from datetime import timedelta

from prefect import flow, get_run_logger, tags, task
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.blocks.notifications import SlackWebhook
from prefect.blocks.system import Secret
from prefect.client.orchestration import get_client
from prefect.client.schemas.actions import (
    DeploymentScheduleCreate,
    GlobalConcurrencyLimitCreate,
    VariableCreate,
)
from prefect.client.schemas.schedules import CronSchedule, IntervalSchedule
from prefect.utilities.callables import parameter_schema

POOL = "etl-process-pool"


# ---------------------------------------------------------------- tasks
@task(task_run_name="extract-{source}", tags=["postgres-reads"])
def extract(source: str, rows: int) -> int:
    get_run_logger().info("Extracted %s rows from %s", f"{rows:,}", source)
    time.sleep(0.3)
    return rows


@task(task_run_name="transform-{name}")
def transform(name: str, rows: int, dropped: int = 0) -> int:
    get_run_logger().info("Transformed %s: dropped %d invalid rows", name, dropped)
    time.sleep(0.2)
    return rows - dropped


@task(task_run_name="load-{table}", tags=["postgres-writes"])
def load(table: str, rows: int) -> int:
    get_run_logger().info("Loaded %s rows into %s", f"{rows:,}", table)
    time.sleep(0.3)
    return rows


_attempts: dict[str, int] = {}


@task(task_run_name="fetch-events-page-{page}", retries=3, retry_delay_seconds=1)
def fetch_events_page(page: int, flaky: bool) -> int:
    key = f"page-{page}"
    _attempts[key] = _attempts.get(key, 0) + 1
    if flaky and _attempts[key] < 3:
        raise ConnectionError(f"Timeout reading events page {page} from the tracking API")
    get_run_logger().info("Fetched events page %d", page)
    return 2500


@task(task_run_name="check-{check}")
def quality_check(check: str, bad: int) -> int:
    if bad:
        raise ValueError(f"Data quality check {check} failed: {bad} SKUs with negative stock")
    get_run_logger().info("Check %s passed", check)
    return 0


# ---------------------------------------------------------------- flows
@flow(name="ingest-orders", flow_run_name="ingest-orders-{run_date}",
      description="Copy yesterday's orders from the shop database into the warehouse.")
def ingest_orders(run_date: str, source: str = "shop-db", rows: int = 1200) -> int:
    raw = extract(source, rows)
    clean = transform("orders", raw, dropped=rows // 100)
    return load("analytics.orders", clean)


@flow(name="sync-crm-contacts", flow_run_name="sync-crm-{run_date}",
      description="Pull new and changed contacts from the CRM API.")
def sync_crm_contacts(run_date: str, region: str = "eu-west-1", fail: bool = False) -> int:
    logger = get_run_logger()
    logger.info("Syncing CRM contacts for region %s", region)
    if fail:
        raise RuntimeError("CRM API returned HTTP 503 Service Unavailable")
    rows = extract("crm-api", 340)
    return load("analytics.contacts", rows)


_flow_attempts: dict[str, int] = {}


@flow(name="load-web-events", flow_run_name="web-events-{run_date}", retries=2, retry_delay_seconds=1,
      description="Load clickstream events from the tracking API into the warehouse.")
def load_web_events(run_date: str, pages: int = 3, flaky: bool = False) -> int:
    _flow_attempts[run_date] = _flow_attempts.get(run_date, 0) + 1
    if flaky and _flow_attempts[run_date] == 1:
        raise TimeoutError("Warehouse connection timed out after 30 seconds")
    total = sum(fetch_events_page(p, flaky and p == 2) for p in range(1, pages + 1))
    return load("raw.web_events", total)


@flow(name="daily-revenue-report", flow_run_name="revenue-report-{run_date}",
      description="Build the daily revenue report for the finance team.")
def daily_revenue_report(run_date: str, revenue: float = 48210.5) -> float:
    rows = extract("analytics.orders", 1188)
    transform("revenue", rows)
    create_markdown_artifact(
        key="revenue-report",
        markdown=f"# Revenue report {run_date}\n\n| Metric | Value |\n|---|---|\n"
                 f"| Revenue | EUR {revenue:,.2f} |\n| Orders | {rows:,} |\n",
        description=f"Daily revenue summary for {run_date}",
    )
    create_table_artifact(
        key="top-customers",
        table=[
            {"customer": "Nordwind GmbH", "orders": 41, "revenue": 9120.0},
            {"customer": "Blue Harbor Ltd", "orders": 33, "revenue": 7480.5},
            {"customer": "Casa Verde SL", "orders": 27, "revenue": 5310.0},
        ],
        description=f"Top customers by revenue on {run_date}",
    )
    return revenue


@flow(name="validate-inventory", flow_run_name="validate-inventory-{run_date}",
      description="Run data quality checks on the inventory tables.")
def validate_inventory(run_date: str, negative_skus: int = 0) -> int:
    quality_check("row-count", 0)
    return quality_check("non-negative-stock", negative_skus)


@flow(name="cleanup-staging-tables", flow_run_name="cleanup-staging-{run_date}",
      description="Drop staging tables older than the retention period.")
def cleanup_staging_tables(run_date: str, retention_days: int = 90) -> int:
    get_run_logger().info("Dropped 7 staging tables older than %d days", retention_days)
    return 7


@flow(name="refresh-sales-dashboard", flow_run_name="refresh-dashboard-{run_date}",
      description="Refresh the materialised views behind the sales dashboard.")
def refresh_sales_dashboard(run_date: str) -> int:
    n = transform("sales_daily_mv", 365)
    return load("bi.sales_daily", n)


def attempt(fn, **kwargs) -> None:
    state = fn(**kwargs, return_state=True)
    print(f"  {fn.name} {kwargs.get('run_date')}: {state.type.value}", flush=True)


def run_flows() -> None:
    with tags("etl", "orders"):
        for day in ("2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"):
            attempt(ingest_orders, run_date=day, rows=1100 + int(day[-2:]) * 7)
    with tags("crm"):
        attempt(sync_crm_contacts, run_date="2026-11-19")
        attempt(sync_crm_contacts, run_date="2026-11-20", fail=True)
        attempt(sync_crm_contacts, run_date="2026-11-21")
    with tags("etl", "events"):
        attempt(load_web_events, run_date="2026-11-20")
        attempt(load_web_events, run_date="2026-11-21", flaky=True)
    with tags("reporting", "finance"):
        attempt(daily_revenue_report, run_date="2026-11-20", revenue=45890.25)
        attempt(daily_revenue_report, run_date="2026-11-21", revenue=48210.5)
    with tags("data-quality"):
        attempt(validate_inventory, run_date="2026-11-20")
        attempt(validate_inventory, run_date="2026-11-21", negative_skus=3)
    with tags("maintenance"):
        attempt(cleanup_staging_tables, run_date="2026-11-16")
    with tags("reporting"):
        attempt(refresh_sales_dashboard, run_date="2026-11-20")
        attempt(refresh_sales_dashboard, run_date="2026-11-21")


DEPLOYMENTS = [
    # flow, deployment name, schedule, tags, description, parameters, paused
    ("ingest-orders", "nightly", CronSchedule(cron="0 2 * * *", timezone="UTC"), ["etl", "orders"],
     "Nightly copy of the shop orders", {"source": "shop-db"}, False),
    ("sync-crm-contacts", "hourly-sync", IntervalSchedule(interval=timedelta(hours=1)), ["crm"],
     "Hourly CRM contact sync", {"region": "eu-west-1"}, False),
    ("load-web-events", "every-15-minutes", IntervalSchedule(interval=timedelta(minutes=15)), ["etl", "events"],
     "Clickstream loader (paused while the tracking API is migrated)", {"pages": 3}, True),
    ("daily-revenue-report", "weekday-morning", CronSchedule(cron="30 7 * * 1-5", timezone="Europe/Berlin"),
     ["reporting", "finance"], "Revenue report for finance, Monday to Friday at 07:30", {}, False),
    ("validate-inventory", "after-ingest", CronSchedule(cron="0 4 * * *", timezone="UTC"), ["data-quality"],
     "Inventory checks after the nightly ingest", {"negative_skus": 0}, False),
    ("cleanup-staging-tables", "weekly-cleanup", CronSchedule(cron="0 3 * * 0", timezone="UTC"), ["maintenance"],
     "Sunday clean-up of staging tables", {"retention_days": 90}, False),
    ("refresh-sales-dashboard", "manual", None, ["reporting"],
     "Run by hand when the sales team asks", {}, False),
]


FLOWS = {f.name: f for f in (ingest_orders, sync_crm_contacts, load_web_events, daily_revenue_report,
                              validate_inventory, cleanup_staging_tables, refresh_sales_dashboard)}


async def seed_objects() -> None:
    async with get_client() as client:
        for flow_name, name, schedule, dtags, description, params, paused in DEPLOYMENTS:
            flow_id = await client.create_flow_from_name(flow_name)
            schedules = [DeploymentScheduleCreate(schedule=schedule, active=not paused)] if schedule else []
            await client.create_deployment(
                flow_id=flow_id, name=name, work_pool_name=POOL, work_queue_name="default",
                entrypoint=f"flows/etl.py:{flow_name.replace('-', '_')}", path="/opt/etl",
                schedules=schedules, tags=dtags, description=description, parameters=params,
                paused=paused, version="1.4.2",
                parameter_openapi_schema=parameter_schema(FLOWS[flow_name].fn).model_dump(),
            )
            print(f"  deployment {flow_name}/{name}", flush=True)
        variables = [
            ("warehouse_schema", "analytics", ["warehouse"]),
            ("default_batch_size", 5000, ["etl"]),
            ("alert_email", "data-team@example.com", ["alerts"]),
            ("crm_region", "eu-west-1", ["crm"]),
            ("retention_days", 90, ["maintenance"]),
            ("slack_channel", "#data-alerts", ["alerts"]),
        ]
        for name, value, vtags in variables:
            await client.create_variable(VariableCreate(name=name, value=value, tags=vtags))
        for name, limit, active in (("warehouse-connections", 5, True), ("crm-api-calls", 2, True),
                                    ("legacy-ftp-exports", 1, False)):
            await client.create_global_concurrency_limit(
                GlobalConcurrencyLimitCreate(name=name, limit=limit, active=active))
        await client.create_concurrency_limit(tag="postgres-writes", concurrency_limit=3)
        await client.create_concurrency_limit(tag="postgres-reads", concurrency_limit=10)


def main() -> int:
    subprocess.run(["prefect", "--no-prompt", "work-pool", "create", POOL, "--type", "process"], check=True)
    subprocess.run(["prefect", "--no-prompt", "work-pool", "update", POOL, "--description",
                    "Runs the data team's ETL flows on the etl-01 host"], check=False)
    print("flows:", flush=True)
    run_flows()
    print("deployments, variables, limits:", flush=True)
    asyncio.run(seed_objects())
    Secret(value="s3cr3t-warehouse-pw").save("warehouse-password")
    Secret(value="crm-live-7f3a9c").save("crm-api-key")
    SlackWebhook(url="https://hooks.slack.com/services/T0DATA/B0ETL/zooexample").save("data-alerts-slack")
    print("blocks: warehouse-password, crm-api-key, data-alerts-slack", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
