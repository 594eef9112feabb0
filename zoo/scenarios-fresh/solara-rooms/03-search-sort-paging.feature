Feature: Meeting rooms — searching, sorting and paging the bookings table

  Scenario: Search bookings by title, then page through and sort the full list
    Given I open "/"
    When I type "sprint" in the Search box above the table
    Then 2 bookings should be listed: "Sprint planning" in "Atlas" on "2025-06-02" and "Sprint planning" in "Delta" on "2025-06-11"
    And the table footer should show "1-2 of 2"
    When I replace the search text with "yoga"
    Then the table should say "No matching records found"
    When I clear the Search box and go to the next page of the table
    Then the footer should show "11-18 of 18" and the last row should be booking 18 "Onboarding" in "Fjord"
    When I set "Rows per page" to 5
    Then the footer should show "1-5 of 18"
    When I click the "Date" column header twice to sort with the latest date first
    Then the first row should be "Sprint planning" in "Delta" on "2025-06-11" from 10:00 to 11:00
    And the second row should be "Onboarding" in "Cosmos" on "2025-06-10"
