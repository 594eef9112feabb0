@shop
Feature: Choosing a T-shirt

  Background:
    Given I go to /shop

  Scenario: A size must be chosen before adding to the cart
    When I click "Add to cart"
    Then I should see "Please choose a size"
    And the cart badge should show "0"

  Scenario Outline: Adding a <size> T-shirt to the cart
    When I select "<size>" from the Size dropdown
    And I click "Add to cart"
    Then I should see "Added Tapwright T-shirt (<size>) to your cart"
    But I should not see "Please choose a size"

    Examples:
      | size   |
      | Small  |
      | Large  |

  @gift
  Scenario: A gift-wrapped T-shirt
    When I select "Medium" from the Size dropdown
    And I check "Gift wrap"
    And I click "Add to cart"
    Then I should see "Added Tapwright T-shirt (Medium, gift wrapped) to your cart"
    And the cart badge should show "1"
