Feature: Filtering and sorting inside the expenses table

  Scenario: Hotel expenses sorted by amount
    Given I open "/"
    Then the line under the table should end with "of 41"
    When I type "Hotel" into the filter box under the "category" column header
    Then the table should show exactly 6 rows
    And every row in the table should have category "Hotel"
    When I click the "amount" column header
    Then the first row of the table should be "Hotel #35" with amount "887.66"
    And the second row should be for "Aiko Tanaka" with amount "804.09"
    When I click the "amount" column header again
    Then the first row of the table should be "Hotel #38" with amount "436.98"
    And the last row of the table should be "Hotel #35" with amount "887.66"
    When I clear the filter box under the "category" column header
    Then the line under the table should end with "of 41" again
