Feature: Creating an article

  Scenario: The admin writes up a new featured travel article
    Given I open "/admin/login"
    When I sign in with username "admin@example.com" and password "zoo-dir-pw"
    Then I should see "18 Items"
    When I click the "Create Item" button
    And I fill in "Title" with "Night markets of Taipei"
    And I choose "Published" in the "Status" dropdown
    And I click the "Author" field and pick "Lukas Becker" in the list that opens, then confirm with the check button
    And I click the "Category" field and pick "Travel" in the list that opens, then confirm with the check button
    And I click the "food" tag under the Tags field
    And I fill in "Word Count" with "1500"
    And I tick "Show on the front page"
    And I click "Save"
    Then I should see "Item Created"
    And I should see "19 Items"
    And I should see "Night markets of Taipei" in the table
