"""Form fields of the page as the forms pack sees them, matched to labels, and set through Playwright."""

from __future__ import annotations

import asyncio
import datetime as dt
import difflib
import re
import time
from typing import Any

from tapwright.drivers.web import WebSession
from tapwright.drivers.web.errors import mapped
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools._page import evaluate

_JS = "forms.js"
_OPENING_S = 1.5  # how long a date picker just clicked open may take to draw
_TRUE = {"true", "yes", "on", "1", "checked", "y", "tak"}
_FALSE = {"false", "no", "off", "0", "unchecked", "n", "nie", ""}
_MONTHS = {m.lower(): i for i, m in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"], 1)}


def norm(text: str) -> str:
    return re.sub(r"[^\w]+", " ", text.lower()).strip().rstrip("*").strip()


async def fields(session: WebSession, form: str = "") -> list[dict[str, Any]]:
    """Every visible, fillable field (tagged ``data-tw-f``), with its label, type, options and value."""
    out = await evaluate(session, _JS, {"kind": "fields", "form": form}, "forms")
    if isinstance(out, dict) and out.get("error"):
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, str(out["error"]))
    return list(out or [])


def _names(f: dict[str, Any]) -> list[str]:
    names = [f.get("group") or f["label"]] if f["type"] == "radio" else [f["label"]]
    names += [f.get("name") or "", f.get("placeholder") or ""]
    return [norm(n) for n in names if n]


def match(label: str, candidates: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The field a caller's label means: exact (label, name, placeholder), then containment, then close spelling."""
    want = norm(label)
    if not want:
        return None
    for test in (lambda n: n == want, lambda n: want in n.split() or (len(want) > 3 and want in n),
                 lambda n: len(n) > 3 and n in want):  # fmt: skip
        hits = [f for f in candidates if any(test(n) for n in _names(f))]
        if hits:
            return hits[0]
    scored = [(max(difflib.SequenceMatcher(None, want, n).ratio() for n in _names(f) or [""]), f) for f in candidates]
    best = max(scored, key=lambda p: p[0], default=(0.0, None))
    return best[1] if best[0] >= 0.8 else None


def truthy(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ToolFailure(ErrorCode.INVALID_INPUT, f"{value!r} is not yes/no for a checkbox")


def locator(session: WebSession, f: dict[str, Any]) -> Any:
    return session.locator(f'[data-tw-f="{f["id"]}"]')


async def set_field(session: WebSession, f: dict[str, Any], value: Any, group: list[dict[str, Any]]) -> str:
    """Put ``value`` into field ``f`` the way a person would; returns what was set (as text)."""
    kind = f["type"]
    if f.get("disabled"):
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"the field {f['label']!r} is disabled")
    async with mapped(f"fill {f['label']!r}"):
        if kind == "checkbox":
            on = truthy(value)
            await locator(session, f).set_checked(on, timeout=session.action_timeout_ms)
            return "checked" if on else "unchecked"
        if kind == "radio":
            options = [g for g in group if g["type"] == "radio" and (g.get("group") == f.get("group"))]
            pick = match(str(value), [{**o, "type": "text", "label": o["option"]} for o in options])
            if pick is None:
                raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"{f.get('group')!r} has no option {value!r} "
                                  f"(options: {[o['option'] for o in options]})")  # fmt: skip
            await locator(session, pick).check(timeout=session.action_timeout_ms)
            return str(pick["option"])
        if kind == "select":
            return await _select(session, f, str(value))
        if kind in ("date", "datetime-local", "month", "week", "time") or (f.get("readonly") and looks_like_date(f)):
            return await set_date(session, f, str(value))
        if kind == "range":
            await locator(session, f).fill(str(value), timeout=session.action_timeout_ms)
            return str(value)
        await locator(session, f).fill(str(value), timeout=session.action_timeout_ms)
        return str(value)


async def _select(session: WebSession, f: dict[str, Any], value: str) -> str:
    options = f.get("options") or []
    want = norm(value)
    pick = next((o for o in options if norm(o["text"]) == want or norm(o["value"]) == want), None)
    pick = pick or next((o for o in options if want and want in norm(o["text"])), None)
    if pick is None:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"{f['label']!r} has no option {value!r} (options: {[o['text'] for o in options][:20]})")
    await locator(session, f).select_option(value=pick["value"], timeout=session.action_timeout_ms)
    return str(pick["text"])


