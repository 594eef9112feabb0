Feature: Flask-Admin helpdesk — ticket details and deletion

  Scenario: Look at a ticket's details and then delete it
    Given I open "/admin/ticket/"
    When I click the eye icon in the row of ticket 7 "Slow dashboard"
    Then I should see the details of the ticket
    And the Agent should be "Sofia Rossi" and the Customer "Globex"
    And the Description should read "Reported by Hank Scorpio."
    When I go back to the ticket list by clicking "List"
    And I click the trash can icon in the row of "Slow dashboard"
    And I accept the confirmation asking "Are you sure you want to delete this record?"
    Then I should see "Record was successfully deleted."
    When I search for "Slow dashboard"
    Then only "Slow dashboard (again)" should be listed
