Feature: OctoPrint — settings: printer profiles and user accounts

  Scenario: Review the printer profiles and add a new user
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    And I click the wrench icon (Settings) in the top bar
    And I choose "Printer Profiles" in the settings menu on the left
    Then the profiles table should list "Creality Ender-3 V2", "Prusa i3 MK3S+" and "Voron 2.4 (350)" with the models "Ender-3 V2", "Original Prusa i3 MK3S+" and "Voron 2.4 R2"
    When I choose "Access Control" in the settings menu
    Then the Users list should show "admin" in the group "Admins" and "bob" in the group "Operator"
    When I click "Add user..."
    And I type "carol" as the Username and "zoo-carol-pw" as the Password and again as the Repeat Password, and confirm
    Then the Users list should show three users: "admin", "bob" and "carol"
    And "carol" should be in the group "Operator"
