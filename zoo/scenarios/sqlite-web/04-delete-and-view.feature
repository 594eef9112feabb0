Feature: sqlite-web — deleting a row and browsing a view

  Scenario: Delete a book and look at the overdue loans view
    Given I open "/books/content/"
    When I click the trash can icon on the row of "River Songs 4" (id 31)
    Then I should see "Delete row 31 from books" with the title "River Songs 4"
    When I press "Delete"
    Then I should see "Successfully deleted 1 record."
    And "River Songs 4" should no longer be in the books table
    When I click "overdue_loans" in the list on the left
    And I open its "Content" tab
    Then I should see "overdue_loans 9 rows"
    And there should be a row for "Winter Songs" borrowed by "Sofia Rossi", due on 2025-05-07
