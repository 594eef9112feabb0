# language: de
# Gherkin keywords in German; the step text stays in the English the offline planner reads
# (a step written in German needs the LLM planner).
@anmeldung @i18n
Funktionalität: Anmelden (Schlüsselwörter auf Deutsch)

  Grundlage:
    Angenommen I go to /login

  Szenario: Ein falsches Passwort bleibt auf der Anmeldeseite
    Wenn I type "alice" into the Username field
    Und I type "not-the-password" into the Password field
    Und I click the "Sign in" button
    Dann I should see "Invalid username or password"
    Und the URL should contain "/login"
    Aber I should not see "Welcome, alice"
