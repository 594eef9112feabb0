"""``web.verify_record``: one record (a table's row, a list's item) shows everything a step says of it.

"The only row should show 2026-12-18, 10:00, Luna, Cat and a fee of 50", 'a single booking "Vendor call" should
be listed in room Fjord, organised by Omar Haddad on 2025-06-20 at 14:00': a claim lists a record's values with
or without quotes, each maybe after words that say which field it is ("a fee of", "organised by", "status").
Nothing may be dropped, so the claim is read against each row: its words are cut into runs, each run a value the
row shows as one of its cells (equal, whitespace and case aside; a number by its value, "50" for "€50.00";
words of a longer cell as whole words), after words that are accounted for: joining words (of, for, in, on, at,
by, with, and ...), words of that cell's column heading ("fee" over "Fee (€)", "owned" over "Owner"), the
record's kind noun or a word of the table's name ("expense 41" in "Expense reports"), or words the row shows. A row that can be read so holds the claim;
a word that fits no run fails the check and is named.

With ``key``, the rows meant are those showing that value; with ``only``, there must be exactly one of them (or,
without a key, exactly one data row).
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from annotated_types import MaxLen, MinLen

from tapwright.drivers.web import WebSession
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator.cells import SHAPE_WORDS, SHAPES
from tapwright.tools._page import evaluate
from tapwright.tools.web_common import example, web_tool
from tapwright.tools.web_rows import _data_rows, _lists_as_tables, _norm, _shows, verify_table

# Words that join a record's values and say nothing of their own.
JOINERS = frozenset({"a", "an", "the", "of", "for", "in", "on", "at", "by", "with", "from", "to", "and", "as",
                     "dated", "due", "named", "called", "titled", "organised", "organized", ",", ";", ":"})  # fmt: skip
_MAX_LEAD, _MAX_VALUE = 6, 10  # words before a value, words of one value
# A quoted value; a comma, semicolon or colon before a space or the end; a word (a time "10:00", a number
# "1,200" keep theirs).
_TOKEN = re.compile(r'"([^"]*)"|“([^”]*)”|([,;:])(?=\s|$)|((?:[^\s,;:"“”]|[,;:](?!\s|$))+)')
_NUMBER = re.compile(r"^[^\d\-+]{0,3}([-+]?\d[\d,]*(?:\.\d+)?)\s?[^\d\s]{0,3}$")
_PREFIX = 5  # words this long that share all but their last letter of it are one ("owned", "owner")


class _Tok:
    __slots__ = ("quoted", "text")

    def __init__(self, text: str, quoted: bool) -> None:
        self.text, self.quoted = text, quoted


def tokens(claim: str) -> list[_Tok]:
    """The claim's words, a quoted value as one, commas apart; end punctuation dropped."""
    out: list[_Tok] = []
    for m in _TOKEN.finditer(claim):
        quoted = m.group(1) if m.group(1) is not None else m.group(2)
        if quoted is not None:
            out.append(_Tok(quoted, True))
        else:
            word = (m.group(3) or m.group(4) or "").rstrip(".!?") or (m.group(3) or "")
            if word:
                out.append(_Tok(word, False))
    return out


def _joined(toks: list[_Tok]) -> str:
    text = ""
    for t in toks:
        text += t.text if t.text in (",", ";", ":") or not text else " " + t.text
    return _norm(text)


def _number(text: str) -> float | None:
    m = _NUMBER.match(text.strip())
    if m is None:
        return None
    if m.group(1)[0] in "+-" and any(ch.isalpha() for ch in text.strip()[: m.start(1)]):
        return None  # "T-1041" is an id, not the number -1041
    try:
        return float(m.group(1).replace(",", ""))
    except ValueError:
        return None


def cell_holds(cell: str, value: str, *, words: bool) -> bool:
    """Whether a cell shows ``value`` (normalised): equal, the same number, or (``words``, not a bare number) as
    whole words of a longer text."""
    shown = _norm(cell)
    if shown == value:
        return True
    n = _number(value)
    if n is not None:
        return _number(shown) == n
    return words and _shows(cell, value)


def _word_fits(word: str, heading: str, kinds: frozenset[str], row_words: set[str]) -> bool:
    w = _norm(word)
    if w in JOINERS or w in kinds or w in row_words:
        return True
    return any(h == w or (len(h) >= _PREFIX and len(w) >= _PREFIX and h[:_PREFIX - 1] == w[:_PREFIX - 1])
               for h in re.findall(r"\w+", _norm(heading)))


