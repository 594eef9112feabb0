Feature: Optuna Dashboard — managing studies

  Scenario: Create a maximizing study and delete it again
    Given I open "/dashboard"
    When I click the "CREATE" button
    Then a "New Study" dialog should open
    When I type "qa-night-study" into the "Study name" field
    And I change "Objective 0" from "Minimize" to "Maximize"
    And I click "CREATE" in the dialog
    Then a card "5. qa-night-study" with "Direction: MAXIMIZE" should appear in the list
    When I click the trash (delete) icon on the "qa-night-study" card
    Then a "Delete study" dialog should ask "Are you sure you want to delete a study (id=5)?"
    When I answer "YES"
    Then the "qa-night-study" card should be gone
    And "1. house-prices-lgbm" should still be listed
