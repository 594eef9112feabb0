Feature: Groove Records Admin — orders

  Scenario: Delete a cancelled order from the order list
    Given I open "/"
    When I sign in with the username "admin" and the password "zoo-pic-pw"
    And I click "Order" in the sidebar
    Then the first row should be order 24 for "Liam Brennan", album "Cedarwood", dated 2025-03-16 with status "Cancelled"
    And the count under the table should read "Showing 15 of 24 result(s)"
    When I open the three-dots menu at the end of the order 24 row
    And I click "Delete" and confirm the deletion
    Then order 24 should be gone and the first row should be order 23 for "Jonas Petersen" and "Velvet Nights"
    And the count should read "Showing 15 of 23 result(s)"
    When I click "Show filters", pick "Cancelled" as the Status and click "Apply"
    Then only 2 orders should be listed: "Paper Lanterns" for "Grace Lindqvist" and "Stoop Philosophy" for "Ben Okoro"
    And the count should read "Showing 2 of 2 result(s)"
