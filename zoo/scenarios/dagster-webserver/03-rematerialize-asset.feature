Feature: Dagster — materializing an asset

  Scenario: Re-materialize the churn dashboard after its failed run
    Given I open "/assets"
    When I click "churn_dashboard" in the asset list
    Then the "Latest materialization" status should say it failed
    And the Definition panel should show the group "reporting" and the owner "alice@example.com"
    And the Metadata table should show "customers_at_risk" with the value 27
    And the Upstream assets should list "customer_lifetime_value"
    When I click the "Materialize" button at the top right
    And I wait until the run has finished
    Then the "Latest materialization" status should no longer say it failed
    When I click "Runs" in the left navigation
    Then the newest run in the list should have the target "churn_dashboard" and the status "Success"
    And the run list should contain 6 runs
