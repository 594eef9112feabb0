Feature: Meeting rooms — filtering bookings by room and recurrence

  Scenario: Narrow the bookings list to the recurring meetings in Atlas and Equinox
    Given I open "/"
    Then the Bookings tab should show "1-10 of 18" under the table and "18 bookings shown, 0 selected"
    When I open the Rooms filter and tick "Atlas" and "Equinox"
    And I close the Rooms list
    Then 6 bookings should be listed, all in room "Atlas" or "Equinox", and the text under the table should read "6 bookings shown, 0 selected"
    When I turn on the "Recurring only" switch
    Then 4 bookings should be listed: "Sprint planning", "1:1", "All hands" and "Budget sync"
    And every listed booking should show "true" in the Recurring column
    When I click the "Attendees" column header
    Then the rows should be in the order "Sprint planning" (3), "All hands" (4), "1:1" (5), "Budget sync" (8)
    When I open the Rooms filter again and untick "Equinox"
    Then only "Sprint planning" and "All hands", both organised by "Maria Lopez", should be listed
    When I turn off the "Recurring only" switch
    Then 3 Atlas bookings should be listed, including "Retro" on "2025-06-08" from 16:00 to 17:00
