"""A tap by a plain description from WebDriverAgent's own find, without the page source: the locator's own
answer, or none (the page source decides).

Differential: every description of the iOS locator accuracy suite, and every label, identifier, value and
placeholder (and their first words) of the real dumps, asked both ways. The find is answered by the simulated
WDA's own predicate code over the dump (as it serves it); the full answer is the page source's, through the
locator as the driver calls it. Then the driver end to end against the simulated WDA process, and facebook-wda
against the simulator's answers to the predicates the fast path sends.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from ios_support import RN, cases, dump_path

from tapwright import Registry, ToolContext
from tapwright.core.element import Element
from tapwright.drivers.android.locating import find as full_find
from tapwright.drivers.ios import fastpath
from tapwright.drivers.ios.driver import IosDriver
from tapwright.drivers.ios.source import app_tree, parse_source
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.platforms._ios_sim import SimulatedWda
from tapwright.testing.wda_sim._find import find
from tapwright.testing.wda_sim._server import _attribute, _rect

SHARED = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "ios-dumps"
DUMPS = sorted((SHARED if SHARED.is_dir() else Path(__file__).parent / "dumps").glob("*.xml"))
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # facebook-wda's sockets


def _answer(root: ET.Element, predicate: str) -> list[dict[str, Any]]:
    """What the simulated WDA answers ``POST /elements`` with, the fields of :data:`fastpath.FIELDS` on."""
    out = []
    for n, el in enumerate(find(root, "predicate string", predicate)):
        d: dict[str, Any] = {"ELEMENT": f"id{n}"}
        for f in fastpath.FIELDS.split(","):
            if f == "type":
                d[f] = el.get("type")
            elif f == "rect":
                d[f] = _rect(el)
            elif f in ("enabled", "selected"):
                d[f] = el.get(f, "false" if f == "selected" else "true") == "true"
            elif f == "displayed":
                d[f] = el.get("visible", "true") == "true"
            elif f == "label":
                d[f] = el.get("label")
            else:
                d[f] = _attribute(el, f.split("/", 1)[1])
        out.append(d)
    return out


def _app(xml: bytes) -> ET.Element:
    top = ET.fromstring(xml)
    return next(iter(top)) if top.tag == "AppiumAUT" else top


def _same(a: Element, b: Element) -> bool:
    return (a.rect, a.role, a.name, a.state, a.attrs.get("class")) == (b.rect, b.role, b.name, b.state, b.attrs.get("class"))


def _compare(xml: bytes, descriptions: list[str]) -> dict[str, int]:
    """Each description both ways: the fast answer must be the full one's element, or there is none."""
    root, tree = _app(xml), app_tree(parse_source(xml).tree)
    counts = {"fast": 0, "page source": 0, "not planned": 0}
    for d in descriptions:
        query = fastpath.plan(d)
        if query is None:
            counts["not planned"] += 1
            continue
        quick = fastpath.choose(query, _answer(root, query.predicate))
        if quick is None:
            counts["page source"] += 1
            continue
        try:
            full: Element | ErrorCode = full_find(tree, d).element
        except ToolFailure as exc:
            full = exc.code
        assert isinstance(full, Element) and _same(quick.element, full), (d, quick.element, full)
        counts["fast"] += 1
    return counts


def test_the_accuracy_suite_descriptions_take_the_locators_element_or_the_page_source() -> None:
    total = {"fast": 0, "page source": 0, "not planned": 0}
    for prefix, group in cases().items():
        if prefix == "rn-android":
            continue
        xml = ((RN / "rn-signin-ios.xml") if prefix == "rn-ios" else dump_path(prefix)).read_bytes()
        for k, v in _compare(xml, [c["find"] for c in group]).items():
            total[k] += v
    assert total["fast"] >= 12 and total["page source"] >= 10 and total["not planned"] >= 30, total


@pytest.mark.parametrize("path", [*DUMPS, RN / "rn-signin-ios.xml"], ids=lambda p: p.stem)
def test_every_name_on_a_real_dump_takes_the_locators_element_or_the_page_source(path: Path) -> None:
    xml = path.read_bytes()
    texts: set[str] = set()
    for el in _app(xml).iter():
        for key in ("label", "name", "value", "placeholderValue"):
            v = " ".join((el.get(key) or "").split())
            if v and len(v) < 60:
                texts.add(v)
                texts.add(" ".join(v.split()[:2]))
                texts.add(v.split()[0])
                texts.add(v.lower())
    counts = _compare(xml, sorted(texts))
    assert counts["fast"] + counts["page source"] + counts["not planned"] == len(texts)


def test_the_shared_dumps_are_the_ones_compared() -> None:
    assert len(DUMPS) >= 5


# -- the plan: what is asked, what is never asked --------------------------------------------------------


