Feature: A step the offline planner does not understand (fails on purpose)

  Scenario: Steps must be phrased as actions or checks
    Given I go to /shop
    When I contemplate the meaning of the Size dropdown
    Then I should see "Tapwright T-shirt"
