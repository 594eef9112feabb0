Feature: Django admin — editing products from the list

  Scenario: Change a product's stock directly in the product list
    Given I open "/admin/login/"
    And I log in as "admin" using password "zoo-admin-pw"
    When I open the Products list
    And I change the Stock box in the "Chef knife" row from "5" to "42"
    And I click the "Save" button under the list
    Then I should see the message "1 product was changed successfully."
    And the Stock for "Chef knife" should show "42"
    When I click on "Chef knife"
    Then the "Change product" page should open
    And the Stock field should contain "42"
