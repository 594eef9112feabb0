Feature: Optuna Dashboard — trial list

  Scenario: Show only the failed trials of failed-runs-demo
    Given I open "/dashboard/studies/4/trials"
    Then the trial list should be headed "12 Trials"
    When I click the filter icon next to "12 Trials"
    Then a menu should list "Complete (7)", "Pruned (3)" and "Fail (2)"
    When I untick "Complete (7)"
    And I untick "Pruned (3)"
    And I close the filter menu
    Then the list should be headed "2 Trials" and show only "Trial 2" and "Trial 7", both marked "Fail"
    When I click "Trial 7"
    Then the detail should be headed "Trial 7" with the state "Fail"
    And its "Value" should be "None"
