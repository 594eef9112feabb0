"""iOS page source -> UiTree over the five real WDA dumps and WDA's JSON format."""

from __future__ import annotations

import gc
import xml.etree.ElementTree as ET

import pytest
from ios_support import DUMPS, parsed

from tapwright.drivers.ios.source import (
    DEFAULT_MAX_DEPTH,
    UNREAD_ATTRIBUTES,
    app_tree,
    back_button,
    id_words,
    parse_source,
)
from tapwright.errors import DriverError, ErrorCode


def _named(prefix: str, name: str):  # type: ignore[no-untyped-def]
    return [e for e in parsed(prefix).tree if e.name == name]


@pytest.mark.parametrize("prefix", ["04", "05", "06", "07", "08"])
def test_every_node_becomes_one_element_in_points(prefix: str) -> None:
    text = next(DUMPS.glob(f"{prefix}-*.xml")).read_text("utf-8")
    src = parsed(prefix)
    assert len(src.tree) == text.count("<XCUIElementType")
    assert src.tree.source == "ios"
    assert (src.tree.width, src.tree.height) in ((375, 667), (390, 844))
    assert [e.ref for e in src.tree][:3] == ["e1", "e2", "e3"]


@pytest.mark.parametrize("prefix", ["04", "05", "06", "07", "08"])
def test_the_attributes_the_driver_asks_wda_to_leave_out_change_nothing(prefix: str) -> None:
    # The driver asks for the source with excluded_attributes=UNREAD_ATTRIBUTES: the parse must not read them.
    root = ET.fromstring(next(DUMPS.glob(f"{prefix}-*.xml")).read_bytes())
    dropped = 0
    for el in root.iter():
        for name in UNREAD_ATTRIBUTES:
            dropped += el.attrib.pop(name, None) is not None
    assert dropped >= len(parsed(prefix).tree)  # every node had its type at least
    lean = parse_source(ET.tostring(root, encoding="unicode"))
    assert lean == parsed(prefix)


def test_identifier_is_the_resource_and_test_id_and_the_label_the_description() -> None:
    (accessibility,) = [e for e in parsed("05").tree if e.attr("resource_id") == "ACCESSIBILITY"]
    assert accessibility.attr("test_id") == "ACCESSIBILITY"
    assert accessibility.attr("content_desc") == "Accessibility" and accessibility.name == "Accessibility"
    # name == label means no identifier: nothing to call a resource id
    (general_cell,) = [e for e in parsed("05").tree if e.name == "General" and e.role == "button"]
    assert "resource_id" not in general_cell.attrs


def test_roles_from_element_types() -> None:
    roles = {e.attr("class").removeprefix("XCUIElementType"): e.role for e in parsed("06").tree}
    assert roles["Switch"] == "switch" and roles["Cell"] == "button" and roles["StaticText"] == "text"
    assert roles["Table"] == "list" and roles["NavigationBar"] == "navigation" and roles["Link"] == "link"
    fields = {e.attr("class"): e.role for e in parsed("04").tree if e.state.editable}
    assert fields == {"XCUIElementTypeTextField": "textbox", "XCUIElementTypeSecureTextField": "textbox"}


def test_switch_value_is_its_checked_state() -> None:
    states = {e.name: e.state.checked for e in parsed("06").tree if e.role == "switch"}
    assert len(states) == 14
    assert states["Auto-Correction"] is False and states["Smart Punctuation"] is True


def test_secure_field_is_a_password_with_no_value() -> None:
    (pw,) = [e for e in parsed("04").tree if e.name == "password1"]
    assert pw.attr("type") == "password" and pw.value == "" and pw.state.editable


def test_a_field_showing_its_placeholder_as_value_is_named_by_it() -> None:
    (first,) = _named("04", "First Name")
    assert first.role == "textbox" and first.state.editable


def test_value_is_text_and_placeholder_is_hint() -> None:
    xml = ('<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo" label="Demo" '
           'x="0" y="0" width="390" height="844"><XCUIElementTypeTextField type="XCUIElementTypeTextField" '
           'name="email_input" value="ada@example.com" placeholderValue="Email" x="16" y="100" width="358" height="44"/>'
           '<XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="Total" label="Total" value="12 EUR" '
           'x="16" y="200" width="100" height="22"/></XCUIElementTypeApplication></AppiumAUT>')  # fmt: skip
    tree = parse_source(xml).tree
    field, total = tree.elements[1], tree.elements[2]
    assert field.value == "ada@example.com" and field.attr("placeholder") == "Email" and field.name == "Email"
    assert field.attr("resource_id") == "email_input" and field.attr("value_length") == "15"
    assert total.text == "12 EUR" and total.name == "Total"


def test_invisible_nodes_are_kept_but_not_visible() -> None:
    src = parsed("04")
    register = [e for e in src.tree if e.name == "Register"]
    assert register and not register[0].state.visible and register[0].rect is not None
    assert any(e.state.visible for e in src.tree if e.role == "button")


def test_back_button_is_the_navigation_bars_leftmost_button() -> None:
    back = back_button(parsed("07").tree)
    assert back is not None and back.name == "Settings" and back.attr("alt") == "back"
    assert back_button(parsed("05").tree) is None  # the top screen has none


def test_rows_carry_their_cell() -> None:
    (chevron,) = [e for e in parsed("05").tree if e.name == "chevron" and "row:General" in e.context]
    assert not chevron.state.visible


