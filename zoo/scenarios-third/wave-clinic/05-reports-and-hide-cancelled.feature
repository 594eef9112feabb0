Feature: Reports and clinic settings

  Scenario: Check the report totals, then rename the clinic and hide cancelled appointments
    Given I open "/#reports"
    Then the "Total appointments" card should show "36"
    And the "Upcoming" card should show "18"
    And the "Completed" card should show "13" and "Revenue (completed)" should show "€1,810.00"
    When I choose "Status" under "Group by"
    Then the summary row "Cancelled" should show "1" appointment with total fees "60"
    When I click the "Settings" tab
    Then the "Clinic name" field should contain "Paws & Claws Veterinary Clinic"
    When I change "Clinic name" to "Paws & Claws Riverside"
    And I switch off "Show cancelled appointments"
    And I click "Save settings"
    Then I should see the message "Settings saved."
    And the "Clinic name" field should contain "Paws & Claws Riverside"
    When I click the "Appointments" tab
    Then I should see the heading "Appointments (35)"
    And there should be no appointment "A-1036" in the table
