Feature: Verdaccio — about dialog, sign in and sign out

  Scenario: Read the about dialog, fail to sign in with a wrong password, then sign in and out
    Given I open "/"
    When I click the info icon (the "i" in the top bar)
    Then a dialog with the tabs "ABOUT" and "LICENSE" should say "Verdaccio is an open source lightweight private proxy Node.js registry"
    When I open the "LICENSE" tab
    Then it should show "MIT License" and "Copyright (c) 2022 Verdaccio contributors"
    When I click "CLOSE" and then "LOGIN" in the top bar
    And I type "zoo" as the Username and "not-the-password" as the Password and click the "LOGIN" button of the dialog
    Then the dialog should stay open and show "Unable to sign in"
    When I change the Password to "zoo-npm-pw" and click "LOGIN" again
    Then the dialog should close and an account icon should take the place of the "LOGIN" button
    When I click the account icon
    Then a menu should show "Hi zoo" and "Logout"
    When I click "Logout"
    Then the "LOGIN" button should be back in the top bar
