Feature: JupyterLab — viewing files

  Scenario: Look at the sales data and open the meeting notes
    Given I open "/lab/tree/data/sales.csv"
    Then a "sales.csv" tab should show a table with the columns "month", "region", "product", "units" and "revenue"
    And one row should hold "2025-02", "North", "Oak table", "118" and "49560.00"
    And the file browser should be inside the "data" folder, listing "sales.csv"
    When I click the folder icon at the start of the breadcrumb to go back to the top folder
    And I double-click the "notes" folder
    Then "meeting.md" should be listed
    When I double-click "meeting.md"
    Then a "meeting.md" tab should open showing "# Sales sync 2025-06-02"
    And the text should include "North region is ahead of plan"
