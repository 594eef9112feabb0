Feature: Trac — wiki editing, page history and the timeline

  Scenario: Change the on-call backup for week 3, compare the two versions and find the edit on the timeline
    Given I open "/login"
    When I sign in with username "bob" and password "zoo-bob-pw"
    And I click "Wiki" in the main menu and follow the "On-call rotation" link on the start page
    Then the On-call rotation table should show week 3 with "Erin" as Primary and "Carol" as Backup
    When I click "Edit this page" and, in the page text, change the week 3 line "|| 3 || Erin || Carol ||" to "|| 3 || Erin || Dave ||"
    And I type "Carol is on leave in week 3" in the "Comment about this change" field and click "Submit changes"
    Then the table should show week 3 with "Erin" as Primary and "Dave" as Backup, and week 4 still "Carol" and "Dave"
    When I click "History" at the top of the page
    Then the history should list 2 versions: version 2 by "Bob Okafor" with the comment "Carol is on leave in week 3" and version 1 by "Alice Moreau" with "Team pages"
    When I click "View changes"
    Then the page should read "Changes between Version 1 and Version 2 of OnCallRotation", with the line "|| 3 || Erin || Carol ||" removed and "|| 3 || Erin || Dave ||" added
    When I open "Timeline" from the main menu, untick "Milestones completed", "Tickets opened and closed" and "Ticket updates", and click "Update"
    Then the first entry should be "OnCallRotation edited by Bob Okafor" with the comment "Carol is on leave in week 3"
    And the list should also show "OnCallRotation created by Alice Moreau", "CodingGuidelines created by Alice Moreau" and "ReleaseChecklist created by Alice Moreau", 4 entries in all
