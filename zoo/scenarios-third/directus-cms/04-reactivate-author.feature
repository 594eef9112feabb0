Feature: Authors

  Scenario: The admin marks the freelance author Rafael Souza as writing for the magazine again
    Given I open "/admin/login"
    When I fill in "Email" with "admin@example.com"
    And I fill in "Password" with "zoo-dir-pw"
    And I click "Sign In"
    And I click "Authors" in the navigation
    Then I should see "5 Items"
    And I should see "rafael.souza@example.com"
    When I click "Rafael Souza"
    Then the "Country" field should show "Brazil"
    And the "Writes for us" checkbox should not be ticked
    And the "Articles" list should include "Street food of Salvador"
    When I tick "Writes for us"
    And I click "Save"
    Then I should see "Item Updated"
    When I click "Rafael Souza"
    Then the "Writes for us" checkbox should be ticked
