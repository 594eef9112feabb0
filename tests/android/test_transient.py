"""Toasts and snackbars in a dump, and the short memory of them (pure: no device)."""

from __future__ import annotations

from tapwright.drivers.android._transient import TransientLog
from tapwright.drivers.android.hierarchy import parse_dump

_APP = ('<node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]" clickable="false">'
        '<node class="android.widget.Button" package="com.example" text="Delete" clickable="true" bounds="[48,300][1032,450]"/>'
        '{extra}</node>')  # fmt: skip
_TOAST = ('<node class="android.widget.LinearLayout" package="com.android.systemui" bounds="[220,2040][860,2160]" clickable="false">'
          '<node class="android.widget.TextView" package="com.android.systemui" resource-id="android:id/message" '
          'text="Note deleted" clickable="false" focusable="false" bounds="[220,2040][860,2160]"/></node>')  # fmt: skip
_SNACK = ('<node class="android.widget.TextView" package="com.example" resource-id="com.example:id/snackbar_text" '
          'text="Saved  to   drafts" bounds="[48,2180][1032,2300]"/>')  # fmt: skip


def dump(*windows: str) -> bytes:
    return ("<?xml version='1.0' encoding='UTF-8'?><hierarchy rotation=\"0\">" + "".join(windows) + "</hierarchy>").encode()


def test_a_toast_window_and_a_snackbar_are_marked_transient() -> None:
    h = parse_dump(dump(_APP.format(extra=_SNACK), _TOAST), screen=(1080, 2400))
    assert [w.kind for w in h.windows] == ["app", "toast"]
    marked = {e.text: e.attrs.get("transient") for e in h.tree if e.attrs.get("transient")}
    assert marked == {"Note deleted": "toast", "Saved  to   drafts": "snackbar"}


def test_a_clickable_system_window_or_a_full_screen_one_is_not_a_toast() -> None:
    clickable = _TOAST.replace('clickable="false" focusable="false"', 'clickable="true" focusable="true"')
    assert [w.kind for w in parse_dump(dump(_APP.format(extra=""), clickable), screen=(1080, 2400)).windows][1] != "toast"
    full = _TOAST.replace("[220,2040][860,2160]", "[0,0][1080,2400]", 1)
    assert [w.kind for w in parse_dump(dump(_APP.format(extra=""), full), screen=(1080, 2400)).windows][1] != "toast"
    alone = parse_dump(dump(_TOAST), screen=(1080, 2400))  # one window: a dialog over an app the dump does not show
    assert not any(e.attrs.get("transient") for e in alone.tree)


def test_the_memory_keeps_a_text_for_keep_s_after_it_was_last_seen() -> None:
    log = TransientLog(keep_s=10.0)
    tree = parse_dump(dump(_APP.format(extra=_SNACK), _TOAST), screen=(1080, 2400)).tree
    log.note(tree, now=100.0)
    log.note(tree, now=103.0)  # still up: last seen moves on
    log.note(parse_dump(dump(_APP.format(extra="")), screen=(1080, 2400)).tree, now=104.0)  # gone
    seen = log.find("saved to drafts", now=113.0)  # spacing and case ignored
    assert seen is not None and seen.kind == "snackbar" and seen.first == 100.0 and seen.last == 103.0
    assert not log.on_screen(seen)
    assert log.find("note deleted", now=112.99) is not None
    assert log.find("deleted", now=112.99) is not None and log.find("delete", now=112.99) is None  # whole words only
    assert log.find("note deleted", now=113.01) is None  # 10 s after it was last seen
    assert log.find("Delete", now=104.0) is None  # the button is not transient
    assert [s.text for s in log.recent(now=113.0)] == []


def test_a_toast_seen_again_after_it_was_forgotten_starts_afresh() -> None:
    log = TransientLog(keep_s=1.0)
    tree = parse_dump(dump(_APP.format(extra=""), _TOAST), screen=(1080, 2400)).tree
    log.note(tree, now=0.0)
    log.note(tree, now=5.0)
    seen = log.find("Note deleted", now=5.0)
    assert seen is not None and seen.first == 5.0 and log.on_screen(seen)
