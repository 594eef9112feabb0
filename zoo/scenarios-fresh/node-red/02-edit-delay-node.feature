Feature: Node-RED — editing a node in the Orders flow and deploying

  Scenario: Change the batch delay from 5 to 10 seconds and deploy despite the configuration warning
    Given I open "/"
    Then the "Orders" tab should be open with the nodes "POST /orders", "Validate order", "Priority?", "Flag express", "Batch 5s", "Daily report" and "Report log" and the comment "Orders arrive from the shop front"
    When I double-click the "Batch 5s" node
    Then the "Edit delay node" panel should show the Action "Delay each message" with "Fixed delay" and For "5" "Seconds"
    When I change For to "10", replace the Name with "Batch 10s" and click "Done"
    Then the node on the canvas should now read "Batch 10s"
    And the "Deploy" button in the header should be active
    When I click "Deploy"
    Then a warning should say that the workspace contains some nodes that are not properly configured, listing "[Orders] Batch 10s (delay)"
    When I click "Confirm deploy"
    Then a notification "Successfully deployed" should appear and the "Deploy" button should be greyed out again
    When I reload the page and double-click the "Batch 10s" node
    Then the For field should show "10" with "Seconds"
