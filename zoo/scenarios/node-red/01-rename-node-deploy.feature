Feature: Node-RED — editing a node

  Scenario: Rename the order validation function and deploy the change
    Given I open "/"
    And I wait until the flow editor shows the "Orders" tab
    When I double-click the "Validate order" node on the canvas
    Then an edit panel titled "Edit function node" should open
    When I clear the "Name" field and type "Check order QA1"
    And I click the "Done" button
    Then the canvas should show a node labelled "Check order QA1"
    And no node labelled "Validate order" should be visible
    When I click the "Deploy" button
    Then a dialog should warn that some nodes are not properly configured, listing "Batch 5s"
    When I click "Confirm deploy"
    Then I should see the message "Successfully deployed"
