Feature: Expense reports — editing in the grid and report settings

  Scenario: Rename an expense in the table and change the report settings
    Given I open "/"
    When I double-click the description "Software #1" in the first row of the table
    And I replace it with "Design tool licence" and press Enter
    Then the first row should show the description "Design tool licence"
    When I open the "Settings" tab
    Then "EUR" should be selected as Report currency and the Approval limit should be 500
    When I select "USD" as the report currency
    And I change the Approval limit to 750
    And I replace the Policy note with "Receipts are required above 50 USD."
    And I click "Save settings"
    Then I should see the notification "Settings saved"
