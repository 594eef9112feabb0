Feature: Prefect — concurrency limits

  Scenario: Add a global concurrency limit, re-enable one and delete another
    Given I open "/v2/concurrency-limits"
    Then the Global Concurrency Limits table should list "warehouse-connections" with the limit 5
    When I click the "+" button next to "Global Concurrency Limits"
    And I type "dbt-cloud-jobs" as the Name and 4 as the Concurrency Limit and press "Save"
    Then "dbt-cloud-jobs" should be listed with the limit 4
    When I turn on the Active switch in the "legacy-ftp-exports" row
    Then the "legacy-ftp-exports" row should be active
    When I open the ⋮ menu of the "crm-api-calls" row and choose "Delete"
    And I confirm with "Delete"
    Then "crm-api-calls" should no longer be listed
    And the table should list 5 limits
    When I open the "Task Run" tab
    Then it should list the tags "postgres-reads" with 10 slots and "postgres-writes" with 3 slots
