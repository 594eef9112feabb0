Feature: Django admin — product list search and filters

  Scenario: Search and filter the product list
    Given I open "/admin/login/"
    When I sign in as "admin" with the password "zoo-admin-pw"
    And I go to the Products list from the Shop section
    When I type "lamp" into the search box and press "Search"
    Then I should see "3 results" above the list
    And the list should contain "Desk lamp", "Floor lamp" and "Reading lamp"
    When I empty the search box and press "Search" again
    And I pick "Garden" under "By category" in the filter panel
    And I pick "No" under "By active"
    Then only one product should be listed, "Plant pot"
    And "Garden hose" should not be in the list
