Feature: doccano — project members and roles

  Scenario: Add tom to the news project as an approver and make maria a project admin
    Given I open "/auth"
    When I sign in with username "admin" and password "zoo-doc-pw"
    And I open the project "News Entity Tagging" and click "Members" in the left menu
    Then 2 members should be listed: "admin" as "Project Admin" and "maria" as "Annotator"
    When I click "Add"
    And in the Add Member dialog I search for "tom" in the user field and pick "tom"
    And I choose "Annotation Approver" as the Role and click "Save"
    Then the members table should show "1-3 of 3"
    And "tom" should be listed with the role "Annotation Approver"
    When I click the pencil icon in the "maria" row
    And I change the Role to "Project Admin" and click "Save"
    Then "maria" should be listed with the role "Project Admin"
    And "admin" should still be listed as "Project Admin"
