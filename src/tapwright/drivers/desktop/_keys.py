"""Key names -> X keysyms: ``"Control+Shift+T"``, ``"Enter"``, ``"ctrl+a"``, ``"F5"``, ``"é"``.

Pure: no X connection. The names follow the web driver's (Playwright's) where they differ from X's.
"""

from __future__ import annotations

from Xlib import XK

from tapwright.errors import ErrorCode, ToolFailure

# Friendly names (lower case) -> X keysym names.
_ALIASES: dict[str, str] = {
    "enter": "Return", "return": "Return", "esc": "Escape", "escape": "Escape", "tab": "Tab",
    "backspace": "BackSpace", "back": "BackSpace", "delete": "Delete", "del": "Delete", "insert": "Insert",
    "ins": "Insert", "home": "Home", "end": "End", "pageup": "Prior", "page_up": "Prior", "pgup": "Prior",
    "pagedown": "Next", "page_down": "Next", "pgdn": "Next", "up": "Up", "down": "Down", "left": "Left",
    "right": "Right", "arrowup": "Up", "arrowdown": "Down", "arrowleft": "Left", "arrowright": "Right",
    "space": "space", "spacebar": "space", "control": "Control_L", "ctrl": "Control_L", "shift": "Shift_L",
    "alt": "Alt_L", "option": "Alt_L", "meta": "Super_L", "super": "Super_L", "win": "Super_L",
    "windows": "Super_L", "cmd": "Super_L", "command": "Super_L", "altgr": "ISO_Level3_Shift",
    "capslock": "Caps_Lock", "menu": "Menu", "contextmenu": "Menu", "printscreen": "Print", "print": "Print",
    "plus": "plus", "minus": "minus", "comma": "comma", "period": "period", "slash": "slash",
}  # fmt: skip
MODIFIERS = frozenset(int(XK.string_to_keysym(n)) for n in ("Control_L", "Shift_L", "Alt_L", "Super_L", "ISO_Level3_Shift"))
_NAMED_CHARS = {"\n": "Return", "\r": "Return", "\t": "Tab", "\b": "BackSpace"}


def char_keysym(char: str) -> int:
    """The keysym that types ``char`` (Latin-1 keysyms equal their code point; others are 0x01000000 + it)."""
    named = _NAMED_CHARS.get(char)
    if named is not None:
        return int(XK.string_to_keysym(named))
    code = ord(char)
    if 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xFF:
        return code
    if code < 0x20 or code == 0x7F:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"cannot type the control character U+{code:04X}")
    return 0x01000000 | code


def name_keysym(name: str) -> int:
    """The keysym of one key name ("Enter", "a", "F5", "Page_Down", "é").

    Raises:
        ToolFailure: INVALID_INPUT for a name that is no key.
    """
    if len(name) == 1:
        return char_keysym(name)
    alias = _ALIASES.get(name.lower().replace(" ", ""))
    keysym = XK.string_to_keysym(alias or name)
    if not keysym and name[:1] in "fF" and name[1:].isdigit():
        keysym = XK.string_to_keysym(f"F{int(name[1:])}")
    if not keysym:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"unknown key {name!r}; use names like Enter, Escape, Tab, F5, Control+A")
    return int(keysym)


def parse_combo(combo: str) -> list[int]:
    """``"Control+Shift+T"`` -> keysyms to press in order (released in reverse).

    A literal ``+`` is written ``plus`` or as the last part (``"Control++"``).

    Raises:
        ToolFailure: INVALID_INPUT for an empty combination or an unknown key.
    """
    text = combo.strip()
    if not text:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "no key given")
    parts = text.split("+")
    if text.endswith("++") or text == "+":
        parts = [*text[:-2].split("+"), "+"] if text != "+" else ["+"]
    parts = [p.strip() for p in parts if p.strip()]
    if not parts:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"no key in {combo!r}")
    if len(parts) > 1:
        # "Control+A" means the A key, not Shift+A: a combination names keys, not characters.
        parts = [p.lower() if len(p) == 1 and p.isalpha() else p for p in parts]
    return [name_keysym(p) for p in parts]
