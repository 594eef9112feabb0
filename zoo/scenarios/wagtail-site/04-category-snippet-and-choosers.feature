Feature: Wagtail admin — snippets and choosers

  Scenario: Add a category snippet and use it with an image on an existing post
    Given I open "/admin/login/"
    When I sign in with username "admin" and password "zoo-wag-pw"
    And I click "Snippets" in the sidebar and then "Categories"
    And I click "Add category", type "Health" as the Name and "Clinics, pharmacies and wellbeing" as the Description, and click "Save"
    Then I should see "Category 'Health' created." and the list should count "7 categories"
    When I open "Pages" in the sidebar, show the child pages of "Harbour Town" and click "News"
    And I click "Library extends opening hours" in the listing
    And in the Category field I open the actions menu next to "Culture", click "Choose another category" and pick "Health"
    And I click "Choose an image" under Feature image and pick "Lighthouse"
    And I click "Save draft"
    Then I should see "Page 'Library extends opening hours' has been updated."
    And the Category field should show "Health" and the Feature image should show "Lighthouse"
