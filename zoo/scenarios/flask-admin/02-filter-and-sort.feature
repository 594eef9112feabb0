Feature: Flask-Admin helpdesk — list filters

  Scenario: Filter tickets by status, sort by priority and search
    Given I open "/admin/ticket/"
    When I open the "Add Filter" menu and choose "Status"
    And I leave the operator as "equals" and choose "pending" as the value
    And I click "Apply"
    Then the tab should read "List (8)"
    And every ticket in the table should have the status "pending"
    When I click the "Priority" column header
    Then the tickets should be ordered by priority, with "Low" ones first and "Duplicate charge" (Critical) last
    When I type "again" in the search box and press Enter
    Then the tab should read "List (4)"
    And "Slow dashboard (again)" should be among the results while "Duplicate charge" is not
