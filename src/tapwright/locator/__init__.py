"""The semantic locator: a description -> ranked Elements over a UiTree (pure, driver-independent)."""

from tapwright.locator.core import Candidate, locate, rank

__all__ = ["Candidate", "locate", "rank"]
