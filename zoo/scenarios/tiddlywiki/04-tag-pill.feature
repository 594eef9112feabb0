Feature: TiddlyWiki — tags

  Scenario: Browse the recipes through the Recipe tag
    Given I open "/"
    When I click the "Recipe" tag pill in the "Welcome" tiddler
    Then a dropdown should list "Lemon cake", "Pancakes" and "Tomato soup"
    When I choose "Pancakes" in that dropdown
    Then the "Pancakes" tiddler should open with the heading "Ingredients"
    And it should list "200 g flour" and "2 eggs"
    When I open the "Recent" tab in the sidebar
    Then I should see a list of recently changed tiddlers including "Pancakes"
    When I click "close all" on the "Open" tab of the sidebar
    Then no tiddlers should be shown in the story
