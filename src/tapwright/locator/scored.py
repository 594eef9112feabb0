"""A candidate's score while the locator ranks: shared by the scorer and the picking rules."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Scored:
    """An element index with its score; ``base`` leaves out closeness (used to group equals)."""

    i: int
    score: float
    base: float
    reasons: list[str] = field(default_factory=list)
    text: float = 0.0
    outside: str = ""  # the container the description names, when this candidate is outside it (not acceptable)
    absent: str = ""  # a quoted value of the description this candidate does not show (not acceptable)
    unlike: str = ""  # how this candidate is drawn unlike what the description's noun says (not acceptable)

    def add(self, amount: float, reason: str, *, continuous: bool = False) -> None:
        self.score += amount
        if not continuous:
            self.base += amount
        self.reasons.append(reason)
