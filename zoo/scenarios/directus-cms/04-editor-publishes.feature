Feature: Directus Data Studio — the editor role

  Scenario: The editor publishes an article that was in review
    Given I open "/admin/content/articles"
    When I sign in with "editor@example.com" and the password "zoo-editor-pw"
    Then I should see the Articles, Authors and Categories collections in the navigation
    And the article "Glaciers in a warm decade" should be listed with the status "In review" and the date "August 19th, 2025"
    When I open the article "Glaciers in a warm decade"
    And I change its Status to "Published"
    And I open the Published On date picker, which shows August 2025, and click the day 15
    Then the Published On field should show "August 15th, 2025"
    When I tick "Show on the front page" and save the article
    Then the Articles table should show "Glaciers in a warm decade" as "Published" on "August 15th, 2025"
    And the Featured column of that row should show a tick
