Feature: doccano — managing a dataset and writing a summary

  Scenario: Delete the account-deletion ticket and write a summary for the double-charge ticket
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    And I open the project "Support Ticket Summaries" and click "Dataset" in the left menu
    Then the dataset should show "1-10 of 10"
    When I type "delete my account" in the search box
    Then only the document "Please delete my account and all stored addresses." with ticket "T-1044" should be listed
    When I tick the checkbox of that row and click "Delete"
    Then a dialog should ask "Are you sure you want to delete 1 items from this project?"
    When I click "Yes" and clear the search box
    Then the dataset should show "1-9 of 9"
    When I search for "charged twice" and click "Annotate" in the row "I was charged twice for the same order yesterday evening."
    And I type "Customer charged twice for one order" in the empty text field under the document and press Enter
    Then "Customer charged twice for one order" should be listed under the document
    And the Progress box should show Total 9 and Complete 2
