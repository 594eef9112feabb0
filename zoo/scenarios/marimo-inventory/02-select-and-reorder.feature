Feature: Warehouse inventory — reordering

  Scenario: Select two items and place a reorder with Casa Verde
    Given I open "/"
    When I tick the row of "WH-300" (Pallet wrap) in the Stock table
    And I tick the row of "WH-302" (Box medium)
    Then the text under the table should read "Selected: 2 items, stock value 17302.41 EUR"
    When I switch to the "Reorder" tab
    Then I should see the form "Reorder the selected items" with "Quantity per item" set to 50
    When I pick "Casa Verde" as the Supplier
    And I write "Please deliver to gate 3" in the Note
    And I press "Place order"
    Then a success message starting with "Order placed:" should appear
    And the message should mention "Casa Verde", a quantity of 50 and "Please deliver to gate 3"
