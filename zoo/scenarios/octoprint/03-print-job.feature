Feature: OctoPrint — running a print job on the virtual printer

  Scenario: Start, pause, resume and cancel a print
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    And I click the printer icon (Load and Print) on the "desk_organizer.gcode" row of the Files panel
    Then the State panel should show State "Printing" and File "desk_organizer.gcode"
    When I click "Pause" in the State panel
    Then the state should change to "Paused" and the Pause button should now read "Resume"
    When I click "Resume"
    Then the state should be "Printing" again
    When I click "Cancel"
    Then a confirmation dialog should say "This will cancel your print."
    When I click "Yes, cancel the print"
    Then the State panel should go back to "Operational"
