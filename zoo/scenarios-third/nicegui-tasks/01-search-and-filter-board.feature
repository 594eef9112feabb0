Feature: Finding tasks on the board
  Scenario: Search the task list and narrow it with the status filter and the urgent switch
    Given I open "/"
    Then I should see "14 tasks, 3 done"
    And the table pagination should show "1-10 of 14"
    When I type "Maria" into the "Search tasks" field
    Then the table should show 3 rows
    And I should see "Fix login redirect", "Review invoices" and "Refund flow" in the table
    When I clear the "Search tasks" field
    And I choose "Blocked" in the "Status" dropdown
    Then the table should show 3 rows
    And every row in the table should have the status "Blocked"
    When I turn on the "Only urgent" switch
    Then the table should show 2 rows: "Update pricing page" and "Crash on startup"
    And "Refund flow" should not be in the table
