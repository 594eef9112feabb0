Feature: Editing an existing appointment

  Scenario: Confirm Max's vaccination, mark it paid and change the fee
    Given I open "/#appointments"
    Then I should see the heading "Appointments (36)"
    And the "Upcoming" card should show "17"
    When I click the appointment ID "A-1018" in the table
    Then a side panel titled "Edit appointment A-1018" should open
    And the "Patient" dropdown should show "Max (Dog, Priya Nair)"
    When I select "Confirmed" in the "Status" dropdown
    And I tick the "Paid" checkbox
    And I change "Fee (€)" to "80"
    And I click "Save"
    Then I should see the notification "Appointment A-1018 for Max updated."
    And the row "A-1018" should show status "Confirmed" and fee "80"
    And the "Upcoming" card should still show "17"
    When I click the appointment ID "A-1018" in the table again
    Then the "Paid" checkbox should be ticked
