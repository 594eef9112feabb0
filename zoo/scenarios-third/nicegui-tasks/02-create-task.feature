Feature: Creating a task
  Scenario: Create a new task from the New task dialog
    Given I open "/"
    When I click the "New task" button
    Then a dialog titled "New task" should open
    When I type "Write API docs" into the "Title" field
    And I choose "Lena Fischer" in the "Assignee" dropdown
    And I choose "Billing" in the "Project" dropdown
    And I select the "High" priority option
    And I enter "2025-08-01" in the "Due date" field
    And I set "Estimate (days)" to "3"
    And I click "Create"
    Then I should see the notification "Created task Write API docs"
    And I should see "15 tasks, 3 done"
    When I type "API docs" into the "Search tasks" field
    Then the table should show exactly one row, "Write API docs", with assignee "Lena Fischer", project "Billing", priority "High", status "Open" and due "2025-08-01"
