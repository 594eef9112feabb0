Feature: Zoo Pet Store — store orders

  Scenario: Cancel a placed order with the API key and see the stock counts change
    Given I open "/"
    When I type "store" in the "Filter by tag or path" box
    Then only the "store" section should be listed, with its 5 operations, and the "pet" and "user" sections should be gone
    When I expand "GET /store/orders/{orderId}" (Find an order by ID), click "Try it out", type "9" as the orderId and click "Execute"
    Then the response body should show "petId": 22, "status": "placed" and "complete": false
    When I expand "DELETE /store/orders/{orderId}" (Cancel an order), click "Try it out", type "9" as the orderId and click "Execute"
    Then the server response code should be 401 with the message "API key missing or wrong"
    When I click "Authorize" at the top of the page, type "zoo-pets-key" in the Value box, click "Authorize" in the dialog and then "Close"
    And I click "Execute" again in the Cancel an order operation
    Then the server response code should be 204
    When I expand "GET /store/inventory" (Count pets by status), click "Try it out" and then "Execute"
    Then the response body should show "available": 17, "pending": 3 and "sold": 6
