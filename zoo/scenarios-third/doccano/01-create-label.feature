Feature: Label types of the review project

  Scenario: Add an "Off Topic" label to Product Review Sentiment
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    Then I should see the project "Product Review Sentiment" in the projects list
    When I click the project "Product Review Sentiment"
    And I click "Labels" in the left menu
    Then the labels table should list "Positive", "Negative", "Neutral" and "Mixed"
    When I open the "Actions" menu and choose "Create Label"
    And I type "Off Topic" into the "Label name" field
    And I choose "g" in the "Key" dropdown
    And I replace the "Color" value with "#1565C0"
    And I click "Save"
    Then the labels table should show a row "Off Topic" with shortkey "g" and color "#1565C0"
    And the table footer should read "1-5 of 5"
