"""A text said not to be in a place, on a phone: looked for in that place, which must be on screen (issue 24).

The mirror of tests/web/test_absent_texts.py through the simulated WebDriverAgent: the place named by words is
found as any element is, and the check passes only when nothing drawn inside its box shows the text; a place
that is not on screen, or a container kind the screen lacks, passes only when the text is shown nowhere.
"""

from __future__ import annotations

from _support import mobile
from _support.mobile import caller

call = caller("ios")


async def test_a_text_absent_from_a_place_named_by_words(registry, ctx) -> None:
    await mobile.sign_in(call, registry, ctx)
    ok, line, data = await call(registry, ctx, "verify_not_visible", target='"Book club" in the Trip to Lisbon button')
    assert ok and data["place"] == "the Trip to Lisbon button", line
    ok, line, _ = await call(registry, ctx, "verify_not_visible", target='"Lisbon" in the Trip to Lisbon button')
    assert not ok and "[ASSERTION_FAILED]" in line and "still in" in line, line


async def test_a_place_not_on_screen_passes_only_when_the_text_is_nowhere(registry, ctx) -> None:
    await mobile.sign_in(call, registry, ctx)
    ok, line, _ = await call(registry, ctx, "verify_not_visible", target='"Garden" in the Dark mode panel')
    assert not ok and "[ELEMENT_NOT_FOUND]" in line, line  # Garden is shown: it may be in that panel
    ok, line, _ = await call(registry, ctx, "verify_not_visible", target='"Garden" in the table')
    assert not ok and "[ELEMENT_NOT_FOUND]" in line, line
    ok, line, _ = await call(registry, ctx, "verify_not_visible", target='"Plumbing" in the Dark mode panel')
    assert ok, line  # shown nowhere: in no place either
