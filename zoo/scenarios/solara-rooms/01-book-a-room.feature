Feature: Meeting rooms — booking a room

  Scenario: Book a weekly vendor call in Fjord
    Given I open "/"
    When I click "New booking"
    Then a "Book a room" dialog should open
    When I enter "Vendor call" as the Meeting title
    And I pick "Fjord" from the Room dropdown
    And I pick "Omar Haddad" as the Organiser
    And I open the Date picker and click on day 20 of June 2025
    And I choose the "14:00" start time and tick "Repeat every week"
    And I press "Book"
    Then the text under the table should say "19 bookings shown, 0 selected"
    When I type "Vendor" into the Search field
    Then a single booking "Vendor call" should be listed in room Fjord, organised by Omar Haddad on 2025-06-20 at 14:00, recurring "true"
