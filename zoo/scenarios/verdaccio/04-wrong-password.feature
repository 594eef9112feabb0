Feature: Verdaccio — signing in

  Scenario: A wrong password is refused and the correct one then works
    Given I open "/"
    When I click "LOGIN" in the header
    And I type "zoo" into the Username field
    And I type "not-the-password" into the Password field
    And I click the "LOGIN" button of the dialog
    Then the dialog should stay open with the error "Unable to sign in"
    When I replace the password with "zoo-npm-pw"
    And I click the "LOGIN" button of the dialog again
    Then the login dialog should close
    And the header should show an account icon instead of the "LOGIN" button
