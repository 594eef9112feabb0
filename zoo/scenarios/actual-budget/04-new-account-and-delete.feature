Feature: Actual Budget — accounts

  Scenario: Open a holiday savings account and delete a card purchase
    Given I open "/"
    When I sign in using the password "zoo-budget-pw" and open the "Household Budget" budget
    And I click "Add account" at the bottom of the sidebar
    And I click "Create a local account" in the dialog
    And I name the account "Holiday Fund", give it a balance of 500 and click "Create"
    Then "Holiday Fund" is listed in the sidebar with a balance of 500.00
    When I click "Holiday Fund" in the sidebar
    Then its page lists a single "Starting Balance" transaction with a deposit of 500.00
    When I open the "Visa Card" account and tick the checkbox at the start of the "Craft Corner" transaction row
    And I open the "1 transaction" menu that appears above the list, choose "Delete" and confirm with "Delete"
    Then no "Craft Corner" transaction is left in the list
    And the Visa Card balance is -776.81
