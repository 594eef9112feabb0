Feature: Django admin — orders list actions

  Scenario: Mark two new orders as shipped with the bulk action and check the status filter
    Given I open "/admin/"
    When I sign in with username "admin" and password "zoo-admin-pw"
    And I click "Orders" in the Shop section
    Then the list should end with "12 orders" and "ORD-2412" should be the first row
    When I click "New" under "By status" in the filter panel
    Then 3 orders should be listed: "ORD-2409", "ORD-2405" and "ORD-2401"
    When I tick the checkboxes in the "ORD-2401" and "ORD-2409" rows
    Then the text next to the Go button should read "2 of 3 selected"
    When I choose "Mark selected orders as shipped" in the Action dropdown and click "Go"
    Then only "ORD-2405" for "Lena Fischer" should be left in the list
    When I click "Shipped" under "By status"
    Then 5 orders should be listed: "ORD-2411", "ORD-2409", "ORD-2407", "ORD-2403" and "ORD-2401"
    When I type "Tanaka" in the search box and click "Search"
    Then the search bar should show "2 results (12 total)" and the rows "ORD-2409" and "ORD-2403" should both show the customer "Aiko Tanaka"
