Feature: Prefect — flows

  Scenario: Look up the CRM sync flow and read the error of its failed run
    Given I open "/v2/flows"
    Then the page should say "7 Flows"
    And the "validate-inventory" row should show its last run "validate-inventory-2026-11-21" with a red cross
    When I type "crm" into the "Flow names" search box
    Then the page should say "1 Flow" and only "sync-crm-contacts" should be listed
    When I click the flow "sync-crm-contacts"
    Then it should say "3 Flow runs"
    And "sync-crm-2026-11-20" should be "Failed" while "sync-crm-2026-11-19" and "sync-crm-2026-11-21" are "Completed"
    When I open the "Deployments" tab
    Then the deployment "hourly-sync" should be listed
    When I go back to the "Runs" tab and click the run "sync-crm-2026-11-20"
    Then the logs should contain "CRM API returned HTTP 503 Service Unavailable"
