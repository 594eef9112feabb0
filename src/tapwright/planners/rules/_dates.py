"""A click on a date is a click on that day of the open calendar ("click on day 20 of June 2025").

People pick a day in a date picker by saying the date: ``day 20 of June 2025``, ``June 8, 2025``,
``the 10th in the calendar that pops up``. The day is the cell or button showing that number in the
calendar (a month grid, which the snapshot names "calendar"); a month and year said are first checked to
be the ones the calendar shows (its header), so a calendar open on another month fails the step rather
than taking the 20th of that month. A whole date (day, month and year: ``15 February 2027``) is
``web.pick_date``: the calendar is moved to that month with its month buttons, then the day clicked.
"""

from __future__ import annotations

import re

from tapwright.planners.rules._ast import Action, set_aside
from tapwright.planners.rules._tokens import tokenize

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")  # fmt: skip
_MONTH = "(" + "|".join(_MONTHS) + ")"
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"
_CAL = r"(?:the\s+)?(?:calendar|date\s+picker|picker)(?:\s+that\s+(?:pops\s+up|opens|appears|is\s+open))?"
_IN_CAL = rf"(?:\s+(?:in|from|on)\s+{_CAL})?"  # "... in the calendar that opens": where the day is clicked
_FORMS = (  # (pattern, groups: day, month, year)
    (re.compile(rf"(?:on\s+)?day\s+{_ORD}(?:\s+of\s+{_MONTH}(?:\s+(\d{{4}}))?)?{_IN_CAL}", re.I), (1, 2, 3)),
    (re.compile(rf"(?:the\s+)?{_ORD}\s+(?:day\s+)?(?:in|of|on|from)\s+{_CAL}", re.I), (1, 0, 0)),
    (re.compile(rf"{_MONTH}\s+{_ORD},?\s+(\d{{4}}){_IN_CAL}", re.I), (2, 1, 3)),
    (re.compile(rf"(?:the\s+)?{_ORD}\s+(?:of\s+)?{_MONTH},?\s+(\d{{4}}){_IN_CAL}", re.I), (1, 2, 3)),
)


def calendar_day(action: Action) -> list[Action] | None:
    """The calls for a click whose whole target is a date; None for any other action."""
    target = str(action.args.get("target", "")).strip()
    if action.verb != "click" or not target:
        return None
    for pattern, (d, m, y) in _FORMS:
        found = pattern.fullmatch(target)
        if found is None:
            continue
        day = int(found.group(d))
        if not 1 <= day <= 31:
            return None
        month = (found.group(m) or "").capitalize() if m else ""  # "day 15" alone: no month said
        year = found.group(y) if y and found.group(y) else ""
        set_aside(tokenize(target))  # "on", "day", "of", "that pops up": the date's frame, all used below
        if month and year:  # the whole date: the calendar is moved to its month, then the day clicked
            number = _MONTHS.index(month.lower()) + 1
            return [Action("pick_date", {"date": f"{int(year):04d}-{number:02d}-{day:02d}"}, action.text)]
        out = []
        if month:
            shown = f"{month} {year}" if year else month
            out.append(Action("verify_visible", {"target": f'"{shown}" in the calendar'}, action.text))
        out.append(Action("click", {"target": f'"{day}" in the calendar'}, action.text))
        return out
    return None


_WHOLE = (  # a whole date said in words, a value of its own: (pattern, groups: day, month, year)
    (re.compile(rf"{_MONTH}\s+{_ORD},?\s+(\d{{4}})", re.I), (2, 1, 3)),
    (re.compile(rf"(?:the\s+)?{_ORD}\s+(?:of\s+)?{_MONTH},?\s+(\d{{4}})", re.I), (1, 2, 3)),
)
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def date_value(action: Action, clause: str) -> list[Action] | None:
    """A date set in a field ("set the Date to 18 December 2026", "choose 2026-12-18 as the Due date"): the
    field's date picked (``pick_date`` with the field as target: a date input is filled, a field that opens a
    calendar is driven to it). A date typed as a quoted text (``Type "18 December 2026" into ...``) stays typing;
    None for any other action."""
    if action.verb not in ("fill", "select") or not action.args.get("target"):
        return None
    value = str(action.args.get("text") or action.args.get("option") or "").strip()
    if action.verb == "fill" and f'"{value}"' in clause:
        return None  # a quoted text is typed as written
    iso = _ISO.fullmatch(value)
    if iso is not None:
        date = value if action.verb == "select" else None
    else:
        date = None
        for pattern, (d, m, y) in _WHOLE:
            found = pattern.fullmatch(value)
            if found is not None and 1 <= int(found.group(d)) <= 31:
                number = _MONTHS.index(found.group(m).lower()) + 1
                date = f"{int(found.group(y)):04d}-{number:02d}-{int(found.group(d)):02d}"
                break
    if date is None:
        return None
    return [Action("pick_date", {"date": date, "target": action.args["target"]}, action.text)]
