Feature: Team tasks — settings and people

  Scenario: Change workspace settings, notification toggles and browse a person's tasks
    Given I open "/settings"
    When I replace the Workspace name "Acme team" with "Rocket crew"
    And I choose "Deutsch" from the Language dropdown
    And I move the Default estimate slider to 5
    And I click the "Save settings" button
    Then I should see a "Settings saved" message
    When I switch to the "Notifications" tab
    Then "Email me when a task is assigned to me" should be switched on and "Daily digest" switched off
    When I switch on "Daily digest"
    And I click "People" in the header
    And I expand "John Smith (3 tasks)"
    Then I should see "Write release notes", "Crash on startup" and "Export to CSV" listed under him
