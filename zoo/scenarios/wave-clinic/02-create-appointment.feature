Feature: Vet clinic — booking a new appointment

  Scenario: Book a vaccination for Luna in the side panel
    Given I open "/"
    When I click the "New appointment" button
    Then a side panel titled "New appointment" should open
    When I choose "Luna" as the Patient
    And I choose "Dr. Sofia Marquez" in the Vet combobox
    And I set the Date to 18 December 2026 and pick "10:00" as the Time
    And I select "Vaccination" as the Visit type and type "Rabies booster" as the Reason for visit
    And I set the Fee (€) to 50 and switch off "Send reminder e-mail"
    And I click "Save"
    Then I should see the message "Appointment A-1037 for Luna created."
    And the heading should read "Appointments (37)"
    When I search the table for "A-1037"
    Then the only row should show 2026-12-18, 10:00, Luna, Cat, Marcus Chen, Dr. Sofia Marquez, Vaccination, Scheduled and a fee of 50
