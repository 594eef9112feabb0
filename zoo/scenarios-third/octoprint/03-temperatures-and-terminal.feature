Feature: Temperature control and terminal
  Scenario: Set target temperatures and send a command in the terminal
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    Then the "Temperature" tab shows a "Tool" row and a "Bed" row
    When I type "200" into the Tool target field and click its Set button
    Then the graph legend shows "Target T: 200.0°C"
    When I open the preset dropdown next to the Bed Set button and choose "Set PETG (85°C)"
    Then the graph legend shows "Target Bed: 85.0°C"
    When I open the "Terminal" tab
    And I type "M115" into the command field and click "Send"
    Then the terminal output shows "Send: M115"
    And the terminal output contains "FIRMWARE_NAME"
    When I go back to the "Temperature" tab
    And I open the preset dropdown next to the Tool Set button and choose "Set PLA (210°C)"
    And I open the preset dropdown next to the Bed Set button and choose "Set PLA (60°C)"
    Then the graph legend shows "Target T: 210.0°C" and "Target Bed: 60.0°C"
    And after the printer heats up for a few seconds, the Tool row's Actual temperature is above 200°C
