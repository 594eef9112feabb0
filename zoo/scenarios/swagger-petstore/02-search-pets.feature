Feature: Zoo Pet Store API — searching pets

  Scenario: List the sold senior pets, then find the pets tagged "guard"
    Given I open "/"
    When I open the "List pets" operation (GET /pets)
    And I press "Try it out"
    And I choose "sold" in the status drop-down and type "senior" in the tag field
    And I press "Execute"
    Then the response code should be 200 and the response body should list "Oliver" and "Pepper" but not "Shelly"
    When I open the "Find pets by tags" operation (GET /pets/findByTags)
    And I press its "Try it out" button
    And I click "Add string item" and type "guard" in the new item box
    And I press "Execute" for Find pets by tags
    Then its response body should list "Rex" and "Coco"
    And its Request URL should end with "findByTags?tags=guard"
