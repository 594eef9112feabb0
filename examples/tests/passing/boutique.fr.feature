# language: fr
# Gherkin keywords in French; the step text stays in the English the offline planner reads
# (a step written in French needs the LLM planner).
@boutique @i18n
Fonctionnalité: Choisir un T-shirt (mots-clés en français)

  Contexte:
    Soit I go to /shop

  Scénario: La taille est obligatoire
    Quand I click "Add to cart"
    Alors I should see "Please choose a size"
    Et the cart badge should show "0"

  Plan du Scénario: Ajouter un T-shirt <taille>
    Quand I select "<taille>" from the Size dropdown
    Et I click "Add to cart"
    Alors I should see "Added Tapwright T-shirt (<taille>) to your cart"
    Mais I should not see "Please choose a size"

    Exemples:
      | taille |
      | Medium |
