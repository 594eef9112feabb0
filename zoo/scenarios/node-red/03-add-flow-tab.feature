Feature: Node-RED — flows

  Scenario: Add a new flow tab and rename it
    Given I open "/"
    When I click the "+" button at the right of the flow tabs
    Then a new tab named "Flow 1" should appear and be selected
    And the canvas should be empty
    When I double-click the "Flow 1" tab
    Then an edit panel for the flow should open
    When I replace the "Name" with "QA Night Flow"
    And I click "Done"
    Then a tab named "QA Night Flow" should be shown above the canvas
    And the "Flows" list in the info sidebar should include "QA Night Flow"
