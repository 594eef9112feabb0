Feature: Node-RED — enabling a disabled flow

  Scenario: Enable the Utilities flow, deploy it and run its Clear cache inject
    Given I open "/"
    Then the "Utilities" flow tab should be shown greyed out with a crossed-circle icon, and "Utilities" should be greyed out in the info sidebar's Flows list
    When I click the "Utilities" tab
    Then the canvas should show the greyed-out nodes "Clear cache" and "Cache log" joined by a dashed wire
    When I double-click the "Utilities" tab
    Then the "Edit flow: Utilities" panel should show the Name "Utilities", the description "Disabled helpers" and a "Disabled" toggle at the bottom
    When I click the "Disabled" toggle so that it reads "Enabled" and click "Done"
    And I click "Deploy" and then "Confirm deploy" in the warning about nodes that are not properly configured
    Then a notification "Successfully deployed" should appear
    And the "Utilities" tab and its entry in the Flows list should no longer be greyed out
    When I open the debug sidebar and click the square button on the left end of the "Clear cache" node
    Then a notification "Successfully injected: Clear cache" should appear
    And the debug sidebar should show a message from "node: Cache log" of type "msg.payload : number"