def test_json_source_gives_the_same_tree_as_xml() -> None:
    json_tree = {"type": "Application", "name": "Demo", "label": "Demo", "rect": {"x": 0, "y": 0, "width": 390, "height": 844},
                 "isEnabled": "1", "isVisible": "1", "children": [
                     {"type": "Button", "rawIdentifier": "sign_in", "name": "sign_in", "label": "Sign in", "value": None,
                      "rect": {"x": 16, "y": 300, "width": 358, "height": 44}, "isEnabled": "1", "isVisible": "1"},
                     {"type": "Switch", "name": "Remember me", "label": "Remember me", "value": "1",
                      "rect": {"x": 16, "y": 360, "width": 358, "height": 44}, "isEnabled": "0", "isVisible": "0"}]}  # fmt: skip
    tree = parse_source(json_tree).tree
    button, switch = tree.elements[1], tree.elements[2]
    assert button.role == "button" and button.name == "Sign in" and button.attr("resource_id") == "sign_in"
    assert button.rect is not None and button.rect.center_x == 195
    assert switch.state.checked is True and not switch.state.enabled and not switch.state.visible


def test_keyboard_keys_are_left_out_of_locating() -> None:
    xml = ('<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" x="0" y="0" width="390" height="844">'
           '<XCUIElementTypeKeyboard type="XCUIElementTypeKeyboard" x="0" y="553" width="390" height="291">'
           '<XCUIElementTypeKey type="XCUIElementTypeKey" name="q" label="q" x="3" y="563" width="33" height="42"/>'
           '</XCUIElementTypeKeyboard></XCUIElementTypeApplication></AppiumAUT>')  # fmt: skip
    src = parse_source(xml)
    assert src.keyboard_shown and src.tree.elements[2].role == "key"
    assert len(app_tree(src.tree)) == 1
    # One tree without the keys per screen: the locator's index (kept per tree object) is built once.
    assert app_tree(src.tree) is app_tree(src.tree)
    again = parse_source(xml)
    assert app_tree(again.tree) is not app_tree(src.tree) and app_tree(again.tree) == app_tree(src.tree)
    bare = parse_source(xml.replace("Keyboard", "Other").replace("XCUIElementTypeKey ", "XCUIElementTypeButton "))
    assert app_tree(bare.tree) is bare.tree  # no keyboard: the tree itself


def test_depth_limit_is_detected_on_both_sides_of_the_boundary() -> None:
    calendar = parsed("08")
    assert calendar.depth == 34 and not calendar.depth_limited and calendar.depth_hint() == ""
    at_limit = parse_source(next(DUMPS.glob("08-*.xml")).read_bytes(), max_depth=34)
    assert at_limit.depth_limited and "snapshotMaxDepth" in at_limit.depth_hint()
    assert not parse_source(next(DUMPS.glob("08-*.xml")).read_bytes(), max_depth=35).depth_limited
    assert DEFAULT_MAX_DEPTH == 50


@pytest.mark.parametrize("raw", ["", "hello", "<AppiumAUT><XCUIElementTypeApplication", "<hierarchy/>", "{not json"])
def test_bad_sources_are_driver_errors(raw: str) -> None:
    with pytest.raises(DriverError) as info:
        parse_source(raw)
    assert info.value.code is ErrorCode.DRIVER_ERROR


def test_id_words() -> None:
    assert id_words("login_button") == "login button" and id_words("btnNext") == "btn next"


def test_a_field_takes_the_caption_above_it_as_its_near_label() -> None:
    fields = {e.attr("near"): e.name for e in parsed("04").tree if e.state.editable and e.state.visible}
    assert fields["Mail Address"] == "hoge@example.com" and fields["Confirm Password"] == "password2"


def test_react_native_test_ids_and_labels_and_merged_groups() -> None:
    from ios_support import RN

    tree = parse_source((RN / "rn-signin-ios.xml").read_bytes()).tree
    login = next(e for e in tree if e.attr("test_id") == "login_button")
    assert login.role == "button" and login.name == "Log in" and login.interactive
    card = next(e for e in tree if e.attr("test_id") == "balance_card")
    assert card.name == "Balance, 1,234 euros, Updated today"
    help_button = next(e for e in tree if e.attr("test_id") == "help_button")
    assert help_button.name == "help button"  # no label: the testID's words
    assert parse_source((RN / "rn-signin-ios.xml").read_bytes(), max_depth=14).depth_limited  # 15 levels of Views


def test_the_cycle_collector_waits_for_the_parse_and_comes_back() -> None:
    # A long table (one cell of the Settings dump repeated): the parse makes tens of thousands of objects.
    cell = ('<XCUIElementTypeCell type="XCUIElementTypeCell" name="row" label="Row" enabled="true" visible="true" '
            'x="0" y="{y}" width="390" height="44"><XCUIElementTypeStaticText type="XCUIElementTypeStaticText" '
            'value="Row" name="Row" label="Row" enabled="true" visible="true" x="60" y="{y}" width="200" height="22"/>'
            "</XCUIElementTypeCell>")  # fmt: skip
    raw = ('<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="A" label="A" enabled="true" '
           'visible="true" x="0" y="0" width="390" height="844">' + "".join(cell.format(y=i * 44) for i in range(500))
           + "</XCUIElementTypeApplication></AppiumAUT>")  # fmt: skip
    started: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        started.extend([info["generation"]] if phase == "start" else [])

    gc.callbacks.append(count)
    try:
        assert gc.isenabled()
        src = parse_source(raw)
        during_parse = len(started)
        assert gc.isenabled() and len(src.tree) == 1001
        gc.disable()
        parse_source(raw)
        assert not gc.isenabled()  # a caller's own pause is kept
    finally:
        gc.enable()
        gc.callbacks.remove(count)
    assert during_parse <= 1  # at most the one that runs as the collector comes back (without the pause: 5 or more)
