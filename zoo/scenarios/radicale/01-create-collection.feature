Feature: Radicale — collections

  Scenario: Log in and create a new calendar collection
    Given I open "/.web/"
    When I sign in with username "maria" and password "zoo-cal-pw" and click "Next"
    Then I should see the heading "maria's Collections"
    And I should see the collections "Contacts", "Family", "Journal" and "Work"
    When I click the green "+" button (Create a new addressbook or calendar) at the bottom right
    Then a "Create a new Collection" form should appear
    When I type "QA Suppliers" into the "Title" field
    And I type "Vendors we buy from" into the "Description" field
    And I click "Create"
    Then a collection card "QA Suppliers" should be listed with "No items in collection"
    And the card should show the description "Vendors we buy from"
