Feature: The support ticket project

  Scenario: Find the ticket project and check its tickets and guideline
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    Then the projects list footer should read "1-3 of 3"
    When I type "Support" into the search box and press Enter
    Then only the project "Support Ticket Summaries" of type "Seq2seq" should be listed
    When I click the project "Support Ticket Summaries"
    And I click "Dataset" in the left menu
    Then the table footer should read "1-10 of 10"
    And the row with metadata "T-1041" should have the status "Finished"
    And the row with the text "I was charged twice for the same order yesterday evening." should have the status "In progress"
    When I click "Guideline" in the left menu
    Then I should see "Summaries are at most 12 words, in the present tense, without customer names."
    When I click "Members" in the left menu
    Then the only member listed should be "admin" with the role "Project Admin"
