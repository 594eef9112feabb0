Feature: TiddlyWiki — editing

  Scenario: Add a line to the Office todo list
    Given I open "/#Office todo"
    Then I should see the tiddler "Office todo" listing "Order coffee beans"
    When I click the edit (pencil) button of the "Office todo" tiddler
    Then the tiddler should switch to an editor showing its text
    When I add a new line "* Water the office plants QA3" at the end of the text
    And I confirm the changes with the check mark button
    Then the "Office todo" tiddler should list "Water the office plants QA3"
    And it should still list "Book the summer party venue"
    And the editor should be closed
