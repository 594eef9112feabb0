Feature: Order desk — taking a new order

  Scenario: Enter a high-priority order for an existing customer
    Given I open "/app"
    When I switch to the "New order" tab
    And I type "maple" into the Customer field and choose "Maple Street Deli" from the suggestions
    And I select "Cold brew kit" as the Product
    And I move the Quantity slider to 12
    And I open the Order date picker and choose 14 November 2025
    And I click "High" under Priority, write "Leave at the side entrance" in Notes and tick the box in front of "Email the customer a confirmation"
    And I press "Add order"
    Then I should see "Order ORD-1031 created for Maple Street Deli (confirmation email queued)"
    When I go back to the "Orders" tab and type "Maple" into the Search box in the sidebar
    Then exactly two orders should be listed: ORD-1026 and ORD-1031
    And the ORD-1031 row should show Cold brew kit, quantity 12, status Pending, order date 2025-11-14 and priority High
