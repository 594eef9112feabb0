"""Verbs that name the control to press: "Delete the row for #5512", "Like the post by @leo", "Save the draft".

An app's own verbs (delete, like, publish, resend ...) are buttons and links named by
the verb. The object says which one: ``Delete "Call mom"`` is the Delete control for
Call mom; ``Save the draft`` is the "Save draft" button (the locator reads "Save for
draft" as that when no container is called "draft"); ``Delete the last order`` is the
last Delete. A quoted value makes it a field: ``Invite "fay@x.org"`` types into the
Invite field. Also here: expand/collapse, dismiss/close a dialog, search, sign in as,
sort by.
"""

from __future__ import annotations

import difflib
import re

from tapwright.locator.vocab import CONTAINER_WORDS
from tapwright.planners.rules._ast import Action, Clause, NoParse, find, set_aside, strip_words, target_of, value_of
from tapwright.planners.rules._lexicon import ADVERBS, ARTICLES, GHERKIN, ORDINALS, VERBS
from tapwright.planners.rules._shapes import drop_asides
from tapwright.planners.rules._tokens import Token

# Nouns that only say what kind of thing the object is: "the row for", "the post by", "the invite to".
GENERIC_NOUNS = {"row", "item", "entry", "post", "invite", "invitation", "card", "line", "record", "one", "order",
                 "result", "comment", "message", "product", "user", "task", "todo", "file", "thread", "tweet",
                 "article", "question", "answer", "section", "panel"}  # fmt: skip
_LINKS = {"for", "of", "by", "to", "from", "with", "about", "called", "named", "titled", "labelled", "labeled"}
_ORDINAL_WORDS = {**ORDINALS, "last": -1}
# App verbs whose quoted value is text to enter ('Invite "fay@x.org"'); for the others it names the object.
_FIELD_VERBS = {"invite", "reply", "message", "rename", "comment"}


def _object(toks: list[Token]) -> list[Token]:
    """ "the row for order #5512" -> "order #5512"; "the post by @leo" -> "@leo"."""
    toks = strip_words(toks, lead=("the", "a", "an", "this", "that", "my", "your"))
    if len(toks) > 1 and toks[0].low in ("new", "another"):
        toks = toks[1:]  # "Add a new group": the Add control of Groups
    if len(toks) > 2 and toks[0].low in GENERIC_NOUNS and toks[1].low in _LINKS:
        return strip_words(toks[2:])
    return toks


# Verbs a page often asks to confirm ("Delete note? This can't be undone."): done only once the question is answered.
_CONFIRMING = frozenset({"delete", "remove", "archive", "cancel", "revoke", "block", "reject", "decline", "leave",
                         "unsubscribe", "refund", "merge", "unfollow", "restore"})


