Feature: TiddlyWiki — creating tiddlers

  Scenario: Create a tagged tiddler with the new tiddler button
    Given I open "/"
    Then the sidebar should show the wiki title "Team Handbook"
    When I click the "+" (new tiddler) button in the sidebar
    Then an editor should open at the top of the story, labelled "Draft of 'New Tiddler'"
    When I replace the title with "QA Packing list"
    And I type "Bring the projector and two HDMI cables" into the text area
    And I type "Todo" into the "tag name" box and click its "add" button
    And I click the check mark button to confirm the changes
    Then a tiddler titled "QA Packing list" should be shown with the text "Bring the projector and two HDMI cables"
    And it should carry the tag "Todo"
    And the "Open" tab of the sidebar should list "QA Packing list"
