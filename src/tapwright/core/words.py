"""Text held as whole words: what a check "should see X" means on every platform.

A check that a screen shows some text must not pass on a longer word or a longer number that merely
starts with it ("Bob" in "Bobby", "$12" in "$12.50"). Web, Android and iOS text checks all use this.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["contains_text", "text_spans"]


def contains_text(actual: str, expected: str) -> bool:
    """Whether ``actual`` holds ``expected`` as whole words: "Bob" is in "Bob Ray" and "Hi, Bob!", not in "Bobby".

    Case is ignored. The edge of the expected text is a word edge when it is a letter or a digit; text
    that begins or ends with punctuation ("$12", "3 items:") matches there as written. A number is a
    whole number: "$12" is not in "$12.50", nor "50" in "12.50" or "1" in "1,200".
    """
    return not expected or next(text_spans(actual, expected), None) is not None


def text_spans(actual: str, expected: str) -> Iterator[tuple[int, int]]:
    """Where ``actual`` holds ``expected`` as :func:`contains_text` reads it: (start, end) of each such place."""
    a, e = actual.casefold(), expected.casefold()
    if not e:
        return
    start = a.find(e)
    while start >= 0:
        end = start + len(e)
        before_ok = not e[0].isalnum() or start == 0 or not a[start - 1].isalnum()
        after_ok = not e[-1].isalnum() or end == len(a) or not a[end].isalnum()
        if before_ok and after_ok and not _number_goes_on(a, start, end, e):
            yield start, end
        start = a.find(e, start + 1)


_MORE_DIGITS = re.compile(r"[.,](\d+)")


def _number_goes_on(a: str, start: int, end: int, e: str) -> bool:
    """Whether a number at an edge of ``a[start:end]`` carries on past it through a decimal or thousands mark
    into another number ("$12" in "$12.50", "1" in "1,200"; "$12" in "$12.00" is the same amount)."""
    more = _MORE_DIGITS.match(a, end) if e[-1].isdigit() else None
    if more is not None and not (set(more.group(1)) == {"0"} and len(more.group(1)) != 3):
        return True
    return e[0].isdigit() and start >= 2 and a[start - 1] in ".," and a[start - 2].isdigit()
