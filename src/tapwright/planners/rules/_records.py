"""Checks on a record's fields: a row of a table named by one of its values, a field named by its column.

- ``order "ORD-9" should have the status "Shipped"``: the Status cell of the row showing ORD-9 reads
  Shipped (``both "A" and "B" should have the status "Done"``: one check per record);
- ``the product list should show "Desk" with SKU "D-1" in category "Office"``: the row showing Desk has
  D-1 in its SKU cell and Office in its Category cell;
- ``the tag "latest" should point to "1.1.0"``: the row showing latest also shows 1.1.0;
- ``the first row should show the description "X"``: the Description cell of the first row reads X;
- ``the ticket should show Owned by "Carol", Priority "critical" and Milestone "2.4"``: on the page (or in
  the dialog, panel ... the subject names), the value each caption labels reads its value;
- ``every row should show department "Finance"``, ``every booking listed should be in room Atlas or Cosmos``,
  ``no row should have status "Draft" or "Rejected"``: every row's cell in that column (``web.verify_rows``).

The field's words go to the locator as a column heading ("status in the row for order "ORD-9""), which
finds the cell under that heading in that row, or refuses. Every value is checked; a shape with a word
these rules do not place is left to the other rules (and so, in the end, refused).
"""

from __future__ import annotations

import re

from tapwright.planners.rules._ast import (
    Action,
    Clause,
    find,
    is_value_list,
    set_aside,
    strip_words,
    target_of,
    value_list,
)
from tapwright.planners.rules._lexicon import ARTICLES, ELEMENT_WORDS, ORDINALS, TEXT_WORDS
from tapwright.planners.rules._tokens import Token

# Nouns that hold records: "the product list", "the orders table".
HOLDERS = frozenset({"list", "table", "grid", "results", "listing"})
_HOLDERS = HOLDERS
_JOINS = frozenset({"with", "and", "in", "of", "under", "as", ","})
_MAX_FIELD_WORDS = 3


