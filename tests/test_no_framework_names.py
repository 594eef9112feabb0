"""Mechanisms, not names: no widget library's CSS class names (or its own JS API) in ``src/``.

tapwright finds a dropdown's options, a code editor's text or a date picker's days by what the page does
(ARIA roles, what a click made appear, an undrawn textarea beside lines of text, a month of day numbers),
so that it works on widgets nobody here has named. This is a guard, not a proof: a deny-list of the class
names and globals of widely used widget libraries, matched in every Python and JavaScript file under
``src/tapwright`` (comments included: a library named there is a hint that code leans on it). Tests and
docs may name libraries (tests run against real ones to check the mechanisms independently).

To add a library: add its distinctive class prefix below. A name that is also an ordinary word is matched
only in the form the library writes it (``cm-editor``, not ``editor``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tapwright"

DENIED = {
    "select2": r"select2",
    "Chosen": r"\bchosen-(container|single|drop|results|choices)",
    "selectize": r"selectize",
    "react-select": r"\bselect__(control|menu|option|value-container|single-value)",
    "CodeMirror 5": r"codemirror",
    "CodeMirror 6": r"\bcm-(editor|content|line|scroller|gutters?|cursor)\b",
    "Monaco": r"monaco|\bview-lines?\b",
    "Ace": r"\bace_(editor|text-input|line)",
    "flatpickr": r"flatpickr",
    "date pickers (jQuery UI, bootstrap-datepicker, react-datepicker)": r"datepicker",
    "pickadate": r"\bpicker__",
    "MUI": r"\bMui[A-Z][A-Za-z]*-",
    "Ant Design": r"\bant-(select|picker|input|btn|modal|table)",
    "Bootstrap": r"\b(invalid-feedback|form-control|alert-(success|danger|warning)|btn-(primary|secondary))\b",
    "Quasar": r"\bq-(select|field|menu|item|btn)\b",
}


def _sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*") if p.suffix in (".py", ".js") and "__pycache__" not in p.parts)


def _hits(text: str) -> list[str]:
    return [f"{lib} ({m.group(0)!r})" for lib, rx in DENIED.items() for m in re.finditer(rx, text, re.IGNORECASE)]


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(SRC)))
def test_no_widget_library_names_in_src(path: Path) -> None:
    found = [f"line {n}: {hit}" for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) for hit in _hits(line)]
    assert not found, f"{path.relative_to(SRC)} names widget libraries; find the widget by what it does: {found}"


@pytest.mark.parametrize(("text", "lib"), [
    ("el.closest('.select2-container')", "select2"),
    ("document.querySelector('.cm-content')", "CodeMirror 6"),
    ("cm5.CodeMirror.getValue()", "CodeMirror 5"),
    ("window.monaco.editor", "Monaco"),
    (".flatpickr-calendar", "flatpickr"),
    ("[role=grid],.datepicker", "date pickers (jQuery UI, bootstrap-datepicker, react-datepicker)"),
    ("div.select__control", "react-select"),
    (".invalid-feedback", "Bootstrap"),
])
def test_the_guard_catches_library_class_names(text: str, lib: str) -> None:
    assert any(h.startswith(lib) for h in _hits(text))


@pytest.mark.parametrize("text", [
    "[role=option], [role=listbox]", "el.isContentEditable", "a code editor", "the content of the line",
    "a select control", "class*=error", "picker", "chosen option", "pickers", "form control",
])
def test_the_guard_leaves_ordinary_words_alone(text: str) -> None:
    assert _hits(text) == []
