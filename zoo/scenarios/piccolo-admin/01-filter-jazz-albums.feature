Feature: Groove Records Admin — album filters

  Scenario: Filter the album list down to the jazz records that are in stock
    Given I open "/"
    When I sign in with the username "admin" and the password "zoo-pic-pw"
    Then I should see "Welcome to Groove Records Admin"
    When I click "Album" under Catalogue in the sidebar
    Then the Album table should show "Midnight Ferry" and the count under it should read "Showing 15 of 30 result(s)"
    When I click "Show filters"
    And I choose "Jazz" in the Genre filter and click "Apply"
    Then the count should read "Showing 5 of 5 result(s)"
    And every row should show "Jazz" in the Genre column
    When I set the Stock filter to "Greater Than" with the value 2 and click "Apply"
    Then the table should list exactly "Blue Hour Sessions", "Brass and Bone" and "Three for the Road"
    And "Calle Luna" and "Krakow Nocturnes" should no longer be in the table
    And the count should read "Showing 3 of 3 result(s)"
