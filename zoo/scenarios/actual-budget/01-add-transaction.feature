Feature: Actual Budget — account transactions

  Scenario: Add a hardware store purchase to the checking account
    Given I open "/"
    When I type "zoo-budget-pw" into the Password field and click "Sign in"
    And I open the budget file "Household Budget" from the Files list
    And I click the "Everyday Checking" account in the sidebar
    And I click "Add New" above the transaction list
    And in the new row I type "Hardware" as the payee and pick "Hardware Haven" from the suggestions
    And I type "Picture hooks" in the Notes cell
    And I enter 18.50 in the Payment cell
    And I choose the category "Household"
    And I click the "Add" button of the new row
    Then the list shows a "Hardware Haven" transaction with the note "Picture hooks" and a payment of 18.50
    And the balance under the "Everyday Checking" heading is 7,257.57
