Feature: Team tasks — filtering the board

  Scenario: Filter tasks by status, urgency and search text
    Given I open "/"
    When I choose "Blocked" in the Status dropdown
    Then I should see exactly 3 tasks: "Update pricing page", "Crash on startup" and "Refund flow"
    When I set the Status dropdown back to "All"
    And I switch on the "Only urgent" toggle
    Then the table footer should read "1-6 of 6"
    And every listed task should have priority "Urgent"
    When I click the "Due" column header
    Then "Migrate database" (due 2025-06-18) should be the first row and "Translate to German" (due 2025-07-19) the last
    When I type "crash" into the search box
    Then only "Crash on startup" should remain in the table
