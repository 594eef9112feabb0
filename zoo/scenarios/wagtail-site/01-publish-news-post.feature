Feature: Wagtail admin — writing a news post

  Scenario: Create a news post under News and publish it
    Given I open "/admin/"
    When I sign in with username "admin" and password "zoo-wag-pw"
    And I open "Pages" in the sidebar and show the child pages of "Harbour Town"
    And I click "News" in that menu
    And I click the "Add child page" button (the plus icon next to the "News" heading)
    And I type "Farmers market moves to the quay" as the page title
    And I enter "2025-11-20" as the Post date and "Aiko Tanaka" as the Author
    And I click "Choose category" and pick "Community" in the dialog that opens
    And I type "Stalls will line the quay every Saturday morning from December." into the Intro field
    And I open the menu beside "Save draft" and click "Publish"
    Then I should see a message that the page "Farmers market moves to the quay" was published
    And the News listing should show "Farmers market moves to the quay" with status "LIVE" and say "1-27 of 27 pages"
