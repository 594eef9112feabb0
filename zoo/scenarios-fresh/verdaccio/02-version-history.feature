Feature: Verdaccio — versions and dist-tags

  Scenario: Check the dist-tags of @acme/ui-kit and filter its version history by semver range
    Given I open "/"
    When I click the package name "@acme/ui-kit" in the list
    Then the panel on the right should show "Latest v1.1.0" and the install command "npm install @acme/ui-kit@1.1.0"
    When I open the "VERSIONS" tab
    Then "Current Tags (2)" should list "beta" at "2.0.0-beta.1" and "latest" at "1.1.0"
    And "Version History (3)" should list "2.0.0-beta.1", "1.1.0" and "1.0.0"
    When I type "^1.0.0" in the semver range search box under Version History
    Then the heading should read "Version History (2)" and only "1.1.0" and "1.0.0" should be listed
    When I replace the range with "9.9.9"
    Then the heading should read "Version History (0)" and no version should be listed
    When I replace the range with ">1.0.0"
    Then only "2.0.0-beta.1" and "1.1.0" should be listed
    When I click the version "2.0.0-beta.1"
    Then the panel on the right should show "v2.0.0-beta.1" and the install command "npm install @acme/ui-kit@2.0.0-beta.1"
