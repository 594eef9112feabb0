Feature: Zoo Pet Store — placing orders

  Scenario: A sold pet cannot be ordered, an available one can and becomes pending
    Given I open "/#/store/placeOrder"
    Then the operation "POST /store/orders" should be open with the text "The pet must be available; it becomes pending."
    When I click "Authorize", enter "zoo-pets-key" as the api_key value, click "Authorize" and then "Close"
    And I click "Try it out" in Place an order for a pet, change "petId" in the request body from 1 to 3 and click "Execute"
    Then the server response code should be 409 with the message "Pet 3 is sold, not available"
    When I change "petId" back to 1 and "quantity" to 2 in the request body and click "Execute"
    Then the server response code should be 201 and the body should show "id": 11, "quantity": 2, "status": "placed" and "complete": false
    When I expand "GET /store/orders" (List orders), click "Try it out", pick "placed" in the status dropdown and click "Execute"
    Then the response body should list 3 orders, with the ids 3, 6 and 11
    When I expand "GET /pets/{petId}" (Find a pet by ID), click "Try it out", type "1" as the petId and click "Execute"
    Then the response body should show "name": "Biscuit" and "status": "pending"
