Feature: sqlite-web — inserting rows

  Scenario: Insert a new book into the books table
    Given I open "/"
    When I click the "books" table in the left-hand list
    And I switch to the "Insert" tab
    Then I should see the heading "Insert row into books"
    When I fill in title "Tidewater Atlas" and isbn "978-1-99999-1"
    And I fill in year 2021, pages 312 and price 24.5
    And I enter 3 as the author_id
    And I press the "Insert" button
    Then I should see "Successfully inserted record"
    And the header should say "books 41 rows"
    And the table should contain a row "Tidewater Atlas" with isbn "978-1-99999-1", year 2021, price 24.5 and in_stock 1
