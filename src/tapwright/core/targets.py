"""What a tool's ``target`` string is: a snapshot ref, an explicit selector, or a description.

One definition, used by the locator and by every driver:

* a **ref** names an element of the latest snapshot: ``e12``, also written ``ref=e12``,
  ``ref: e12`` or ``[e12]`` (case-insensitive). Refs are numbered from ``e1``; ``e0`` is not one.
* a **selector** is handed to the driver as is: ``css=``, ``xpath=``, ``role=``, ``text=``,
  ``id=``, ``data-testid=``, ``internal:...=``, XPath (``//a``, ``(//a)[2]``, ``./a``, ``../a``)
  and CSS starting with an id (``#login``, ``#a .b``, ``#a,#b``, ``#a~b``, ``#a>b``).
* anything else is a plain-English **description** for the locator.
"""

from __future__ import annotations

import re

_REF = re.compile(r"^\s*(?:ref\s*[=:]\s*)?\[?\s*(e[1-9]\d*)\s*\]?\s*$", re.IGNORECASE)
_SELECTOR = re.compile(
    r"^\s*(?:(?:css|xpath|role|text|id|data-testid|internal:[a-z-]+)\s*=|//|\(\s*//|\.\.?/"
    r"|#[A-Za-z_][\w-]*(?:$|[\s.\[:>~+#,]))"
)


def ref_of(target: str) -> str | None:
    """The ref ``target`` names (``"[E12]"`` -> ``"e12"``), or None when it is not a ref."""
    m = _REF.match(target)
    return m.group(1).lower() if m else None


def is_ref(target: str) -> bool:
    """Whether ``target`` is a snapshot ref (see the module docstring for the accepted forms)."""
    return ref_of(target) is not None


def is_selector(target: str) -> bool:
    """Whether ``target`` is an explicit selector for the driver rather than a description."""
    return _SELECTOR.match(target) is not None
