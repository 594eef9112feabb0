Feature: Trac — new ticket and the roadmap

  Scenario: File a critical Checkout defect for Release 3.0 and see it counted on the milestone and the roadmap
    Given I open "/login"
    When I sign in with username "alice" and password "zoo-trac-pw"
    And I click "New Ticket" in the main menu
    And I type "Coupon field accepts expired coupons" as the Summary and "Expired coupons still reduce the cart total." as the Description
    And I choose "defect" as the Type, "critical" as the Priority, "Release 3.0" as the Milestone and "Checkout" as the Component, leaving the action on "create"
    And I click "Create ticket"
    Then the new ticket should read "#31 new defect" with the summary "Coupon field accepts expired coupons"
    And it should show "Reported by: Alice Moreau" and "Owned by: Bob Okafor", the default owner of Checkout
    When I click the "Release 3.0" milestone link on the ticket
    Then the milestone page should show "Total number of tickets: 6 - closed: 0 - active: 6"
    When I change "Ticket status by" to "Priority"
    Then the "critical" bar should show "0 / 2" and the "major" bar "0 / 2"
    When I click "Back to Roadmap", tick "Show completed milestones" and click "Update"
    Then the roadmap should list "Sprint 14" first with "100%" and "Total number of tickets: 7 - closed: 7 - active: 0"
