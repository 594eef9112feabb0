"""The web platform's action seam: the catalog's actions over a WebSession (Chromium through Playwright).

Targets resolve to :class:`~tapwright.drivers.web.targets.Target` handles (a description, a
ref or a selector); each verb is one operation of :mod:`tapwright.drivers.web.actions`, run
with Playwright's errors mapped and its refusals explained. Verifications wait (up to the
session's action timeout) for the condition to hold, as Playwright's web-first assertions do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from tapwright.core import gist
from tapwright.core.fence import FileFence
from tapwright.core.words import contains_text
from tapwright.drivers.base import Changed
from tapwright.drivers.web import WebSession, actions, checks, folds, reading, row_menus, states, tips, widgets
from tapwright.drivers.web._change import Mark
from tapwright.drivers.web.session import DIALOG_KINDS
from tapwright.drivers.web.targets import Target
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate, absence, across
from tapwright.locator.accept import NOT_ACTED_ON
from tapwright.locator.core import MIN_FOUND
from tapwright.locator.query import parse
from tapwright.locator.text import loose_form
from tapwright.tools.actions import ActionSeam

# The labels of a native drop-down's options (null for anything else).
_OPTIONS_JS = "(e) => e.tagName === 'SELECT' ? [...e.options].map((o) => o.label || o.textContent || '') : null"
_READS = frozenset({"get_text", "get_value", "verify_visible", "verify_not_visible", "verify_text", "verify_state"})
# Ticking selects things for an action elsewhere; hovering and focusing do no work in a place.
_TICKS = frozenset({"check", "uncheck"})
_LOOKS = frozenset({"hover", "focus"})
_SCROLL_STEP = 600  # pixels, when a step says only "scroll down"
# Words for a line of text that people name by what it does, not by a label the page shows.
_TEXT_NOUNS = frozenset({"summary", "status", "status line", "message", "caption", "note"})
_HEADINGS = frozenset({"heading", "header", "subheading", "page heading"})
# A text said by its place ("the text under the table", "the line above the chart"): the words that head it.
_PLACED_TEXTS = frozenset({"text", "line", "caption", "label", "message", "summary", "note", "status"})


class WebActions(ActionSeam[Target]):
    """The catalog over a WebSession."""

    driver: WebSession
    driver_type = WebSession
    category = "web"
    verbs = frozenset({
        "click", "double_click", "right_click", "hover", "focus", "fill", "clear", "check", "uncheck", "select",
        "upload_file", "press_key", "scroll", "drag", "get_text", "get_value", "verify_visible", "verify_not_visible",
        "verify_text", "verify_state",
    })  # fmt: skip
    never = frozenset({"timeout_ms"})  # a web action waits the session's action timeout
    drops: ClassVar[dict[str, frozenset[str]]] = {"scroll": frozenset({"x", "y"})}
    _several_events = False  # the action just run was a series of input events (a drag)

    async def resolve(self, target: str, *, wait: bool = True, timeout_ms: int | None = None) -> Target:
        return await self.driver.resolve(target, wait=wait)

    async def choice_in(self, target: str) -> tuple[Target, str] | None:
        q = parse(target)
        rel = q.relation
        if rel is None or rel.kind != "below" or not q.text or q.ordinal is not None:
            return None
        try:
            caption = await self.driver.resolve(rel.anchor)  # waits, as the click would, for a page still loading
        except ToolFailure:
            return None
        handle = caption
        try:
            if caption.element is not None and not caption.element.interactive:
                handle = await widgets.control_for(caption)  # a caption drawn beside its drop-down, tied to it by place
            options = await handle.evaluate(_OPTIONS_JS)
        except ToolFailure:
            options = None
        same = [o for o in options or [] if loose_form(o) == loose_form(q.text)]
        if len(same) == 1:
            return handle, same[0]
        await handle.dispose()
        if handle is not caption:
            await caption.dispose()
        return None

    async def behind_menu(self, target: str) -> tuple[Target, dict[str, Any]] | None:
        return await row_menus.behind_menu(self.driver, target)

    def describe(self, handle: Target) -> dict[str, Any]:
        return dict(handle.describe())

    async def release(self, handle: Target) -> None:
        await handle.dispose()

    def stale_deadline_s(self, timeout_ms: int | None) -> float:
        return self.driver.action_timeout_ms / 1000

    def found_again(self, handle: Target) -> None:
        handle.again = True  # found afresh an instant ago: no wait for it to hold still

    async def mark(self, handle: Target | None) -> object:
        return await self.driver.mark(handle)

    async def changed(self, mark: object, handle: Target | None) -> Changed | None:
        if self._several_events and isinstance(mark, Mark):
            # A drag is a series of pointer events: its drop's change is not pushed ahead of the last
            # event's reply the way one click's is, so the page is read rather than left "pending".
            mark = dataclasses.replace(mark, pushed_first=False)
        self._several_events = False
        return await self.driver.changed(mark, handle)

    async def act(self, verb: str, handle: Target | None, args: dict[str, Any]) -> dict[str, Any] | None:
        if verb not in _READS:
            self.driver.watch.acting()  # a picture after it waits for what it sets off (see drivers.web.settle)
        # A dialog the action opened, a download it started: said in its own result, not the next one's.
        news = self.driver.news_mark()
        out = await self._act(verb, handle, args)
        # A click whose navigation outlasted its wait ("still loading") is not waited for twice.
        told = await self.driver.news(news, wait=not (out or {}).get("navigation"))
        return {**(out or {}), **told} if told else out

    async def _act(self, verb: str, handle: Target | None, args: dict[str, Any]) -> dict[str, Any] | None:
        s = self.driver
        if handle is None:
            return await self._untargeted(verb, args)
        if verb == "drag":
            self._several_events = True
            await actions.drag_on(s, handle, args["to"])
            return None
        ops: dict[str, actions.Act] = {
            "click": lambda t: actions.click_on(s, t),
            "double_click": lambda t: actions.click_on(s, t, count=2),
            "right_click": lambda t: actions.click_on(s, t, button="right"),
            "hover": lambda t: t.handle.hover(),
            "focus": lambda t: t.handle.focus(),
            "fill": lambda t: actions.fill_on(s, t, args["text"], clear=args["clear"]),
            "clear": actions.clear_on,
            "check": lambda t: widgets.set_checked(t, True, session=s),
            "uncheck": lambda t: widgets.set_checked(t, False, session=s),
            "select": lambda t: actions.select_on(s, t, args["option"]),
            "press_key": lambda t: t.handle.press(args["key"]),
            "upload_file": lambda t: actions.upload_on(t, FileFence(s.upload_dirs).readable(args["path"])),
        }
        label = f"press {args['key']}" if verb == "press_key" else verb
        tabs = len(s.pages)
        unfolded = await folds.unfold(handle)  # a control of a folded section: the page's opener of it first
        extra = await actions.operate(handle, label, ops[verb])
        if verb == "fill" and handle.element is not None and handle.element.rect is not None:
            s.typed_in = (s.navigations, s.url, handle.element.rect)  # a form being filled: its buttons are meant next
        if verb in _TICKS:
            s.acted_in = None  # ticked things are for an action elsewhere (the toolbar's "Delete"): no place of work
        elif verb not in _LOOKS and handle.element is not None:
            s.acted_in = (s.navigations, handle.element.context)  # where work goes on (locator.pick.same_place)
        out = dict(extra) if isinstance(extra, dict) else {}
        out.update(unfolded or {})
        out.update(actions.new_tab(s, tabs))
        return out or None

    async def _untargeted(self, verb: str, args: dict[str, Any]) -> dict[str, Any]:
        s = self.driver
        if verb == "press_key":
            await s.press_key(args["key"])
            return {}
        if verb == "scroll":
            amount = args["amount"] or _SCROLL_STEP
            if args["target"]:
                t = await self.resolve(args["target"])
                try:
                    await actions.operate(t, "scroll", lambda h: h.handle.scroll_into_view_if_needed())
                    return {**self.describe(t), "direction": args["direction"], "amount": amount}
                finally:
                    await self.release(t)
            return await actions.scroll_page(s, args["direction"], amount)
        if verb in ("get_text", "get_value"):
            return await actions.read(s, args["target"], verb.removeprefix("get_"))
        if verb == "verify_state":
            return await states.verify_state(s, args["target"], args["state"])
        checks_by_verb = {"verify_visible": self._visible, "verify_not_visible": self._not_visible, "verify_text": self._text}
        return dict(await checks_by_verb[verb](args))

    async def _visible(self, args: dict[str, Any]) -> Any:
        s, target = self.driver, args["target"]

        spelled: list[Candidate] = []  # the latest look's only match, when only spelling made it

        async def check() -> dict[str, Any] | None:
            spelled.clear()
            element = await checks.find(s, target)
            if element is None and s.last is not None:
                # A place named by its kind and name ("the Filters sidebar", "the cookie banner") is no element of
                # its own: shown when something visible sits in a container of that kind and name.
                place = absence.shown_place(s.last.tree, target)
                if place is not None:
                    return {"matches": 1, "ref": place.element.ref, "shown": place.reasons[0]}
            if element is None and s.last is not None:
                run = across.placed_phrase(s.last.tree, target)  # '"Total: $42.00"': a label and its value
                if run is not None:
                    return {"matches": 1, "ref": run[0].ref, "across": [e.ref for e in run]}
            if element is None or not element.state.visible:
                return None
            other = checks.spelled_otherwise(s, target, element)
            if other is not None:
                spelled.append(other)  # "Note deleted" on a page showing a "Delete note" button: look again
                return None
            return {"matches": 1, "ref": element.ref, "role": element.role, "name": element.name}

        async def failure() -> str:
            element = await checks.find(s, target)
            said = f"{target!r} is not on the page" if element is None else f"{target!r} is on the page but hidden"
            return await s.with_page_messages(said)

        try:
            return await checks.verify(check, s.action_timeout_ms, failure, s)
        except ToolFailure as exc:
            if exc.code is ErrorCode.ASSERTION_FAILED and spelled:
                raise absence.spelled_refusal(target, spelled[0]) from None
            if exc.code is ErrorCode.ASSERTION_FAILED and s.last is not None and await tips.reveal(s, s.last, target):
                shown = await check()  # an icon named only by the tooltip the pointer shows (tips.py)
                if shown is not None:
                    return shown
            raise

    async def _not_visible(self, args: dict[str, Any]) -> Any:
        s, target = self.driver, args["target"]
        placed = absence.placed_text(target)
        if placed is not None:
            return await self._text_gone(*placed)

        near: list[Candidate] = []  # the near miss of the latest look, if any
        unplaced: list[str] = []  # why the latest look could not answer: the place it names is not there

        shut = _the_dialog_shut(s, target)

        async def check() -> dict[str, Any] | None:
            near.clear()
            unplaced.clear()
            if shut is not None:
                return await shut()
            try:
                element, miss = await checks.find_or_near(s, target)
            except ToolFailure as exc:
                if exc.code is ErrorCode.AMBIGUOUS:
                    return None  # several visible matches: certainly visible
                raise
            if element is not None and element.state.visible:
                return None
            if miss is not None:
                near.append(miss)  # neither clearly there nor clearly gone: look again until time runs out
                return None
            if await checks.busy_indicator_visible(s, target):
                return None
            if s.last is not None and _not_yet_gone(s.last.tree, target, unplaced):
                return None
            return {"matches": 0}

        async def failure() -> str:
            return f"{target!r} is still visible"

        try:
            gone = await checks.verify(check, s.action_timeout_ms, failure, s)
            if shut is None and s.last is not None and tips.names_a_control(target) and \
                    await tips.reveal(s, s.last, target):  # fmt: skip
                # a button named only by the tooltip the pointer shows is no button gone: look again, knowing it
                gone = await checks.verify(check, s.action_timeout_ms, failure, s)
            return gone
        except ToolFailure as exc:
            if exc.code is ErrorCode.ASSERTION_FAILED and unplaced:
                raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"cannot check that {target!r} is absent: "
                                  f"{unplaced[0]}", waited=True) from None
            if exc.code is ErrorCode.ASSERTION_FAILED and near:
                refused = absence.refusal(target, near[0])
                refused.waited = exc.waited  # looked until the time was up: not to be looked for again
                raise refused from None
            raise

    async def _text_gone(self, text: str, place: str) -> Any:
        """ '"Shelly" should not be in the response body': the place read as a text check reads it (its section
        under a heading, the one element of a kind), passing when it does not show ``text``; a place that is
        not on the page passes only when the text is shown nowhere on it, else ELEMENT_NOT_FOUND."""
        s = self.driver
        seen: list[str] = []

        async def check() -> dict[str, Any] | None:
            whole = await reading.text_of_kind(s, place)
            try:
                actual = whole if whole is not None else (await actions.read(s, place, "section"))["text"]
            except ToolFailure as exc:
                if exc.code is not ErrorCode.ELEMENT_NOT_FOUND:
                    raise
                # No such place: absent from the whole page, the text is absent from it too; shown, it may be there.
                hit = checks.find_text(await s.snapshot(), text, exact=False)
                if hit is not None:
                    raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"cannot check that {text!r} is not in {place!r}: "
                                      f"{exc.message}, and {text!r} is shown elsewhere ({hit.role} {hit.ref})") from None
                return {"matches": 0, "place": place, "text": "", "by": "the place is not on the page, nor the text"}
            seen[:] = [actual]
            return None if contains_text(actual, text) else {"matches": 0, "place": place, "text": actual[:200]}

        async def failure() -> str:
            return f"text {text!r} is still in {place!r} (it reads {seen[0][:200]!r})" if seen else f"{text!r} is still in {place!r}"

        return await checks.verify(check, s.action_timeout_ms, failure, s)

    async def _under_heading(self, target: str, heading: str) -> str:
        """ "The description should read X" where the target is the section's heading ("Description"): what its
        section says under the heading (the heading's own words taken off the front); the heading's text when it
        heads no section of its own."""
        got = await actions.read(self.driver, target, "section")
        body = str(got["text"])
        if got.get("section") and body.startswith(heading) and body[len(heading) :].strip():
            return body[len(heading) :].strip()
        return heading

    async def _one_that_reads(self, failure: ToolFailure, target: str, text: str, exact: bool
                              ) -> tuple[str, str, str] | None:
        """ 'the text under the table should read "0 selected"' where several texts stand equally under it: the
        claim is of the text there that reads so; none reading it fails, showing what each reads. None when the
        failure is not that (not AMBIGUOUS, or the target is no text word placed somewhere)."""
        words = target.lower().split()
        if failure.code is not ErrorCode.AMBIGUOUS or len(words) < 3 or words[words[0] == "the"] not in _PLACED_TEXTS:
            return None
        data = failure.data if isinstance(failure.data, dict) else {}
        refs = [str(c["ref"]) for c in data.get("candidates") or [] if c.get("ref")]
        read: list[tuple[str, str]] = []
        for ref in refs:
            got = str((await actions.read(self.driver, ref, "text"))["text"])
            read.append((ref, got))
            if await checks.matches(got, text, "equals") if exact else contains_text(got, text):
                return got, ref, f"of the {len(refs)} texts {target!r} may mean, the one that reads it"
        return " | ".join(got for _, got in read), "", ""

    async def _read_by_id(self, failure: ToolFailure, target: str, text: str, exact: bool) -> tuple[str, str, str]:
        """A text check's target refused only for being named by a developer id (``id="summary"`` for "the
        summary above the table"): a person reads it rather than acts on it, so it is read when it is the one
        such candidate and shows the expected text; else the refusal stands."""
        data = failure.data if isinstance(failure.data, dict) else {}
        cands = data.get("candidates") or []
        by_id = [c for c in cands if str(c.get("why_not", "")).endswith(NOT_ACTED_ON) and c.get("ref")]
        if failure.code is not ErrorCode.ELEMENT_NOT_FOUND:
            raise failure
        said = " ".join(target.lower().split()).removeprefix("the ")
        if not by_id and said in _TEXT_NOUNS | _HEADINGS and all(float(c.get("score") or 0) < MIN_FOUND for c in cands):
            # "the summary should read X" where nothing is named "summary": a text that reads exactly X is it;
            # "the heading should read X" on a page with no heading: a text reading X drawn as one (bigger or
            # bolder than the page's common text).
            tree = await self.driver.snapshot()
            if said in _HEADINGS and any(e.role == "heading" and e.state.visible for e in tree.elements):
                raise failure
            hit = checks.find_text(tree, text, exact=True)
            if hit is None or (said in _HEADINGS and not await reading.drawn_as_heading(self.driver, hit.ref)):
                return "", "", ""  # looked for again until the time is up
            how = "a text drawn as a heading reads exactly that" if said in _HEADINGS else "a text reads exactly that"
            return text, hit.ref, f"nothing is named {target!r}; {how}"
        if len(by_id) != 1:
            raise failure
        ref = str(by_id[0]["ref"])
        actual = (await actions.read(self.driver, ref, "text"))["text"]
        good = await checks.matches(actual, text, "equals") if exact else contains_text(actual, text)
        if not good:
            raise failure
        return actual, ref, "its developer id, and it shows the text"

    async def _text(self, args: dict[str, Any]) -> Any:
        s, text, target, exact = self.driver, args["text"], args["target"], args["exact"]
        seen: list[str] = []
        if args.get("gist"):
            return await self._gist(text, target)
        if args.get("edge"):
            return await self._edge(text, target, args["edge"])

        async def check() -> dict[str, Any] | None:
            whole = await reading.text_of_kind(s, target) if target else None
            if target:
                # Not exact: the text may be anywhere in the section a heading heads ("... in the cart").
                by_id = how = ""
                if whole is not None:
                    actual = whole
                else:
                    try:
                        got = await actions.read(s, target, "text" if exact else "section")
                        actual = got["text"]
                        if exact and got.get("role") == "heading" and not await checks.matches(actual, text, "equals"):
                            actual = await self._under_heading(target, actual)
                    except ToolFailure as failure:
                        read = await self._one_that_reads(failure, target, text, exact)
                        actual, by_id, how = read or await self._read_by_id(failure, target, text, exact)
                seen[:] = [actual]
                good = await checks.matches(actual, text, "equals") if exact else contains_text(actual, text)
                if good and by_id:
                    return {"found": True, "text": actual, "ref": by_id, "by": how}
                return {"found": True, "text": actual} if good else None
            tree = await s.snapshot()
            hit = checks.find_text(tree, text, exact=exact)
            if hit is None and not exact:
                run = across.phrase_across(tree, text)  # "Total: $42.00" drawn as a label and a value
                return None if run is None else {"found": True, "ref": run[0].ref, "across": [e.ref for e in run]}
            return None if hit is None else {"found": True, "ref": hit.ref, "role": hit.role}

        async def failure() -> str:
            where = f" in {target!r} (it reads {seen[0][:200]!r})" if target and seen else " on the page"
            return await s.with_page_messages(f"text {text!r} not found{where}")

        return await checks.verify(check, s.action_timeout_ms, failure, s)

    async def set_to(self, handle: Target, value: str) -> dict[str, Any] | None:
        """A slider dragged to a number: its value set as a fill sets it (a range input's value, or a custom
        slider moved with its arrow keys until it shows the value)."""
        e = handle.element
        if e is None or e.role != "slider":
            return None
        await actions.operate(handle, "fill", lambda t: actions.fill_on(self.driver, t, value, clear=True))
        return {"set": value}

    async def _edge(self, text: str, target: str, edge: str) -> Any:
        """The target's text begins (``start``) or ends (``end``) with ``text``, whitespace aside: what a heading
        heads is read as its section (the heading's own words taken off the front, for a start), and what a caption
        labels as the field's value."""
        s = self.driver
        seen: list[str] = []
        want = " ".join(text.split())

        async def check() -> dict[str, Any] | None:
            whole = await reading.text_of_kind(s, target)  # "the list should end with "24 products""
            got = {"text": whole} if whole is not None else await actions.read(s, target, "section")
            shown = " ".join(str(got.get("text", got.get("value", ""))).split())
            own = " ".join(str(got.get("name") or "").split())
            if edge == "start" and got.get("section") and own and shown.startswith(own) and shown[len(own) :].strip():
                shown = shown[len(own) :].strip()  # what a heading heads begins after the heading's own words
            seen[:] = [shown]
            good = shown.startswith(want) if edge == "start" else shown.rstrip(" .").endswith(want.rstrip(" ."))
            return {"found": True, "text": shown[-500:] if edge == "end" else shown[:500], "edge": edge} if good else None

        async def failure() -> str:
            shown = (seen[0][-200:] if edge == "end" else seen[0][:200]) if seen else ""
            where = f" (it {'ends' if edge == 'end' else 'begins'} {shown!r})" if seen else ""
            return await s.with_page_messages(f"{target!r} does not {edge} with {text!r}{where}")

        return await checks.verify(check, s.action_timeout_ms, failure, s)

    async def _gist(self, text: str, target: str | None) -> Any:
        """A message said in other words: one message-sized element (in ``target``'s section, if given) holds
        every word of ``text`` that carries meaning (:func:`tapwright.core.gist.holds_gist`)."""
        s = self.driver
        words = gist.meaning_words(text)
        if gist.negated(text):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{text!r} says something is not so: a negation said in other "
                              "words is not checked; quote the message's own words")
        if not words:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{text!r} has no words to look for")

        async def check() -> dict[str, Any] | None:
            if target:
                section = (await actions.read(s, target, "section"))["text"]
                return {"found": True, "text": section, "gist": list(words)} if gist.holds_gist(section, words) else None
            for e in (await s.snapshot()).elements:
                have = e.name or e.text
                if e.state.visible and gist.message_sized(have, text) and gist.holds_gist(have, words):
                    return {"found": True, "ref": e.ref, "role": e.role, "text": have, "gist": list(words)}
            return None

        async def failure() -> str:
            return await s.with_page_messages(f"no message on the page says {text!r} (in other words: every one of "
                                              f"{', '.join(words)} in one message)")

        return await checks.verify(check, s.action_timeout_ms, failure, s)


_DIALOG_WORDS = frozenset({"dialog", "the dialog", "modal", "the modal", "popup", "the popup", "pop-up", "the pop-up",
                           "dialog box", "the dialog box", "this dialog", "that dialog"})  # fmt: skip


def _not_yet_gone(tree: Any, target: str, unplaced: list[str]) -> bool:
    """Whether a negative check that found no element must still not pass: the place it names is not on the page
    ('"Ann" in the table' with no table: not looked at, so not "gone"; why is put in ``unplaced``), or the quoted
    phrase is shown across neighbouring texts (a label and its value: :mod:`~tapwright.locator.across`)."""
    missing = absence.missing_place(tree, target)
    if missing is not None:
        unplaced.append(missing)
        return True
    return across.placed_phrase(tree, target) is not None


def _the_dialog_shut(s: WebSession, target: str) -> Callable[[], Awaitable[dict[str, Any] | None]] | None:
    """ "the dialog should be closed" right after acting in a dialog: that dialog (by the name the snapshot gives
    it) is gone, whatever other dialog stays open under it (a side panel drawn as one). None when the words are not
    a bare dialog word, or the last element found was in no named dialog (then the words are looked for as usual).
    """
    if " ".join(target.lower().split()) not in _DIALOG_WORDS or s.last_dialog is None:
        return None
    load, entry, before = s.last_dialog
    if load != s.navigations or not entry.partition(":")[2] or entry.endswith("…"):
        return None  # another page since, or a dialog with no name (or one cut short) to tell it by

    async def check() -> dict[str, Any] | None:
        tree = await s.snapshot()
        shown = {c for e in tree.elements if e.state.visible for c in e.context if c.partition(":")[0] in DIALOG_KINDS}
        if entry in shown or not shown <= before:
            return None  # still shown, or a dialog opened since (that one may be meant): not closed
        return {"matches": 0, "dialog": entry.partition(":")[2], "by": "the dialog last acted in"}

    return check
