Feature: Zoo Pet Store API — adding a pet

  Scenario: Adding a pet is refused without the API key and works after Authorize
    Given I open "/"
    When I expand "POST /pets" (Add a new pet to the store)
    And I click "Try it out"
    And I replace the whole request body with {"name": "Pebble Blue", "category": {"id": 3, "name": "Birds"}, "tags": [{"name": "talking"}], "status": "available"}
    And I click "Execute"
    Then the server response should be 401 with the message "API key missing or wrong"
    When I click the "Authorize" button at the top of the page, enter "zoo-pets-key" as the value and press "Authorize" in the dialog
    And I close the dialog
    And I click "Execute" again for "Add a new pet to the store"
    Then the server response code should be 201 and the body should show "id": 27 and "name": "Pebble Blue"
    When I expand "GET /pets/{petId}" (Find a pet by ID), click "Try it out", enter 27 as the petId and click "Execute"
    Then that response body should show "Pebble Blue" in the category "Birds" with the tag "talking"
