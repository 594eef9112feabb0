Feature: Vet clinic — deleting an appointment

  Scenario: Delete Milo's cancelled vaccination after confirming
    Given I open "/"
    When I type "Milo" in the search box
    Then I should see two appointments, A-1020 and A-1036
    When I click A-1036 to open it
    And I click the "Delete" button in the side panel
    Then a dialog "Delete appointment?" should say "Appointment A-1036 will be removed permanently. This cannot be undone."
    When I click "Keep it"
    Then the dialog should close and the panel "Edit appointment A-1036" should still be open
    When I click "Delete" again and confirm with the "Delete" button in the dialog
    Then I should see the message "Appointment A-1036 deleted."
    And the heading should read "Appointments (36)"
    When I open the "Reports" tab and choose "Status" under Group by
    Then the "Cancelled" row should show 1 appointment with total fees of 45
    And the "Total appointments" card should show 36 and "Revenue (completed)" should show €1,810.00
