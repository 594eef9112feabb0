Feature: Deleting an appointment

  Scenario: Find Sunny's cancelled appointment with the search box and delete it after first keeping it
    Given I open "/#appointments"
    When I type "Sunny" into the table's search box
    Then the table should show only the appointments "A-1014" and "A-1031"
    And the table footer should say "2 of 37"
    When I click the appointment ID "A-1031"
    Then a side panel titled "Edit appointment A-1031" should open with "Status" set to "Cancelled"
    When I click "Delete"
    Then a dialog "Delete appointment?" should say "Appointment A-1031 will be removed permanently. This cannot be undone."
    When I click "Keep it"
    Then the dialog should close and the "Edit appointment A-1031" panel should still be open
    When I click "Delete" again
    And I click "Delete" in the dialog
    Then I should see the notification "Appointment A-1031 deleted."
    And I should see the heading "Appointments (36)"
    And there should be no appointment "A-1031" in the table
