Feature: Booking a new appointment

  Scenario: The new appointment form asks for the missing fields, then books a surgery for Rocky
    Given I open "/#appointments"
    When I click "New appointment"
    Then a side panel titled "New appointment" should open with "Dr. Amara Okafor" already chosen as the "Vet"
    When I click "Save" without filling in anything
    Then I should see the error "Please fill in: Patient, Date"
    When I choose "Rocky (Dog, Liam Novak)" in the "Patient" dropdown
    And I pick 30 November 2026 in the "Date" date picker
    And I select "14:30" in the "Time" dropdown
    And I choose "Surgery" as the "Visit type"
    And I type "Lump removal" into "Reason for visit"
    And I change "Fee (€)" to "420"
    And I click "Save"
    Then I should see the notification "Appointment A-1037 for Rocky created."
    And I should see the heading "Appointments (37)"
    And the row "A-1037" should show date "2026-11-30", time "14:30", vet "Dr. Amara Okafor", visit type "Surgery" and status "Scheduled"
