"""Records said together: several records in one claim, and one record said with its fields after a kind noun.

- ``only "Interview" with 12 attendees and "Onboarding" with 8 attendees should remain``,
  ``2 bookings should be listed: "Sprint planning" in "Atlas" on "2025-06-02" and "Sprint planning" in "Delta"
  ...``: the page's table (or list) has exactly that many data rows, each showing one of the records' first
  values, and each record is a row that shows every value said of it (``web.verify_rows`` with a count, then one
  ``web.verify_record`` per record);
- ``only "ORD-2406" should be listed, for "Omar Haddad" with the status "Paid"``: one data row, showing all of it;
- ``the table should show a row with description "Team lunch", amount "85.5" and status "Draft"``,
  ``the rotation table should show week 3 with "Erin" as Primary and "Carol" as Backup``: some row shows every
  value, each with the words that say which field it is (read only where no other rule reads the claim).

Records are told apart only where each begins with a quoted value and says more than it (a comma or "and" before
a quoted value that opens a record of the same shape); a claim read otherwise is one record. Which word is which
field is not guessed here: the record check reads every word against a row and fails naming what it could not
place.
"""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, set_aside, strip_words
from tapwright.planners.rules._lexicon import NUMBER_WORDS
from tapwright.planners.rules._records import HOLDERS
from tapwright.planners.rules._tokens import Token

_LEFT = frozenset({"listed", "shown", "left", "remaining", "displayed", "visible", "found", "remain", "there"})
_SHOWN = frozenset({"show", "list", "contain", "include", "have", "display"})
_ROW_NOUNS = frozenset({"row", "entry", "record", "line", "item"})
_HEDGES = frozenset({"not", "no", "never", "without", "except", "maybe", "perhaps", "possibly", "or", "nor", "either"})


def _count(tok: Token) -> int | None:
    if tok.kind != "word":
        return None
    n = int(tok.text) if tok.text.isdigit() else NUMBER_WORDS.get(tok.low)
    return int(n) if n is not None and n == int(n) else None


def split_records(toks: list[Token]) -> list[list[Token]] | None:
    """The records of a claim, each opening with a quoted value and saying more of it; None for any other shape."""
    if not toks or not toks[0].is_value or any(t.low in _HEDGES for t in toks):
        return None
    parts: list[list[Token]] = [[]]
    for k, t in enumerate(toks):
        opens = k + 1 < len(toks) and toks[k + 1].is_value
        if (t.kind == "comma" or t.low == "and") and opens and parts[-1]:
            parts.append([])
        elif not (t.kind == "comma" and not parts[-1]):
            parts[-1].append(t)
    parts = [p[:-1] if p and p[-1].kind == "comma" else p for p in parts]
    if len(parts) < 2 or any(len(p) < 3 or not p[0].is_value for p in parts):
        return None  # one record, or a plain list of names ("A", "B" and "C"): other rules read those
    # Each record says more than its first value, in words (a joining word or a field word), not a bare list.
    if any(all(t.is_value or t.kind == "comma" or t.low == "and" for t in p[1:]) for p in parts):
        return None
    texts = [" ".join(t.text for t in p) for p in parts]
    if len(set(texts)) != len(texts):
        return None  # the same record said twice: one row would do for both
    return parts


def _checks(c: Clause, records: list[list[Token]], noun: Token | None, count: int) -> list[Action]:
    kinds = {"kinds": [noun.text]} if noun is not None else {}
    keys = list(dict.fromkeys(p[0].value for p in records))
    out = [Action("verify_rows", {"values": keys, "each": True, "count": count})]
    return out + [Action("verify_record", {"claim": c.text(p[1:]), "key": p[0].value, "only": False, **kinds})
                  for p in records]  # fmt: skip


