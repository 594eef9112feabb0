Feature: Trac — ticket workflow

  Scenario: A developer accepts one of his tickets and raises its priority
    Given I open "/login"
    When I log in with the username "bob" and the password "zoo-bob-pw"
    And I go to "View Tickets" and open the "My Tickets" report
    Then the "Owned" section should list "Redesign the admin dashboard"
    When I open the ticket "Redesign the admin dashboard"
    And I expand "Modify Ticket" and change the Priority to "critical"
    And I select the "accept" action and write "Starting with wireframes for the new dashboard." in the comment box
    And I click "Submit changes"
    Then the ticket should be marked "accepted task" with Priority "critical"
    And the change history should end with the comment "Starting with wireframes for the new dashboard." by Bob Okafor
    When I go back to the "My Tickets" report
    Then "Redesign the admin dashboard" should be listed under "Accepted", which now shows 3 matches
