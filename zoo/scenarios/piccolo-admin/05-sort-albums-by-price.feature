Feature: Groove Records Admin — album sorting and details

  Scenario: Sort the albums by price, show them all on one page and open the most expensive one
    Given I open "/"
    When I sign in with the username "admin" and the password "zoo-pic-pw"
    And I click "Album" in the sidebar
    And I click "Sort", choose "Price" and "Descending" in the sort dialog and click the "Sort" button
    Then the first row should be "Goldberg Variations" at 38, followed by "Blue Hour Sessions" at 34 and "Soul Kitchen" at 33
    When I change "15 Per Page" to "50 Per Page" at the bottom right
    Then the count under the table should read "Showing 30 of 30 result(s)"
    And the last row should be "Summer Static" at 7.99
    When I click the ID of the "Goldberg Variations" row
    Then I should see the "Edit Album" form with "Ensemble Lumen" as the Artist and "Capitol Sound" as the Label
    And the Genre should be "Classical", the Format "Double LP" and the Stock "3"
    And the Notes should say "180 g vinyl."
