"""The ``forms`` pack: fill whole forms by label, price / range filters, search boxes, dates and dropdowns.

Fields are found by their labels (``<label>``, aria-label, placeholder, name, a radio
group's legend) and set through Playwright, so the page sees real input events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from annotated_types import MaxLen, MinLen

from tapwright.core.fence import TypedInput
from tapwright.core.result import ToolResult
from tapwright.drivers.web import WebSession
from tapwright.drivers.web.errors import mapped
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.spec import ToolSpec
from tapwright.registry.toolset import Toolset
from tapwright.tools import _form_fields as ff
from tapwright.tools._packs import example, pack_tool
from tapwright.tools._page import after_action, click_timeout, mutations
from tapwright.tools._schemas import with_output

SPECS: list[ToolSpec] = []
Label = Annotated[str, MinLen(1), MaxLen(200)]

_MIN_WORDS = ("min", "minimum", "from", "od", "low", "lowest", "price from", "min price", "price min", "von", "de")
_MAX_WORDS = ("max", "maximum", "to", "do", "high", "highest", "price to", "max price", "price max", "bis", "a", "up to")
_SEARCH_WORDS = ("search", "query", "q", "s", "keywords", "find", "szukaj", "suche", "czego szukasz")


def _tool(**kw: Any) -> Callable[[Callable[..., Any]], ToolSpec]:
    return pack_tool(SPECS, "forms", **kw)


def _report_out() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "filled": {"type": "array"}, "unknown": {"type": "array"}, "required_empty": {"type": "array"},
            "submitted": {"type": "boolean"}, "messages": {"type": "array"}, "status": {"type": "array"},
            "invalid": {"type": "array"}, "url": {"type": "string"},
        },
        "required": ["filled", "submitted"],
    }  # fmt: skip


async def submit_near(session: WebSession, field: dict[str, Any] | None) -> dict[str, Any]:
    """Submit the form holding ``field`` (its submit button, else Enter in the field) and read the outcome."""
    since, url = await mutations(session), session.url
    async with mapped("submit"):
        if field is not None:
            loc = ff.locator(session, field)
            form = loc.locator("xpath=ancestor::form[1]")
            button = form.locator("button[type=submit], button:not([type]), input[type=submit]")
            if await form.count() and await button.count():
                await button.first.click(timeout=click_timeout(session))
            else:
                await loc.press("Enter", timeout=click_timeout(session))
        else:
            button = session.locator("form button[type=submit], form button:not([type]), form input[type=submit]")
            if not await button.count():
                raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, "no form with a submit button on the page")
            await button.first.click(timeout=click_timeout(session))
    await after_action(session, since, url)
    read = await ff.messages(session)
    return {"submitted": True, "url": session.url, **read}


@_tool(
    triggers=[r"\bfill\b.*\bform\b", r"\b(fill|enter|complete)\b.*\b(in|out)?\b.*\b(fields?|details|form)\b", r"\bbook\b.*\bwith\b"],
    examples=[example("Fill the booking form with name Ann and 2 guests", {"values": {"Full name": "Ann", "Guests": "2"}, "submit": True},
                      {"filled": [{"label": "Full name", "field": "Full name", "value": "Ann"}], "unknown": [], "required_empty": [],
                       "submitted": True, "messages": [], "status": ["Booked Ann"], "invalid": []})],
    aliases=("forms.fill_form",),
    idempotent=False,
)
async def fill(session: WebSession, values: Annotated[dict[str, Any], TypedInput], submit: bool = False, form: Annotated[str, MaxLen(300)] = "") -> Any:
    """Fill a whole form from a mapping of labels to values: text, number, email, date, range, selects, radios, checkboxes.

    Unknown labels and required fields left empty are reported; with ``submit``, the form is
    submitted and its validation messages read back. A label no field has fails the call
    (ELEMENT_NOT_FOUND) after filling the others, with the report in ``data``.

    Args:
        values: Field label (or name / placeholder) -> value. Checkboxes take true/false; radios the option's label.
        submit: Submit the form afterwards and read back its messages.
        form: A CSS selector for the form, when the page has several.
    """
    if not values:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "values is empty: give at least one label -> value")
    fields = await ff.fields(session, form)
    _no_secret_choices(session, values, fields)
    filled, unknown = [], []
    last = None
    for label, value in values.items():
        f = ff.match(label, fields)
        if f is None:
            unknown.append(label)
            continue
        shown = await ff.set_field(session, f, value, fields)
        filled.append({"label": label, "field": f.get("group") or f["label"], "value": shown})
        last = f
    after = await ff.fields(session, form)
    empty = [f["label"] for f in after if f["required"] and f["type"] not in ("radio", "checkbox") and not f["value"]]
    report: dict[str, Any] = {"filled": filled, "unknown": unknown, "required_empty": empty, "submitted": False,
                              "messages": [], "status": [], "invalid": []}  # fmt: skip
    if submit and not unknown:
        report.update(await submit_near(session, last))
    if unknown:
        known = sorted({f.get("group") or f["label"] for f in fields if f["label"]})
        return ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, f"no field labelled {unknown} (fields: {known[:30]})", data=report)
    return report


# Fields whose value picks one of the page's own options: whether a value matches one is shown by the call.
_CHOICES = ("select", "radio", "checkbox", "combobox")


def _no_secret_choices(session: WebSession, values: dict[str, Any], fields: list[dict[str, Any]]) -> None:
    """Refuse, before anything is filled, a secret's value given for a field that picks among the page's options
    (a dropdown, radio buttons, a checkbox): whether the call found the option would tell whether the secret is
    one of them, a guess at a time. A secret is typed into text fields only."""
    secrets = session.mask_secrets
    if secrets is None:
        return
    for label, value in values.items():
        f = ff.match(label, fields)
        if f is not None and f["type"] in _CHOICES and secrets.contains(str(value)):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"refused: a secret as the value of {label!r}, a field that picks "
                              "one of the page's options, would tell whether it is one of them; a secret may only "
                              "be typed into a text field")  # fmt: skip


@_tool(
    triggers=[r"\b(under|below|less than|cheaper than|at most|max(imum)?|up to|over|above|more than|at least|min(imum)?|between)\b.*\d",
              r"\bprice (filter|range)\b", r"\bfilter\b.*\bprice\b"],
    examples=[example("Show products under 150", {"max": 150, "submit": True}, {"min_field": None, "max_field": "Max price", "submitted": True})],
    aliases=("forms.price_range",),
    idempotent=False,
)
async def price_filter(
    session: WebSession, min: float | None = None, max: float | None = None, submit: bool = True, if_present: bool = False
) -> Any:
    """Set a price (or any range) filter's minimum and / or maximum fields and apply it.

    Args:
        min: The lowest price; left as it is when omitted.
        max: The highest price; left as it is when omitted.
        submit: Apply the filter (its button, or Enter) afterwards.
        if_present: Succeed without doing anything (``applied`` false) when the page has no price filter.
    """
    if min is None and max is None:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "give min, max or both")
    fields = [f for f in await ff.fields(session) if f["type"] in ("number", "text", "range", "search", "tel") and not f.get("readonly")]
    lo = _range_field(fields, _MIN_WORDS) if min is not None else None
    hi = _range_field(fields, _MAX_WORDS, exclude=lo) if max is not None else None
    if (min is not None and lo is None) or (max is not None and hi is None):
        if if_present:
            return {"applied": False, "min_field": None, "max_field": None, "submitted": False,
                    "reason": "the page has no price range fields; nothing was filtered"}  # fmt: skip
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, "no price range fields on the page (min / max, from / to)")
    for f, value in ((lo, min), (hi, max)):
        if f is not None and value is not None:
            await ff.set_field(session, f, _plain(value), fields)
    out: dict[str, Any] = {"applied": True, "min_field": lo["label"] if lo else None, "max_field": hi["label"] if hi else None,
                           "submitted": False}  # fmt: skip
    if submit:
        out.update(await submit_near(session, hi or lo))
    return out


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _range_field(fields: list[dict[str, Any]], words: tuple[str, ...], exclude: dict[str, Any] | None = None) -> dict[str, Any] | None:
    for f in fields:
        if f is exclude:
            continue
        names = {ff.norm(x) for x in (f["label"], f.get("name") or "", f.get("placeholder") or "")}
        tokens = {t for n in names for t in n.split()} | {t for n in names for t in n.split("_")}
        if any(w in names or w in tokens for w in words):
            return f
    return None


@_tool(
    triggers=[r"\bsearch\b", r"\blook up\b", r"\bfind\b.*\bcalled\b"],
    examples=[example("Search for tents", {"query": "tent"}, {"field": "Search products", "submitted": True})],
    aliases=("forms.search_query",),
    idempotent=False,
)
async def search(session: WebSession, query: Annotated[str, MaxLen(500)], submit: bool = True) -> Any:
    """Type ``query`` into the page's search box and run the search.

    Args:
        query: What to search for.
        submit: Run the search (Enter or the search button) after typing.
    """
    fields = await ff.fields(session)
    box = next((f for f in fields if f["type"] == "search"), None) or _range_field(
        [f for f in fields if f["type"] in ("text", "search")], _SEARCH_WORDS)
    if box is None:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, "no search box on the page")
    await ff.set_field(session, box, query, fields)
    out: dict[str, Any] = {"field": box["label"], "submitted": False}
    if submit:
        out.update(await submit_near(session, box))
    return out


@_tool(
    triggers=[r"\b(dates?|check.?in|check.?out|arrival|departure|from .* to)\b.*\d{1,4}", r"\bdate.?range\b"],
    examples=[example("Book from 2026-06-10 to 2026-06-14", {"start": "2026-06-10", "end": "2026-06-14"},
                      {"start_field": "Check-in", "end_field": "Check-out", "start": "2026-06-10", "end": "2026-06-14"})],
    aliases=("forms.date_picker", "forms.dates"),
    idempotent=True,
)
async def date_range(session: WebSession, start: Label, end: Label | None = None, start_label: str = "", end_label: str = "") -> Any:
    """Set a date range (or one date): native date inputs are filled, calendar pop-ups are clicked through.

    Without labels the first two date fields are used (check-in / check-out, from / to, start / end).

    Args:
        start: The first date (YYYY-MM-DD, or DD/MM/YYYY).
        end: The last date, when the form has a range.
        start_label: The label of the start field, when the page has several dates.
        end_label: The label of the end field.
    """
    fields = await ff.fields(session)
    dates = [f for f in fields if f["type"] in ("date", "datetime-local") or (f.get("readonly") and ff.looks_like_date(f))]
    first = ff.match(start_label, fields) if start_label else (dates[0] if dates else None)
    rest = [d for d in dates if d is not first]
    second = ff.match(end_label, fields) if end_label else (rest[0] if rest else None)
    if first is None or (end is not None and second is None):
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"not enough date fields on the page (found {[d['label'] for d in dates]})")
    out: dict[str, Any] = {"start_field": first["label"], "start": await ff.set_field(session, first, start, fields)}
    if end is not None and second is not None:
        out.update({"end_field": second["label"], "end": await ff.set_field(session, second, end, fields)})
    return out


@_tool(
    triggers=[r"\b(choose|select|pick|set)\b.*\b(from|in)\b.*\b(dropdown|menu|list|select)\b", r"\bdropdown\b"],
    examples=[example("Choose 2 in the Guests dropdown", {"label": "Guests", "option": "2"}, {"field": "Guests", "selected": "2"})],
    aliases=("forms.dropdown_select", "forms.dropdown"),
    idempotent=True,
)
async def select(session: WebSession, label: Label, option: Annotated[str, MaxLen(300)]) -> Any:
    """Choose an option in a dropdown by the dropdown's label and the option's text or value.

    Native ``<select>`` elements are set directly; a custom combobox is opened and its option clicked.

    Args:
        label: The dropdown's label.
        option: The option's visible text (or value).
    """
    fields = await ff.fields(session)
    f = ff.match(label, [x for x in fields if x["type"] in ("select", "combobox")]) or ff.match(label, fields)
    if f is None:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no dropdown labelled {label!r}")
    if f["type"] == "select":
        return {"field": f["label"], "selected": await ff.set_field(session, f, option, fields)}
    async with mapped("select"):
        await ff.locator(session, f).click(timeout=session.action_timeout_ms)
        await session.role_locator("option", option).first.click(timeout=session.action_timeout_ms)
    return {"field": f["label"], "selected": option}


@_tool(
    triggers=[r"\bsubmit\b", r"\b(send|save)\b.*\bform\b", r"\bvalidation (messages?|errors?)\b"],
    examples=[example("Submit the form and read its errors", {}, {"submitted": True, "messages": [{"text": "Please enter your name", "field": "Full name"}]})],
    aliases=("forms.submit_form",),
    idempotent=False,
)
async def submit(session: WebSession, form: Annotated[str, MaxLen(300)] = "") -> Any:
    """Submit a form and read back its validation messages, status texts and the fields marked invalid.

    Args:
        form: A CSS selector for the form (the first form with a submit button when empty).
    """
    fields = await ff.fields(session, form) if form else []
    read = await submit_near(session, fields[0] if fields else None)
    return {"filled": [], **read}


def _obj(required: list[str], **props: Any) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required}


_S, _NS = {"type": "string"}, {"type": ["string", "null"]}
_OUTPUTS = {
    "fill": _report_out(), "submit": _report_out(),
    "price_filter": _obj(["applied", "submitted"], applied={"type": "boolean"}, min_field=_NS, max_field=_NS, submitted={"type": "boolean"}),
    "search": _obj(["field", "submitted"], field=_S, submitted={"type": "boolean"}),
    "date_range": _obj(["start_field", "start"], start_field=_S, start=_S, end_field=_S, end=_S),
    "select": _obj(["field", "selected"], field=_S, selected=_S),
}  # fmt: skip
for _spec in SPECS:
    with_output(_spec, _OUTPUTS[_spec.name])


def toolset() -> Toolset:
    """The forms pack, namespaced ``forms.``."""
    return Toolset.of("forms", SPECS, "Fill forms by label, set price and date ranges, search boxes and dropdowns, submit")
