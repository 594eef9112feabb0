Feature: Meeting rooms — cancelling bookings

  Scenario: Cancel all of John Smith's bookings after a confirmation
    Given I open "/"
    When I choose "John Smith" in the Organiser filter
    Then 3 bookings should be listed: "Design review", "Budget sync" and "1:1", all in room "Borealis"
    When I tick the select-all checkbox in the table header
    Then the text under the table should read "3 bookings shown, 3 selected"
    When I click "Cancel selected bookings"
    Then a "Confirm action" dialog should ask "Cancel 3 booking(s)?"
    When I close the dialog with its "Cancel" button
    Then the 3 bookings should still be listed
    When I click "Cancel selected bookings" again and confirm with "Yes, cancel them"
    Then the table should say "No data available" and the text under it should read "0 bookings shown, 0 selected"
    When I clear the Organiser filter
    Then the footer should show "1-10 of 15" and "15 bookings shown, 0 selected"
    And "Design review" by "Lena Fischer" in "Equinox" should still be listed
