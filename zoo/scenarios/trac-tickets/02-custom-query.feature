Feature: Trac — custom ticket query

  Scenario: Filter tickets by component, include closed ones and group them by milestone
    Given I open "/login"
    When I log in as "bob" with the password "zoo-bob-pw"
    And I click "View Tickets" in the main menu and then "New Custom Query"
    Then I should see the "Custom Query" page with an Owner filter set to "Bob Okafor"
    When I remove the Owner filter with the minus button in front of it
    And I add a "Component" filter from the "And" field list and choose "Payments" in it
    And I press "Update"
    Then the page should say "5 matches" and list "Apple Pay button missing on Safari"
    And "Card payment times out after 30 seconds" should not be in the results
    When I tick the "closed" status checkbox, choose "Milestone" under "Group results by" and press "Update"
    Then the page should say "6 matches" and show a "Milestone: Sprint 14" group containing "Card payment times out after 30 seconds"
    And the "Milestone: Release 2.4" group should have 4 matches
