Feature: Directus Data Studio — finding articles

  Scenario: Search, filter by status, delete a draft and look at the archive
    Given I open "/admin/content/articles"
    When I sign in as "admin@example.com" with password "zoo-dir-pw"
    And I search the articles for "ferr"
    Then only "Ferries of the Norwegian coast" and "The last ferry to Hiddensee" should be listed, with "2 Items" shown
    When I clear the search and add a filter on Status that equals "Draft"
    Then "3 Filtered Items" should be shown and the table should list exactly the drafts "Fermenting at home, safely", "Measuring rain with a phone" and "The last ferry to Hiddensee"
    When I tick the checkbox of "Measuring rain with a phone" and click the delete button in the header
    And I confirm the deletion in the dialog
    Then "Measuring rain with a phone" should be gone and the count should read "2 Filtered Items"
    When I remove the Status filter with the × next to it in the filter panel
    And I open the Archive section of the right-hand sidebar and choose "Show Archived Items"
    Then I should see only the archived articles "Lisbon on foot" and "Bread ovens of Provence"
