Feature: doccano — creating a project

  Scenario: Create a sequence-to-sequence project for recipe translations
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    And I click "Create" above the projects table
    And I choose the "Sequence to sequence" project type
    And I type "Recipe Translation" as the Project name and "Translate recipe steps from German to English." as the Description
    And I add the tag "recipes"
    And I tick "Randomize document order" and click "Create"
    Then the new project "Recipe Translation" should open on its home page with "Welcome to Doccano!"
    When I click "Settings" in the left menu
    Then the Project name should be "Recipe Translation" and the Description "Translate recipe steps from German to English."
    And the tag "recipes" should be shown and "Randomize document order" should be ticked
    When I click "Projects" at the top right
    Then the projects list should show "1-4 of 4"
    And the "Recipe Translation" row should show the type "Seq2seq", the author "admin" and the tag "recipes"
