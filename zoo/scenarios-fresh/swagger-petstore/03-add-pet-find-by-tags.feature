Feature: Zoo Pet Store — adding a pet

  Scenario: Add a new rabbit through the request body editor and find it by its tag
    Given I open "/"
    When I click "Authorize", type "zoo-pets-key" as the value of api_key (apiKey), click "Authorize" and close the dialog
    And I expand "POST /pets" (Add a new pet to the store) and click "Try it out"
    Then the request body should be pre-filled with the example pet named "Pebble"
    When I replace the request body with {"name": "Hopper", "category": {"id": 5, "name": "Rabbits"}, "photoUrls": [], "tags": [{"name": "fluffy"}], "status": "available"}
    And I click "Execute"
    Then the server response code should be 201
    And the response body should show "id": 27, "name": "Hopper" and the category "Rabbits"
    When I expand "GET /pets/findByTags" (Find pets by tags) and click "Try it out"
    And I click "Add string item" twice and type "fluffy" in the first tag box and "coldwater" in the second
    And I click "Execute"
    Then the response body should list exactly 2 pets: "Goldie" and "Hopper"
    And the Request URL should end with "/api/pets/findByTags?tags=fluffy&tags=coldwater"
