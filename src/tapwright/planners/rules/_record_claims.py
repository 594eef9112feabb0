"""A record said with all its values: one check that a row shows every one of them (``web.verify_record``).

- ``the only row should show 2026-12-18, 10:00, Luna, Cat and a fee of 50``: the table has one data row and it
  shows each value (unquoted values, and words that say which field one is, "a fee of");
- ``only one document should be listed: ID 13, "The package ...", with the status "In progress"``;
- ``only one Retro booking should be left, in room Delta organised by Pierre Martin``: one row shows "Retro",
  and it shows the rest;
- ``a single booking "Vendor call" should be listed in room Fjord, organised by Omar Haddad on 2025-06-20``;
- ``the table should show a single task "Prepare sprint demo" for Aiko Tanaka, priority High``;
- ``the milestone list should contain "Release 2.5" due "Feb 15, 2027"`` (no "only": some row), when no other
  rule reads the claim;
- ``the first row should be A-1016 for Oliver with a fee of 45``: the row at that place;
- ``the "Cancelled" row should show 1 appointment with total fees of 45``: the row a quoted value names, said to
  show several unquoted values (commas, "and", or two numbers between them).

Which word is which field is not guessed here: every word goes to the check, which reads it against the row
(values the row shows, and the words before them accounted for) and fails naming what it could not place.
"""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, set_aside, strip_words
from tapwright.planners.rules._lexicon import ORDINALS
from tapwright.planners.rules._records import HOLDERS
from tapwright.planners.rules._tokens import Token

_SHOWN = frozenset({"be", "show", "read", "say", "display", "contain", "list", "include", "have"})
_LEFT = frozenset({"listed", "shown", "left", "remaining", "displayed", "visible", "found"})
_JOINING = frozenset({"for", "with", "of", "in", "on", "at", "by", "from", "to", "as"})
_HEDGES = frozenset({"not", "no", "never", "without", "except", "maybe", "perhaps", "possibly", "or", "nor"})


def _noun(tok: Token) -> bool:
    return tok.kind == "word" and tok.text.isalpha()


def _claim(c: Clause, toks: list[Token]) -> str | None:
    """The claim's text: two or more values (a comma, "and" or a field word between them), never a lone value."""
    body = strip_words(toks, lead=(), trail=())
    words = [t for t in body if t.kind in ("word", "quoted", "placeholder")]
    return c.text(body) if len(words) >= 2 else None


def _action(claim: str, *, key: str | None, kinds: list[Token], only: bool = True) -> Action:
    args: dict[str, object] = {"claim": claim, "only": only}
    if key is not None:
        args["key"] = key
    if kinds:
        args["kinds"] = [t.text for t in kinds]
    return Action("verify_record", args)


