"""The uiautomator dump parser over 25 real dumps, and over bad input."""

from __future__ import annotations

import pytest
from android_support import DUMPS, manifest, parsed

from tapwright.drivers.android.hierarchy import app_tree, id_words, parse_bounds, parse_dump, role_for
from tapwright.errors import DriverError, ErrorCode

ROWS = manifest()


def test_manifest_lists_all_25_dumps() -> None:
    assert len(ROWS) == 25
    assert {r["file"] for r in ROWS} == {p.name for p in DUMPS.glob("*.xml")}


@pytest.mark.parametrize("row", ROWS, ids=[r["file"][:2] for r in ROWS])
def test_every_dump_parses_with_the_manifest_node_count(row: dict[str, str]) -> None:
    h = parsed(row["file"][:2])
    assert len(h.tree) == int(row["node_count"])
    assert sum(1 for e in h.tree if e.role == "textbox") >= min(1, int(row["edittext_count"]))
    w, hgt = (int(v) for v in row["screen_size"].split("x"))
    assert (h.tree.width, h.tree.height) == (w, hgt)
    assert h.package == row["package"]
    assert [e.ref for e in h.tree] == [f"e{i}" for i in range(1, len(h.tree) + 1)]


def test_roles_names_and_states_from_a_login_form() -> None:
    tree = parsed("22").tree
    login = next(e for e in tree if e.attr("resource_id").endswith("/et_login"))
    password = next(e for e in tree if e.attr("resource_id").endswith("/et_password"))
    button = next(e for e in tree if e.attr("resource_id").endswith("/login_button"))
    assert (login.role, login.state.editable) == ("textbox", True)
    assert password.attr("type") == "password" and password.value == "" and password.text == ""
    assert (button.role, button.name.strip()) == ("button", "CHECK")


def test_compose_views_with_a_description_are_buttons_and_switch_states_are_read() -> None:
    tree = parsed("30").tree
    switch = next(e for e in tree if e.role == "switch")
    assert switch.state.checked is True and switch.attr("near") == "Lembrar-me"
    recover = next(e for e in tree if e.name == "Recuperar senha")
    assert recover.role == "button"


def test_multi_window_dump_knows_the_status_bar_and_the_soft_keyboard() -> None:
    h = parsed("23")
    assert [w.kind for w in h.windows] == ["app", "statusbar", "keyboard"]
    assert h.keyboard_shown
    keys = [e for e in h.tree if e.attrs.get("window") == "keyboard"]
    assert keys and all(not e.interactive for e in keys)
    assert len(app_tree(h.tree)) == len(h.tree) - len(keys)
    assert not parsed("19").keyboard_shown and [w.kind for w in parsed("19").windows] == ["statusbar", "app"]


def test_an_app_keypad_is_not_a_soft_keyboard() -> None:
    assert not parsed("36").keyboard_shown  # a TV app's own letter grid is app content


def test_a_dialog_root_that_is_not_the_full_screen_is_a_dialog() -> None:
    h = parsed("02")
    assert h.windows[0].kind == "dialog"
    ok = next(e for e in h.tree if e.name == "OK")
    assert ok.context[0].startswith("dialog:Dùng USB")


def test_rotation_and_list_rows() -> None:
    assert parsed("12").rotation == 1 and parsed("01").rotation == 0
    star = next(e for e in parsed("19").tree if e.name == "Add star" and e.rect and e.rect.y == 1896)
    assert star.context == ("row:Task 3 Add star",)  # the innermost list row only, named by its first texts


def test_resource_id_words() -> None:
    assert id_words("com.app:id/login_button") == "login button"
    assert id_words("btNext") == "bt next"
    assert role_for("android.widget.ImageButton", clickable=True, checkable=False, named=False) == "button"
    assert role_for("android.view.View", clickable=True, checkable=False, named=True) == "button"
    assert role_for("android.view.View", clickable=True, checkable=False, named=False) == "group"
    assert parse_bounds("[1,2][11,22]") is not None and parse_bounds("nonsense") is None


@pytest.mark.parametrize(
    ("raw", "needle"),
    [
        (b"", "not XML"),
        (b"ERROR: null root node returned by UiTestAutomationBridge.", "not XML"),
        (b"<?xml version='1.0'?><hierarchy rotation=\"0\"><node bounds=\"[0,0][1,1]\">", "truncated"),
        (b"<?xml version='1.0'?><hierarchy><node></hierarchy>", "malformed"),
        (b"<?xml version='1.0'?><html></html></hierarchy>", "malformed"),
    ],
)
def test_bad_dumps_are_a_driver_error_that_says_what_is_wrong(raw: bytes, needle: str) -> None:
    with pytest.raises(DriverError) as info:
        parse_dump(raw)
    assert info.value.code is ErrorCode.DRIVER_ERROR and needle in info.value.message


def test_an_empty_game_surface_parses_to_one_unnamed_element() -> None:
    raw = b'<hierarchy rotation="0"><node class="android.view.SurfaceView" bounds="[0,0][1080,2400]" text="" content-desc=""/></hierarchy>'
    h = parse_dump(raw)
    assert len(h.tree) == 1 and not h.tree.elements[0].name
    assert len(parse_dump(b'<hierarchy rotation="0"/>').tree) == 0


def test_noise_around_the_xml_is_ignored() -> None:
    xml = (DUMPS / "02-com.android.settings-usb-transfer-dialog.xml").read_bytes()
    h = parse_dump(b"junk before\n" + xml + b"UI hierchary dumped to: /dev/tty\r\n")
    assert len(h.tree) == 16


def test_the_docs_catalog_table_is_current() -> None:
    from pathlib import Path

    from tapwright.tools.actions import offered
    from tapwright.tools.android import toolset
    from tapwright.tools.android_seam import AndroidActions

    # The catalog's actions are listed once for every platform (docs/reference/tools/actions.md).
    shared = {f"android.{n}" for n in offered(AndroidActions)}
    rows = ["| tool | what it does |", "|---|---|"]
    rows += [f"| `{s.name}` | {s.description.splitlines()[0]} |" for s in sorted(toolset().specs(), key=lambda s: s.name)
             if s.name not in shared]
    doc = (Path(__file__).resolve().parents[2] / "docs" / "platforms" / "android.md").read_text("utf-8")
    committed = doc.split("<!-- catalog:start -->\n", 1)[1].split("\n<!-- catalog:end -->", 1)[0]
    assert committed == "\n".join(rows), "docs/platforms/android.md: regenerate the catalog table"
