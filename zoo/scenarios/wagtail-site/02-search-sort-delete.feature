Feature: Wagtail admin — the News page listing

  Scenario: Search, sort and delete pages in the News listing
    Given I open "/admin/pages/4/"
    When I sign in with username "admin" and password "zoo-wag-pw"
    Then I should see the page listing headed "News"
    When I search this listing for "harbour"
    Then exactly two pages should be listed: "Harbour swim raises money for lifeboat" and "Harbour wall repairs begin"
    When I clear the search box and press Enter, then click the "Title" column heading to sort by title
    Then the first page in the list should be "Allotment waiting list reopens"
    When I open the actions menu (⋯) of "Seal pups spotted off the point" and choose "Delete"
    And I confirm by clicking "Yes, delete it"
    Then I should see a message that the page "Seal pups spotted off the point" was deleted
    And "Seal pups spotted off the point" should no longer appear in the News listing
