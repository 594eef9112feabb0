Feature: Node-RED — running flows

  Scenario: Trigger the humidity test and read the message in the debug sidebar
    Given I open "/"
    When I click the "Sensors" tab above the canvas
    Then I should see the nodes "Humidity test" and "Humidity" wired together
    When I open the debug sidebar with the bug icon at the top of the right-hand panel
    Then the right-hand panel should be titled "debug"
    When I click the square button on the left edge of the "Humidity test" node
    Then a notification "Successfully injected: Humidity test" should appear
    And the debug sidebar should show a message from "node: Humidity"
    And the message should read "msg.payload : number" with the value "64"
