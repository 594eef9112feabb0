Feature: Vet clinic — editing an appointment

  Scenario: Confirm Hazel's dental appointment with a new vet and a changed fee
    Given I open "/"
    When I click the appointment ID "A-1024" in the table
    Then a side panel titled "Edit appointment A-1024" should open
    And the Patient field should show "Hazel (Rabbit, Mia Schulz)" and the Reason for visit should be "Tooth extraction"
    When I change the Status to "Confirmed"
    And I type the new vet "Dr. Nina Hart" into the Vet combobox
    And I change the Fee (€) to 160 and tick "Paid"
    And I click "Save"
    Then I should see the message "Appointment A-1024 for Hazel updated."
    And the A-1024 row should show "Dr. Nina Hart", "Confirmed" and a fee of 160
    When I go to the "Settings" tab
    Then the Vets list should contain "Dr. Nina Hart" as the fifth vet
