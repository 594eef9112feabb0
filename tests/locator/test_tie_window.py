"""The AMBIGUOUS tie window (pick.TIE = 0.03, documented): candidates closer than 0.03 to the best are
tied, 0.03 or more apart are not. Checked just inside and just outside, in pick.ties and through locate."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate, pick
from tapwright.locator.scored import Scored


def _ranked(*scores: float) -> tuple[tuple, list[Scored]]:
    elements = tuple(el(f"e{i}", "button", "Save", (i * 150, 0, 100, 30)) for i in range(len(scores)))
    return elements, [Scored(i, s, s) for i, s in enumerate(scores)]


def test_the_documented_window_is_three_hundredths() -> None:
    assert pick.TIE == 0.03


@pytest.mark.parametrize(
    ("gap", "tied"),
    [(0.0, True), (0.01, True), (0.029, True), (0.0299, True), (0.0301, False), (0.031, False), (0.05, False)],
)
def test_ties_just_inside_and_just_outside_the_window(gap: float, tied: bool) -> None:
    elements, ranked = _ranked(0.9, 0.9 - gap)
    assert len(pick.ties(elements, ranked)) == (2 if tied else 1)


def test_the_window_is_measured_from_the_best_not_the_neighbour() -> None:
    # 0.02 steps: the second is tied with the best, the third (0.04 below the best) is not.
    elements, ranked = _ranked(0.9, 0.88, 0.86)
    assert [s.i for s in pick.ties(elements, ranked)] == [0, 1]


def test_two_candidates_on_the_same_spot_are_not_a_tie() -> None:
    elements = (el("a", "link", "Save", (0, 0, 100, 30)), el("b", "listitem", "Save", (0, 0, 100, 30)))
    assert len(pick.ties(elements, [Scored(0, 0.9, 0.9), Scored(1, 0.9, 0.9)])) == 1


def _scores(description: str, t: object) -> list[float]:
    from tapwright.locator import rank

    return [c.score for c in rank(t, description)]  # type: ignore[arg-type]


def test_locate_is_ambiguous_inside_the_window_and_decides_outside() -> None:
    # Same name, same role: a real tie -> AMBIGUOUS with both listed.
    same = tree(el("a", "button", "Export", (0, 0, 100, 30)), el("b", "button", "Export", (0, 200, 100, 30)))
    with pytest.raises(ToolFailure) as info:
        locate(same, "Export button")
    assert info.value.code is ErrorCode.AMBIGUOUS and len(info.value.data["candidates"]) == 2  # type: ignore[index]
    # Exact name against the same words with different punctuation: the exact one is >= 0.03 ahead and wins.
    near = tree(el("a", "button", "Export", (0, 0, 100, 30)), el("b", "button", "Export!", (0, 200, 100, 30)))
    first, second = _scores("Export", near)[:2]
    assert first - second >= pick.TIE
    assert locate(near, "Export").element.ref == "a"
