Feature: Vet clinic — patients and settings

  Scenario: Look up a patient, register a new one and hide cancelled appointments
    Given I open "/#patients"
    Then I should see "Patients (18)"
    When I click the patient name "Kiwi"
    Then the "Kiwi — details" panel should show Species "Bird", Weight "0.04 kg", 2 visits and the owner "Tomás García"
    When I click "Close"
    And I register a patient with Pet name "Pepper", Species "Cat", Breed "Ragdoll" and Owner "Laura Finch"
    And I set the Weight (kg) to 3.2, tick "Neutered / spayed" and click "Add patient"
    Then I should see "Pepper was registered as patient P-19." and the heading "Patients (19)"
    When I go to the "Settings" tab, switch off "Show cancelled appointments" and click "Save settings"
    Then I should see "Settings saved."
    When I go to the "Appointments" tab
    Then the heading should read "Appointments (35)"
    And searching for "Sunny" should show only A-1014 and no cancelled appointment
