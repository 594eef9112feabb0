Feature: doccano — projects list and label types

  Scenario: Find the news project by searching and add an Event label type to it
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    Then the projects list should show "1-3 of 3" with the projects "Product Review Sentiment", "News Entity Tagging" and "Support Ticket Summaries"
    And the "Product Review Sentiment" row should show the type "DocumentClassification" and the tags "reviews" and "english"
    When I type "entity" in the search box above the projects table
    Then only the project "News Entity Tagging" should be listed
    When I open the project "News Entity Tagging" and click "Labels" in the left menu
    Then 4 labels should be listed: "Person", "Organization", "Location" and "Date" with the shortkeys "p", "o", "l" and "d"
    When I open the "Actions" menu and choose "Create Label"
    And I type "Event" as the Label name, pick "e" from the Key list and type "#D81B60" as the Color
    And I click "Save"
    Then the labels table should show "1-5 of 5"
    And the "Event" row should show the shortkey "e" and the color "#D81B60"
