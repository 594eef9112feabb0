Feature: Editing an article

  Scenario: The admin publishes the Baltic tides article and corrects its word count
    Given I open "/admin/login"
    When I fill in "Email" with "admin@example.com"
    And I fill in "Password" with "zoo-dir-pw"
    And I click "Sign In"
    And I click "Articles" in the navigation
    And I click "Why tides are late in the Baltic" in the articles table
    Then the "Status" field should show "In review"
    And the "Category" field should show "Science"
    When I choose "Published" in the "Status" dropdown
    And I replace the "Word Count" with "1020"
    And I click "Save"
    Then I should see "Item Updated"
    And the row "Why tides are late in the Baltic" should show status "Published"
    When I click "Why tides are late in the Baltic" in the articles table
    Then the "Word Count" field should contain "1020"
    And the "Status" field should show "Published"
