Feature: Meeting rooms — cancelling bookings

  Scenario: Cancel two bookings at once
    Given I open "/"
    Then the "Cancel selected bookings" button should be disabled
    When I tick the checkbox of booking #7 "Retro" (Atlas, Maria Lopez)
    And I tick the checkbox of booking #8 "Budget sync" (Borealis, John Smith)
    Then the summary under the table should read "18 bookings shown, 2 selected"
    When I click "Cancel selected bookings"
    Then a "Confirm action" dialog should ask "Cancel 2 booking(s)?"
    When I click "Yes, cancel them"
    Then the summary should read "16 bookings shown, 0 selected"
    When I search for "Retro"
    Then only one Retro booking should be left, in room Delta organised by Pierre Martin
