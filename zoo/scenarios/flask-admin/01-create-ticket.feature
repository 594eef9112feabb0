Feature: Flask-Admin helpdesk — tickets

  Scenario: Create an escalated critical ticket
    Given I open "/admin/"
    When I click "Ticket" in the top menu
    And I click the "Create" tab
    And I pick "Noor Khan" in the Agent dropdown
    And I pick "Hooli" in the Customer dropdown
    And I enter "Printer offline in Berlin office" as the Subject
    And I set Priority to "Critical"
    And I tick the "Escalated" checkbox
    And I click "Save"
    Then I should see "Record was successfully created."
    When I search the ticket list for "Berlin"
    Then exactly one ticket "Printer offline in Berlin office" should be listed, with agent "Noor Khan", customer "Hooli", status "open" and priority "Critical"
