"""A tap by identifier asked of WebDriverAgent itself (``POST /elements`` with the fields WDA adds to each
element), against the same search over the page source: the same answer, or none (the page source decides).

Real parts: tapwright's WDA client against the simulated WDA process; facebook-wda checks that the simulator's
non-compact element answers are WDA's.
"""

from __future__ import annotations

from typing import Any

import pytest

from _support.mobile import caller
from tapwright.drivers.ios.driver import ELEMENT_FIELDS, IosDriver
from tapwright.errors import ToolFailure
from tapwright.platforms._ios_sim import SimulatedWda
from tapwright.tools.ios_seam import IosActions

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # facebook-wda leaves its sockets to the GC
call = caller("ios")
# Identifiers and fragments of the example app's sign-in screen: one match, several, an exact one among
# several, differently cased, none, and white space (never asked of WDA).
SIGN_IN_TEXTS = ("forgot_link", "FORGOT_LINK", "sign_in_button", "_input", "email_input", "input", "remember", "title",
                 "sign", "no_such_id", "password", "email input", "e")  # fmt: skip
NOTES_TEXTS = ("note_groceries", "note_", "archive_cell", "archive", "settings_button", "sync_status", "groceries",
               "settings", "_")  # fmt: skip


async def _full(seam: IosActions, text: str) -> tuple[str, Any]:
    """What the page-source search answers for ``text`` (read afresh): the hit, or the failure's code."""
    seam.driver.forget_source()
    try:
        hit = await seam.pick(text, "resource-id", None)
    except ToolFailure as exc:
        return "failed", exc.code
    return "hit", (hit["value"], hit["cx"], hit["cy"])


async def _quick(seam: IosActions, text: str) -> dict[str, Any] | None:
    seam.driver.forget_source()
    return await seam.quick_pick(text, "resource-id", None)


async def _compare(seam: IosActions, texts: tuple[str, ...]) -> dict[str, str]:
    """For each text: ``quick`` (WDA answered, and the page source agrees) or ``source`` (left to it)."""
    out = {}
    for text in texts:
        quick = await _quick(seam, text)
        kind, full = await _full(seam, text)
        if quick is None:
            out[text] = "source"
            continue
        assert kind == "hit" and full == (quick["value"], quick["cx"], quick["cy"]), (text, quick, full)
        out[text] = "quick"
    return out


async def test_the_answer_is_the_page_sources_or_none(driver: IosDriver) -> None:
    seam = IosActions(driver)
    assert driver.answers_fields
    got = await _compare(seam, SIGN_IN_TEXTS)
    # Asked of WDA: one visible match, or the only exact one among several ("email_input" beside "password_input").
    assert {t for t, how in got.items() if how == "quick"} == {"forgot_link", "FORGOT_LINK", "sign_in_button", "email_input",
                                                              "remember", "password", "sign"}, got  # fmt: skip
    # Left to the page source: several and no exact one ("title": app_title, subtitle), none, white space.
    for text, code in (("_input", "AMBIGUOUS"), ("title", "AMBIGUOUS"), ("no_such_id", "ELEMENT_NOT_FOUND")):
        assert (await _full(seam, text))[1].value == code, text
    assert (await _full(seam, "sign_in_button"))[1] == ("sign_in_button", 195, 318)


async def test_off_screen_and_notes_screen(driver: IosDriver) -> None:
    seam = IosActions(driver)
    for field, text in (("email_input", "ada@example.com"), ("password_input", "secret")):
        hit = await seam.pick(field, "resource-id", None)
        await driver.click_at(hit["cx"], hit["cy"])
        await driver.type_text(text)
    await driver.client.dismiss_keyboard()
    await driver.click_at(195, 318)
    assert (await driver.page(fresh=True)).tree.title  # signed in: the notes screen
    assert (await driver.snapshot()).elements and any(e.name == "Groceries" for e in await driver.snapshot())
    got = await _compare(seam, NOTES_TEXTS)
    assert {t for t, how in got.items() if how == "quick"} == {"note_groceries", "note_", "settings_button", "sync_status",
                                                              "groceries", "settings"}, got  # fmt: skip
    # archive_cell is in the source below the screen (y 1300): not visible, so never tapped; the source refuses it.
    assert got["archive_cell"] == got["archive"] == "source" and (await _full(seam, "archive_cell"))[1].value == "ELEMENT_NOT_FOUND"


async def test_matches_by_identifier_are_the_page_sources(driver: IosDriver) -> None:
    seam = IosActions(driver)
    asked = 0
    for text in (*SIGN_IN_TEXTS, "send_reset", "archive_cell"):
        driver.forget_source()
        quick = await seam.quick_matches(text, "resource-id")
        driver.forget_source()
        full = await seam.matches(text, "resource-id")
        if quick is None:
            assert len(full) >= 2 or not text.isascii() or " " in text, (text, full)  # several: the page source counts
            continue
        asked += 1
        assert [(h["value"], h["cx"], h["cy"]) for h in quick] == [(f["value"], f["cx"], f["cy"]) for f in full], text
    assert asked >= 8  # one match or none: WDA's find answers


async def test_checks_by_identifier_read_no_page_source(registry, ctx, driver: IosDriver) -> None:  # type: ignore[no-untyped-def]
    driver.forget_source()
    sources = driver.sources
    ok, line, _ = await call(registry, ctx, "verify_element_visible", text="forgot_link", selector_type="resource-id")
    assert ok and line == "VISIBLE: 1 match", line
    ok, line, _ = await call(registry, ctx, "verify_element_visible", text="send_reset", selector_type="resource-id")
    assert not ok and line.startswith("NOT_VISIBLE"), line  # on the next screen only
    ok, line, _ = await call(registry, ctx, "verify_element_not_visible", text="send_reset", selector_type="resource-id")
    assert ok, line
    ok, line, _ = await call(registry, ctx, "verify_element_not_visible", text="FORGOT", selector_type="resource-id")
    assert not ok and line.startswith("NOT_VISIBLE") and "still visible (1 match(es))" in line, line
    assert driver.sources == sources and driver.by_id_finds == 4
    ok, line, _ = await call(registry, ctx, "verify_element_visible", text="_input", selector_type="resource-id")
    assert ok and line == "VISIBLE: 2 matches" and driver.sources == sources + 1  # two: counted on the page source


