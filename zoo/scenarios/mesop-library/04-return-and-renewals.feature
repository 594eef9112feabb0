Feature: Library loans — returns and renewal settings

  Scenario: Return an overdue book after confirming, then switch renewals off and see the renew button disabled
    Given I open "/loans"
    When I select the "Overdue" filter
    Then I should see "3 loans"
    When I click the loan of "To the Lighthouse" by Daniel Kowalski
    And I press "Mark as returned"
    Then a dialog should ask 'Mark “To the Lighthouse” as returned by Daniel Kowalski?'
    When I click "Confirm return"
    Then I should see '“To the Lighthouse” returned by Daniel Kowalski' and the count should drop to "2 loans"
    When I open "Settings" from the sidebar, turn off the "Allow renewals" switch and click "Save settings"
    Then I should see "Settings saved"
    When I go back to "Loans" and click the "Cosmos" loan of Ben Okafor
    Then the "Renew for 14 days" button should be disabled while "Mark as returned" is still available
