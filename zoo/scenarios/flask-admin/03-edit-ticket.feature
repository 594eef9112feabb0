Feature: Flask-Admin helpdesk — editing tickets

  Scenario: Change a ticket's status in the list and its priority in the edit form
    Given I open "/admin/ticket/"
    When I click the status "open" in the row of ticket "Wrong VAT on invoice"
    And in the small pop-up I choose "solved" and confirm with the blue check button
    Then the status of "Wrong VAT on invoice" should show "solved"
    When I reload the page
    Then "Wrong VAT on invoice" should still have the status "solved"
    When I click the pencil icon of "Wrong VAT on invoice"
    Then the edit form should show Status "solved" and Priority "Normal"
    When I change Priority to "High"
    And I click "Save"
    Then I should see "Record was successfully saved."
    And the row "Wrong VAT on invoice" should show priority "High"
