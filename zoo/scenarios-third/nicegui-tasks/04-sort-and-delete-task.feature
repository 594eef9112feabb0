Feature: Sorting and deleting tasks
  Scenario: Sort by due date, then delete a task after first cancelling the confirmation
    Given I open "/"
    When I click the "Due" column header
    Then the first row of the table should be "Set up alerts" with due date "2025-06-12"
    And the second row should be "Review invoices" with due date "2025-06-14"
    When I type "Crash" into the "Search tasks" field
    And I tick the checkbox of the row "Crash on startup"
    And I click "Delete selected"
    Then a confirmation dialog should ask "Delete the selected tasks?"
    When I click "Cancel" in the dialog
    Then "Crash on startup" should still be in the table
    And I should see "15 tasks, 5 done"
    When I click "Delete selected" again
    And I click "Delete" in the confirmation dialog
    Then I should see the notification "Deleted 1 task(s)"
    And I should see "14 tasks, 5 done"
    And "Crash on startup" should no longer be in the table
