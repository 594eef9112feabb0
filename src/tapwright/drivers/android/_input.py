"""Text and key input for ``adb shell input``: quoting that never lets text run, and key codes."""

from __future__ import annotations

from tapwright.errors import DriverError, ErrorCode

KEYCODES: dict[str, int] = {
    "home": 3, "back": 4, "call": 5, "endcall": 6, "up": 19, "down": 20, "left": 21, "right": 22, "center": 23,
    "volume_up": 24, "volume_down": 25, "power": 26, "camera": 27, "tab": 61, "space": 62, "enter": 66,
    "return": 66, "backspace": 67, "del": 67, "delete": 112, "forward_delete": 112, "menu": 82, "search": 84,
    "escape": 111, "esc": 111, "move_home": 122, "move_end": 123, "app_switch": 187, "recent": 187, "recents": 187,
    "wakeup": 224, "sleep": 223, "arrowup": 19, "arrowdown": 20, "arrowleft": 21, "arrowright": 22,
    "dpad_up": 19, "dpad_down": 20, "dpad_left": 21, "dpad_right": 22, "page_up": 92, "page_down": 93,
    "pageup": 92, "pagedown": 93, "hide_keyboard": 4, "cut": 277, "copy": 278, "paste": 279,
}  # fmt: skip
# Desktop combinations with no meaning on a phone's `input`: select-all is done by clear_focused instead.
IGNORED_COMBOS = frozenset({"control+a", "ctrl+a", "meta+a", "command+a"})


# ADBKeyBoard (github.com/senzhk/ADBKeyBoard): an input method that types what a broadcast carries,
# so text `input text` cannot carry (non-ASCII, a literal "%s") reaches the field as UTF-8.
ADB_IME = "com.android.adbkeyboard/.AdbIME"
NO_IME_ADVICE = ("install the ADBKeyBoard input method on the device (github.com/senzhk/ADBKeyBoard: adb install "
                 "ADBKeyboard.apk; tapwright then switches to it for such text and back), or the Clipper app "
                 "(github.com/majido/clipper: tapwright then pastes such text through the clipboard), or type an "
                 "ASCII equivalent")


def needs_ime(text: str) -> bool:
    """Whether ``input text`` cannot type ``text`` (non-ASCII or control characters, a literal ``%s``)."""
    return "%s" in text or any(ord(c) > 126 or ord(c) < 32 for c in text)


def ime_broadcast_command(text: str) -> str:
    """The broadcast that has ADBKeyBoard type ``text``: base64 of its UTF-8, so nothing in it reaches the shell."""
    import base64

    return "am broadcast -a ADB_INPUT_B64 --es msg " + shell_quote(base64.b64encode(text.encode("utf-8")).decode("ascii"))


def shell_quote(arg: str) -> str:
    """Single-quote ``arg`` for the device's sh: nothing inside is ever interpreted."""
    return "'" + arg.replace("'", "'\\''") + "'"


def input_text_command(text: str) -> str:
    """The ``input text`` command typing ``text`` literally.

    Spaces become ``%s`` (``input text`` splits on them); the whole argument is single-quoted,
    so ``;``, ``|``, ``$(...)``, backticks and quotes are typed, never run.

    Raises:
        DriverError: INVALID_INPUT for characters ``input text`` cannot carry (non-ASCII, control
            characters, or a literal ``%s``), naming the way round.
    """
    bad = sorted({c for c in text if ord(c) > 126 or ord(c) < 32})
    if bad:
        shown = "".join(bad[:8])
        raise DriverError(
            ErrorCode.INVALID_INPUT,
            f"`adb shell input text` cannot type non-ASCII or control characters ({shown!r}): {NO_IME_ADVICE}",
        )
    if "%s" in text:
        raise DriverError(ErrorCode.INVALID_INPUT, "`input text` turns '%s' into a space and cannot type it literally: "
                          f"type '%' and 's' in two calls, or {NO_IME_ADVICE}")  # fmt: skip
    return "input text " + shell_quote(text.replace(" ", "%s"))


def keycode(key: str) -> int | None:
    """The Android key code of a key name (``Enter``, ``back``, ``KEYCODE_HOME``, ``66``); None for ignored combos.

    Raises:
        DriverError: INVALID_INPUT for an unknown key name.
    """
    low = key.strip().lower()
    if low in IGNORED_COMBOS:
        return None
    if low.isdigit():
        return int(low)
    low = low.removeprefix("keycode_")
    if low in KEYCODES:
        return KEYCODES[low]
    if len(low) == 1 and low.isalpha():
        return 29 + ord(low) - ord("a")  # KEYCODE_A = 29
    if len(low) == 1 and low.isdigit():
        return 7 + int(low)
    raise DriverError(ErrorCode.INVALID_INPUT, f"unknown key {key!r}; use a name such as back, home, enter, tab, "
                      "backspace, search, or a KEYCODE_ number")  # fmt: skip