@pytest.mark.parametrize("description", [
    "Sign in button", "the second Delete", "Save next to Cancel", "blue Login", "e12", "#login", "all items",
    "Name and Email", '"Save"', "Réglages", "big Save", "",
    "Text Replacement", "Save for later",  # read otherwise when the page has "text replacement", "save for"
])  # fmt: skip
def test_descriptions_that_compare_elements_or_name_a_role_are_left_to_the_page_source(description: str) -> None:
    assert fastpath.plan(description) is None


def test_a_plain_description_asks_for_its_words_and_the_halves_of_long_ones() -> None:
    q = fastpath.plan("General 0")
    assert q is not None
    assert q.words == ("general", "0")
    assert set(q.halves) == {"gen", "eral", "gene", "ral", "gener", "al"}  # each split of "general"
    assert q.predicate.count("MATCHES[cd]") == 3 and q.predicate.count("name MATCHES[d]") == 1 and "type IN {" in q.predicate
    assert q.predicate.startswith("(visible == 1 OR type == 'XCUIElementTypeStaticText') AND (")
    assert "XCUIElementTypeSwitch" in q.predicate and "XCUIElementTypeKeyboard" in q.predicate
    # What an element left out can score: a text missing one of 2 words, plus the interactive bonus.
    assert q.bound == pytest.approx(0.88 * 1.8 / 2 + 0.05)
    assert fastpath.plan("Open your recent files in the main window") is None  # 7 words: a text left out could name a control


def _source(body: str) -> ET.Element:
    return ET.fromstring('<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" '
                         'x="0" y="0" width="390" height="844">' + body + "</XCUIElementTypeApplication>")  # fmt: skip


def _node(kind: str, label: str, x: int, y: int, w: int = 200, h: int = 44, **more: str) -> str:
    name = more.pop("name", label)
    more.setdefault("visible", "true")
    extra = " ".join(f'{k}="{v}"' for k, v in more.items())
    return (f'<XCUIElementType{kind} type="XCUIElementType{kind}" label="{label}" name="{name}" '
            f'enabled="true" accessible="true" x="{x}" y="{y}" width="{w}" height="{h}" {extra}/>')  # fmt: skip


def _choose(root: ET.Element, description: str) -> Any:
    q = fastpath.plan(description)
    assert q is not None
    return fastpath.choose(q, _answer(root, q.predicate))


def test_the_elements_the_predicate_reaches() -> None:
    root = _source(_node("Button", "General 0", 0, 100) + _node("Button", "x", 0, 150, name="rowGeneral_0")
                   + _node("Button", "w", 0, 160, name="rowGeneral0") + _node("Button", "y", 0, 200, name="row_general-0") + _node("StaticText", "0 - GENERAL", 0, 250)
                   + _node("Button", "General0", 0, 300) + _node("Button", "general", 0, 350)
                   + _node("StaticText", "Gen eral", 0, 400) + _node("StaticText", "Generally 0", 0, 450)
                   + _node("StaticText", "General 10", 0, 500) + _node("StaticText", "General", 0, 550, value="0")
                   + _node("StaticText", "z", 0, 600, name="generalZero"))  # fmt: skip
    q = fastpath.plan("General 0")
    assert q is not None
    got = {e["label"] for e in _answer(root, q.predicate)}
    # One text with both words whole (an identifier split at its capitals and symbols too), the description
    # with its spaces left out ("General0"); never the words spread over two texts, a longer word ("Generally",
    # "General0" in an identifier), "10" for "0", a lower-case run in an identifier, or a hidden element.
    assert got == {"App", "General 0", "x", "y", "0 - GENERAL", "General0"}
    hidden = _source(_node("Button", "General 0", 0, 100, visible="false")
                     + _node("StaticText", "General 0", 0, 200, visible="false"))  # fmt: skip
    assert [e["type"] for e in _answer(hidden, q.predicate)] == ["XCUIElementTypeApplication", "XCUIElementTypeStaticText"]


def test_one_exact_name_is_tapped_and_its_rivals_send_it_to_the_page_source() -> None:
    one = _source(_node("Button", "Continue", 20, 700) + _node("StaticText", "Welcome", 20, 100))
    found = _choose(one, "Continue")
    assert found is not None and found.element.rect.y == 700
    two = _source(_node("Button", "Continue", 20, 700) + _node("Button", "Continue", 20, 600))
    assert _choose(two, "Continue") is None  # ambiguous: the page source says so, with the candidates
    none = _source(_node("Button", "Continue", 20, 700))
    assert _choose(none, "Cancel") is None  # not found: the page source's message and nearest candidates
    hidden = _source(_node("Button", "Continue", 20, 700, visible="false"))
    assert _choose(hidden, "Continue") is None  # NOT_VISIBLE comes from the page source


