Feature: Managing files and folders
  Scenario: Create a folder, delete a file and move a file into the new folder
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    And I click "Create folder..." below the Files list
    Then a "Create Folder" dialog opens
    When I enter "prototypes" as the folder name and click "Create"
    Then the folder "prototypes" appears in the Files list
    When I open the "gifts" folder
    And I click the Remove (trash) button of "star_keychain.gcode"
    Then a confirmation dialog says "You are about to delete "star_keychain.gcode" forever."
    When I click "Proceed"
    Then "star_keychain.gcode" is no longer in the list, while "name_plate_emma.gcode" and "snowflake_ornament.gcode" are still listed
    When I click "Back"
    And I click the "Move or Rename" (scissors) button of "bed_level_test.gcode", choose the destination folder "/prototypes" and click "Move"
    Then "bed_level_test.gcode" is no longer listed at the top level
    When I open the "prototypes" folder
    Then I see "Currently in prototypes" and the file "bed_level_test.gcode"
