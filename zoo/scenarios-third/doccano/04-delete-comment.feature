Feature: Comments on the review project

  Scenario: Remove the admin's comment about the knife handle
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    And I click the project "Product Review Sentiment"
    And I click "Comments" in the left menu
    Then the comments table should show "Could also be Negative? Please check." by "maria"
    And the table footer should read "1-2 of 2"
    When I type "handle" into the search box and press Enter
    Then only the comment "Mixed: praise for the colour, complaint about the handle." by "admin" should be listed
    When I tick the checkbox of that comment
    And I click "Delete"
    Then a "Remove Comment" dialog should ask "Are you sure you want to remove these comments?"
    When I click "Yes"
    Then the table should say "No data available"
    When I clear the search box and press Enter
    Then only the comment "Could also be Negative? Please check." should be left, "1-1 of 1"
