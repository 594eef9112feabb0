Feature: Zoo Pet Store API — store orders

  Scenario: Authorize, get a refusal for a sold pet, then place an order for an available one
    Given I open "/"
    When I press the "Authorize" button next to the Servers list
    And I type "zoo-pets-key" in the "Value" field of the "Available authorizations" dialog and press its "Authorize" button
    Then the dialog should say "Authorized" and offer a "Logout" button
    When I press "Close"
    And I open "POST /store/orders" (Place an order for a pet) and press "Try it out"
    And I replace the request body with {"petId": 3, "quantity": 1, "shipDate": "2026-12-20T10:00:00Z"}
    And I press "Execute"
    Then the server response code should be 409 and the body should say "Pet 3 is sold, not available"
    When I replace the request body with {"petId": 2, "quantity": 1, "shipDate": "2026-12-20T10:00:00Z"} and press "Execute" again
    Then the server response code should be 201
    And the response body should show "petId": 2, "status": "placed" and "complete": false
