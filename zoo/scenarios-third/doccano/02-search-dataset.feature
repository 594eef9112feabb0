Feature: Searching the review dataset

  Scenario: Find the Dutch oven review and open it for annotation
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    And I click the project "Product Review Sentiment"
    And I click "Dataset" in the left menu
    Then the table footer should read "1-10 of 24"
    When I type "Dutch oven" into the search box and press Enter
    Then the table should show exactly one row, "1-1 of 1"
    And that row should have ID "16" and the text "I love the Dutch oven. Bread comes out with a perfect crust."
    And its status should be "In progress"
    And its metadata should include "Dutch Oven"
    When I click "Annotate" on that row
    Then I should see the label buttons "Positive", "Negative", "Neutral", "Mixed" and "Off Topic"
    And the side panel should show the key "rating" with the value "5"
    And the Progress box should show Total "24" and Complete "8"
