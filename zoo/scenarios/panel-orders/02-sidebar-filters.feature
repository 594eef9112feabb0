Feature: Order desk — narrowing the order list

  Scenario: Combine the customer, status, priority, open-only and date filters
    Given I open "/app"
    When I pick "Tidewater Books" and then "Copper Kettle Diner" in the Customers box of the Filters sidebar
    Then the line above the table should begin with "Showing 6 of" and mention 39 items
    When I choose "Delivered" in the Status dropdown and click "High" among the Priority buttons
    Then ORD-1012 should be the only order in the table
    When I set the Status back to "All" and click "All" among the Priority buttons
    And I turn on the "Open orders only" switch
    Then the table should list exactly ORD-1002, ORD-1003 and ORD-1020
    When I open the "Ordered on or after" date picker and choose 1 October 2025
    Then only ORD-1020 for Tidewater Books, Chai syrup, quantity 3, should be left
    When I press "Clear filters"
    Then I should see the message "Filters cleared." and the Customers box should be empty again, showing "All customers"
