Feature: Expense reports — adding an expense

  Scenario: Record a taxi expense with a receipt
    Given I open "/"
    Then the summary above the table should read "40 expenses, total 17915.73"
    When I press the "New expense" button in the sidebar
    And in the "New expense" dialog I select "Omar Haddad" as Employee and "Travel" as Category
    And I type "Taxi to airport" as the Description and "42.50" as the Amount
    And I click the Date field and pick the 10th in the calendar that pops up
    And I tick "Receipt attached" and click "Create"
    Then a notification "Expense 41 created" should appear
    And the summary should now read "41 expenses, total 17958.23"
    When I type "Taxi" in the filter box under the "description" column header
    Then the only row should be expense 41 dated 2025-06-10 for Omar Haddad, Sales, Travel, amount 42.5, status Draft, receipt "yes"
