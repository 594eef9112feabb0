Feature: Dagster — asset catalog

  Scenario: Search the catalog for the raw ingestion assets and check one asset's details
    Given I open "/assets"
    When I type "raw_" into the "Search and filter assets" box and press Enter
    Then the asset list should show exactly 4 assets: raw_customers, raw_orders, raw_payments and raw_products
    And each of the 4 rows should show the asset group "ingestion" and the status "Materialized"
    When I click "raw_orders"
    Then the page title should be "raw_orders"
    And the description should read "Raw orders exported nightly from the web shop."
    And the Definition panel should show the group "ingestion" and the owner "data-eng"
    And the Downstream assets under Lineage should list "stg_orders"
    When I open the "Events" tab
    Then 2 materialization events should be listed on the left
    And the selected event's Metadata should show "row_count" 1240 and "file" "orders_export.csv"
