Feature: Optuna Dashboard — study list

  Scenario: Search the studies and change the sort order
    Given I open "/dashboard"
    Then I should see four study cards, starting with "4. failed-runs-demo"
    When I type "image" into the "Search study" box
    Then only the card "2. image-classifier-lr" should remain
    And it should say "Direction: MAXIMIZE"
    When I clear the search box
    Then all four studies should be listed again
    When I open the "Sort descending" dropdown and choose "Sort ascending"
    Then the first card should be "1. house-prices-lgbm"
    And the last card should be "4. failed-runs-demo"
