Feature: doccano — classifying a document

  Scenario: Label the review about the missing mugs as Negative and mark it as done
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    And I open the project "Product Review Sentiment" and click "Dataset" in the left menu
    Then the dataset should show "1-10 of 24"
    When I type "mugs" in the search box
    Then only one document should be listed: ID 13, "The package contained two mugs instead of four as listed.", with the status "In progress"
    When I click "Annotate" in that row
    Then the text "The package contained two mugs instead of four as listed." should be shown with the metadata product "Stoneware Mugs" and rating "2"
    And the Progress box should show Total 24 and Complete 8
    When I click the "Negative" label
    And I click the check mark button at the left end of the toolbar to mark the document as done
    Then the Progress box should show Complete 9 and "38%"
    When I click "Dataset" in the left menu and search for "mugs" again
    Then document 13 should have the status "Finished"
