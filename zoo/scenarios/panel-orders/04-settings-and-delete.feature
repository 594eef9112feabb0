Feature: Order desk — deleting orders and the desk settings

  Scenario: Delete two cancelled orders after a confirmation, then rename the desk and show the notes
    Given I open "/app"
    When I type "Sunrise" into the Search box, tick ORD-1013 and ORD-1016 (the two Cancelled orders) and press "Delete selected"
    Then a dialog should ask "Delete 2 order(s)?" and name ORD-1013 and ORD-1016
    When I answer "Keep them"
    Then the message "Nothing was deleted." should be shown and ORD-1013 should still be in the table
    When I press "Delete selected" again and confirm with "Yes, delete"
    Then I should see "Deleted 2 order(s): ORD-1013, ORD-1016" and only 5 Sunrise Juice Bar orders should be left
    When I go to the "Settings" tab and replace the Desk name with "Harbour desk"
    And I turn on "Show the Notes column" and click "Save settings"
    Then a notification "Settings saved: Harbour desk, 10 rows per page" should pop up
    When I return to the "Orders" tab and hide the sidebar with the menu button at the top left
    Then the heading should read "Orders at Harbour desk" and a Notes column should show "Back door delivery" for ORD-1008
