Feature: Meeting rooms — filtering bookings

  Scenario: Narrow the bookings by room, recurrence and organiser
    Given I open "/"
    Then I should see "18 bookings shown, 0 selected"
    When I select both "Atlas" and "Cosmos" in the Rooms filter
    Then "6 bookings shown" should be displayed
    And every booking listed should be in room Atlas or Cosmos
    When I turn on the "Recurring only" switch
    Then only 3 bookings should remain: "Sprint planning", "Onboarding" and "All hands"
    When I type "Aik" in the Organiser filter and pick "Aiko Tanaka"
    Then only the "Onboarding" booking in Cosmos should remain
    And the summary should read "1 bookings shown, 0 selected"
