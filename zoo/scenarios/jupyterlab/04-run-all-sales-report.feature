Feature: JupyterLab — notebooks

  Scenario: Restart the kernel and run the whole sales report
    Given I open "/lab/tree/sales-report.ipynb"
    Then the notebook should show the heading "Sales report 2025"
    And it should have a section "By region"
    When I open the "Kernel" menu
    And I choose "Restart Kernel and Run All Cells…"
    Then a dialog should ask whether to restart the kernel
    When I confirm with the "Restart" button
    Then the first code cell should print "24 rows"
    And the next cell should print "mean units 69.70833333333333"
    And the last cell should print the totals "{'North': 181587.0, 'South': 178615.5}"
