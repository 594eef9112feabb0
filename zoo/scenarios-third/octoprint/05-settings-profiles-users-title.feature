Feature: OctoPrint settings
  Scenario: Review printer profiles and users, then rename the instance
    Given I open "/"
    When I sign in with username "admin" and password "zoo-octo-pw"
    And I click the Settings (wrench) icon in the top bar
    Then the "OctoPrint Settings" dialog opens
    When I click "Printer Profiles" in the settings menu
    Then the profiles "Creality Ender-3 V2", "Prusa i3 MK3S+" and "Voron 2.4 (350)" are listed
    And "Prusa i3 MK3S+" has the model "Original Prusa i3 MK3S+"
    When I click "Access Control" in the settings menu
    Then the users table lists "admin" in the group "Admins" and "bob" in the group "Operator"
    When I click "Appearance" in the settings menu
    Then the "Title" field contains "Workshop MK3S"
    When I change the "Title" field to "Workshop Voron" and click "Save"
    Then the settings dialog closes
    And the top bar shows "Workshop Voron"
    When I reload the page
    Then the top bar still shows "Workshop Voron"
