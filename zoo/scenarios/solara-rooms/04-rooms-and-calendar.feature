Feature: Meeting rooms — rooms and calendar tabs

  Scenario: Check room details and the bookings of a given day
    Given I open "/"
    When I click the "Rooms" tab
    Then I should see a card for the room "Cosmos" saying "Floor 2, seats 20"
    And the card for "Delta" should say "No equipment"
    When I click the "Calendar" tab
    Then the "Show bookings on" field should show "2025/06/02"
    And I should see "10:00-12:00 Atlas: Sprint planning (Maria Lopez)"
    When I open the date picker and choose June 8, 2025
    Then I should see "16:00-17:00 Atlas: Retro (Maria Lopez)"
    And "Sprint planning (Maria Lopez)" should no longer be shown
