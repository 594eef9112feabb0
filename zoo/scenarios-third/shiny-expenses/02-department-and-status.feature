Feature: Filtering by department and status

  Scenario: Engineering expenses that are still open
    Given I open "/"
    Then the "Department" filter should show "All"
    And all five Status checkboxes "Draft", "Submitted", "Approved", "Rejected" and "Paid" should be ticked
    When I choose "Engineering" in the "Department" filter
    Then I should see "14 expenses, total 6703.80"
    When I untick the "Rejected" status checkbox
    And I untick the "Paid" status checkbox
    Then I should see "9 expenses, total 3554.37"
    And the table should not contain "Travel #9"
    And the table should not contain "Training #20"
    And the table should show the row "Hotel #38" with status "Approved"
    When I tick the "Paid" status checkbox again
    Then I should see "11 expenses, total 5023.76"
    And the table should show the row "Training #20" with status "Paid"
