Feature: Meeting rooms — organiser and attendee filters

  Scenario: Find Omar Haddad's bigger meetings, then every meeting with at least 8 people
    Given I open "/"
    When I type "Omar" in the Organiser box and pick "Omar Haddad" from the suggestions
    Then 3 bookings should be listed: "Customer demo", "Interview" and "Onboarding", all in room "Fjord"
    And the text under the table should read "3 bookings shown, 0 selected"
    When I drag the "At least N attendees" slider to 8
    Then only "Interview" with 12 attendees and "Onboarding" with 8 attendees should remain
    When I click the "Attendees" column header
    Then "Onboarding" should be the first row and "Interview" the second
    When I clear the Organiser box with its x icon
    Then the text under the table should read "6 bookings shown, 0 selected"
    And "Design review" by "John Smith" with 9 attendees and "All hands" in "Delta" with 10 attendees should be listed
    And the last row should be "Interview" in "Fjord" with 12 attendees
