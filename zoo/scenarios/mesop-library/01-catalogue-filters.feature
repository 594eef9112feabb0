Feature: Library loans — catalogue

  Scenario: Narrow the catalogue with the search box, the genre dropdown, the availability checkbox and the sort options
    Given I open "/"
    Then I should see "Showing 28 of 28 books"
    When I type "weir" into the "Search title or author" field
    Then the table should list only "Project Hail Mary" and "The Martian"
    And I should see "Showing 2 of 28 books"
    When I clear the "Search title or author" field
    And I choose "Fantasy" from the "Genre" dropdown
    Then I should see "Showing 4 of 28 books"
    When I tick the "Only books with copies available" checkbox
    Then "Piranesi" should no longer be in the table and the count should read "Showing 3 of 28 books"
    When I select the "Year (newest first)" sort option
    Then the first book in the table should be "The Name of the Wind" and the last one "The Hobbit"
