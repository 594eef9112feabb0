Feature: TiddlyWiki — search and story river

  Scenario: Search for a recipe, open it and close another tiddler
    Given I open "/"
    Then the tiddlers "Welcome", "Onboarding checklist" and "Meeting 2025-05-12" should be open
    When I type "lemon" into the search box in the sidebar
    Then the search results should include "Lemon cake"
    When I click the "Lemon cake" result
    Then the "Lemon cake" tiddler should be displayed with the tag "Recipe"
    And it should read "250 g butter, 250 g sugar, 4 eggs, 250 g flour, 2 lemons"
    When I close the "Welcome" tiddler with its close (×) button
    Then the "Welcome" tiddler should no longer be in the story
    And the "Open" tab in the sidebar should no longer list "Welcome"
