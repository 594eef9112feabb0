Feature: Completing tasks
  Scenario: Mark two open tasks as done from the board
    Given I open "/"
    When I choose "Open" in the "Status" dropdown
    Then the table should show 5 rows
    And "Write API docs" should be in the table
    When I tick the checkbox of the row "Migrate database"
    And I tick the checkbox of the row "Improve search"
    And I click "Mark done"
    Then I should see the notification "Marked 2 task(s) done"
    And "Migrate database" and "Improve search" should no longer be in the table
    And the table should show 3 rows
    And I should see "15 tasks, 5 done"
    When I choose "Done" in the "Status" dropdown
    Then the table should show 5 rows
    And the row "Migrate database" should have the status "Done"
