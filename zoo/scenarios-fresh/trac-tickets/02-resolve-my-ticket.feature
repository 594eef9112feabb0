Feature: Trac — ticket workflow from the My Tickets report

  Scenario: A developer finds his reopened ticket in My Tickets and resolves it as fixed with a comment
    Given I open "/login"
    When I sign in with username "bob" and password "zoo-bob-pw"
    And I click "View Tickets" in the main menu and open the report "{7} My Tickets"
    Then the report should show "(8 matches)" with the groups "Accepted (2 matches)", "Owned (3 matches)" and "Reported (3 matches)"
    When I click the ticket "Shipping address form rejects long street names" in the Owned group
    Then the ticket "#17" should show the status "reopened", "Owned by: Bob Okafor" and "Change History (4)"
    When I expand the "Modify Ticket" section and choose the action "resolve" as "fixed"
    And I type "Long street names are now accepted up to 120 characters." in the Add Comment box
    And I click "Submit changes"
    Then the ticket heading should read "#17 closed defect (fixed)"
    And the change history should show "Change History (5)" with a last comment by "Bob Okafor" saying "Long street names are now accepted up to 120 characters." and "Status: reopened → closed"
    When I go back to "View Tickets" and open "{7} My Tickets" again
    Then the report should show "(7 matches)" and the Owned group should list only "#22" and "#19"
