Feature: Running a print job
  Scenario: Start, pause, resume and cancel a print of the desk organizer
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    And I click "desk_organizer.gcode" in the Files list to load it
    Then the State panel shows "File: desk_organizer.gcode"
    And the State panel shows "State: Operational"
    When I click "Print"
    Then the State panel shows "State: Printing"
    When I click "Pause"
    Then the State panel shows "State: Paused"
    And the Pause button now reads "Resume"
    When I click "Resume"
    Then the State panel shows "State: Printing"
    When I click "Cancel"
    Then a dialog asks for confirmation with the text "This will cancel your print."
    When I click "Yes, cancel the print"
    Then the State panel shows "State: Operational"
