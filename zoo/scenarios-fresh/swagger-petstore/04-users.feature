Feature: Zoo Pet Store — users

  Scenario: Suspend Maria and delete the user jkowalski
    Given I open "/"
    When I expand "GET /users" (List users), click "Try it out" and "Execute"
    Then the response body should list 4 users: "maria", "jkowalski", "ahmed" and "yuki"
    When I expand the "NewUser" schema in the Schemas section at the bottom and then its userStatus field
    Then userStatus should be described as "0 inactive, 1 active, 2 suspended"
    When I authorize with the API key "zoo-pets-key" through the "Authorize" button and close the dialog
    And I expand "PUT /users/{username}" (Update a user), click "Try it out" and type "maria" as the username
    And in the request body I change "userStatus" from 1 to 2, leaving the rest as it is, and click "Execute"
    Then the server response code should be 200 and the body should show "userStatus": 2 and "email": "maria.lopez@zoo.example"
    When I expand "DELETE /users/{username}" (Delete a user), click "Try it out", type "jkowalski" as the username and click "Execute"
    Then the server response code should be 204
    When I expand "GET /users/{username}" (Get a user by username), click "Try it out", type "jkowalski" and click "Execute"
    Then the server response code should be 404 with the message "User jkowalski not found"
