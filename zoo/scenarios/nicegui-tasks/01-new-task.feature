Feature: Team tasks — creating a task

  Scenario: Create a task through the New task dialog
    Given I open "/"
    When I click the "New task" button
    Then a "New task" dialog should appear
    When I type "Prepare sprint demo" in the Title field
    And I select "Aiko Tanaka" as the Assignee
    And in the project dropdown just below the Assignee I select "Billing"
    And I pick the "High" priority option
    And I enter "2025-08-15" in the Due date field and set the Estimate to 3
    And I tick "Notify assignee by email" and press "Create"
    Then a notification "Created task Prepare sprint demo (assignee notified)" should be shown
    When I type "sprint" into "Search tasks"
    Then the table should show a single task "Prepare sprint demo" for Aiko Tanaka in Billing, priority High, status Open, due 2025-08-15, estimate 3
