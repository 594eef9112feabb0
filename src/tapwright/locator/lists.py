"""Descriptions that name several elements: "Website and Mobile app", "Delete for #5510 and #5511".

A person lists names without quotes, and nothing but the page tells "Website and Mobile
app" (two checkboxes) from "Terms and Conditions" (one link). So the split is only a
reading to try: the caller first looks for the whole description and, when nothing
matches it, for each part (see :func:`list_parts`).
"""

from __future__ import annotations

import re

# "A, B and C", "A and B", "A as well as B": the separators of a list; "&" is part of names ("Returns & refunds").
_SEPARATORS = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+as well as\s+", re.IGNORECASE)
# Words that tie an element to what it is for: the head before them is shared by every item
# ("Delete for #5510 and #5511" is "Delete for #5510" and "Delete for #5511").
_LINKS = re.compile(r"^(.+?\s(?:for|of|in|on|next to|beside|under|below|above)\s)(.+)$", re.IGNORECASE)
MAX_PARTS = 8


def list_parts(description: str) -> list[str]:
    """The descriptions of a list's items, or ``[]`` when ``description`` is not a list.

    >>> list_parts("Website and Mobile app")
    ['Website', 'Mobile app']
    >>> list_parts("Delete for #5510 and #5511")
    ['Delete for #5510', 'Delete for #5511']
    >>> list_parts("Sign in")
    []
    """
    text = " ".join(description.split())
    if not text or _quoted(text):
        return []
    parts = [p.strip() for p in _SEPARATORS.split(text)]
    if len(parts) < 2 or len(parts) > MAX_PARTS or any(not p for p in parts):
        return []
    head = _LINKS.match(parts[0])
    if head is not None:
        prefix = head.group(1)
        parts = [parts[0]] + [p if _LINKS.match(p) else prefix + p for p in parts[1:]]
    return parts


def _quoted(text: str) -> bool:
    """Quotes (not an apostrophe inside a word such as "Leo's"): quoted names are the planner's to split."""
    return bool(re.search(r"[\"“”]|(?:^|\s)['‘]|['’](?:\s|$)", text))
