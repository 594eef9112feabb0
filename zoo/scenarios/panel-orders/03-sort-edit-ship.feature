Feature: Order desk — working in the orders table

  Scenario: Sort a customer's orders, correct a quantity and ship two of them
    Given I open "/app"
    When I type "Riverside" into the Search box
    And I click the "Qty" column header
    Then the first row should be ORD-1007 with a quantity of 2
    When I click the "Qty" column header once more
    Then ORD-1005 with a quantity of 48 should now be at the top
    When I click the quantity of ORD-1010, change it from 4 to 14 and press Enter
    Then a message "Order ORD-1010 updated: quantity is now 14" should appear
    When I tick the boxes in front of ORD-1007 and ORD-1018 and press "Mark as shipped"
    Then I should see "2 order(s) marked as shipped: ORD-1007, ORD-1018" and both rows should show the status Shipped
    When I open the "Summary" tab
    Then the "Orders by customer" table should give Riverside Hotel 5 orders and 80 items
