Feature: Verdaccio — configuration dialog and interface language

  Scenario: Look at the npm registry setup, switch the interface to German and back to English
    Given I open "/-/web/detail/@acme/date-utils"
    When I click the gear icon in the top bar
    Then a "Configuration" dialog should open on the "PACKAGE MANAGERS" tab with the sections "npm", "yarn" and "pnpm"
    When I expand the "npm" section
    Then it should show a command starting with "npm set registry http://127.0.0.1:" and one starting with "npm adduser --registry"
    When I open the "TRANSLATIONS" tab and pick "German"
    Then the dialog title should change to "Konfiguration" and its close button to "SCHLIESSEN"
    When I click "SCHLIESSEN"
    Then the tabs of the package page should read "README", "ABHÄNGIGKEITEN", "VERSIONEN" and "UPLINKS" and the top bar button "EINLOGGEN"
    When I open the "VERSIONEN" tab
    Then it should show "Aktuelle Tags (1)" with "latest" at "0.4.2", and "Versionsgeschichte (1)" with "0.4.2"
    When I click the gear icon again, open the "ÜBERSETZUNGEN" tab and pick "Englisch"
    And I close the dialog
    Then the tabs should read "DEPENDENCIES" and "VERSIONS" again and the top bar button "LOGIN"
