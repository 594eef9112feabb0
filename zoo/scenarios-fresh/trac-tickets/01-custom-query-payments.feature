Feature: Trac — custom ticket query

  Scenario: Build a custom query of the open Payments tickets, sort it, add the Owner column and include closed tickets
    Given I open "/login"
    When I sign in with username "alice" and password "zoo-trac-pw"
    And I click "View Tickets" in the main menu and then "New Custom Query"
    Then the heading should read "Custom Query" with "(4 matches)"
    When I remove the Owner filter with the "–" button at the start of its row
    And I choose "Component" in the "And" field list, pick "Payments" as its value and click "Update"
    Then the heading should show "(5 matches)"
    And the first row should be ticket "#10" "Switch to the new payment provider API" with priority "critical"
    When I click the "Summary" column header
    Then the first row should be "Apple Pay button missing on Safari" and the last row "Write the runbook for payment outages"
    When I open the "Columns" section, tick "Owner" and click "Update"
    Then every row should show "Dave Tanaka" in the Owner column
    When I also tick the "closed" status in the Status filter and click "Update"
    Then the heading should show "(6 matches)" and ticket "#3" "Card payment times out after 30 seconds" should be listed with status "closed" and priority "blocker"