# Words that say what form a value has ("due date "2025-06-12"" under a column headed "Due", locator.cells'
# SHAPE_WORDS): accounted for when the value has that form.
def _names_shape(word: str, value: str) -> bool:
    shape = SHAPE_WORDS.get(_norm(word))
    return shape is not None and bool(SHAPES[shape].match(value.strip()))


def read_row(toks: list[_Tok], row: list[str], headings: list[str], kinds: frozenset[str], *,
             words: bool) -> tuple[int, list[str]]:
    """How far the claim's words read as this row's values (``len(toks)``: all of them), and the cells they were."""
    row_words = {w for cell in row for w in re.findall(r"\w+", _norm(cell))}
    reach: list[list[str] | None] = [None] * (len(toks) + 1)
    reach[0] = []
    for i in range(len(toks)):
        got = reach[i]
        if got is None:
            continue
        for k in range(i, min(len(toks), i + _MAX_LEAD + 1)):
            for j in range(k + 1, min(len(toks), k + _MAX_VALUE) + 1):
                if reach[j] is not None or any(t.quoted for t in toks[k + 1 : j]) or (toks[k].quoted and j > k + 1):
                    continue
                value = _joined(toks[k:j])
                for c, cell in enumerate(row):
                    if not cell_holds(str(cell), value, words=words):
                        continue
                    heading = headings[c] if c < len(headings) else ""
                    if all(not t.quoted and (_word_fits(t.text, heading, kinds, row_words) or _names_shape(t.text, value))
                           for t in toks[i:k]):  # fmt: skip
                        reach[j] = reach[j] or [*got, str(cell)]
                        # A word after a number that its column is headed by ("3 projects" under "Projects"); every
                        # cell showing the value is tried ("12 attendees": the Attendees cell, not the id 12).
                        end = j
                        while end < len(toks) and not toks[end].quoted and _word_fits(toks[end].text, heading, kinds, set()) \
                                and _norm(toks[end].text) not in JOINERS:  # fmt: skip
                            end += 1
                            reach[end] = reach[end] or [*got, str(cell)]
                        end = _named_after(toks, j, heading)  # '"Erin" as Primary': its column's heading after it
                        if end > j:
                            reach[end] = reach[end] or [*got, str(cell)]
            if toks[k].quoted:
                break  # a quoted value is never a word before another value
    far = max(i for i, r in enumerate(reach) if r is not None)
    # Joining words left at the end ("... and") say nothing: the claim is read when only they are left.
    if far < len(toks) and all(not t.quoted and _norm(t.text) in JOINERS for t in toks[far:]):
        far = len(toks)
    return far, reach[max(i for i, r in enumerate(reach) if r is not None)] or []


def _named_after(toks: list[_Tok], j: int, heading: str) -> int:
    """Past '"Erin" as Primary' after a value that ends at ``j``: "as" and words of that value's column heading (every
    word of them in it, at least one); ``j`` when no heading follows so."""
    if j + 1 >= len(toks) or toks[j].quoted or _norm(toks[j].text) != "as":
        return j
    end = j + 1
    while end < len(toks) and not toks[end].quoted and _norm(toks[end].text) not in JOINERS and \
            _word_fits(toks[end].text, heading, frozenset(), set()):  # fmt: skip
        end += 1
    return end if end > j + 1 else j


@web_tool([r"\b(the only|a single|only one) (row|record|entry|item)\b"],
          [example("The only row should show 2026-12-18, 10:00, Luna and a fee of 50",
                   {"claim": "2026-12-18, 10:00, Luna and a fee of 50", "only": True},
                   {"table": "Appointments", "row": 1, "rows": 1, "cells": ["2026-12-18", "10:00", "Luna", "50.00"]})],
          read_only=True)  # fmt: skip
