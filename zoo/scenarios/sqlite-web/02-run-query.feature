Feature: sqlite-web — running SQL

  Scenario: Find the oldest books with a SQL query
    Given I open "/books/"
    Then the Structure tab should list the columns id, title, isbn, year, pages, price, in_stock and author_id
    And an index named "books_year" should be listed
    When I open the "Query" tab
    And I replace the text in the SQL box with "SELECT title, year FROM books WHERE year < 1955 ORDER BY year"
    And I click "Execute"
    Then I should see "Results (1–3)"
    And the first result should be "The Orchard of Mirror 2" with year 1950
    And "Garden Songs 4" and "The Harbor of Winter 4", both from 1951, should follow
