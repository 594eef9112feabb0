Feature: Radicale — collections

  Scenario: Rename the Work calendar and give it a description
    Given I open "/.web/"
    When I log in as "maria" with the password "zoo-cal-pw"
    Then the "Work" card should say "6 items in collection"
    When I move the mouse over the "Work" card
    And I click its blue pencil (Edit) button
    Then an "Edit Collection" form should show "Editing collection Work"
    And the "Title" field should contain "Work"
    When I change the title to "Work QA2"
    And I fill the "Description" with "Office meetings and deadlines"
    And I click "Save"
    Then the collections page should show a card "Work QA2" with "6 items in collection"
    And that card should show "Office meetings and deadlines"
