Feature: Groove Records Admin — customers

  Scenario: The shop clerk updates a customer's city and loyalty membership
    Given I open "/"
    When I sign in with the username "clerk" and the password "zoo-clerk-pw"
    Then the top bar should show "clerk" at the right
    When I open the Customer table from the sidebar
    Then the row for "Okoro" should show first name "Ben", city "Manchester" and 0 points
    When I click the ID "2" in the Okoro row
    Then I should see the "Edit Customer" form with "ben.okoro@example.com" in the Email field
    When I change the City to "Liverpool" and the Points to "150"
    And I set Loyalty Member to "True"
    And I click "Save"
    Then I should see the message "Successfully saved row"
    When I click "Back"
    Then the Okoro row should show city "Liverpool", 150 points and a green tick under Loyalty Member
    And the count under the table should still read "Showing 12 of 12 result(s)"
