Feature: Wagtail admin — moderation workflow

  Scenario: An editor submits a change for approval and the administrator approves it
    Given I open "/admin/login/"
    When I sign in with username "editor" and password "zoo-edit-pw"
    And I type "regatta" into the "Search all pages" box on the dashboard and press Enter
    And I click the result "Regatta entries open"
    And I replace the Intro with "Entries for the 42nd regatta close on 30 June."
    And I open the menu beside "Save draft" and choose "Submit to Moderators approval"
    Then I should see "Page 'Regatta entries open' has been submitted for moderation."
    And the listing should show "Regatta entries open" with the status "LIVE + IN MODERATION"
    When I open the "Eddie" account menu at the bottom of the sidebar and click "Log out"
    And I sign in with username "admin" and password "zoo-wag-pw"
    And in the "Awaiting your review" panel I open the actions menu (⋯) of "Regatta entries open" and click "Approve"
    Then the dashboard should no longer list "Regatta entries open" as awaiting review
