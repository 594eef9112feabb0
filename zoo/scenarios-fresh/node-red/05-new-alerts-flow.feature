Feature: Node-RED — adding a new flow tab

  Scenario: Create an Alerts flow with a comment node and deploy it
    Given I open "/"
    When I click the "+" button to the right of the flow tabs
    Then a new empty tab "Flow 1" should open after "Orders", "Sensors" and "Utilities"
    When I double-click the "Flow 1" tab, type "Alerts" as the Name and "Alarm handling for the greenhouse" as the Description and click "Done"
    Then the new tab should be labelled "Alerts"
    When I type "comment" in the "filter nodes" box above the palette
    Then the palette should show only the "comment" node
    When I drag the "comment" node from the palette onto the empty canvas
    And I double-click the new comment node, type "Alerts are sent by e-mail" as its Name and click "Done"
    And I click "Deploy" and then "Confirm deploy" in the warning about nodes that are not properly configured
    Then a notification "Successfully deployed" should appear
    And the Flows list in the info sidebar should show "Orders", "Sensors", "Utilities" and "Alerts"
    When I click "Alerts" in the Flows list
    Then the info panel should show the description "Alarm handling for the greenhouse"