def control(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """An app verb: press the control it names, for the object that follows; a verb a page often asks to confirm
    then answers the page's question with the button that says it (web.confirm: nothing when none is asked)."""
    verb = " ".join(phrase)
    done = _control(c, phrase, rest)
    if verb in _CONFIRMING and len(done) == 1 and done[0].verb == "click":
        return [*done, Action("confirm", {"verb": verb})]
    return done


def _control(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    verb = " ".join(phrase)
    name = verb.capitalize()
    rest = drop_asides(rest)
    if not rest:
        return [Action("click", {"target": name})]
    means = _instrument(c, rest)
    if means is not None:
        return means
    values = [i for i, t in enumerate(rest) if t.is_value]
    if verb in _FIELD_VERBS and values == [len(rest) - 1] and len(rest) > 2 and rest[-2].low in ("to", "as"):
        # 'Rename the order #5511 to "Q3"': the rename field of that order
        return [Action("fill", {"target": f"{verb} box for {c.text(_object(rest[:-2]))}", "text": rest[-1].value})]
    if values and rest[-1].is_value and len(values) == 1 and len(rest) > 1 and rest[0].kind == "word":
        # "Add the tags "news"": the words before the value name the field.
        return [Action("fill", {"target": target_of(c, rest[:-1]), "text": rest[-1].value})]
    if values and values[0] == 0 and verb in _FIELD_VERBS:
        # 'Invite "fay@x.org"', 'Reply "me too" to the post by @sam': a field named by the verb.
        field = f"{verb} box"
        if len(rest) > 2 and rest[1].low in ("to", "for", "on", "in", "under"):
            field += f" for {c.text(_object(rest[2:]))}"
        return [Action("fill", {"target": field, "text": rest[0].value})]
    words = [t.low for t in strip_words(rest)]
    if len(words) == 2 and words[0] in _ORDINAL_WORDS and words[1] in GENERIC_NOUNS:
        return [Action("click", {"target": f"{words[0]} {name}"})]
    chip = _chosen_value(c, verb, rest)
    if chip is not None:
        return chip
    i, k = find(rest, ("to",))
    if verb == "add" and i > 0 and i + k < len(rest):
        # "Add the Floor lamp to the cart": the "Add to cart" control of the Floor lamp.
        where = c.text(strip_words(rest[i + k :]))
        return [Action("click", {"target": f"{name} to {where} for {c.text(_object(rest[:i]))}"})]
    if len(rest) > 2 and rest[0].low in ("from", "in", "inside", "within") and rest[-1].low in CONTAINER_WORDS:
        # "Apply from the details pane": the verb's control in that place, not one for it.
        return [Action("click", {"target": f"{name} in {c.text(rest[1:])}"})]
    if len(rest) > 1 and rest[0].low in ("for", "of", "from", "on", "to", "with"):
        rest = rest[1:]  # "Sign up for the newsletter", "Log out of the admin": the object follows
    obj = _object(rest)
    if not obj:
        raise NoParse(f"{verb} what?", "click")
    return [Action("click", {"target": f"{name} for {c.text(obj)}"})]


# Words that join an object to more than a name ("as Ana", "with a 30 GB disk", "to the cart", "and save"): an
# unknown verb with any of them is not read (see unknown_verb).
_NOT_A_BARE_NAME = frozenset({"and", "or", "then", "as", "with", "to", "into", "onto", "from", "by", "using", "so",
                              "in", "on", "at", "of", "for", "if", "until", "while", "after", "before", "via"})
_NAME_LIKE = re.compile(r"[0-9@#._/-]|^[A-Z]")
# Words that open a place, a time or a condition, or stand for a person, never an app's verb ("In the Billing
# section, ...", "Under Delivery I choose ...").
_NO_VERB = _NOT_A_BARE_NAME | ARTICLES | GHERKIN | ADVERBS | {
    "under", "inside", "within", "below", "above", "beside", "near", "next", "behind", "over", "across", "through",
    "i", "we", "you", "it", "this", "that", "these", "those", "there", "here", "please", "when", "but", "once",
    "where", "each", "every", "all", "no", "not", "only", "my", "our", "your", "its", "their"}
_VERB_LIKE = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?")


_CONTROL_KINDS = frozenset({"button", "buttons", "link", "links", "field", "input", "textbox", "textarea", "box",
                            "checkbox", "radio", "dropdown", "select", "combobox", "menuitem", "tab", "icon", "switch",
                            "slider", "toggle", "option"})  # fmt: skip


_LEAD = ADVERBS | {"i", "we", "please"}


def _typo_of_a_verb(word: str) -> bool:
    """Whether ``word`` is a known verb written with a slip (one letter off, two in a long word)."""
    return any(len(v) > 2 and " " not in v and v != word and difflib.SequenceMatcher(None, word, v).ratio() >= 0.8
               for v in VERBS)


def unknown_verb(c: Clause, body: list[Token]) -> list[Action] | None:
    """A step that opens with a word no rule knows, then a bare name: the word is the app's own verb, the control
    that says it for that record ("Stop web-1", "SSH into db-primary", "Reboot cache-1": the Stop of web-1's row, the
    SSH item of db-primary's menu). Only a bare name is read after it (one to three words, at least one written as a
    name: a capital, a digit, a hyphen, a dot, a quoted value; "into", "on", "to" or "for" before it at most), so
    the words all go to the locator, which finds a control saying the verb in that record or refuses; anything
    more ("as Ana Ruiz, ana@x.org", "with a 30 GB disk", "in europe-west1-b") stays refused, never half done."""
    k = 0
    while k < len(body) and body[k].low in _LEAD:
        k += 1  # "Now", "please", "I": words before the verb that say nothing of what to do
    if [t.low for t in body[k : k + 3]] == ["go", "ahead", "and"]:
        k += 3  # "Now go ahead and reboot cache-1"
    lead, body = body[:k], body[k:]
    if len(body) < 2 or body[0].kind != "word" or not _VERB_LIKE.fullmatch(body[0].text) or body[0].low in _NO_VERB:
        return None
    rest = body[1:]
    if rest[0].low in ("into", "onto", "on", "to", "for") and len(rest) > 1:
        rest = rest[1:]
    rest = strip_words(rest, lead=("the", "a", "an"))
    if not 1 <= len(rest) <= 3 or any(t.kind not in ("word", "quoted") or t.low in _NOT_A_BARE_NAME for t in rest):
        return None
    if not any(t.kind == "quoted" or _NAME_LIKE.search(t.text) for t in rest) or rest[-1].low in _CONTROL_KINDS:
        return None  # "Clik the Save button": a control said by its kind is pressed by a verb the planner knows
    if _typo_of_a_verb(body[0].low):
        return None  # "Clik", "Tpye": a known verb misspelt is refused with the phrasings that work
    set_aside(lead)
    return [Action("click", {"target": f"{body[0].low.capitalize()} for {c.text(rest)}"})]


# Fields that hold chosen values drawn as chips, each with its own remove mark.
_HOLDS_CHOSEN = frozenset({"box", "field", "select", "selection", "dropdown", "list", "filter", "tags", "input"})


def _chosen_value(c: Clause, verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'Remove "Maria Lopez" from the "Employees" box': the remove mark of that chosen value (a chip "Maria Lopez
    ×"), the one right after its name; the field it is in names which values are meant, and is looked in."""
    if verb not in ("remove", "delete") or len(rest) < 4 or not rest[0].is_value or rest[1].low != "from":
        return None
    field = strip_words(rest[2:], lead=("the",))
    if not field or field[-1].low not in _HOLDS_CHOSEN or len(field) > 4:
        return None
    return [Action("click", {"target": f'Remove next to "{rest[0].value}" in the {c.text(field)}'})]


# Controls a verb is done with: "Save the author with the check-mark button".
_INSTRUMENTS = frozenset({"button", "icon", "link", "key"})


def _instrument(c: Clause, rest: list[Token]) -> list[Action] | None:
    """ "Save the author with the check-mark button", "Publish using the rocket icon at the top": the control said
    after "with" / "using" / "via" is what is pressed; the verb and its object say why (set aside). None when no
    such control is said."""
    i, k = find(rest, ("with", "using", "via"))
    if i < 0:
        return None
    means = strip_words(rest[i + k :])
    if not means or not any(t.low in _INSTRUMENTS for t in means) or any(t.is_value for t in rest[:i]):
        return None
    set_aside(rest[:i])
    return [Action("click", {"target": target_of(c, means)})]


_SECTION_NOUNS = ("section", "panel", "accordion", "item", "question", "group", "details", "node", "folder", "entry")


def expand(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """ "Expand Shipping", "Collapse the Returns section": its header clicked unless already that way."""
    rest = drop_asides(rest)
    body = strip_words(rest, trail=_SECTION_NOUNS)
    i, k = find(body, ("about", "on", "called", "named", "titled", "for"))
    if i > 0 and i + k < len(body) and all(t.low in _SECTION_NOUNS for t in strip_words(body[:i])):
        body = body[i + k :]  # "the accordion item about changing my username": the item is known by its subject
    if not body:
        raise NoParse(f"{phrase[0]} which section?", "expand")
    return [Action("expand", {"target": target_of(c, body), "expanded": phrase[0] not in ("collapse", "fold")})]


def dismiss(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """ "Dismiss the cookie banner", "Close the dialog [with the ×]": its close control."""
    rest = drop_asides(rest)
    i, k = find(rest, ("with", "using", "via"))
    if i > 0 and i + k < len(rest):
        return [Action("click", {"target": f"{target_of(c, rest[i + k :])} in {c.text(rest[:i])}"})]
    if not rest:
        raise NoParse(f"{phrase[0]} what? say 'Close the dialog' or 'Dismiss the cookie banner'", "dismiss")
    return [Action("click", {"target": f"close button in {c.text(rest)}"})]


def search(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """ "Search for "desk" [using/in the X box]" types into the search box; "Search flights" is a button."""
    rest = drop_asides(rest)
    body = rest[1:] if rest and rest[0].low == "for" else rest
    j, _ = find(rest, ("for",))
    scope = strip_words(rest[:j]) if j > 0 else []
    if scope and len(scope) <= 3 and all(t.kind == "word" and t.text.islower() for t in scope) and j + 1 < len(rest) \
            and rest[j + 1].is_value and len(rest) == j + 2:
        # "Search the articles for "ferr"": what is searched is what the page lists; the text goes in its search box
        # (two search boxes: AMBIGUOUS, never a guess).
        set_aside(scope)
        return [Action("fill", {"target": "search box", "text": rest[j + 1].value})]
    if body and body[0].is_value:
        i, k = find(body, ("using", "in", "into", "with", "on", "via"))
        field = target_of(c, body[i + k :]) if i > 0 and i + k < len(body) else "search box"
        return [Action("fill", {"target": field, "text": body[0].value})]
    if not rest:
        return [Action("click", {"target": "Search"})]
    if (phrase[-1:] == ("for",) or rest[0].low == "for") and 1 <= len(body) <= 4 and all(t.kind == "word" and t.low not in _PLACING_WORDS for t in body):
        # "Search for budget": the words after "for" are what is searched for, typed into the search box ("Search
        # flights", with no "for", stays a button).
        return [Action("fill", {"target": "search box", "text": c.text(body)})]
    return [Action("click", {"target": f"Search {c.text(rest)}"})]


_PLACING_WORDS = frozenset({"using", "in", "into", "with", "on", "via", "from", "under"})


def sign_in(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """ "Sign in as "sam" with password "pw1"": fill both fields, then press the button; else a click."""
    button = " ".join(phrase).capitalize()
    if phrase[0] == "am":  # "Given I am logged in as ...": the state is reached by signing in
        button = " ".join(("sign" if phrase[1] == "signed" else "log", *phrase[2:])).capitalize()
    rest = drop_asides(rest)
    secret = _one_credential(c, rest)
    if secret is not None:
        # "Log in with the password "pw"" (a form that asks only for it): that field, then the button.
        return [Action("fill", {"target": secret[0], "text": secret[1]}), Action("click", {"target": button})]
    credentials = _credentials(rest)
    if credentials is not None:
        (field, user), password = credentials
        return [Action("fill", {"target": field, "text": user}), Action("fill", {"target": "password", "text": password}),
                Action("click", {"target": button})]  # fmt: skip
    if rest and rest[0].low == "as" and len(rest) > 1:
        i, k = find(rest, ("with password", "with the password", "and password", "password"))
        user = value_of(c, rest[1:i] if i > 1 else rest[1:2])
        out = [Action("fill", {"target": "username", "text": user})]
        if i > 1 and i + k < len(rest):
            out.append(Action("fill", {"target": "password", "text": value_of(c, rest[i + k :])}))
        return [*out, Action("click", {"target": button})]
    if not rest:
        return [Action("click", {"target": button})]
    return [Action("click", {"target": target_of(c, rest)})]


# Words around the two quoted values of a sign-in ("with username "a" and password "b"", "as "a" using
# password "b"", "with "a" / "b""): they say which value is which, nothing more.
_CREDENTIAL_WORDS = frozenset({"as", "with", "using", "and", "the", "my", "user", "username", "name", "login", "email",
                               "e-mail", "password", "pass", "passcode", "of", "account", "credentials", "/", ","})  # fmt: skip
_USER_FIELDS = ("email", "e-mail", "login", "username")


_SECRET_WORDS = frozenset({"password", "passcode", "passphrase", "pin", "token", "key", "code"})


def _one_credential(c: Clause, rest: list[Token]) -> tuple[str, str] | None:
    """(field, value) of 'with the password "pw"' / 'using my access token "t"': one quoted secret named by a
    short phrase ending in a secret's word; None otherwise."""
    if len(rest) < 3 or rest[0].low not in ("with", "using"):
        return None
    body = strip_words(rest[1:], lead=("the", "my", "a", "an", "our"))
    if len(body) < 2 or len(body) > 3 or not body[-1].is_value or any(t.kind != "word" for t in body[:-1]):
        return None
    if body[-2].low not in _SECRET_WORDS:
        return None
    return c.text(body[:-1]), body[-1].value


def _credentials(rest: list[Token]) -> tuple[tuple[str, str], str] | None:
    """((user field, user), password) from the words after "sign in", when they are two quoted values and
    only the words that name them; None otherwise."""
    if not rest or rest[0].low not in ("as", "with", "using"):
        return None
    values = [t for t in rest if t.is_value]
    words = [t for t in rest if not t.is_value]
    if len(values) != 2 or any(t.low not in _CREDENTIAL_WORDS and any(ch.isalnum() for ch in t.low) for t in words):
        return None
    before_user = {t.low for t in rest[: rest.index(values[0])]}
    field = next((w for w in _USER_FIELDS if w in before_user), "username")
    return (field, values[0].value), values[1].value


def sort(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """ "Sort by Author" clicks the Author column heading."""
    rest = drop_asides(rest)
    body = strip_words(rest[1:] if rest and rest[0].low == "by" else rest, trail=("column",))
    if not body:
        raise NoParse("sort by which column?", "click")
    said = c.text(body)
    if _ORDER_SAID.search(said):
        # "sort by Name (Z-A)", "sort by Price: low to high": an order said with the key is an option of a sort
        # dropdown (a column heading is named by the key alone); chosen there, or refused when there is none.
        return [Action("select", {"target": "Sort dropdown", "option": said.strip('"')})]
    return [Action("click", {"target": f"{target_of(c, body)} column heading"})]


# An order said with a sort key: "(A-Z)", "(Z-A)", "newest first", "low to high", "ascending" ...
_ORDER_SAID = re.compile(r"\(\s*[a-z0-9]\s*[-–]\s*[a-z0-9]\s*\)|\b(newest|oldest|latest|earliest)( first)?\b|"
                         r"\b(low|high)(est)? to (high|low)(est)?\b|\b(a|z) to (z|a)\b|\b(ascending|descending)\b", re.I)


def filter_(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """ "Filter the list to Suspended users using the Status filter", "Filter the table to show only Failed
    members": the value chosen in that filter (a drop-down); with no control said, in the page's filter. The words
    for what is filtered ("the list", "members" after a value with a capital) say what the filter acts on."""
    shown, _ = find(rest, ("to show", "to list", "to display", "so it shows", "so that it shows"))
    rest = rest if shown > 0 else drop_asides(rest)  # "to show only X" is what the filter is set to, no purpose
    i, k = find(rest, ("using", "with", "via", "in"), last=True)
    control, before = (rest[i + k :], rest[:i]) if 0 < i < i + k < len(rest) else ([], rest)
    j, kk = find(before, ("to show", "to list", "to display", "so it shows", "so that it shows", "to", "by", "for"))
    if j < 0 or j + kk >= len(before) or any(t.is_value or t.kind != "word" for t in before[:j]):
        raise NoParse("filter to what? say 'Filter the list to Suspended using the Status filter'", "select")
    value = strip_words(before[j + kk :], lead=("show", "only", "just", "the"))
    why, _ = find(value, ("to", "so that", "in order to"))
    if why > 0:  # "... to Suspended users to see who is blocked": why, not what
        set_aside(value[why:])
        value = value[:why]
    if value and value[-1].kind == "word" and value[-1].text.islower() and value[-1].low.endswith("s") and \
            len(value) >= 2 and (value[0].is_value or value[0].text[:1].isupper()):  # fmt: skip
        set_aside(value[-1:])  # "Suspended users": the records shown, not part of the choice
        value = value[:-1]
    if not value or any(t.kind == "comma" or t.low in ("and", "or") for t in value):
        raise NoParse("filter to one value: 'Filter the list to Suspended using the Status filter'", "select")
    set_aside(before[: j + kk])
    set_aside([t for t in before[j + kk :] if t.low in ("show", "only", "just")])
    target = target_of(c, control) if control else "filter"
    return [Action("select", {"target": target, "option": value_of(c, value)})]


_OUT_OF = ("out", "of")
_STARS = ("star", "stars")


def rate(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """ "Rate the support 8 out of 10", "Give the app 4 stars": the choice of that number (or "4 stars") in the
    rating of what is named (a scale or star widget whose group or caption names it). The number is the choice's
    whole name; "out of 10" says the scale, and is checked too: the scale shows a choice "10"."""
    rest = drop_asides(rest)
    at = next((k for k, t in enumerate(rest) if k > 0 and t.kind == "word" and t.low.isdigit()), -1)
    if at < 0:
        raise NoParse(f"say the rating as a number: '{' '.join(phrase).capitalize()} the support 8 out of 10'", "click")
    what, number, after = rest[:at], rest[at].low, [t.low for t in rest[at + 1 :]]
    if not strip_words(what):
        raise NoParse("say what is rated: 'Rate the support 8 out of 10'", "click")
    place = target_of(c, what)
    if tuple(after[:2]) == _OUT_OF and len(after) == 3 and after[2].isdigit() and int(number) <= int(after[2]):
        return [Action("verify_visible", {"target": f'"{after[2]}" in the {place}'}),
                Action("check", {"target": f'"{number}" in the {place}'})]  # fmt: skip
    elif len(after) == 1 and after[0] in _STARS:
        choice = f"{number} {'star' if number == '1' else 'stars'}"
    elif not after and phrase[0] == "rate":
        choice = number
    else:
        raise NoParse("a rating is a number, 'N out of M' or 'N stars'", "click")
    return [Action("check", {"target": f'"{choice}" in the {place}'})]
