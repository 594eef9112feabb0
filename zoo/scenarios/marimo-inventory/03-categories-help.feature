Feature: Warehouse inventory — categories and help

  Scenario: Narrow the stock to Milan packing material and read the help
    Given I open "/"
    When I open the "Categories" multiselect and pick "Packing"
    Then the count above the table should read "4 items"
    When I set the "Warehouse" dropdown to "Milan"
    Then the count should read "2 items"
    And the table should show the SKUs "WH-302" and "WH-317" only
    When I open the "Help" tab
    And I expand the question "Who approves orders?"
    Then I should read "Orders above 1000 EUR need Lena Fischer."
