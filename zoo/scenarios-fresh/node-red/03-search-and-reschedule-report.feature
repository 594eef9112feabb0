Feature: Node-RED — finding nodes with the flow search and changing an inject schedule

  Scenario: Find the daily report and make it run on weekdays only
    Given I open "/"
    When I type "report" in the "Search flows" box at the top of the info sidebar
    Then the outline should show only the "Orders" flow with the two nodes "Daily report" and "Report log" under it
    When I click "Daily report" in the outline
    Then the info panel below the outline should show Node "o7" and Type "inject"
    When I double-click the "Daily report" node on the canvas
    Then the "Edit inject node" panel should show msg.payload set to "milliseconds since epoch" and Repeat "at a specific time" at "08:00"
    And all seven days from "Monday" to "Sunday" should be ticked
    When I untick "Saturday" and "Sunday" and click "Done"
    And I click "Deploy" and then "Confirm deploy" in the warning about nodes that are not properly configured
    Then a notification "Successfully deployed" should appear
    When I reload the page and double-click the "Daily report" node again
    Then Repeat should still be "at a specific time" at "08:00" with "Monday" to "Friday" ticked and "Saturday" and "Sunday" unticked