def test_a_keyboard_an_alert_a_caption_or_a_back_button_send_it_to_the_page_source() -> None:
    base = _node("Button", "Continue", 20, 700)
    assert _choose(_source(base), "Continue") is not None
    assert _choose(_source(base + _node("Keyboard", "", 0, 500, 390, 300)), "Continue") is None
    assert _choose(_source(base + _node("Alert", "Oops", 40, 300, 300, 200)), "Continue") is None
    caption = _node("StaticText", "Email", 16, 100, 100, 20) + _node("TextField", "", 16, 124, 340, 40)
    assert _choose(_source(caption + _node("Button", "Email me", 20, 700)), "Email") is None
    bar = ('<XCUIElementTypeNavigationBar type="XCUIElementTypeNavigationBar" name="Next" label="" enabled="true" '
           'visible="true" x="0" y="47" width="390" height="44"/>')  # fmt: skip
    assert _choose(_source(bar + _node("Button", "Settings", 0, 47, 90)), "Settings") is None  # may be the back button
    assert _choose(_source(bar + _node("Button", "Done", 320, 47, 60)), "Done") is not None  # right of the bar: never
    assert _choose(_source(bar + _node("Button", "Back to top", 20, 700)), "Back to top") is None


def test_a_hidden_text_that_may_caption_a_field_is_asked_for() -> None:
    field = _node("TextField", "", 16, 124, 340, 40, placeholder="name@example.com")
    caption = _node("StaticText", "Work email", 16, 100, 100, 20, visible="false")
    root = _source(field + caption + _node("Button", "Work email", 20, 700))
    assert _choose(root, "Work email") is None  # the field may be the one meant: the page source decides


def test_a_stem_or_typo_or_a_run_together_word_sends_it_to_the_page_source() -> None:
    root = _source(_node("Button", "Change password", 20, 700) + _node("Button", "User name", 20, 600))
    assert _choose(root, "Changing password") is None  # "changing" is not on the page: stems would be read
    assert _choose(root, "Pasword") is None  # a typo
    assert _choose(root, "Username") is None  # "user" is on the page: "username" may be read as two words
    assert _choose(root, "Change password") is not None


def test_the_found_element_is_named_by_wdas_id_not_a_snapshot_ref() -> None:
    root = _source(_node("StaticText", "Hi", 20, 100) + _node("Button", "Continue", 20, 700))
    q = fastpath.plan("Continue")
    assert q is not None
    answer = _answer(root, q.predicate)
    found = fastpath.choose(q, answer)
    assert found is not None
    named = fastpath.with_wda_ref(found, answer)
    assert named.element.ref == f"wda:{answer[[e['label'] for e in answer].index('Continue')]['ELEMENT']}"


def test_an_answer_without_the_fields_is_left_to_the_page_source() -> None:
    q = fastpath.plan("Continue")
    assert q is not None
    assert fastpath.choose(q, [{"ELEMENT": "1", "type": "XCUIElementTypeButton"}]) is None


# -- end to end: the driver against the simulated WDA process ---------------------------------------------


async def test_a_tap_by_description_reads_no_page_source_and_lands_where_the_source_says(driver: IosDriver) -> None:
    driver.forget_source()
    sent, sources = driver.client.requests, driver.sources
    box = await driver.box("Forgot password?")
    assert driver.fast_finds == 1 and driver.sources == sources and driver.client.requests - sent == 1
    assert box["ref"].startswith("wda:")
    driver.fast_path = False
    driver.forget_source()
    full = await driver.box("Forgot password?")
    assert (full["center_x"], full["center_y"]) == (box["center_x"], box["center_y"]) and driver.sources == sources + 1


async def test_a_kept_source_answers_for_free_and_a_refusal_comes_from_the_page_source(driver: IosDriver) -> None:
    await driver.snapshot()
    await driver.box("Forgot password?")
    assert driver.fast_finds == 0  # the kept source answered
    driver.forget_source()
    with pytest.raises(ToolFailure) as failure:
        await driver.box("Bluetooth")
    assert failure.value.code is ErrorCode.ELEMENT_NOT_FOUND and driver.fast_finds == 0 and driver.sources == 2


async def test_ios_click_taps_through_wdas_find_and_says_so(registry: Registry, ctx: ToolContext, driver: IosDriver) -> None:
    driver.forget_source()
    result = await registry.call("ios.click", {"target": "Forgot password?"}, ctx)
    assert result.ok, result.error
    assert driver.fast_finds == 1 and result.data["ref"].startswith("wda:") and result.data["snapshot"] == "fresh"
    assert "changed" not in result.data or result.data["changed"] is None  # no page source was read: no mark


def test_facebook_wda_reads_the_simulators_answer_to_the_fast_predicate(wda_sim: SimulatedWda) -> None:
    import wda

    client = wda.Client(wda_sim.url)
    session = client.session("com.tapwright.notes")
    q = fastpath.plan("Forgot password?")
    assert q is not None
    found = session(predicate=q.predicate).find_elements()
    labels = [e.label for e in found]
    assert "Forgot password?" in labels and all(e.id for e in found)
