@ios
Feature: Resetting a forgotten password on iOS

  Scenario: A reset link is sent
    Given I should see "Forgot password?"
    When I click "Forgot password?"
    And I type "ada@example.com" into the Email address field
    And I click "Send reset link"
    Then I should see "Check your inbox for the reset link"

  Scenario: The back button leads back to sign in
    When I click "Forgot password?"
    And I click the back button
    Then I should see "Sign in to your notes"
