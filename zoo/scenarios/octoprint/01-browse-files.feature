Feature: OctoPrint — browsing and searching uploaded files

  Scenario: Sign in, walk through the file folders and load a file found by search
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    Then the page title bar should show "Workshop MK3S" and the State panel should say "Operational"
    And the Files panel should list the folders "calibration", "functional" and "gifts" and the files "bed_level_test.gcode", "desk_organizer.gcode" and "test_cube_20mm.gcode"
    When I click the "functional" folder in the Files panel
    Then I should see "Currently in functional" with a "kitchen" folder and the files "cable_clip.gcode", "phone_stand.gcode", "spool_holder_bracket.gcode" and "wall_hook.gcode"
    When I open the "kitchen" folder
    Then only "bag_clip.gcode" and "spice_rack_peg.gcode" should be listed
    When I click "Back" twice to return to the top of the file list
    And I type "cube" in the Files search box
    Then the list should show only the "calibration" folder and "test_cube_20mm.gcode"
    When I open the "calibration" folder and click the name "xyz_cube.gcode" to load it
    Then the State panel should show File "xyz_cube.gcode" and State "Operational"
