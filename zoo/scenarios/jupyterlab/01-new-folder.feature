Feature: JupyterLab — file browser

  Scenario: Create a folder in the top-level directory and open it
    Given I open "/lab"
    When I click the folder icon at the start of the breadcrumb above the file list to go to the top folder "/"
    Then the file list should show "data", "helpers", "notes", "sales-report.ipynb" and "scratch.ipynb"
    When I click the "New Folder" button in the file browser toolbar
    Then a new folder should appear with its name ready to edit
    When I type "qa-reports" as the name and press Enter
    Then a folder named "qa-reports" should be listed in the file browser
    When I double-click the "qa-reports" folder
    Then the breadcrumb should show "qa-reports"
    And the file list should be empty