async def test_no_fast_answer_with_a_keyboard_a_kept_screen_or_compact_finds(driver: IosDriver) -> None:
    seam = IosActions(driver)
    assert await _quick(seam, "forgot_link") is not None
    await driver.page()  # read, and nothing done since: the kept source answers for free
    assert await seam.quick_pick("forgot_link", "resource-id", None) is None
    hit = await seam.pick("email_input", "resource-id", None)
    await driver.click_at(hit["cx"], hit["cy"])  # the keyboard comes up: its keys are left out of searches
    assert (await driver.page(fresh=True)).keyboard_shown
    assert await _quick(seam, "forgot_link") is None
    await driver.client.dismiss_keyboard()
    assert await _quick(seam, "forgot_link") is not None
    assert await seam.quick_pick("forgot_link", "resource-id", 0) is None  # a position: the page source's order
    assert await seam.quick_pick("forgot_link", "any", None) is None  # only identifiers are asked of WDA
    await driver.client.settings({"shouldUseCompactResponses": True})  # someone changed it: ids only come back
    assert await _quick(seam, "forgot_link") is None


async def test_tap_by_identifier_reads_no_page_source(registry, ctx, driver: IosDriver) -> None:  # type: ignore[no-untyped-def]
    driver.forget_source()
    sources, requests = driver.sources, driver.client.requests
    ok, line, data = await call(registry, ctx, "tap", text="forgot_link", selector_type="resource-id")
    assert ok and line.startswith("TAPPED:") and data["value"] == "forgot_link", line
    assert driver.sources == sources and driver.by_id_finds == 1
    assert driver.client.requests - requests == 2  # POST /elements, POST /wda/tap: as many as facebook-wda's tap by id
    assert (await call(registry, ctx, "verify_element_visible", text="Send reset link"))[0]  # the tap happened
    # Ambiguous or absent identifiers still fail as on Android, through the page source.
    ok, line, _ = await call(registry, ctx, "tap", text="send", selector_type="resource-id")  # send_reset alone
    assert ok, line
    ok, line, _ = await call(registry, ctx, "tap", text="nothing_like_this", selector_type="resource-id")
    assert not ok and line.startswith("NOT_FOUND"), line


def test_facebook_wda_reads_the_non_compact_answers(wda_sim: SimulatedWda) -> None:
    wda = pytest.importorskip("wda", reason="facebook-wda is a test dependency (pip install -e '.[dev]')")
    session = wda.Client(wda_sim.url).session("com.tapwright.notes")
    settings = session.appium_settings({"shouldUseCompactResponses": False, "elementResponseAttributes": ELEMENT_FIELDS})
    assert settings["shouldUseCompactResponses"] is False
    answer = session._session_http.post("/elements", {"using": "predicate string", "value": "name CONTAINS[c] 'FORGOT'"}).value
    assert len(answer) == 1 and answer[0]["type"] == "XCUIElementTypeLink" and answer[0]["label"] == "Forgot password?"
    assert answer[0]["attribute/name"] == "forgot_link" and answer[0]["displayed"] is True
    assert set(answer[0]["rect"]) == {"x", "y", "width", "height"}
    session(id="forgot_link").tap()  # facebook-wda's own find and click still read these answers
    assert session(label="Send reset link").exists
    session.close()


def test_the_simulators_predicates() -> None:
    """The NSPredicate subset the simulated WDA answers: AND binds tighter than OR, [c] folds case, MATCHES is whole."""
    import xml.etree.ElementTree as ET

    from tapwright.testing.wda_sim._device import WdaError
    from tapwright.testing.wda_sim._find import find

    root = ET.fromstring(
        '<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App">'
        '<XCUIElementTypeButton type="XCUIElementTypeButton" name="Login_Button" label="Log in" visible="true"/>'
        '<XCUIElementTypeButton type="XCUIElementTypeButton" name="logout" label="Log out" visible="false"/>'
        '<XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="Hello" label="Hello" value="Hi there"/>'
        "</XCUIElementTypeApplication>"
    )

    def names(expr: str) -> list[str]:
        return [e.get("name") or "" for e in find(root, "predicate string", expr)]

    assert names("name CONTAINS[c] 'login'") == ["Login_Button"]
    assert names("name CONTAINS 'login'") == []  # without [c] case counts
    assert names("name CONTAINS[c] 'log' AND visible == 1") == ["Login_Button"]
    assert names("name CONTAINS[c] 'log' AND visible == 1 OR type == 'XCUIElementTypeApplication'") == ["App", "Login_Button"]
    assert names("label BEGINSWITH 'Log' AND visible == 0 OR value ENDSWITH 'there' OR name == 'nothing'") == ["logout", "Hello"]
    assert names("type == 'XCUIElementTypeButton' AND visible == true AND label == 'Log in'") == ["Login_Button"]
    assert names("name MATCHES[c] 'log.*'") == ["Login_Button", "logout"] and names("name MATCHES 'og.*'") == []
    assert names("label LIKE 'Log ?ut'") == ["logout"] and names("name != 'App'") == ["Login_Button", "logout", "Hello"]
    with pytest.raises(WdaError):
        names("name MATCHES '('")
