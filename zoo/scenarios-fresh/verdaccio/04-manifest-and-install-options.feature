Feature: Verdaccio — raw manifest and installation options

  Scenario: Read the raw manifest of left-pad-plus and change how the install commands are written
    Given I open "/-/web/detail/left-pad-plus"
    Then the Installation section should show "npm install left-pad-plus@3.2.0", "yarn add left-pad-plus@3.2.0" and "pnpm install left-pad-plus@3.2.0"
    When I click the "View manifest" button (the round RAW button under the description)
    Then a dialog titled "Manifest of left-pad-plus" should open
    And its "dist-tags" entry should show "latest" set to "3.2.0"
    When I expand the "author" entry inside "latest"
    Then it should show the name "Aiko Tanaka"
    When I expand the "keywords" entry
    Then it should list "pad" and "string"
    When I close the manifest dialog with the X in its top right corner
    And I click the gear icon next to "Installation" and choose "latest version"
    Then the commands should read "npm install left-pad-plus" and "pnpm install left-pad-plus", without a version
    When I open the gear menu again and choose "global package"
    Then the npm command should read "npm install -g left-pad-plus" and the pnpm command "pnpm install -g left-pad-plus"
