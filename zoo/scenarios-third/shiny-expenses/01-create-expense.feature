Feature: Creating a new expense

  Scenario: Add a team lunch for Lena Fischer and find it under Finance
    Given I open "/"
    Then I should see "40 expenses, total 17915.73"
    When I click the "New expense" button
    Then a dialog titled "New expense" should be open
    When I select "Lena Fischer" in the "Employee" dropdown
    And I select "Meals" in the "Category" dropdown
    And I type "Team lunch" into the "Description" field
    And I set the "Amount" field to "85.5"
    And I tick the "Receipt attached" checkbox
    And I click the "Create" button
    Then I should see the notification "Expense 41 created"
    And I should see "41 expenses, total 18001.23"
    When I choose "Finance" in the "Department" filter
    Then I should see "7 expenses, total 2861.64"
    And the table should show a row with description "Team lunch", amount "85.5" and status "Draft"
