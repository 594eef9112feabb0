Feature: Verdaccio — signing in

  Scenario: Log in as zoo and log out again
    Given I open "/"
    Then I should see the package "tiny-logger" in the list
    When I click the "LOGIN" button in the top bar
    Then a "Login" dialog should open with "Username" and "Password" fields
    When I enter "zoo" as the username
    And I enter "zoo-npm-pw" as the password
    And I press the "LOGIN" button in the dialog
    Then the "LOGIN" button should no longer be shown in the top bar
    When I click the account icon at the right of the top bar
    Then a menu should show "Hi" with the user name "zoo" and a "Logout" entry
    When I choose "Logout"
    Then the "LOGIN" button should be back in the top bar
