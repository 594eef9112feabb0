Feature: Django admin — products

  Scenario: Add a new product with a category and launch date
    Given I open "/admin/login/"
    When I log in with username "admin" and password "zoo-admin-pw"
    And I click "Add" next to "Products"
    And I type "Bamboo cutting board" into the Name field
    And I type "SKU-2001" into the SKU field
    And I choose "Kitchen" in the Category dropdown
    And I enter "34.50" as the Price and "18" as the Stock
    And I click the "Today" link next to Launch date
    And I press "SAVE"
    Then I should see a success message saying the product "Bamboo cutting board" was added
    And the product list should show "Bamboo cutting board" with SKU "SKU-2001" in category "Kitchen"
    And the list should say "25 products"
