Feature: Dagster — jobs

  Scenario: Launch the raw data ingestion job from its job page
    Given I open "/jobs"
    Then the jobs list should show "daily_analytics_job" and "ingest_raw_data_job"
    When I click "ingest_raw_data_job"
    Then the job page header should show "View 4 assets"
    And the job description should be "Loads the four raw sources."
    When I click "Materialize all"
    And I wait until raw_customers, raw_orders, raw_payments and raw_products are no longer materializing
    And I open the "Runs" tab of the job
    Then exactly one run should be listed, with the target "ingest_raw_data_job" and the status "Success"
    When I click "Runs" in the left navigation
    Then the newest run should be the "ingest_raw_data_job" run with status "Success"
    And the run list should contain 7 runs
