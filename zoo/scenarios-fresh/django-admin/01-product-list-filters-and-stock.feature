Feature: Django admin — product list

  Scenario: Narrow the product list by category and launch year, then change a stock level right in the list
    Given I open "/admin/"
    When I sign in with username "admin" and password "zoo-admin-pw"
    And I click "Products" in the Shop section of the admin home page
    Then the list should end with "24 products"
    When I click "Office" under "By category" in the filter panel on the right
    Then 4 products should be listed: "Desk organizer", "Monitor stand", "Notebook A5" and "Stapler"
    And the search bar should show "4 results (24 total)"
    When I click the year "2024" in the date links above the list
    Then only "Desk organizer", "Monitor stand" and "Stapler" should be listed
    And the "Stapler" row should show the SKU "SKU-1013", the price "101.22" and the launch date "July 3, 2024"
    When I change the Stock of "Desk organizer" from 27 to 40 and click "Save" below the list
    Then the message "1 product was changed successfully." should appear
    And the "Desk organizer" row should now show 40 in the Stock box
