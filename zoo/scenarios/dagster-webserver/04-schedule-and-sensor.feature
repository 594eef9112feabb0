Feature: Dagster — automation

  Scenario: Check the daily schedule, turn it on and look at the sensor
    Given I open "/automation"
    Then the list should show "daily_analytics_schedule" and "new_export_file_sensor"
    When I click "daily_analytics_schedule"
    Then the Target should be "daily_analytics_job"
    And the Schedule should be "At 06:00 AM GMT+1" with the cron expression "0 6 * * *"
    And the Execution timezone should be "Europe/Berlin"
    And the warning "The scheduler daemon is not running." should be shown
    And the "Running" switch should be off
    When I turn the "Running" switch on
    And I reload the page
    Then the "Running" switch should still be on
    When I click "Automation" in the breadcrumb and open "new_export_file_sensor"
    Then the sensor's Description should be "Starts ingestion when a new shop export file lands." and its Target "ingest_raw_data_job"
