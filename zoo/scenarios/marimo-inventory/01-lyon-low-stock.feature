Feature: Warehouse inventory — filters

  Scenario: Find the Lyon items that are below their reorder level
    Given I open "/"
    Then I should see the heading "Warehouse inventory" and "30 items" above the table
    When I choose "Lyon" in the "Warehouse" dropdown
    Then the count above the table should read "10 items"
    When I turn on the "Only below reorder level" switch
    Then the count should read "4 items"
    And the table should list "Shelf bracket", "Padlock", "Hairnet" and "Wheel chock"
    And "Pallet wrap" should not be in the table
    When I turn the "Only below reorder level" switch off again
    Then the count should go back to "10 items"
