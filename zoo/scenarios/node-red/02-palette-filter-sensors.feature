Feature: Node-RED — palette and flow tabs

  Scenario: Filter the node palette and browse the Sensors flow
    Given I open "/"
    When I type "delay" into the "filter nodes" box of the palette on the left
    Then the palette should show a "delay" node
    And the palette should not show the "inject" node
    When I clear the "filter nodes" box
    Then the palette should show the "inject" node again
    When I click the "Sensors" tab above the canvas
    Then I should see nodes labelled "Every minute", "To Fahrenheit" and "Temperature"
    And I should see a node labelled "Humidity test"
    And the node "Validate order" should not be visible
