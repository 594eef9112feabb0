Feature: Django admin — editing an order and its lines

  Scenario: Add two lines to an order, ship it, then remove one of the new lines
    Given I open "/admin/shop/order/"
    When I sign in with username "admin" and password "zoo-admin-pw"
    And I type "ORD-2406" in the search box and press Enter
    Then only "ORD-2406" should be listed, for "Omar Haddad" with the status "Paid"
    When I click "ORD-2406"
    Then the Customer field should show "Omar Haddad", the Status should be "Paid" and the Order lines table should have one filled line, "Linen throw" with quantity 2, above an empty row
    When I pick "Wool rug" as the product in the empty order line and change its quantity to 3
    And I click "Add another Order line" and pick "Chef knife" with quantity 1 in the new row
    And I change the Status to "Shipped" and click "Save and continue editing"
    Then the message "The order “ORD-2406” was changed successfully. You may edit it again below." should appear
    And the Order lines table should list "Linen throw" 2, "Wool rug" 3 and "Chef knife" 1
    When I tick "Delete?" in the "Chef knife" line and click "Save"
    Then the message "The order “ORD-2406” was changed successfully." should appear
    And the "ORD-2406" row should show the status "Shipped"
