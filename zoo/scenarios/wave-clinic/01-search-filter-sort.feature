Feature: Vet clinic — browsing the appointments table

  Scenario: Search, filter by status and sort the appointments
    Given I open "/"
    Then I should see "Appointments (36)"
    And the "Upcoming" card should show 17 and the "Completed visits" card should show 13
    When I type "Rocky" in the search box
    Then the table should list exactly 2 appointments, A-1007 and A-1010
    And both rows should show "Liam Novak" as the owner
    When I clear the search box
    And I open the filter menu of the Status column and tick only "No-show"
    Then the table should list 4 appointments: A-1002, A-1005, A-1015 and A-1016
    When I close the filter menu and click the "Fee (€)" column header to sort by fee
    Then the first row should be A-1016 for Oliver with a fee of 45
    And the last row should be A-1005 for Pickles with a fee of 265
