Feature: JupyterLab — notebooks

  Scenario: Run code cells in the scratch notebook
    Given I open "/lab/tree/scratch.ipynb"
    Then a "scratch.ipynb" tab should be active with one code cell containing "1 + 1"
    And I wait until the status bar says "Python 3 (ipykernel) | Idle"
    When I click into the "1 + 1" cell
    And I press Shift+Enter
    Then the cell should show the output "2"
    And a new empty cell should be added below it
    When I type "print(6 * 7)" in the new cell
    And I press Shift+Enter
    Then "42" should be printed below that cell
