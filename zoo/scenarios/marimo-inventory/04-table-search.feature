Feature: Warehouse inventory — table search

  Scenario: Search the stock table for gloves and select one
    Given I open "/"
    Then the footer of the table should say "30 rows, 9 columns"
    When I type "Gloves" into the "Search..." box of the table
    Then the table should show only "Gloves M" (Berlin) and "Gloves L" (Lyon)
    And the footer should say "2 rows, 9 columns"
    When I tick the checkbox of the "Gloves M" row
    Then the line under the table should read "Selected: 1 items, stock value 8584.35 EUR"
    When I clear the search box
    Then the footer should again say "30 rows, 9 columns"
    And "Pallet wrap" should be back in the table
