Feature: Radicale — collections

  Scenario: Create a throw-away collection and delete it with the confirmation phrase
    Given I open "/.web/"
    When I log in as "maria" using the password "zoo-cal-pw"
    And I click the "+" button to create a new addressbook or calendar
    And I enter "QA Temp Cal" as the title and click "Create"
    Then a "QA Temp Cal" card should appear among the collections
    When I hover over the "QA Temp Cal" card and click its red trash (Delete) button
    Then a "Delete Collection" dialog should ask me to enter the phrase DELETE to delete "QA Temp Cal"
    When I type "DELETE" into the confirmation box
    And I click "Delete"
    Then the "QA Temp Cal" card should no longer be listed
    And the "Work" and "Family" collections should still be there
