Feature: People overview and workspace settings
  Scenario: Check a person's tasks and change the workspace settings
    Given I open "/people"
    Then I should see "Lena Fischer (3 tasks)"
    And I should see "John Smith (2 tasks)"
    When I expand "John Smith (2 tasks)"
    Then I should see "Write release notes - due 2025-06-25" with its checkbox unticked
    And I should see "Export to CSV - due 2025-07-02" with its checkbox ticked
    And "Crash on startup" should not be listed under John Smith
    When I click the "Settings" link in the header
    Then the "General" tab should be selected and the "Workspace name" field should contain "Acme team"
    When I change the "Workspace name" field to "Acme QA team"
    And I choose "Deutsch" in the "Language" dropdown
    And I pick "Dark" in the theme toggle
    And I click "Save settings"
    Then I should see the notification "Settings saved"
    When I open the "Notifications" tab
    Then "Email me when a task is assigned to me" should be switched on and "Daily digest" should be switched off
