Feature: sqlite-web — editing a row

  Scenario: Change the price of a book and sort the table by year
    Given I open "/books/content/"
    When I click the pencil (edit) icon on the row of "Winter Songs" (id 3)
    Then I should see the heading "Update row 3 in books"
    And the price field should show 33.33
    When I tick the checkbox next to the price field so it can be edited
    And I change the price to 31
    And I click "Update"
    Then I should see "Successfully updated 1 record."
    And the "Winter Songs" row should now show the price 31.0
    When I click the "year" column header
    Then the first row should be "The Orchard of Mirror 2" from 1950
