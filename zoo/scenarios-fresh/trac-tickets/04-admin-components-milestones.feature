Feature: Trac — administration of components and milestones

  Scenario: Add a Shipping component with a description, add and remove a hotfix milestone, and see the new component offered on New Ticket
    Given I open "/login"
    When I sign in with username "alice" and password "zoo-trac-pw"
    And I click "Admin" in the main menu and then "Components" under Ticket System
    Then the page should show "Manage Components (6)" with "Checkout" owned by "bob"
    When I type "Shipping" as the Name, choose "dave" as the Owner and click "Add"
    Then the list should show "Manage Components (7)" with a "Shipping" row owned by "dave"
    When I click "Shipping" in the list, type "Shipping rates, carriers and delivery tracking" as the Description and click "Submit changes"
    Then I should see the message "Your changes have been saved."
    When I click "Milestones" in the admin menu, type "Hotfix 2.4.1" as the Name and click "Add"
    Then the list should show "Manage Milestones (4)" and the "Hotfix 2.4.1" row should show 0 tickets
    When I tick the checkbox in the "Hotfix 2.4.1" row and click "Remove selected items"
    Then the list should show "Manage Milestones (3)" and "Hotfix 2.4.1" should no longer be listed
    When I click "New Ticket" in the main menu
    Then the Component list should offer "Shipping" after "Search", and the Milestone list only "Release 2.4" and "Release 3.0"
