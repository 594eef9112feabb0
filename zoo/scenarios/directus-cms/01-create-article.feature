Feature: Directus Data Studio — articles

  Scenario: Create an article with an author, a category and a tag
    Given I open "/admin/content/articles"
    When I sign in with the email "admin@example.com" and the password "zoo-dir-pw"
    Then I should see the "Articles" table with the row "Heat islands and the shade map" and "18 Items" above it
    When I click the round "+" button at the top right to create an item
    And I type "Night markets of Nairobi" into the Title field
    And I pick "In review" from the Status dropdown
    And I open the Author field, select "Chloé Martin" in the list that slides in, and confirm with the check-mark button
    And I set the Category to "Food" the same way
    And I click the "food" suggestion under Tags, type "1450" as the Word Count and tick "Show on the front page"
    And I save with the check-mark button at the top right
    Then I should be back on the Articles list, which now says "19 Items"
    And the table should have a row "Night markets of Nairobi" with status "In review", author "Chloé Martin" and category "Food"
