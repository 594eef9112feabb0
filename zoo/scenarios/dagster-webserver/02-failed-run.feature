Feature: Dagster — runs

  Scenario: Investigate the failed analytics run
    Given I open "/runs"
    When I click the "Failed" tab
    Then exactly one run should be listed
    And its target should be "daily_analytics_job" and its status "Failure"
    When I click the run ID of that run
    Then the run page should show the status "Failure" and "Run of daily_analytics_job"
    And the "Errored (1)" group should list the step "churn_dashboard"
    And the step list should show "Succeeded (4)"
    And the event log should contain the error "Upstream warehouse table for churn_dashboard is locked"
    When I click "View job"
    Then the "daily_analytics_job" job page should open
    And its description should be "Builds analytics tables and reports."
