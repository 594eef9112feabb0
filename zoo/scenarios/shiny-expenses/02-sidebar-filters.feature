Feature: Expense reports — sidebar filters

  Scenario: Narrow down Finance expenses by status and receipt
    Given I open "/"
    When I choose "Finance" in the Department dropdown
    Then the summary should read "6 expenses, total 2776.14"
    And every row should show department "Finance"
    When I untick the "Draft" and "Rejected" status checkboxes
    Then the summary should read "4 expenses, total 1953.09"
    And no row should have status "Draft" or "Rejected"
    When I switch on "Only with receipt"
    Then the summary should read "2 expenses, total 1422.17"
    And the table should list only "Training #23" and "Hotel #35", both by Lena Fischer