def record_claim(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """The record check of one of the shapes above, or None."""
    if neg or verb not in _SHOWN:
        return None
    body = strip_words(subject, lead=("the",))
    if len(body) == 3 and body[0].low == "only" and body[2].low in _LEFT:
        body = body[:2]  # "the only member listed should be ...": the only one there is
        set_aside(subject[-1:])
    if len(body) == 2 and body[0].low == "only" and _noun(body[1]) and not (verb == "be" and _left(rest)):
        claim = _claim(c, rest)  # "the only row should show A, B and C"
        if claim is None:
            return None
        set_aside(body)
        return [_action(claim, key=None, kinds=[body[1]])]
    body = _in_the_holder(body)
    if len(body) == 2 and (body[0].low in ORDINALS or body[0].low == "last") and body[1].low in _ROWS and _several(rest):
        return _placed(c, body, rest)
    described = _only_described(c, body, verb, rest)
    if described is not None:
        return described
    if body and body[-1].low in HOLDERS and verb in _SHOWN - {"be"}:
        return _holder_shows_single(c, body, rest)
    return (_single_left(c, body, verb, rest) or _named_row_shows(c, body, verb, rest)
            or _named_record_is(c, body, verb, rest) or _listed_as(c, body, verb, rest))


_ROWS = frozenset({"row", "entry", "record", "line"})
_PLAIN_HOLDERS = frozenset({"table", "list", "grid"})


def _in_the_holder(body: list[Token]) -> list[Token]:
    """ "first row of the table", "every row in the list": the rows are the page's one table (or list), which the
    check reads; a holder named otherwise ("of the Orders table") is kept, and the shape is not read."""
    if len(body) > 3 and [t.low for t in body[-3:-1]] in (["of", "the"], ["in", "the"]) and \
            body[-1].low in _PLAIN_HOLDERS:  # fmt: skip
        set_aside(body[-3:])
        return body[:-3]
    return body


def _only_described(c: Clause, body: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'only the project "Ticket summaries" of type "Seq2seq" should be listed', 'only the comment "X" by "admin"
    should be listed': the page's table (or list) has one record, and it shows every value said of it."""
    if verb != "be" or len(rest) != 1 or not _left(rest) or len(body) < 4 or body[0].low != "only":
        return None
    k = 2 if body[1].low in ("the", "a", "an") else 1
    noun, described = body[k], body[k + 1 :]
    if not _noun(noun) or noun.low in _HEDGES or not described or not described[0].is_value:
        return None
    if sum(1 for t in described if t.is_value) < 2 or any(t.low in _HEDGES for t in described):
        return None
    if described[1].kind == "comma" or described[1].low in ("and", "with"):
        return None  # several records ('"A" and "B"'), or a record and its part (read as the rows and that part)
    set_aside([*body[:k], noun, rest[0]])
    return [_action(c.text(described), key=None, kinds=[noun])]


def _several(rest: list[Token]) -> bool:
    """Whether unquoted words say more than one value: a comma or "and" between them, or two numbers."""
    if any(t.is_value for t in rest) or any(t.low in _HEDGES for t in rest):
        return False
    numbers = sum(1 for t in rest if t.kind == "word" and any(ch.isdigit() for ch in t.text))
    return numbers >= 2 or any(t.kind == "comma" or t.low == "and" for t in rest)


def _placed(c: Clause, body: list[Token], rest: list[Token]) -> list[Action] | None:
    """ 'the first row should be A-1016 for Oliver with a fee of 45': the row at that place shows the claim."""
    claim = _claim(c, rest)
    if claim is None:
        return None
    set_aside(body)
    at = -1 if body[0].low == "last" else ORDINALS[body[0].low]
    args: dict[str, object] = {"claim": claim, "only": False, "at": at}
    kind = _leading_kind(rest)
    if kind is not None:
        args["kinds"] = [kind.text]
    return [Action("verify_record", args)]


def placed_record(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the last row should be "Interview" in "Fjord" with 12 attendees', 'the first row should be ticket "#10"
    "..." with priority "critical"': the row at that place shows every value, the quoted ones included; read only
    where no other rule reads the claim (a fallback before the step is refused)."""
    body = _in_the_holder(strip_words(subject, lead=("the",)))
    if verb not in _SHOWN or len(body) != 2 or body[1].low not in _ROWS or not _several_quoted(rest):
        return None
    if body[0].low not in ORDINALS and body[0].low != "last":
        return None
    return _placed(c, body, rest)


def _several_quoted(rest: list[Token]) -> bool:
    """ 'the last row should be "Interview" in "Fjord" with 12 attendees': two or more quoted values, said of one
    record (no hedge: "or", "not" ... leave the claim open or turn it round)."""
    return sum(1 for t in rest if t.is_value) >= 2 and not any(t.low in _HEDGES for t in rest)


def _leading_kind(rest: list[Token]) -> Token | None:
    """ 'booking 19 "Retro" in "Fjord"', 'ticket "#10" "..."': a noun before the first value names the record's kind
    (a word the claim says of the record, not a value it shows)."""
    if len(rest) >= 2 and _noun(rest[0]) and rest[0].low not in _HEDGES | _JOINING and (
            rest[1].is_value or any(ch.isdigit() for ch in rest[1].text)):
        return rest[0]
    return None


def _named_row_shows(c: Clause, body: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the "Cancelled" row should show 1 appointment with total fees of 45', 'the row for "Ann" should show
    role Admin and status Active': the row the quoted value names shows each of the unquoted values said."""
    if verb not in _SHOWN - {"be"} or _claim(c, rest) is None:
        return None
    if len(body) == 2 and body[0].is_value and body[1].low in _ROWS and _several(rest):
        key = body[0]
    elif len(body) == 3 and body[0].low in _ROWS and body[1].low in ("for", "of", "with") and body[2].is_value and \
            _several(rest):  # fmt: skip
        key = body[2]
    elif 4 <= len(body) <= 6 and body[0].low in _ROWS and body[1].low == "with" and body[-1].is_value and \
            all(_noun(t) for t in body[2:-1]) and any(t.is_value for t in rest) and \
            not any(t.low in _HEDGES for t in rest):  # fmt: skip
        # 'the row with metadata "T-1041" should have the status "Finished"': the caption of the key is checked too
        set_aside(body[:2])
        return [_action(f"{c.text(body[2:])}, {c.text(rest)}", key=body[-1].value, kinds=[], only=False)]
    else:
        return None
    set_aside([t for t in body if t is not key])
    return [_action(c.text(rest), key=key.value, kinds=[], only=False)]


def _value_word(t: Token) -> bool:
    """A word said as a value of a record: quoted, with a capital, or written as a name (a digit, a hyphen)."""
    return t.is_value or (t.kind == "word" and (t.text[:1].isupper() or any(ch.isdigit() or ch == "-" for ch in t.text)))


def _named_record_is(c: Clause, body: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'web-10 should be Running in us-east1-c', '"Ada" should be Admin on Team Blue': the record a name alone
    names (a word written as a name, or a quoted value) shows each value said, the words between them joining ones
    (in, on, at, for, with, and, a comma). Every word is a value or a joining word; anything else is not read."""
    if verb != "be" or len(body) != 1 or not (body[0].is_value or
                                              any(ch.isdigit() or ch == "-" for ch in body[0].text)):  # fmt: skip
        return None
    values = [t for t in rest if _value_word(t)]
    joins = [t for t in rest if t.kind == "comma" or t.low in _JOINING | {"and"}]
    if len(values) < 2 or not joins or len(values) + len(joins) != len(rest) or rest[0] not in values:
        return None
    return [_action(c.text(rest), key=body[0].value or body[0].text, kinds=[], only=False)]


def _listed_as(c: Clause, body: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ '"admin" should still be listed as "Project Admin"': the row the quoted name names shows the values said after
    "as" (each a quoted value; "and" or commas between them)."""
    if verb != "be" or len(body) != 1 or not body[0].is_value:
        return None
    k = 1 if rest and rest[0].low in ("still", "also", "now") else 0
    if len(rest) < k + 3 or rest[k].low not in _LEFT or rest[k + 1].low != "as":
        return None
    values = rest[k + 2 :]
    if not values[0].is_value or not all(t.is_value or t.kind == "comma" or t.low == "and" for t in values):
        return None
    set_aside(rest[: k + 2])
    return [_action(c.text(values), key=body[0].value, kinds=[], only=False)]


def _left(rest: list[Token]) -> bool:
    return bool(rest) and rest[0].low.removesuffix(":") in _LEFT


def _holder_shows_single(c: Clause, holder: list[Token], rest: list[Token]) -> list[Action] | None:
    """ 'the table should show a single task "X" for Aiko Tanaka, priority High': one data row, showing all."""
    body = strip_words(rest, lead=("a", "an", "exactly", "just", "only"))
    if len(body) < 3 or body[0].low not in ("single", "one") or not _noun(body[1]):
        return None
    tail = body[2:]
    while tail and tail[0].kind == "comma":
        tail = tail[1:]  # "exactly one row, "X", with ...": the row, then what it shows
    claim = _claim(c, tail)
    if claim is None:
        return None
    set_aside([*holder, *rest[: len(rest) - len(body)], body[0]])
    return [_action(claim, key=None, kinds=[body[1]])]


def _single_left(c: Clause, body: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'only one Retro booking should be left, in room Delta', 'a single booking "X" should be listed in room
    Fjord', 'only one document should be listed: ID 13, "..."'."""
    if verb != "be" or not _left(rest):
        return None
    single = len(body) >= 3 and ((body[0].low, body[1].low) == ("only", "one") or
                                 (body[0].low in ("a", "one") and body[1].low == "single"))
    if not single:
        return None
    count, named = body[:2], body[2:]
    quoted = [t for t in named if t.is_value]
    if quoted and (len(quoted) > 1 or named[-1] is not quoted[0]):
        return None
    key: str | None
    if quoted:  # 'a single booking "Vendor call"'
        nouns, key = named[:-1], quoted[0].value
    else:  # 'only one Retro booking': the words before the noun name it
        nouns, key = named[-1:], (c.text(named[:-1]) if len(named) > 1 else None)
    if len(nouns) != 1 or not _noun(nouns[0]):
        return None
    after = rest[1:]
    while after and after[0].kind == "comma":
        after = after[1:]
    claim = _claim(c, after)  # a lone value ('only one product should be listed, "Oak desk"') is a count's
    if claim is None:
        return None
    set_aside([*count, *nouns, rest[0]])
    return [_action(claim, key=key, kinds=nouns)]


def keyed_record(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the milestone list should contain "Release 2.5" due "Feb 15, 2027"': the record the first value names shows
    the rest; read only where no other rule reads the claim (a fallback before the step is refused)."""
    body = strip_words(subject, lead=("the",))
    if verb not in _SHOWN - {"be"} or not body or body[-1].low not in HOLDERS or len(rest) < 3 or not rest[0].is_value:
        return None
    if rest[1].kind != "word" or rest[1].low in ("and", "or"):
        return None  # '"A" and "B" with ...': several records, not one
    if any(t.low in _HEDGES for t in rest):
        return None  # a word that turns a claim round or leaves it open is no field's name: refused
    claim = _claim(c, rest[1:])
    nouns = [t for t in body[:-1] if _noun(t)]
    if claim is None or len(nouns) != len(body) - 1:
        return None
    set_aside(body)
    return [_action(claim, key=rest[0].value, kinds=nouns, only=False)]
