Feature: Zoo Pet Store — listing pets

  Scenario: List the pending pets, then the first three young pets
    Given I open "/"
    Then the page should show the title "Zoo Pet Store" with the version badge "1.4.0" and the sections "pet", "store" and "user"
    When I expand the "GET /pets" operation "List pets" in the pet section
    And I click "Try it out"
    Then the limit field should already contain "50"
    When I pick "pending" in the status dropdown and click "Execute"
    Then the server response code should be 200
    And the response body should list the 4 pets "Thumper", "Bella", "Spike" and "Smokey"
    When I set the status dropdown back to "--", type "young" in the tag field and replace the limit with "3"
    And I click "Execute"
    Then the response body should list exactly 3 pets: "Kiwi", "Thumper" and "Goldie"
    And the Request URL should end with "/api/pets?tag=young&limit=3"
    When I click "Clear"
    Then the server response and the Request URL should no longer be shown
