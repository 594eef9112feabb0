Feature: Expense reports — employees filter, column filter and sorting

  Scenario: Look at Maria's and John's software costs sorted by amount
    Given I open "/"
    When I click the "Employees" box and pick "Maria Lopez"
    And I also pick "John Smith" in the same box
    Then the summary should read "14 expenses, total 5867.34"
    And only Maria Lopez and John Smith should appear in the employee column
    When I type "Software" in the filter box under the "category" header
    Then 5 rows should be listed, all in category "Software"
    When I sort the table by the "amount" column so that the highest amount comes first
    Then the first row should be "Software #13" with amount 867.9
    And the last row should be "Software #26" with amount 8.55