async def verify_record(
    session: WebSession,
    claim: Annotated[str, MinLen(1), MaxLen(2000)],
    key: Annotated[str, MinLen(1), MaxLen(500)] | None = None,
    only: bool = False,
    kinds: Annotated[list[Annotated[str, MaxLen(50)]], MaxLen(5)] | None = None,
    at: int | None = None,
    table: Annotated[str, MinLen(1), MaxLen(200)] | None = None,
) -> dict[str, Any]:
    """Check that a record (a table's data row, or a list's item) shows every value a claim lists.

    Args:
        claim: What the record shows, as written: values with or without quotes, each maybe after the words that
            say which field it is ("2026-12-18, 10:00, Luna and a fee of 50"). Every word must be accounted for.
        key: A value naming the record: only the rows showing it are read.
        only: Exactly one row shows the key (without a key: the table has exactly one data row).
        kinds: Nouns naming the records ("expense", "booking"): words the claim may use of the record itself.
        at: Only the data row at this place, counted from 1 at the top (-1: the last, -2: the one before it).
        table: The table's (or list's) name as the step says it ("On-call rotation"): only tables whose name (its
            caption, label or heading) holds each of its words are read.
    """
    if at == 0:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "at counts rows from 1 (the first) or from -1 (the last), not 0")
    toks = tokens(claim)
    if not toks:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "the claim has no words to check")
    kind_words = frozenset(w for k in kinds or () for w in (_norm(k), _norm(k) + "s", _norm(k).removesuffix("s")))
    seen: dict[str, Any] = {}

    async def check() -> dict[str, Any] | None:
        tables = [t for t in await evaluate(session, "extract.js", {"kind": "tables"}, "web.verify_record")
                  if _data_rows(t)]  # fmt: skip
        if not tables:
            tables = [t for t in await _lists_as_tables(session) if _data_rows(t)]
        if table is not None:
            tables = [t for t in tables if _named(str(t.get("name") or ""), table)]
        if not tables:
            where = f"named {table!r}" if table is not None else "with records"
            seen["problem"] = ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no table or list {where} on the page")
            return None
        seen.pop("problem", None)
        best = -1
        for one in tables:
            found = _in_table(one, toks, key, kind_words, only, at)
            if found is None:
                continue
            if found.get("ok"):
                return found
            if int(found["far"]) > best:
                best, seen["why"] = int(found["far"]), found["why"]
        if best < 0:
            seen["why"] = f"no record on the page shows {key!r}"
        return None

    async def failure() -> str:
        why = seen.get("why")
        if why:
            return str(why)
        return f"no record on the page shows {claim!r}"

    return await verify_table(session, check, failure, seen)


def _named(name: str, said: str) -> bool:
    """Whether a table's name holds every word the step names it by (a plural as its singular)."""
    have = {w.removesuffix("s") for w in re.findall(r"\w+", _norm(name))}
    return all(w.removesuffix("s") in have for w in re.findall(r"\w+", _norm(said)))


def _in_table(table: dict[str, Any], toks: list[_Tok], key: str | None, kinds: frozenset[str],
              only: bool, at: int | None = None) -> dict[str, Any] | None:  # fmt: skip
    """The check on one table: ``ok`` with what was read, or why not (how far the best row read); None when the
    table holds no row the key names."""
    rows = _data_rows(table)
    cells = [[str(c) for c in r] for r in rows]
    headings = [str(h) for h in table.get("headers") or []]
    named = [n for n, r in enumerate(cells) if key is None or any(cell_holds(c, _norm(key), words=True) for c in r)]
    if at is not None:  # "the first row should be A-1016 for Oliver": that row only
        place = at - 1 if at > 0 else len(cells) + at
        named = [place] if 0 <= place < len(cells) and place in named else []
    if not named:
        return None
    # The table's own name says what its records are ("expense 41" in a table named "Expense reports").
    kinds = kinds | {w for w in re.findall(r"\w+", _norm(table.get("name") or "")) if not w.isdigit()}
    reads = [(n, *read_row(toks, cells[n], headings, kinds, words=True)) for n in named]
    full = [(n, got) for n, far, got in reads if far == len(toks)]
    name = str(table["name"])
    if only and len(named) != 1:
        said = f"rows show {key!r}" if key else "data rows"
        return {"far": len(toks) + 1, "why": f"{len(named)} {said} in {name!r}, not one"}
    if full:
        n, got = full[0]
        return {"ok": True, "table": name, "row": n + 1, "rows": len(rows), "cells": got,
                **({"key": key} if key else {}), "only": only}  # fmt: skip
    n, far, _ = max(reads, key=lambda r: r[1])
    shown = " | ".join(cells[n])[:200]
    left = toks[far:]
    while left and not left[0].quoted and left[0].text in (",", ";", ":"):
        left = left[1:]
    rest = " ".join(t.text if not t.quoted else f'"{t.text}"' for t in left)
    return {"far": far, "why": f"row {n + 1} of {name!r} ({shown!r}) does not show {rest!r}"}
