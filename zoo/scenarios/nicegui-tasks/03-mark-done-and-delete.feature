Feature: Team tasks — bulk actions

  Scenario: Mark two tasks as done and delete another
    Given I open "/"
    When I tick the checkbox in the row of "Fix login redirect"
    And I tick the checkbox in the row of "Migrate database"
    And I click "Mark done"
    Then I should see the notification "Marked 2 task(s) done"
    And both "Fix login redirect" and "Migrate database" should now have the status "Done"
    When I tick the checkbox of "Set up alerts" and click "Delete selected"
    Then a confirmation asking "Delete the selected tasks?" should appear
    When I confirm by clicking "Delete"
    Then I should see "Deleted 1 task(s)"
    And "Set up alerts" should no longer be in the table
