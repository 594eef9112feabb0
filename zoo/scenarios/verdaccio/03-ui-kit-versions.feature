Feature: Verdaccio — package versions

  Scenario: Inspect the tags and versions of @acme/ui-kit
    Given I open "/"
    When I click the package name "@acme/ui-kit" in the list
    Then the README tab should show "Buttons, inputs and dialogs for Acme apps"
    When I switch to the "VERSIONS" tab
    Then I should see "Current Tags (2)"
    And the tag "latest" should point to "1.1.0"
    And the tag "beta" should point to "2.0.0-beta.1"
    And "Version History (3)" should list 2.0.0-beta.1, 1.1.0 and 1.0.0
    When I switch to the "DEPENDENCIES" tab
    Then I should see the text "@acme/ui-kit has no dependencies."
