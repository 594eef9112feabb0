Feature: OctoPrint — managing files and folders

  Scenario: Create a folder and delete a file after confirming
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    And I click "Create folder..." below the file list
    Then a "Create Folder" dialog should ask for the Folder name
    When I type "prototypes" as the folder name and click "Create"
    Then a "prototypes" folder should appear in the Files panel next to "calibration", "functional" and "gifts"
    When I open the "gifts" folder
    Then it should contain "name_plate_emma.gcode", "snowflake_ornament.gcode" and "star_keychain.gcode"
    When I click the trash can icon (Remove) on the "snowflake_ornament.gcode" row
    Then a dialog "Are you sure?" should say "You are about to delete "snowflake_ornament.gcode" forever."
    When I click "Proceed"
    Then the gifts folder should list only "name_plate_emma.gcode" and "star_keychain.gcode"
