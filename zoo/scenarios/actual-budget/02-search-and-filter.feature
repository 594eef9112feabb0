Feature: Actual Budget — finding transactions

  Scenario: Search the credit card and filter it by category
    Given I open "/"
    When I sign in with the password "zoo-budget-pw"
    And I open "Household Budget"
    And I go to the "Visa Card" account
    And I search the transactions for "Bookworm"
    Then exactly 2 transactions are listed, both paid to "Bookworm Books", one of them with the note "Gift for Sam"
    When I clear the search box
    And I click "Filter" and choose "Category"
    And I pick "Restaurants" as the category and apply the filter
    Then only 4 transactions are listed, all in the "Restaurants" category
    And one of them is the "Casa Luna Trattoria" dinner with the note "Dinner with friends" for 71.20
    And the header shows a filtered balance of -217.50
