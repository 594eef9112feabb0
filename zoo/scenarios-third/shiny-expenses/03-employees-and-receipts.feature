Feature: Filtering by employee and receipt

  Scenario: Sales people's expenses that have a receipt
    Given I open "/"
    Then the "Employees" box should show the placeholder "All employees"
    When I pick "Maria Lopez" in the "Employees" box
    And I pick "Omar Haddad" in the "Employees" box
    Then I should see "13 expenses, total 5563.45"
    When I turn on the "Only with receipt" switch
    Then I should see "9 expenses, total 3529.03"
    And the table should not contain "Software #13"
    And the table should show the row "Travel #36" with amount "62.33"
    When I remove "Maria Lopez" from the "Employees" box
    Then I should see "6 expenses, total 2373.28"
    And every row in the table should have employee "Omar Haddad"
    When I turn off the "Only with receipt" switch
    Then I should see "6 expenses, total 2373.28"
