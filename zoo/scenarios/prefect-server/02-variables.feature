Feature: Prefect — variables

  Scenario: Add a variable, change another one and delete a third
    Given I open "/v2/variables"
    Then the page should say "6 Variables"
    When I click the "+" button next to the Variables heading
    And I type "max_parallel_loads" as the Name and 8 as the Value, add the tag "etl" and press "Create"
    Then the page should say "7 Variables"
    And the "max_parallel_loads" row should show the value 8 and the tag "etl"
    When I type "batch" into the "Search variables" box
    Then only "default_batch_size" should be listed, with the value 5000
    When I open the ⋮ menu of the "default_batch_size" row and choose "Edit"
    And I change the Value to 10000 and press "Save"
    Then the "default_batch_size" row should show 10000
    When I clear the search box, open the ⋮ menu of the "slack_channel" row and choose "Delete"
    And I confirm with "Delete"
    Then the page should say "6 Variables" and "slack_channel" should no longer be listed
