#!/bin/bash
# Seeds DAGSTER_HOME with real runs: two ingestion runs, two staging materializations,
# one successful analytics run and one failing one (churn_dashboard fails).
set -e
APP="$1"
mkdir -p "$DAGSTER_HOME"
cat > "$DAGSTER_HOME/dagster.yaml" <<YAML
storage:
  sqlite:
    base_dir: $DAGSTER_HOME/storage
run_coordinator:
  module: dagster.core.run_coordinator
  class: DefaultRunCoordinator
nux:
  enabled: false
telemetry:
  enabled: false
YAML
D="dagster"
$D job execute -f "$APP/defs.py" -j ingest_raw_data_job
$D asset materialize -f "$APP/defs.py" --select stg_orders,stg_customers,order_items_enriched
$D job execute -f "$APP/defs.py" -j daily_analytics_job
$D job execute -f "$APP/defs.py" -j ingest_raw_data_job
ZOO_FAIL_ASSET=churn_dashboard $D job execute -f "$APP/defs.py" -j daily_analytics_job || true
