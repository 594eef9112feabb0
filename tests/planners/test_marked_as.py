""""Mark A and B as viewed": the box named by the word after "as" in each record named, one tick each
(`_grammar._marked_as`); the words for done ("as done", "as complete", "as read") still tick the record's own box."""

from __future__ import annotations

from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


def test_each_record_named_gets_its_box_of_that_name_ticked() -> None:
    assert _calls("Mark retry.ts and backoff.ts as viewed") == [
        ("web.check", {"target": "Viewed for retry.ts"}), ("web.check", {"target": "Viewed for backoff.ts"})]
    assert _calls('Mark "Q3 report" as reviewed') == [("web.check", {"target": 'Reviewed for "Q3 report"'})]


def test_a_word_for_done_ticks_the_records_own_box() -> None:
    assert _calls('Mark "Walk the dog" as done') == [("web.check", {"target": '"Walk the dog"'})]


def test_tick_keeps_its_reading() -> None:
    assert _calls("Tick the Remember me box") == [("web.check", {"target": "Remember me box"})]
