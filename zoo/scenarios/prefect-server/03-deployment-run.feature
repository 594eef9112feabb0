Feature: Prefect — deployments

  Scenario: Pause a deployment's schedule and start a run of it by hand
    Given I open "/v2/deployments"
    Then the page should say "7 Deployments"
    When I click the deployment "weekday-morning"
    Then the Schedules box should show "At 07:30 AM, Monday through Friday" switched on
    And the deployment should belong to the flow "daily-revenue-report" and the work pool "etl-process-pool"
    When I open the "Parameters" tab
    Then it should say "2 parameters" and list "run_date" and "revenue" with the default 48210.5
    When I switch off the schedule
    Then the schedule switch should be off
    When I click "Run" and choose "Quick run"
    And I type "2026-11-27" as the run_date and press "Run"
    Then a message "Flow run created" should appear
    When I open the "Upcoming" tab
    Then it should say "1 Flow run" and that run should be "Scheduled"
