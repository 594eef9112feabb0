Feature: OctoPrint — temperatures and the terminal

  Scenario: Heat the tool and bed, then query the firmware from the terminal
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    And I go to the "Temperature" tab
    And I type 200 into the Target field of the Tool row and click its blue check-mark button
    Then the graph legend should show "Target T: 200.0°C"
    When I open the drop-down next to the Bed row's check-mark button
    Then it should offer "Off", "Set PLA (60°C)", "Set PETG (85°C)" and "Set ABS (100°C)"
    When I choose "Set PETG (85°C)"
    Then the graph legend should show "Target Bed: 85.0°C"
    When I switch to the "Terminal" tab, type "M115" into the command box and click "Send"
    Then the terminal output should show "Send: M115" followed by a reply containing "FIRMWARE_NAME:Virtual Marlin"
