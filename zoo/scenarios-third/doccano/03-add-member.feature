Feature: Members of the news project

  Scenario: Add tom as Annotation Approver to News Entity Tagging
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    And I click the project "News Entity Tagging"
    And I click "Members" in the left menu
    Then the members table should show "admin" as "Project Admin" and "maria" as "Annotator"
    And the table footer should read "1-2 of 2"
    When I click "Add"
    Then a dialog titled "Add Member" should open
    When I type "tom" into the "User Search APIs" field and pick "tom" from the suggestions
    And I choose "Annotation Approver" in the "Role" dropdown
    And I click "Save" in the dialog
    Then the members table should show "tom" with the role "Annotation Approver"
    And the table footer should read "1-3 of 3"
