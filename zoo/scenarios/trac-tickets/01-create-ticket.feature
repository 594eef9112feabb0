Feature: Trac — creating a ticket

  Scenario: Log in and file a new defect assigned to a developer
    Given I open "/"
    When I click the "Login" link at the top right of the page
    And I sign in with username "alice" and password "zoo-trac-pw"
    Then I should see "logged in as Alice Moreau" at the top of the page
    When I click "New Ticket" in the navigation bar
    And I type "Coupon field accepts expired coupons" as the Summary and "An expired coupon still lowers the cart total at checkout." as the Description
    And I set Priority to "critical", Component to "Checkout" and Milestone to "Release 2.4"
    And under Action I choose "assign to" and pick "Carol Lindqvist" from the list next to it
    And I click "Create ticket"
    Then I should see the ticket "Coupon field accepts expired coupons" marked as "assigned defect"
    And the ticket should show Owned by "Carol Lindqvist", Priority "critical", Component "Checkout" and Milestone "Release 2.4"
    And the description should read "An expired coupon still lowers the cart total at checkout."
