Feature: Archiving and deleting draft articles

  Scenario: The admin archives one draft and deletes another
    Given I open "/admin/login"
    When I sign in with username "admin@example.com" and password "zoo-dir-pw"
    And I click "Articles" in the navigation
    Then I should see "19 Items"
    When I click "Fermenting at home, safely" in the articles table
    And I click the "Archive" button at the top
    Then I should see a dialog asking "Are you sure you want to archive this item?"
    When I click "Archive" in the dialog
    Then I should see "18 Items"
    And I should not see "Fermenting at home, safely"
    When I click "Measuring rain with a phone" in the articles table
    And I click the "Delete" button at the top
    Then I should see "This action is permanent and can not be undone"
    When I click "Delete" in the dialog
    Then I should see "17 Items"
    And I should not see "Measuring rain with a phone"