def several_records(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """The checks for several records said together (the first two shapes above), or None."""
    if neg or verb != "be":
        return None
    body = strip_words(subject, lead=("the",))
    if len(body) >= 4 and body[0].low == "only" and all(t.low in _LEFT for t in rest):
        records = split_records(body[1:])  # 'only "A" with 12 attendees and "B" with 8 attendees should remain'
        if records is None:
            return None
        set_aside([body[0], *rest])
        return _checks(c, records, None, len(records))
    if len(body) == 2 and _count(body[0]) is not None and body[1].kind == "word" and rest and rest[0].low in _LEFT:
        records = split_records([t for t in rest[1:] if t.kind != "comma" or t is not rest[1]])
        n = _count(body[0])
        if records is None or n != len(records) or all(sum(t.is_value for t in p) < 3 for p in records):
            # '3 bookings should be listed: A and B': the count and the records disagree; and pairs ('"ann" as
            # "Admin" and "bo" as "Viewer"') are each value in the row of its name (the pairing rule's)
            return None
        set_aside([body[0], rest[0]])
        return _checks(c, records, body[1], len(records))
    return None


def only_record(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'only "ORD-2406" should be listed, for "Omar Haddad" with the status "Paid"': one data row, showing it all."""
    body = strip_words(subject, lead=("the",))
    if neg or verb != "be" or len(body) != 2 or body[0].low != "only" or not body[1].is_value:
        return None
    if len(rest) < 3 or rest[0].low not in _LEFT or any(t.low in _HEDGES for t in rest):
        return None
    said = rest[1:]
    while said and said[0].kind == "comma":
        said = said[1:]
    if not any(t.is_value for t in said):
        return None
    set_aside([body[0], rest[0]])
    return [Action("verify_record", {"claim": f"{body[1].text} {c.text(said)}", "only": True})]


def _fielded(toks: list[Token], k: int) -> bool:
    """Whether the value at ``k`` is said with a word for its field: one before it ('status "Draft"', 'with
    "Erin"') or "as" and a word after it ('"Erin" as Primary'); '"A" and "B" with ...' lists values instead."""
    before = toks[k - 1] if k > 0 else None
    if before is not None and before.kind == "word" and before.low not in ("and", "or"):
        return True
    return k + 2 < len(toks) and toks[k + 1].low == "as" and toks[k + 2].kind == "word"


def fielded_record(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the table should show a row with description "Team lunch", amount "85.5" and status "Draft"', 'the rotation
    table should show week 3 with "Erin" as Primary and "Carol" as Backup': some row shows every value said."""
    body = strip_words(subject, lead=("the",))
    if verb not in _SHOWN or not body or body[-1].low not in HOLDERS or any(t.low in _HEDGES for t in rest):
        return None
    if sum(1 for t in rest if t.is_value) < 2:
        return None
    said = strip_words(rest, lead=("a", "an", "one"))
    kinds: list[Token] = []
    if len(said) > 2 and said[0].kind == "word" and said[0].low in _ROW_NOUNS and said[1].low == "with":
        kinds, said = [said[0]], said[2:]  # 'a row with description "X", ...': the row, then what it shows
    elif not any(t.low in ("with", "as") for t in said):
        return None  # no word says the values are one record's fields: other rules' shapes, or refused
    if len(said) < 3 or not all(_fielded(said, k) for k, t in enumerate(said) if t.is_value):
        return None
    set_aside([body[-1], *rest[: len(rest) - len(said)]])
    args: dict[str, object] = {"claim": c.text(said), "only": False}
    if len(body) > 1:
        args["table"] = c.text(body[:-1])  # 'the On-call rotation table': only the table so named
    if kinds:
        args["kinds"] = [t.text for t in kinds]
    return [Action("verify_record", args)]


def headed_record(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the page should show "Manage Components (6)" with "Checkout" owned by "bob"': the first text is shown, and a
    record the second value names shows the rest, each value with a word for its field (read only where no other
    rule reads the claim; '"A" with "B" and "C"' is three texts, not a record)."""
    if verb not in _SHOWN or len(rest) < 5 or any(t.low in _HEDGES for t in rest):
        return None
    if not rest[0].is_value or rest[1].low != "with" or not rest[2].is_value:
        return None
    said = rest[3:]
    if said[0].kind != "word" or said[0].low in ("and", "or") or not any(t.is_value for t in said):
        return None
    if not all(_fielded(rest[2:], k) for k, t in enumerate(rest[2:]) if t.is_value and k > 0):
        return None
    body = strip_words(subject, lead=("the",))
    where = {} if [t.low for t in body] in ([], ["page"], ["screen"]) else {"target": c.text(body)}
    set_aside([rest[1], *(body if not where else [])])
    return [Action("verify_text", {"text": rest[0].value, **where}),
            Action("verify_record", {"claim": c.text(said), "key": rest[2].value, "only": False})]  # fmt: skip
