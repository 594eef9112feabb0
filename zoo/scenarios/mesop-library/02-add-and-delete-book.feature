Feature: Library loans — adding and deleting books

  Scenario: Add a new book with the copies slider, find it with the year slider, then delete it through the confirmation dialog
    Given I open "/books/new"
    When I click "Save book" without filling in anything
    Then I should see "Title, author and genre are required."
    When I fill in "Klara and the Sun" as the Title, "Kazuo Ishiguro" as the Author and "2021" as the Year published
    And I pick "Science fiction" in the "Genre" dropdown
    And I move the copies slider until it reads "Copies: 3"
    And I click "Save book"
    Then I should see the message 'Added “Klara and the Sun” by Kazuo Ishiguro with 3 copies.'
    When I go to the Catalogue from the sidebar and move the "Published from" slider until it reads "Published from 2020"
    Then the table should show "Klara and the Sun", "Piranesi" and "Project Hail Mary", with "Showing 3 of 29 books"
    When I click the "Klara and the Sun" row, press "Delete book" and confirm with "Delete" in the dialog that asks 'Delete “Klara and the Sun”?'
    Then I should see 'Deleted “Klara and the Sun”' and the count should read "Showing 2 of 28 books"
