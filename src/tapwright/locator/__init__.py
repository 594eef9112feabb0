"""The semantic locator: a description -> ranked Elements over a UiTree (pure, driver-independent).

>>> from tapwright.locator import locate
>>> locate(tree, "the second Delete link").element.ref  # doctest: +SKIP
'e31'
"""

from tapwright.core.targets import is_ref, is_selector
from tapwright.locator.core import Candidate, locate, rank
from tapwright.locator.query import Query, parse

__all__ = ["Candidate", "Query", "is_ref", "is_selector", "locate", "parse", "rank"]
