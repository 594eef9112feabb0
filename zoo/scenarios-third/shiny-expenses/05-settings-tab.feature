Feature: Report settings

  Scenario: Change the report currency, approval limit and policy note
    Given I open "/"
    When I click the "Settings" tab
    Then the "EUR" option of "Report currency" should be selected
    And the "Approval limit" field should contain "500"
    And the "Policy note" box should contain "Receipts are required above 25 EUR."
    When I choose "GBP" under "Report currency"
    And I change the "Approval limit" field to "750"
    And I replace the text in "Policy note" with "Receipts are required above 30 GBP."
    And I click the "Save settings" button
    Then I should see the notification "Settings saved"
    When I click the "Expenses" tab
    Then I should see "41 expenses, total 18001.23"
    When I click the "Settings" tab
    Then the "GBP" option of "Report currency" should be selected
    And the "Approval limit" field should contain "750"
