Feature: Patients

  Scenario: Look at Rocky's visit history, then register a new rabbit
    Given I open "/#patients"
    Then I should see the heading "Patients (18)"
    When I click the patient name "Rocky"
    Then a "Rocky — details" card should show species "Dog", weight "27.5 kg" and "3" visits
    And it should show "Owner: Liam Novak" and list the visit "2026-11-30 · Surgery · Scheduled"
    When I click "Close"
    Then I should see the "Register a patient" form
    When I type "Pepper" into "Pet name"
    And I select "Rabbit" in the "Species" dropdown
    And I type "Lionhead" into "Breed"
    And I type "Julia Weber" into "Owner"
    And I tick "Neutered / spayed"
    And I click "Add patient"
    Then I should see the message "Pepper was registered as patient P-19."
    And I should see the heading "Patients (19)"
    And the row "P-19" should show "Pepper", "Rabbit", "Lionhead", "Julia Weber" and neutered "Yes"
