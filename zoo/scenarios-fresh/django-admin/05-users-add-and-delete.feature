Feature: Django admin — users

  Scenario: Create a staff user with a name and email, then delete the clerk account
    Given I open "/admin/"
    When I sign in with username "admin" and password "zoo-admin-pw"
    And I click "Users" under "Authentication and Authorization"
    Then the list should show the users "admin" and "clerk" and end with "2 users"
    When I click "Add user" and type "dana" as the Username and "Zoo-dana-2026!" as both the Password and the Password confirmation
    And I click "Save" at the bottom of the form
    Then the message "The user “dana” was added successfully. You may edit it again below." should appear
    When I type "Dana" as the First name, "Weber" as the Last name and "dana@example.com" as the Email address
    And I tick "Staff status" and click "Save"
    Then the message "The user “dana” was changed successfully." should appear and the "dana" row should show the email "dana@example.com", the first name "Dana" and the last name "Weber"
    When I tick the checkbox of the "clerk" row, choose "Delete selected users" in the Action dropdown and click "Go"
    Then the confirmation page should ask "Are you sure you want to delete the selected user?" and list "User: clerk"
    When I click "Yes, I’m sure"
    Then the message "Successfully deleted 1 user." should appear and the list should show "admin" and "dana" and end with "2 users"
