Feature: Prefect — flow runs

  Scenario: Narrow the runs to the failed ones and find out why the inventory check failed
    Given I open "/v2/runs"
    Then the page should say "16 Flow runs"
    When I open the "State names" filter, search for "Failed" and tick "Failed"
    And I close the filter list
    Then the page should say "2 Flow runs"
    And the list should show "validate-inventory-2026-11-21" and "sync-crm-2026-11-20" but not "ingest-orders-2026-11-21"
    When I click the flow run "validate-inventory-2026-11-21"
    Then the run should be marked "Failed"
    And the logs should contain "3 SKUs with negative stock"
    When I open the "Task Runs" tab
    Then it should say "2 Task runs" and "(1 Failed, 1 Completed)"
    When I open the "Parameters" tab
    Then the parameters should show "negative_skus" set to 3
