Feature: Node-RED — Sensors flow and the Debug messages sidebar

  Scenario: Fire the greenhouse test injects and read their output in the debug sidebar
    Given I open "/"
    When I click the "Sensors" flow tab
    Then the canvas should show the nodes "Every minute", "To Fahrenheit", "Temperature", "Humidity test" and "Humidity", and the info sidebar should show the flow description "Greenhouse sensors"
    When I open the debug sidebar with the bug icon at the top of the right sidebar
    And I click the square button on the left end of the "Humidity test" node
    Then the debug sidebar should show a message from "node: Humidity" of type "msg.payload : number" with the value 64
    When I click the square button on the right end of the "Temperature" debug node to switch its output on
    Then a notification "Successfully activated: Temperature" should appear
    When I click the square button on the left end of the "Every minute" node
    Then a debug message from "node: Temperature" should show the value 70.7
    When I click the square button on the right end of the "Temperature" node again
    Then a notification "Successfully deactivated: Temperature" should appear
    When I click the "all" button with the trash can icon at the top of the debug sidebar
    Then the debug sidebar should no longer list any messages
