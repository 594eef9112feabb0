Feature: Verdaccio — package search

  Scenario: Find left-pad-plus through the search box and read its details
    Given I open "/"
    When I click into the "Search Packages" box
    And I type "left"
    Then a suggestion "left-pad-plus" with version "3.2.0" should drop down
    When I click the "left-pad-plus" suggestion
    Then I should be on the detail page of "left-pad-plus"
    And the README should show the heading "left-pad-plus" and an "Install" section
    And the side panel should say "Latest v3.2.0"
    And the installation command "npm install left-pad-plus@3.2.0" should be shown
    And the author should be "Aiko Tanaka"
    And the keywords "pad" and "string" should be listed