def looks_like_date(f: dict[str, Any]) -> bool:
    text = f"{f['label']} {f.get('placeholder', '')} {f.get('name', '')} {f.get('popup', '')}".lower()
    return bool(re.search(r"date|day|dd|yyyy|arrival|departure|check.?in|check.?out|from|to|dialog", text))


def parse_date(value: str) -> dt.date:
    """A date from ISO ``2026-06-01``, ``01/06/2026`` (day first), ``01.06.2026`` or ``June 1, 2026``."""
    text = value.strip()
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%B %d, %Y", "%d %B %Y", "%b %d, %Y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ToolFailure(ErrorCode.INVALID_INPUT, f"{value!r} is not a date (use YYYY-MM-DD)")


async def set_date(session: WebSession, f: dict[str, Any], value: str) -> str:
    """A native date input is filled; a read-only one opening a calendar is driven by its month buttons and day."""
    day = parse_date(value)
    field = locator(session, f)
    if f["type"] == "date" and not f.get("readonly"):
        await field.fill(day.isoformat(), timeout=session.action_timeout_ms)
        return day.isoformat()
    if f["type"] == "datetime-local" and not f.get("readonly"):
        await field.fill(f"{day.isoformat()}T00:00", timeout=session.action_timeout_ms)
        return day.isoformat()
    await field.click(timeout=session.action_timeout_ms)
    await drive_calendar(session, day, f["id"], f"{f['label']!r} is read-only and opened no calendar")
    return day.isoformat()


async def drive_calendar(session: WebSession, day: dt.date, field: str | None, none_open: str) -> int:
    """Move the open calendar (the one nearest the field ``field``, else any) to ``day``'s month with its month
    buttons, then click the day; how many month steps it took. ``none_open`` is the failure when none is open.

    Raises:
        ToolFailure: ELEMENT_NOT_FOUND (no calendar, no month read, no such day), TIMEOUT (60 steps and still
            another month).
    """
    steps = 0
    opening = time.monotonic() + min(session.action_timeout_ms / 1000, _OPENING_S)
    for steps in range(61):
        cal = await evaluate(session, _JS, {"kind": "calendar", "field": field, "day": day.day}, "forms.date")
        while not cal and steps == 0 and time.monotonic() < opening:  # a picker just clicked open may draw late
            await asyncio.sleep(0.1)
            cal = await evaluate(session, _JS, {"kind": "calendar", "field": field, "day": day.day}, "forms.date")
        if not cal:
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, none_open)
        shown = _month_of(cal["month"])
        if shown is None:
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"cannot read the calendar's month from {cal['month']!r}")
        if shown == (day.year, day.month):
            break
        if steps == 60:
            raise ToolFailure(ErrorCode.TIMEOUT, f"the calendar did not reach {day:%B %Y} in 60 steps")
        forward = shown < (day.year, day.month)
        name = re.compile(r"next|›|»|>|następny" if forward else r"prev|‹|«|<|poprzedni", re.IGNORECASE)
        button = session.locator("[data-tw-cal]").get_by_role("button", name=name).first
        if not await button.count():  # a month arrow drawn as a link, a span or an icon: found by what it says
            if not await evaluate(session, _JS, {"kind": "month_step", "forward": forward}, "forms.date"):
                raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"the calendar shows {cal['month']!r} and has no button "
                                  f"to the {'next' if forward else 'previous'} month")  # fmt: skip
            button = session.locator("[data-tw-step]").first
        await button.click(timeout=session.action_timeout_ms)
    if not cal["day"]:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"the calendar of {day:%B %Y} shows no day {day.day}")
    await session.locator("[data-tw-day]").first.click(timeout=session.action_timeout_ms)
    return steps


def _month_of(text: str) -> tuple[int, int] | None:
    for named in re.finditer(r"([A-Za-z]+)\.?,?\s+(\d{4})", text):
        word = named.group(1).lower()
        month = _MONTHS.get(word) or next((n for name, n in _MONTHS.items() if len(word) >= 3 and name.startswith(word)), None)
        if month:
            return int(named.group(2)), month  # "June 2025", "Feb 2027"
    m = re.search(r"(\d{1,2})[./-](\d{4})", text)
    return (int(m.group(2)), int(m.group(1))) if m else None


async def messages(session: WebSession) -> dict[str, Any]:
    """Validation messages, status texts and invalid fields now on the page."""
    out: dict[str, Any] = await evaluate(session, _JS, {"kind": "messages"}, "forms")
    return out
