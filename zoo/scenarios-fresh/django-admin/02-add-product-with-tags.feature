Feature: Django admin — adding a product

  Scenario: Add a kitchen product with a supplier, a launch date and two tags, then find it again
    Given I open "/admin/shop/product/add/"
    When I sign in with username "admin" and password "zoo-admin-pw"
    Then the page heading should be "Add product"
    When I type "Bamboo tray" as the Name and "SKU-2001" as the SKU
    And I open the Category dropdown, type "kit" and pick "Kitchen"
    And I select "Casa Verde" as the Supplier, then type "39.90" as the Price, "15" as the Stock and "2025-09-01" as the Launch date
    And I expand the "More" section and move "eco" and "handmade" from the available tags to the chosen tags
    And I click "Save"
    Then the message "The product “Bamboo tray” was added successfully." should appear
    And the list should end with "25 products"
    When I type "bamboo" in the search box and click "Search"
    Then only "Bamboo tray" should be listed, with the category "Kitchen", the price "39.90" and the launch date "Sept. 1, 2025"
    When I open "Bamboo tray" and expand the "More" section
    Then the chosen tags box should contain "eco" and "handmade"
