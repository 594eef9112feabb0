Feature: Groove Records Admin — artists

  Scenario: Add a new artist and find it in the artist list
    Given I open "/"
    When I sign in with the username "admin" and the password "zoo-pic-pw"
    And I click "Artist" in the sidebar
    Then the Artist table should show 12 artists, with "Amara Okafor" in the first row
    When I click "Add Row"
    Then I should see the "Add Artist" form
    When I type "Marlow Reed" as the Name, "New Zealand" as the Country and "2019" as Formed
    And I choose "True" for Active
    And I type "Blues singer from Auckland." in the Biography box
    And I click "Create"
    Then a green "Successfully added row" message should appear at the bottom
    When I click "Back" above the form
    Then the count under the table should read "Showing 13 of 13 result(s)"
    And the row "Marlow Reed" should show "New Zealand" as the Country and "2019" as Formed, between "Marcus Bell" and "Nina Alvarez Quartet"
