""""Mark A and B as viewed": the box named by the word after "as" in each record named, one tick each
(`_grammar._marked_as`); the words for done ("as done", "as complete", "as read") still tick the record's own box.
Also here, two clause shapes of the same module: claims whose modal and verb are left out (`_gapped_check`)."""

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


def test_claims_whose_modal_and_verb_are_left_out_are_each_checked() -> None:
    # ", and the "major" bar "0 / 2"": the modal and verb of the claim before, left out (`_grammar._gapped_check`).
    assert _calls('Then the "critical" bar should show "0 / 2" and the "major" bar "0 / 2"') == [
        ("web.verify_text", {"text": "0 / 2", "target": '"critical" bar'}),
        ("web.verify_text", {"text": "0 / 2", "target": '"major" bar'})]
    assert _calls('the total should be "$42" and the tax "$4"') == [
        ("web.verify_text", {"text": "$42", "target": "total"}), ("web.verify_text", {"text": "$4", "target": "tax"})]


def test_a_list_of_captions_stays_one_claim() -> None:
    # The whole parses as one clause (captions and their values in one place): nothing is gapped.
    calls = _calls('Then the dialog should show Owner "Ann" and Size "XL"')
    assert all("Size" not in str(args.get("target", "")) or "dialog" in str(args.get("target", "")) for _, args in calls)
