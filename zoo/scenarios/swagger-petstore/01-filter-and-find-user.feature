Feature: Zoo Pet Store API — browsing the operations

  Scenario: Filter the operations by tag, look up a user and read the User schema
    Given I open "/"
    When I type "user" into the "Filter by tag or path" box
    Then the "user" group should still show the operation "Get a user by username"
    And the operations "List pets" and "Place an order for a pet" should no longer be shown
    When I expand the "GET /users/{username}" operation
    And I click "Try it out"
    And I enter "ahmed" in the "username" parameter field
    And I click "Execute"
    Then the server response code should be 200
    And the response body should contain "firstName": "Ahmed" and "lastName": "Haddad"
    When I expand the "User" schema in the "Schemas" section at the bottom of the page
    Then it should list the fields "username", "email" and "userStatus"
