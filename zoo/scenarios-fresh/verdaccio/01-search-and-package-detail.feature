Feature: Verdaccio — package search and package details

  Scenario: Find the retry helper through the search box and read its details
    Given I open "/"
    Then the package list should show 6 packages, from "@acme/date-utils" at the top to "tiny-logger" at the bottom
    And the "http-retry" entry should show the author "Omar Haddad", the version "v0.9.0" and the license "MIT"
    When I type "retry" in the "Search Packages" box at the top
    Then the suggestions should list only "http-retry" with "Retries failed HTTP requests with backoff" and the version "0.9.0"
    When I pick "http-retry" from the suggestions
    Then the package page should show "Latest v0.9.0" under the description "Retries failed HTTP requests with backoff", and the install command "npm install http-retry@0.9.0"
    And the Keywords should be "http" and "retry" and the Author "Omar Haddad"
    When I click the "DEPENDENCIES" tab
    Then it should say "http-retry has no dependencies."
    When I click the "UPLINKS" tab
    Then it should say "http-retry has no uplinks."
    When I click the Verdaccio logo in the top left corner
    Then the list of all 6 packages should be shown again, including "left-pad-plus" by "Aiko Tanaka"
