"""How many things a check counts: "4 rows in the Orders table" (``verify_count``), and the names after the count
("exactly 2 appointments, A-1007 and A-1010")."""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, find, set_aside, strip_words
from tapwright.planners.rules._records import singular
from tapwright.planners.rules._tokens import Token

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "no": 0, "zero": 0}  # fmt: skip


def count_of(c: Clause, toks: list[Token], holder: list[Token] | None = None) -> Action | None:
    """ "4 rows in the Orders table" -> verify_count("row in the Orders table", 4); None when not a count."""
    body = strip_words(toks, lead=("exactly", "only", "just"))
    if len(body) < 2 or body[0].kind != "word" or any(t.is_value or t.kind == "comma" for t in body):
        return None  # after a comma comes a claim of its own ("4 rows, sorted by name"): not part of what is counted
    first = body[0].low
    n = int(first) if first.isdigit() else _NUMBERS.get(first)
    if n is None:
        return None
    set_aside(toks[: len(toks) - len(body)])  # "only 3 rows": a count is exact, "only" says so
    noun = body[1:]
    i, _ = find(noun, ("in", "on", "inside", "within", "under", "of"))
    if i == 0:  # "should show 40 in the Stock box": a value shown in a place, no noun counted
        return None
    head = noun[:i] if i > 0 else noun
    words = [t.text for t in head]
    words[-1] = singular(words[-1])
    target = " ".join(words) + (" " + c.text(noun[i:]) if i > 0 else "")
    if holder:
        target += f" in the {c.text(strip_words(holder))}"
    return Action("verify_count", {"target": target, "count": n})


def count_and_names(c: Clause, toks: list[Token], holder: list[Token] | None = None) -> list[Action] | None:
    """ "exactly 2 appointments, A-1007 and A-1010": how many there are, and each name after the comma shown (in the
    holder, when one is said). The names are short and unquoted, each with a digit or a capital ("A-1007", "Rex");
    None for any other shape (a quoted list is :func:`_counted_list`'s)."""
    k = next((i for i, t in enumerate(toks) if t.kind == "comma"), -1)
    if k < 2:
        return None
    items: list[list[Token]] = [[]]
    for t in toks[k + 1 :]:
        if t.kind == "comma" or t.low == "and":
            items.append([])
        else:
            items[-1].append(t)
    items = [i for i in items if i]
    if len(items) < 1 or any(len(i) > 3 or any(t.kind != "word" for t in i) for i in items):
        return None
    if not all(any(ch.isdigit() for ch in "".join(t.text for t in i)) or i[0].text[:1].isupper() for i in items):
        return None
    counted = count_of(c, toks[:k], holder)
    if counted is None:
        return None
    where = {"target": c.text(strip_words(holder))} if holder else {}
    return [counted, *(Action("verify_text", {"text": c.text(i), **where}) for i in items)]
