Feature: Meeting rooms — booking a room

  Scenario: Check the Fjord room, book it for a weekly quarterly review and find it in the calendar
    Given I open "/"
    When I open the "Rooms" tab
    Then the "Fjord" card should read "Floor 3, seats 30" and list "Projector, Microphones"
    When I go back to the "Bookings" tab and click "New booking"
    Then a "Book a room" dialog should open with Room "Atlas", Organiser "Maria Lopez" and Date "2025/06/16"
    When I type "Quarterly review" as the Meeting title, choose "Fjord" as the Room and "Aiko Tanaka" as the Organiser
    And I pick June 12 in the Date calendar and choose the "15:00" time
    And I set Attendees to 12 and tick "Repeat every week"
    And I click "Book"
    Then the dialog should close and the table footer should show "1-10 of 19" and "19 bookings shown, 0 selected"
    When I go to the next page of the table
    Then the last row should be booking 19 "Quarterly review" in "Fjord" by "Aiko Tanaka" on "2025-06-12" from 15:00 to 16:00 with 12 attendees and Recurring "true"
    When I open the "Calendar" tab and pick June 12, 2025 in "Show bookings on"
    Then the calendar should show "15:00-16:00 Fjord: Quarterly review (Aiko Tanaka)"
