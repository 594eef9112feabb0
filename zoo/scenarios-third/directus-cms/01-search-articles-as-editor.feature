Feature: Searching articles as the section editor

  Scenario: The editor finds the ferry articles with the search box and opens one
    Given I open "/admin/login"
    When I fill in "Email" with "editor@example.com"
    And I fill in "Password" with "zoo-editor-pw"
    And I click "Sign In"
    Then I should see the "Articles" collection with "18 Items"
    And I should see "Heat islands and the shade map" in the table
    When I click the search icon and type "ferr" into the search box
    Then I should see "2 Items"
    And I should see "Ferries of the Norwegian coast"
    And I should see "The last ferry to Hiddensee"
    And I should not see "A night train to Split"
    When I click "The last ferry to Hiddensee"
    Then the "Status" field should show "Draft"
    And the "Author" field should show "Lukas Becker"
    And the "Word Count" field should contain "720"
