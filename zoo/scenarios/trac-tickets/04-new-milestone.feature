Feature: Trac — milestones and the roadmap

  Scenario: Add a milestone with a due date and move a ticket into it
    Given I open "/login"
    When I log in as "alice" using the password "zoo-trac-pw"
    And I click "Admin" in the main menu and then "Milestones" under Ticket System
    Then I should see "Manage Milestones" with 3 milestones listed
    When I type "Release 2.5" into the Name field
    And I click the Due field, pick 15 February 2027 in the calendar that opens, click "Done" and then "Add"
    Then the milestone list should contain "Release 2.5" due "Feb 15, 2027"
    When I open "/ticket/29"
    And in the "Modify Ticket" section I set the Milestone to "Release 2.5" and submit the changes
    Then the ticket "Wishlist for signed-in customers" should show Milestone "Release 2.5"
    When I click "Roadmap" in the main menu
    Then I should see "Milestone: Release 2.5" with "Total number of tickets: 1"
