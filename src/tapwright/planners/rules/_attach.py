"""Steps that carry a data table or a doc string (Gherkin), rendered into the step text.

The loaders append the attachment to the step's text, so every planner sees it::

    I fill in the form:
    | Username | alice |
    | Password | ${secrets.PW} |

    I type into the Bio field:
    \"\"\"
    Several lines
    \"\"\"

A table applies the head's verb once per row: fill/type/set -> (field, value),
select -> (dropdown, option), check/uncheck/click ... -> (element), "I should see:"
-> (text) or (element, text) rows. A header row of generic words (field, value ...) is skipped.
"""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, NoParse, strip_words, target_of, words_of
from tapwright.planners.rules._grammar import match_verb, strip_prefix
from tapwright.planners.rules._tokens import Token, tokenize

HEADER_WORDS = {"field", "fields", "value", "values", "name", "label", "option", "text", "element", "target",
                "key", "input", "dropdown", "item", "checkbox", "data"}  # fmt: skip
_PAIR = {"fill": "fill", "type": "fill", "set": "fill", "select": "select"}
_SINGLE = {"check": "check", "uncheck": "uncheck", "click": "click", "toggle": "click", "turn_on": "check",
           "turn_off": "uncheck", "hover": "hover", "double_click": "double_click", "right_click": "right_click",
           "clear": "clear", "focus": "focus", "press": "click"}  # fmt: skip


def split_attachment(text: str) -> tuple[str, list[list[str]] | None, str | None]:
    """(head, table rows, doc string) of a step text."""
    lines = text.split("\n")
    for i, line in enumerate(lines[1:], 1):
        stripped = line.strip()
        if stripped.startswith("|"):
            rows = [table_row(row) for row in lines[i:] if row.strip().startswith("|")]
            return "\n".join(lines[:i]).strip(), rows, None
        if stripped.startswith(('"""', "```")):
            fence = stripped[:3]
            body = lines[i + 1 :]
            end = next((j for j, b in enumerate(body) if b.strip().startswith(fence)), len(body))
            indent = len(line) - len(line.lstrip())
            doc = "\n".join(b[indent:] if not b[:indent].strip() else b.lstrip() for b in body[:end])
            return "\n".join(lines[:i]).strip(), None, doc
    return text, None, None


def table_row(line: str) -> list[str]:
    """Cells of ``| a | b\\|c |`` (``\\|`` is a literal bar, ``\\n`` a newline, ``\\\\`` a backslash)."""
    cells: list[str] = []
    cell: list[str] = []
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            cell.append({"|": "|", "n": "\n", "\\": "\\"}.get(nxt, "\\" + nxt))
            i += 2
            continue
        if ch == "|":
            cells.append("".join(cell).strip())
            cell = []
        else:
            cell.append(ch)
        i += 1
    if "".join(cell).strip():
        cells.append("".join(cell).strip())
    return cells


def _is_header(row: list[str]) -> bool:
    return bool(row) and all(c.strip().lower() in HEADER_WORDS for c in row)


def _head(head: str) -> tuple[str, Clause, list[Token]]:
    toks = strip_prefix(tokenize(head))
    c = Clause(head, toks)
    verb = match_verb(toks)
    words = [t.low for t in toks]
    if verb is not None and verb[1] != "verify":
        return verb[1], c, toks[verb[2] :]
    if verb is not None or any(w in ("see", "should", "must", "contain", "contains", "shows") for w in words):
        return "see", c, toks
    raise NoParse(
        "a step with a table or text block must start with a verb (fill, select, check, click) or 'I should see'"
    )


def table_actions(head: str, rows: list[list[str]]) -> list[Action]:
    """One Action per table row, by the head's verb."""
    family, c, _ = _head(head)
    if rows and _is_header(rows[0]):
        rows = rows[1:]
    if not rows:
        raise NoParse("the table has no rows")
    out: list[Action] = []
    for row in rows:
        if family in _PAIR:
            if len(row) < 2:
                raise NoParse(f"{family} rows need two cells: | field | value |", family)
            key = "option" if _PAIR[family] == "select" else "text"
            out.append(Action(_PAIR[family], {"target": row[0], key: row[1]}, head))
        elif family in _SINGLE:
            out.append(Action(_SINGLE[family], {"target": row[0]}, head))
        elif family == "see":
            if len(row) == 1:
                out.append(Action("verify_text", {"text": row[0]}, head))
            elif words_of(c.tokens) & {"value", "values", "field", "fields"}:
                out.append(Action("verify_value", {"target": row[0], "value": row[1]}, head))
            else:
                out.append(Action("verify_text", {"text": row[1], "target": row[0]}, head))
        else:
            raise NoParse(f"a table cannot follow a {family!r} step", family)
    return out


def doc_actions(head: str, doc: str) -> list[Action]:
    """A doc string is the value of a type/fill step, or the text of a see step."""
    family, c, rest = _head(head)
    if family in ("type", "fill", "set"):
        body = strip_words(rest, lead=("in", "into", "the", "following", "text", "with"), trail=("with", "as"))
        return [Action("fill", {"target": target_of(c, body), "text": doc}, head)]
    if family == "see":
        return [Action("verify_text", {"text": doc}, head)]
    raise NoParse(f"a text block cannot follow a {family!r} step", family)
