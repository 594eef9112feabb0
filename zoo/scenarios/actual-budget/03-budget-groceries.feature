Feature: Actual Budget — monthly budget

  Scenario: Raise this month's groceries budget
    Given I open "/"
    When I enter the password "zoo-budget-pw" and sign in
    And I open the "Household Budget" file
    Then I see the budget for the current month, with "To Budget" showing 14,480.61
    And the "Groceries" category has 350.00 in its Budgeted column
    When I click Groceries' budgeted amount, replace it with 425 and press Enter
    Then Groceries shows 425.00 budgeted and a balance of 575.48
    And the "Everyday Spending" group row shows 650.00 budgeted
    And "To Budget" now shows 14,405.61
    When I click the month just before the highlighted one in the month bar at the top
    Then the budget shows that previous month, where Groceries still has 350.00 budgeted
