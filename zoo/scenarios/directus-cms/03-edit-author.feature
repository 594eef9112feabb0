Feature: Directus Data Studio — authors

  Scenario: Bring a former author back and see his articles
    Given I open "/admin/content/authors"
    When I log in using "admin@example.com" and "zoo-dir-pw"
    Then the Authors table should show 5 authors, "Rafael Souza" among them with a cross in the Active column
    When I open "Rafael Souza"
    Then his form should show the Country "Brazil" and the articles "Lisbon on foot" and "Street food of Salvador" under Articles
    When I change the Country to "Canada"
    And I tick the "Writes for us" checkbox
    And I replace the Bio with "Freelance again, writing from Montreal."
    And I save the author with the check-mark button
    Then the Authors table should show "Rafael Souza" with country "Canada" and a tick in the Active column
    When I open "Rafael Souza" again
    Then the Bio should read "Freelance again, writing from Montreal."
