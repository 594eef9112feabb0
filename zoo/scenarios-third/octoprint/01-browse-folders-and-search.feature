Feature: Browsing the G-code files and folders
  Scenario: Open nested folders in the Files panel and search the file list
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    Then the Files panel lists the folders "calibration", "functional" and "gifts"
    And the Files panel lists the files "test_cube_20mm.gcode" and "desk_organizer.gcode"
    When I click the "functional" folder in the Files panel
    Then I see "Currently in functional"
    And the list shows the folder "kitchen" and the file "cable_clip.gcode"
    When I click the "kitchen" folder
    Then I see "Currently in functional/kitchen"
    And the list shows "bag_clip.gcode" and "spice_rack_peg.gcode"
    When I click "Back" twice
    Then the Files panel lists the folder "calibration" again and no longer says "Currently in"
    When I type "cube" into the Files search box
    Then "test_cube_20mm.gcode" is shown in the list
    And "desk_organizer.gcode" is not shown in the list
