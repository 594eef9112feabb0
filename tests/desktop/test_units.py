"""Pure parts of the desktop driver: key names, Tesseract TSV, phrases, boxes and marks in synthetic
pictures, OCR and AT-SPI trees to Elements, covered elements, platform settings, process stop by PID."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from Xlib import XK

from tapwright.core.element import Element, ElementState, Rect
from tapwright.drivers.desktop._atspi import to_elements
from tapwright.drivers.desktop._boxes import background, find_boxes, find_marks
from tapwright.drivers.desktop._keys import char_keysym, name_keysym, parse_combo
from tapwright.drivers.desktop._merge import name_from_labels, name_from_ocr, unnamed
from tapwright.drivers.desktop._ocr import Word, is_symbol, parse_tsv, phrases
from tapwright.drivers.desktop._ocr_tree import Region, build
from tapwright.drivers.desktop._procs import group_members, pid_alive, spawn
from tapwright.drivers.desktop._snapshot import occlude
from tapwright.drivers.desktop.windows import WindowInfo
from tapwright.errors import ToolFailure, UserError
from tapwright.platforms.desktop import parse_size, platform


def sym(name: str) -> int:
    return int(XK.string_to_keysym(name))


def test_key_names_and_combinations() -> None:
    assert parse_combo("Control+A") == [sym("Control_L"), sym("a")]
    assert parse_combo("ctrl+shift+t") == [sym("Control_L"), sym("Shift_L"), sym("t")]
    assert parse_combo("Enter") == [sym("Return")]
    assert parse_combo("Control++") == [sym("Control_L"), ord("+")]
    assert name_keysym("F5") == sym("F5") and name_keysym("PageDown") == sym("Next")
    assert char_keysym("é") == 0xE9 and char_keysym("東") == 0x01000000 | ord("東")
    assert char_keysym("\n") == sym("Return")
    for bad in ("", "Hyperdrive", "Control+Nope"):
        with pytest.raises(ToolFailure):
            parse_combo(bad)
    with pytest.raises(ToolFailure):
        char_keysym("\x07")


def test_tesseract_tsv_words_split_by_confidence_and_scaled_back() -> None:
    tsv = ("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
           "5\t1\t1\t1\t1\t1\t20\t40\t60\t20\t96.5\tSign\n"
           "5\t1\t1\t1\t1\t2\t90\t40\t30\t20\t34.9\tin\n"
           "4\t1\t1\t1\t1\t0\t20\t40\t100\t20\t-1\t\n")  # fmt: skip
    good, weak = parse_tsv(tsv, offset=(100, 10), scale=2)
    assert [(w.text, w.x, w.y, w.w, w.h) for w in good] == [("Sign", 110, 30, 30, 10)]
    assert [w.text for w in weak] == ["in"]


def test_phrases_join_close_words_on_a_line_but_not_across_a_box_edge() -> None:
    words = [Word("Sign", 10, 10, 30, 12, 95), Word("in", 44, 10, 12, 12, 95), Word("Username", 200, 10, 70, 12, 95),
             Word("alice", 290, 10, 40, 12, 95), Word("Next", 10, 60, 30, 12, 95)]  # fmt: skip
    walls = [(285, 5, 120, 24)]  # a text field holding "alice"
    got = [p.text for p in phrases(words, walls=walls)]
    assert got == ["Sign in", "Username", "alice", "Next"]
    assert is_symbol("|") and is_symbol("—") and not is_symbol("OK") and not is_symbol("+")


def picture() -> np.ndarray:
    """A Tk-like grey window: a white text field, a raised button, a check box and a radio button."""
    g = np.full((120, 300), 217, dtype=np.uint8)
    g[10:34, 100:260] = 130
    g[11:33, 101:259] = 255  # field inside its border
    g[50:78, 20:90] = 240
    g[51:77, 21:89] = 217  # button face
    g[90:101, 20:31] = 130
    g[91:100, 21:30] = 255  # check box
    yy, xx = np.mgrid[0:11, 0:11]
    disc = (yy - 5) ** 2 + (xx - 5) ** 2 <= 25
    g[90:101, 150:161][disc] = 255  # radio button
    g[93:98, 153:158] = 0  # its dot: chosen
    return g


def test_boxes_and_marks_in_a_synthetic_picture() -> None:
    g = picture()
    assert background(g) == 217
    boxes = find_boxes(g)
    assert any(abs(b.x - 100) <= 2 and abs(b.w - 160) <= 3 and b.mean > 250 for b in boxes)  # the field
    assert any(abs(b.x - 20) <= 2 and abs(b.w - 70) <= 3 for b in boxes)  # the button
    marks = {(m.x, m.round) for m in find_marks(g, 217)}
    assert (21, False) in marks and (150, True) in marks


def test_ocr_elements_from_phrases_and_boxes() -> None:
    g = picture()
    words = [Word("Username", 10, 16, 70, 12, 95), Word("OK", 45, 58, 16, 12, 95),
             Word("Remember", 36, 89, 60, 12, 95), Word("Dark", 166, 89, 30, 12, 95)]  # fmt: skip
    boxes = find_boxes(g)
    elements = build(phrases(words), boxes, bg=217, marks=find_marks(g, 217), indicators_dark={},
                     regions=[Region(0, 0, 300, 120, "Demo")])  # fmt: skip
    by_role = {(e.role, e.name) for e in elements}
    assert {("textbox", "Username"), ("button", "OK"), ("checkbox", "Remember"), ("radio", "Dark"), ("text", "Username")} <= by_role
    field = next(e for e in elements if e.role == "textbox")
    assert field.attrs["label"] == "Username" and field.context == ("window:Demo",)


def test_accessible_nodes_become_elements() -> None:
    nodes = [
        {"parent": -1, "role": "frame", "name": "App", "states": ["showing"], "rect": [0, 0, 400, 300]},
        {"parent": 0, "role": "panel", "name": "", "states": ["showing"], "rect": [0, 0, 400, 300]},
        {"parent": 1, "role": "text", "name": "", "labelled_by": "Email", "states": ["showing", "editable", "focusable"],
         "rect": [80, 10, 200, 30], "text": "a@b.c"},
        {"parent": 1, "role": "password text", "name": "", "states": ["showing", "editable"], "rect": [80, 50, 200, 30]},
        {"parent": 1, "role": "combo box", "name": "French", "labelled_by": "Language", "states": ["showing"], "rect": [80, 90, 90, 30]},
        {"parent": 1, "role": "list box", "name": "", "states": ["showing"], "rect": [10, 130, 300, 100]},
        {"parent": 5, "role": "list item", "name": "", "states": ["showing", "selected"], "rect": [10, 130, 300, 25]},
        {"parent": 6, "role": "label", "name": "Drafts", "states": ["showing"], "rect": [14, 134, 100, 17]},
        {"parent": 1, "role": "check box", "name": "Remember me", "states": ["showing", "checked"], "rect": [10, 240, 120, 20]},
    ]  # fmt: skip
    elements = to_elements(nodes)
    got = {(e.role, e.name): e for e in elements}
    assert got[("textbox", "Email")].value == "a@b.c" and got[("textbox", "Email")].attrs["label"] == "Email"
    assert got[("textbox", "")].attrs["type"] == "password" and got[("textbox", "")].value == ""
    assert got[("combobox", "Language")].value == "French"
    assert got[("listitem", "Drafts")].state.selected is True
    assert ("text", "Drafts") not in got  # folded into its list item
    assert got[("checkbox", "Remember me")].state.checked is True
    assert all(e.context[:1] == ("window:App",) for e in elements if e.role != "window")


def test_unnamed_controls_are_named_from_labels_then_from_ocr() -> None:
    field = Element("e1", "textbox", rect=Rect(80, 10, 200, 30), state=ElementState(editable=True))
    label = Element("e2", "text", "Filter", text="Filter", rect=Rect(10, 15, 50, 17), interactive=False)
    icon = Element("e3", "button", rect=Rect(300, 10, 40, 30))
    named = name_from_labels([field, label, icon])
    assert named[0].attrs["near"] == "Filter" and unnamed(named) == [named[2]]
    ocr = [Element("o1", "text", "Go", text="Go", rect=Rect(310, 15, 20, 15))]
    assert name_from_ocr(named, ocr)[2].name == "Go"


def test_elements_under_a_window_stacked_above_are_hidden() -> None:
    main = Element("e1", "button", "Save", rect=Rect(100, 100, 60, 30), context=("window:Main",))
    free = Element("e2", "button", "Quit", rect=Rect(500, 100, 60, 30), context=("window:Main",))
    ok = Element("e3", "button", "OK", rect=Rect(120, 110, 60, 30), context=("dialog:Confirm",))
    wins = [WindowInfo(1, "Main", 10, Rect(0, 0, 640, 480)), WindowInfo(2, "Confirm", 10, Rect(80, 80, 200, 100))]
    out = {e.name: e.state.visible for e in occlude([main, free, ok], wins)}
    assert out == {"Save": False, "Quit": True, "OK": True}


def test_platform_settings_and_sizes() -> None:
    assert parse_size("1280x800") == (1280, 800) and parse_size([800, 600]) == (800, 600)
    with pytest.raises(UserError):
        parse_size("big")
    assert platform.check_settings({"app": "xterm", "display_size": "1024x768"})["display_size"] == (1024, 768)
    with pytest.raises(UserError, match="does not take 'url'"):
        platform.check_settings({"url": "x"})
    with pytest.raises(UserError):
        platform.check_settings({"snapshot": "magic"})


def test_a_process_and_what_it_forked_are_stopped_by_pid() -> None:
    script = "import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); time.sleep(60)"
    proc = spawn([sys.executable, "-c", script], label="unit")
    for _ in range(100):
        if len(group_members(proc.pid)) >= 2:
            break
        import time

        time.sleep(0.05)
    members = group_members(proc.pid)
    assert len(members) >= 2
    proc.stop()
    assert not any(pid_alive(p) for p in members) and group_members(proc.pid) == []


def test_descendants_are_read_from_proc_children() -> None:
    import os
    import subprocess
    import sys

    from tapwright.drivers.desktop._procs import descendants

    child = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time; p = subprocess.Popen(['sleep', '30']); print(p.pid, flush=True); time.sleep(30)"],
                             stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert child.stdout is not None
    grandchild = int(child.stdout.readline())
    try:
        found = descendants(os.getpid())
        assert child.pid in found and grandchild in found
    finally:
        os.kill(grandchild, 9)
        child.kill()
        child.wait()
        child.stdout.close()
    assert child.pid not in descendants(os.getpid())