def field_check(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """The checks of a record-field assertion, or None when the words are not of that shape."""
    if verb == "have":
        records = _records(subject)
        field = _field_value(rest)
        fields = [field] if field is not None else _caption_pairs(strip_words(rest, lead=()))
        if records is None or not fields:
            return _row_with_fields(c, subject, rest) or labelled_values(c, subject, rest)
        nouns, keys = records
        return [_cell_check(c, f, nouns, key) for key in keys for f in fields]
    if verb == "point":
        return _points_to(c, subject, rest)
    if verb == "be":
        return _placed_row_is(c, subject, rest) or _listed_with(c, subject, rest)
    if verb in ("show", "list", "contain", "include", "display"):
        return (_row_with_fields(c, subject, rest) or _each_value(c, subject, rest) or _placed_row(c, subject, rest)
                or labelled_values(c, subject, rest))
    return None


def _points_to(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ 'the tag "latest" should point to "1.1.0"': the record named "latest" shows "1.1.0" in its row."""
    records = _records(subject)
    body = strip_words(rest, lead=("to",))
    if records is None or len(body) != 1 or not body[0].is_value or not rest or rest[0].low != "to":
        return None
    nouns, keys = records
    kind = f"{c.text(nouns)} " if nouns else ""
    return [Action("verify_visible", {"target": f'"{body[0].value}" in the row for {kind}"{key}"'}) for key in keys]


NUMBER = re.compile(r"^[-+]?\d[\d,]*(?:\.\d+)?%?$")  # a number as a step says it ("160", "1,200", "12.5%")


def _field_pairs(body: list[Token], *, numbers: bool) -> list[tuple[list[Token], Token]] | None:
    """The (field words, value) pairs after a record's name: 'with SKU "D-1" in category "Office"' (with
    ``numbers``, a bare number is a value too: 'with amount 867.9'); None when the words are not pairs."""
    pairs, i = [], 1
    while i < len(body):
        if body[i].low not in _JOINS and body[i].kind != "comma":
            return None
        j = i + 1
        while j < len(body) and not (body[j].is_value or (numbers and NUMBER.match(body[j].text))):
            j += 1
        words = [t for t in body[i + 1 : j] if t.low not in ARTICLES]
        if j >= len(body) or not words or len(words) > _MAX_FIELD_WORDS or any(t.kind != "word" for t in words):
            return None
        pairs.append((words, body[j]))
        i = j + 1
    return pairs


def _placed_row_is(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ 'the first row should be "Software #13" with amount 867.9': that row holds the name, and each field said
    reads its value there (a value is quoted, or a number); None when the words are not of that shape."""
    row = strip_words(subject, lead=("the",))
    if len(row) != 2 or row[1].low != "row" or (row[0].low not in ORDINALS and row[0].low != "last"):
        return None
    body = strip_words(rest, lead=("the", "a", "an"))
    if len(body) < 4 or not body[0].is_value or body[1].low not in _JOINS:
        return None
    pairs = _field_pairs(body, numbers=True)
    if pairs is None:
        return None
    where = c.text(row)
    return [Action("verify_visible", {"target": f'"{body[0].value}" in the {where}'}),
            *(Action("verify_text", {"text": v.value, "target": f"{c.text(w)} in the {where}"}) for w, v in pairs)]


def _listed_with(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ 'the article "Glaciers" should be listed with the status "In review" and the date "Aug 19"': the record's
    row reads each value in the column said; None when the words are not of that shape."""
    records = _records(subject)
    if records is None or len(records[1]) != 1 or len(rest) < 4 or rest[0].low not in _LISTED or rest[1].low != "with":
        return None
    nouns, keys = records
    key = next(t for t in subject if t.is_value)
    pairs = _field_pairs([key, *rest[1:]], numbers=True)
    if pairs is None:
        return None
    set_aside(rest[:1])  # "listed": as a row of the list
    return [_cell_check(c, pair, nouns, keys[0]) for pair in pairs]


def _placed_row(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ "the first row should show the description "X"": the Description cell of that row (by its place) reads X."""
    row = strip_words(subject, lead=("the",))
    if len(row) != 2 or row[1].low != "row" or (row[0].low not in ORDINALS and row[0].low != "last"):
        return None
    field = _field_value(rest)
    if field is None:
        return None
    words, value = field
    return [Action("verify_text", {"text": value.value, "target": f"{c.text(words)} in the {c.text(row)}"})]


def _each_value(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ "the list should contain "A", "B" and "C"": each of them, in the holder named; '"Version history" should list
    2.0.0, 1.1.0 and 1.0.0': in the list or section a quoted heading names (unquoted items each a code with a digit)."""
    holder = strip_words(subject, lead=("the",))
    body = strip_words(rest, lead=("the",))
    named = len(holder) == 1 and holder[0].is_value
    titled = len(holder) == 2 and holder[0].is_value  # 'the "Version history" list'
    if not holder or (not named and (holder[-1].low not in _HOLDERS or (any(t.is_value for t in holder) and not titled))):
        return None
    values = value_list(body) if is_value_list(body) else _coded_list(body)
    if not values:
        return None
    where = f'the "{holder[0].value}"' if named else f"the {c.text(holder)}"
    return [Action("verify_visible", {"target": f'"{v}" in {where}'}) for v in values]


def _coded_list(body: list[Token]) -> list[str]:
    """``2.0.0-beta.1, 1.1.0 and 1.0.0``: single words that each hold a digit (versions, codes), joined by commas
    and "and"; [] for anything else (plain words could be one name: "Terms and Conditions")."""
    items = [t for i, t in enumerate(body) if i % 2 == 0]
    joins = [t for i, t in enumerate(body) if i % 2 == 1]
    if len(items) < 2 or len(body) % 2 == 0:
        return []
    if not all(t.kind == "word" and any(ch.isdigit() for ch in t.text) for t in items):
        return []
    if not all(t.kind == "comma" or t.low == "and" for t in joins):
        return []
    return [t.text for t in items]


def _records(subject: list[Token]) -> tuple[list[Token], list[str]] | None:
    """(kind nouns, record values) of ``order "ORD-9"`` / ``both "A" and "B"``; None for other subjects."""
    body = [t for t in strip_words(subject, lead=("the", "both", "each", "every")) if t.low != "now"]
    values = [t for t in body if t.is_value]
    if not values:
        return None
    first = body.index(values[0])
    nouns, tail = body[:first], body[first:]
    if len(nouns) > 2 or any(t.is_value or t.low in ARTICLES for t in nouns):
        return None
    if any(not t.is_value and t.low not in ("and", ",") and t.kind != "comma" for t in tail):
        return None
    return nouns, [t.value for t in values]


def _field_value(rest: list[Token]) -> tuple[list[Token], Token] | None:
    """(field words, value) of ``the status "Shipped"``."""
    body = strip_words(rest, lead=("the", "a", "an"))
    if len(body) < 2 or not body[-1].is_value:
        return None
    field = body[:-1]
    if [t.low for t in field] in (["value"], ["text"], ["title"], ["a", "value", "of"], ["value", "of"]):
        return None  # "should have the text X": the element's own text, not a field of a record
    if len(field) > _MAX_FIELD_WORDS or any(t.is_value or t.kind != "word" for t in field):
        return None
    return field, body[-1]


def _cell_check(c: Clause, field: tuple[list[Token], Token], nouns: list[Token], key: str) -> Action:
    words, value = field
    nouns = [t for t in nouns if t.low not in ("row", "record", "entry")]  # 'the row "X"': the row for "X"
    kind = f"{c.text(nouns)} " if nouns else ""
    return Action("verify_text", {"text": value.value, "target": f'{c.text(words)} in the row for {kind}"{key}"'})


def _row_with_fields(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ "the product list should show "Desk" with SKU "D-1" in category "Office"": the row's cells."""
    holder = strip_words(subject, lead=("the",))
    if not holder or holder[-1].low not in _HOLDERS or len(holder) > 2 or any(t.is_value for t in holder):
        return None
    body = strip_words(rest, lead=("the", "a", "an", "row", "record", "entry"))
    if len(body) < 4 or not body[0].is_value:
        return None
    key, pairs = body[0].value, _field_pairs(body, numbers=False)
    if pairs is None:
        return None
    # The holder ("the product list") is where the rows are: the row named by the key is looked up there.
    set_aside(holder)
    return [Action("verify_text", {"text": v.value, "target": f'{c.text(w)} in the row for "{key}"'})
            for w, v in pairs]  # fmt: skip


_EVERY = frozenset({"every", "each", "all"})
_LISTED = frozenset({"listed", "shown", "displayed", "left", "remaining", "visible"})
_OR = frozenset({"or", ","})


def each_row(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """ "every row should show department "Finance"" / "no row should have status "Draft" or "Rejected"": a
    check over every row, one column against the values said; None when the words are not of that shape."""
    only = only_in_column(subject, neg, verb, rest) or only_listed(subject, neg, verb, rest)
    if only is not None:
        return only
    body = strip_words(subject, lead=("the",), trail=tuple(_LISTED))
    if len(body) == 5 and [t.low for t in body[2:4]] in (["in", "the"], ["of", "the"]) and body[4].low in ROWS_OF:
        set_aside(body[2:])  # "every row in the table": the page's one table, which the check reads
        body = body[:2]
    if len(body) == 3 and body[1].low in _LISTED:
        body = [body[0], body[2]]  # "every listed task": every one of them, as "every task listed"
    if len(body) != 2 or body[0].low not in _EVERY | {"no", "both"} or body[1].kind != "word":
        return None
    if body[0].low == "both" and (neg or body[1].low not in ("rows", "records", "entries", "results")):
        return None  # "both buttons": not rows of a table
    if verb == "be" and rest and rest[0].low in ("in", "of", "from"):
        rest = rest[1:]
    elif verb not in ("show", "have", "display", "contain", "be"):
        return None
    said = strip_words(rest, lead=("the", "a", "an"))
    found = _as_column(said) or _column_values(said)
    if found is None:
        return None
    column, values = found
    set_aside(body)
    none = (body[0].low == "no") != neg
    check = Action("verify_rows", {"column": column, "values": values, "none": none})
    # "both rows should show ...": there are two rows, and each shows it.
    return [Action("verify_count", {"target": "row", "count": 2}), check] if body[0].low == "both" else [check]


def _as_column(toks: list[Token]) -> tuple[str, list[str]] | None:
    """("owner", ["Liam Novak"]) of ``"Liam Novak" as the owner`` (values apart by "or" and commas, then "as" and a
    column); None for any other shape."""
    k = next((i for i, t in enumerate(toks) if t.low == "as" and not t.is_value), -1)
    if k < 1 or not toks[0].is_value:
        return None
    head, column = toks[:k], strip_words(toks[k + 1 :], lead=("the", "its", "their"))
    if any(not t.is_value and t.low not in _OR and t.kind != "comma" for t in head):
        return None
    if not column or len(column) > _MAX_FIELD_WORDS or any(t.kind != "word" for t in column):
        return None
    set_aside(toks[k : k + 1])
    return " ".join(t.text for t in column), [t.value for t in head if t.is_value]


def all_in_column(rest: list[Token]) -> tuple[list[Token], Action] | None:
    """(the predicate before it, the check over every row) of a predicate ending in ``, all in category
    "Software"`` (also ``all with``, ``all of``): None when it does not end so."""
    for k in range(1, len(rest) - 2):
        if rest[k].kind == "comma" and rest[k + 1].low == "all" and rest[k + 2].low in ("in", "with", "of"):
            found = _column_values(strip_words(rest[k + 3 :], lead=("the", "a", "an")))
            if found is None:
                return None
            set_aside(rest[k + 1 : k + 2])  # "all": what a check over every row says
            column, values = found
            return rest[:k], Action("verify_rows", {"column": column, "values": values, "none": False})
    return None


def only_in_column(subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """ "only Maria Lopez and John Smith should appear in the employee column": every row's cell in that
    column is one of the names (``web.verify_rows``); None when the words are not of that shape."""
    if neg or len(subject) < 2 or subject[0].low != "only":
        return None
    if verb == "be" and rest and rest[0].low in _LISTED:
        rest = rest[1:]  # "should be listed in the X column"
    elif verb not in ("appear", "be"):
        return None
    if not rest or rest[0].low not in ("in", "under"):
        return None
    where = strip_words(rest[1:], lead=("the",))
    column = where[:-1]
    if not column or where[-1].low != "column" or len(column) > _MAX_FIELD_WORDS or any(
            t.kind != "word" for t in column):  # fmt: skip
        return None
    values = _names(subject[1:])
    if values is None:
        return None
    set_aside([subject[0], where[-1]])  # "only" is what a check over every row says; "column" names the field
    column_name = " ".join(t.text for t in column)
    return [Action("verify_rows", {"column": column_name, "values": values, "none": False, "each": len(values) > 1})]


_LEFT = frozenset({"remain", "appear", "stay", "show", "be"})


def only_listed(subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'only "A" and "B" should be listed' / 'should remain' / 'should appear': the rows of the page's one table
    are these and no other (each row has one of them as a cell, and each is some row's cell; ``web.verify_rows``
    over every column); None when the words are not of that shape. (A kind noun, 'only the "A" booking', and a
    column, '... in the Owner column', are other rules.)"""
    if neg or len(subject) < 2 or subject[0].low != "only" or verb not in _LEFT:
        return None
    if verb == "be" and rest and not (len(rest) == 1 and rest[0].low in _LISTED):
        return None  # (a bare "be" is "remain" or "stay")
    if verb != "be" and rest:
        return None
    names, fields = _with_fields(subject[1:])
    kinds: list[Token] = []
    if not names or not all(t.is_value or t.low == "and" or t.kind == "comma" for t in names):
        found = _kind_named(names)
        if found is None:
            return None
        names, kinds = found
    values = _names(names)
    if values is None or (fields and len(values) != 1):
        return None
    set_aside([subject[0], *rest, *kinds])  # "only": no other row; "listed": as rows; "the project": what they are
    held = [Action("verify_visible", {"target": f'"{v}" for "{values[0]}"'}) for v in fields]
    return [Action("verify_rows", {"values": values, "none": False, "each": True}), *held]


def _with_fields(toks: list[Token]) -> tuple[list[Token], list[str]]:
    """(the record's words, the values said after "with") of 'the document "A" with ticket "T-1" and tag "b"' (each
    value after the words that say which field: :func:`with_parts`, set aside); ``toks`` whole and no values for any
    other shape."""
    k = next((i for i, t in enumerate(toks) if t.low == "with"), -1)
    parts = with_parts(toks[k + 1 :]) if k > 0 and any(t.is_value for t in toks[:k]) else None
    if not parts:
        return toks, []
    set_aside([toks[k], *(t for part in parts for t in part[:-1])])  # "with", the field words: checked in the record
    return toks[:k], [part[-1].value for part in parts]


def split_list(toks: list[Token]) -> list[list[Token]] | None:
    """``toks`` split at commas and "and" (an Oxford comma too); None when it begins with a separator or has two
    commas in a row (an empty part)."""
    parts: list[list[Token]] = [[]]
    for t in toks:
        if t.kind == "comma" or t.low == "and":
            if not parts[-1] and not (t.low == "and" and len(parts) > 1):
                return None
            if parts[-1]:
                parts.append([])
            continue
        parts[-1].append(t)
    return parts


def with_parts(toks: list[Token]) -> list[list[Token]] | None:
    """The values said after "with", split at commas and "and", each with the (at most two) words that say what it
    is; None when a part is anything else (a value not last, another preposition, a clause)."""
    parts = split_list(toks)
    if parts is None:
        return None
    for part in parts:
        words = [t for t in part[:-1] if t.low not in ("the", "a", "an")]
        if not part or not part[-1].is_value or len(words) > 2:
            return None
        if any(t.kind != "word" or t.low in ("or", "in", "on", "for") for t in words):
            return None
    return parts


def _kind_named(toks: list[Token]) -> tuple[list[Token], list[Token]] | None:
    """(the quoted values and their joins, the words that say what kind of record each is) of ``the project "A"``,
    ``the "calibration" folder and "cube.gcode"`` or ``the projects "A" and "B"``: each item one quoted value with
    at most an article and one lower-case noun beside it; None for any other shape (a name with words around it
    is not a record's value)."""
    kept: list[Token] = []
    kinds: list[Token] = []
    item: list[Token] = []
    for t in [*toks, None]:
        if t is None or t.low in ("and", "or") or t.kind == "comma":
            words = [w for w in item if not w.is_value]
            quoted = [w for w in item if w.is_value]
            nouns = [w for w in words if w.low not in ("the", "a", "an")]
            if len(quoted) != 1 or len(nouns) > 1 or any(w.kind != "word" or not w.text.islower() for w in nouns):
                return None
            if nouns and item.index(nouns[0]) not in (item.index(quoted[0]) - 1, item.index(quoted[0]) + 1):
                return None  # the noun stands beside its value: "the project "A"", ""A" folder"
            kept.append(quoted[0])
            kinds.extend(words)
            if t is not None:
                kept.append(t)
            item = []
        else:
            item.append(t)
    return (kept, kinds) if kinds else None


def _names(toks: list[Token]) -> list[str] | None:
    """["Maria Lopez", "John Smith"] of ``Maria Lopez and John Smith`` or ``"A", "B" or "C"``: quoted values, or
    names (each word capitalised or a number), apart by "and", "or" and commas; None for anything else."""
    items: list[list[Token]] = [[]]
    for t in toks:
        if t.low in ("and", "or") or t.kind == "comma":
            items.append([])
        else:
            items[-1].append(t)
    out: list[str] = []
    for item in items:
        if len(item) == 1 and item[0].is_value:
            out.append(item[0].value)
        elif item and all(t.kind == "word" and (t.text[:1].isupper() or t.text[:1].isdigit()) for t in item):
            out.append(" ".join(t.text for t in item))
        elif item or len(out) < len(items) - 1:
            return None  # a word that is no name, or an empty item between two joins
    return out or None


def _column_values(toks: list[Token]) -> tuple[str, list[str]] | None:
    """("status", ["Draft", "Rejected"]) of ``status "Draft" or "Rejected"`` or ``room Atlas or Cosmos``."""
    first = next((k for k, t in enumerate(toks) if t.is_value), None)
    values: list[str] = []
    if first is not None:
        column, tail = toks[:first], toks[first:]
        values.extend(t.value for t in tail if t.is_value)
        if any(not t.is_value and t.low not in _OR and t.kind != "comma" for t in tail):
            return None
    else:  # unquoted: one word of column, then values apart by "or" and commas
        column, tail = toks[:1], toks[1:]
        word: list[Token] = []
        for t in [*tail, None]:
            if t is None or t.low in _OR or t.kind == "comma":
                if not word:
                    return None
                values.append(" ".join(w.text for w in word))
                word = []
            else:
                word.append(t)
    if not column or len(column) > _MAX_FIELD_WORDS or any(t.kind != "word" for t in column) or not values:
        return None
    if first is None and (not column[0].text.islower() or not all(v[:1].isupper() or v[:1].isdigit() for v in values)):
        return None  # "in Oslo or Rome": no column is named (a lower-case word, then names, tells them apart)
    return " ".join(t.text for t in column), values


# Captions of a record's own values: lower-case words that name a property; a capitalised caption
# ("Owned by", "Milestone") is taken as written. Words for an element's own text are not captions.
_PROPERTY_NOUNS = frozenset({"status", "state", "date", "time", "price", "amount", "total", "count", "priority",
                             "owner", "author", "category", "type", "version", "size", "email", "phone", "country",
                             "city", "role", "severity", "quantity", "due", "created", "updated", "id"})  # fmt: skip
_OWN_TEXT = frozenset({"value", "text", "title", "name", "label", "placeholder", "tooltip", "heading", "caption",
                       "hint", "word", "words", "phrase"})  # fmt: skip
# A subject that is a part of the page: the captions are looked up inside it.
_PARTS = frozenset({"dialog", "modal", "panel", "sidebar", "drawer", "card", "form", "popup", "pop-up", "section",
                    "sheet", "window", "popover", "details", "summary"})  # fmt: skip


def _caption(words: list[Token], many: bool) -> bool:
    if not words or len(words) > _MAX_FIELD_WORDS or any(t.kind != "word" or t.is_value for t in words):
        return False
    last = words[-1].low
    if last in _OWN_TEXT or last in TEXT_WORDS or last in ELEMENT_WORDS:
        return False
    return many or words[0].text[:1].isupper() or all(t.low in _PROPERTY_NOUNS for t in words)


# Words that say how much or when, never what a value is: 'should show only "X"', 'exactly "3"'.
_NOT_CAPTIONS = frozenset({"only", "exactly", "just", "both", "all", "each", "every", "still", "again", "now", "also",
                           "no", "not", "any", "some", "least", "most", "about", "over", "under", "more", "less",
                           "than", "same", "at", "of", "in", "on", "for", "by", "with", "to", "as", "and", "or",
                           "new", "another", "other", "one"})  # fmt: skip


def plain_caption(words: list[Token]) -> bool:
    """A caption said in lower case before (or after) its quoted value: 'fee "80"', 'species "Dog"', 'due date
    "2025-06-12"' (one to three plain words; no word that says how much or when, names a text or a kind of
    element)."""
    if not words or len(words) > _MAX_FIELD_WORDS or any(t.kind != "word" or not t.low.isalpha() for t in words):
        return False
    if any(t.low in _NOT_CAPTIONS or t.low in ARTICLES for t in words):
        return False
    last = words[-1].low
    return not (last in _OWN_TEXT or last in TEXT_WORDS or last in ELEMENT_WORDS)


def _caption_pairs(body: list[Token]) -> list[tuple[list[Token], Token]] | None:
    """``Owned by "Carol", Priority "critical" and Milestone "2.4"``: (caption words, value) pairs joined by
    commas and "and" (each caption may take an article); None for anything else."""
    pairs: list[tuple[list[Token], Token]] = []
    i = 0
    while i < len(body):
        j = i
        while j < len(body) and not body[j].is_value:
            j += 1
        if j >= len(body):
            return None
        words = [t for t in body[i:j] if t.low not in ARTICLES]
        pairs.append((words, body[j]))
        i = j + 1
        if i < len(body):
            if body[i].kind != "comma" and body[i].low != "and":
                return None
            i += 1
            if i < len(body) and body[i].low == "and" and body[i - 1].kind == "comma":
                i += 1  # an Oxford comma: ', and'
            if i >= len(body):
                return None
    many = len(pairs) > 1
    return pairs if pairs and all(_caption(w, many) for w, _ in pairs) else None


def captioned_value(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ 'the "Kiwi — details" panel should show Species "Bird"', 'the A-1024 row should show a fee of 160': one
    caption and its value in a part of the page (a panel, dialog, card ...) or a row the subject names: the value
    the caption labels there (``verify_text`` with "<caption> in the <subject>" as target, as for
    :func:`labelled_values`). The caption is capitalised or a property noun ("Species", "the owner"), or said as
    "a <caption> of <value>"; a value is quoted or a number. None for any other shape."""
    head = [t for t in subject if not t.is_value]
    if not head or head[-1].low not in _PARTS | {"row"}:
        return None
    body = strip_words(rest, lead=())
    if len(body) >= 4 and body[0].low in ("a", "an", "the") and body[-2].low == "of":
        words, value = body[1:-2], body[-1]  # "a fee of 160"
        if not (value.is_value or NUMBER.match(value.text)) or not _caption(words, True):
            return None
    elif len(body) >= 2 and body[-1].is_value:
        words, value = [t for t in body[:-1] if t.low not in ARTICLES], body[-1]  # 'Species "Bird"'
        # 'the operation "Get a user"' is an element named so (in apposition); 'the fee "160"' a caption's number.
        plain = plain_caption(words) and (len(words) == len(body) - 1 or bool(NUMBER.match(body[-1].value)))
        if not (_caption(words, False) or plain):
            return None
    elif len(body) == 2 and body[0].is_value and NUMBER.match(body[0].value) and plain_caption(body[1:]):
        words, value = body[1:], body[0]  # '"3" visits': the number the caption "Visits" labels
    else:
        return None
    text = value.value if value.is_value else value.text
    return [Action("verify_text", {"text": text, "target": f"{c.text(words)} in the {target_of(c, subject)}"})]


_RECORD_DETERMINERS = frozenset({"the", "this", "that", "his", "her", "its", "their"})
_ROW_WORDS = frozenset({"row", "rows", "entry", "record", "line", "item"})  # a row's cells are read in the row


def labelled_values(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ 'the ticket should show Owned by "Carol", Priority "critical" and Milestone "Release 2.4"': each
    caption's value (a detail page's "Priority: critical", a header cell and its cells, a term and its
    description) reads its value (``verify_text`` with the caption as target, which reads the value it
    labels). The subject names the record the page shows and is not looked for, unless it is a part of the
    page ("the dialog"), which each caption is looked up in. None when the words are not of that shape."""
    holder = [t for t in strip_words(subject, lead=_RECORD_DETERMINERS) if t.low != "now"]
    quoted = [t for t in holder if t.is_value]
    if len(quoted) == 1 and 1 <= len(holder) - 1 <= 2 and all(t.kind == "word" and t.low.isalpha() and t.low not in _PARTS
                                                                and t.low not in _HOLDERS and t.low not in _ROW_WORDS
                                                                for t in holder if t is not quoted[0]):
        # 'the ticket "Wishlist for signed-in customers" should show Milestone "Release 2.5"': the captions of the
        # record that quoted name names (the kind noun before or after it says what it is).
        pairs = _caption_pairs(strip_words(rest, lead=()))
        if pairs is None:
            return None
        set_aside([t for t in holder if t is not quoted[0]])
        return [Action("verify_text", {"text": v.value, "target": f"{c.text(w)} for {quoted[0].text}"}) for w, v in pairs]
    if len(holder) > 3 or any(t.kind != "word" or t.is_value or t.low in ORDINALS for t in holder):
        return None
    if holder and holder[-1].low in _HOLDERS:
        return None  # "the table should show ...": a row's cells, not one record's captions
    pairs = _caption_pairs(strip_words(rest, lead=()))
    if pairs is None:
        return None
    scope = f" in the {c.text(holder)}" if holder and holder[-1].low in _PARTS else ""
    named = holder if subject[0].low not in _RECORD_DETERMINERS else [t for t in holder if t.text[:1].isupper()]
    if named and not scope:
        # "Bobby should have the status "Active"", "the user Zed ...": a record named, not "the ticket" a detail
        # page shows; its row holds the value (set aside, the name would be dropped and any row's would do).
        scope = f" in the row for {c.text(named)}"
        set_aside([t for t in holder if t not in named])
    if not scope:
        set_aside(holder)
    return [Action("verify_text", {"text": v.value, "target": f"{c.text(w)}{scope}"}) for w, v in pairs]


# Counted and remaining records: 'only "X" should remain in the table', '"admin" as "Project Admin"'.


def singular(word: str) -> str:
    """ "rows" -> "row", "checkboxes" -> "checkbox", "entries" -> "entry" (for a counted noun)."""
    w = word.lower()
    if w.endswith("ies") and len(w) > 4:
        return word[:-3] + "y"
    if w.endswith(("xes", "ches", "shes", "sses")):
        return word[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 2:
        return word[:-1]
    return word


def as_pairs(toks: list[Token]) -> list[tuple[str, str]] | None:
    """[("admin", "Project Admin"), ("maria", "Annotator")] of '"admin" as "Project Admin" and "maria" as
    "Annotator"' (pairs apart by "and" and commas); None for any other shape."""
    out: list[tuple[str, str]] = []
    k = 0
    while k < len(toks):
        if k + 2 >= len(toks) or not toks[k].is_value or toks[k + 1].low != "as" or not toks[k + 2].is_value:
            return None
        out.append((toks[k].value, toks[k + 2].value))
        set_aside(toks[k + 1 : k + 2])
        k += 3
        while k < len(toks) and (toks[k].low == "and" or toks[k].kind == "comma"):
            k += 1
    return out or None


ROWS_OF = {"table": "row", "grid": "row", "list": "item"}


def only_one(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ 'only "Crash on startup" should remain in the table': one row left in the table, and it is that one."""
    if len(subject) != 2 or subject[0].low != "only" or not subject[1].is_value:
        return None
    where = strip_words(rest, lead=("in", "inside", "within", "on"))
    if len(where) == len(rest) or not where or where[-1].low not in ROWS_OF or any(t.is_value for t in where):
        return None
    holder = target_of(c, where)
    set_aside(subject[:1])  # "only": the count of one says it
    return [Action("verify_count", {"target": f"{ROWS_OF[where[-1].low]} in the {holder}", "count": 1}),
            Action("verify_visible", {"target": f'"{subject[1].value}" in the {holder}'})]


_SHOWS_AS = frozenset({"be", "show", "read", "say", "display"})


def the_only(subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the only row should be "A"', 'the only result should show "A"': the table has one data row, and "A" is one
    of its cells (``web.verify_rows`` with a count)."""
    body = strip_words(subject, lead=("the",))
    if len(body) != 2 or body[0].low != "only" or body[1].kind != "word" or not body[1].text.isalpha():
        return None
    if verb not in _SHOWS_AS or len(rest) != 1 or not rest[0].is_value:
        return None
    set_aside(body)  # "only": one row; the noun: what a row is
    return [Action("verify_rows", {"values": [rest[0].value], "none": False, "each": True, "count": 1})]


def only_named(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ 'only the "Onboarding" booking in Cosmos should remain': one booking left, "Onboarding", and its row says
    "Cosmos"."""
    body = strip_words(subject[1:]) if subject and subject[0].low == "only" else []
    if rest or len(body) < 2 or not body[0].is_value or any(t.is_value for t in body[1:]):
        return None
    i, k = find(body, ("in", "at", "on", "for", "by"))
    noun = body[1:i] if i > 0 else body[1:]
    where = body[i + k :] if i > 0 else []
    if len(noun) != 1 or noun[0].kind != "word" or (i > 0 and not where):
        return None
    set_aside(subject[:1])  # "only": the count of one says it
    name = body[0].value
    out = [Action("verify_count", {"target": singular(noun[0].text), "count": 1})]
    if where:
        return [*out, Action("verify_visible", {"target": f'"{c.text(where)}" in the row of "{name}"'})]
    return [*out, Action("verify_text", {"text": name})]
