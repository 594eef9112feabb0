Feature: Library loans — lending a book

  Scenario: Lend a book with a chosen date and loan period, then find the loan and the lower copy count
    Given I open "/loans/new"
    When I pick "Foundation" from the "Book" dropdown
    And I type "Oliver Bennett" into the "Member name" field
    And I set the "Loan date" to 12/3/2026
    And I choose the "7 days" loan period
    Then the page should say "Due date: 2026-12-10"
    When I untick "Email a reminder two days before the due date" and click "Create loan"
    Then I should see 'Loan created: “Foundation” to Oliver Bennett, due 2026-12-10.'
    When I click "Loans" in the sidebar and type "Oliver" into the "Member name" filter
    Then I should see "1 loan" and a row for Oliver Bennett with "Foundation", "2026-12-03", "2026-12-10" and "On loan"
    When I click "Catalogue" in the sidebar and search for "Foundation"
    Then the "Foundation" row should show 1 available copy
