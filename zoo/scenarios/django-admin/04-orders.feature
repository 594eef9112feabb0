Feature: Django admin — orders

  Scenario: Ship an order with a bulk action and delete another order
    Given I open "/admin/login/"
    When I log in with "admin" / "zoo-admin-pw"
    And I open "Orders" under Shop
    Then I should see "12 orders"
    When I tick the checkbox for order "ORD-2409"
    And I choose "Mark selected orders as shipped" in the Action dropdown and click "Go"
    Then order "ORD-2409" should have the status "Shipped"
    When I tick the checkbox for order "ORD-2412"
    And I choose "Delete selected orders" from the Action dropdown and click "Go"
    And I confirm with "Yes, I’m sure"
    Then I should see a message that 1 order was deleted
    And "ORD-2412" should no longer be in the orders list, which now says "11 orders"
