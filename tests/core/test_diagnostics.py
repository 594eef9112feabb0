"""The page-event log: folding, marks, take-once, caps."""

from __future__ import annotations

from tapwright.core.diagnostics import EventLog, PageEvent, event, summary


def test_event_log_folds_repeats_and_keeps_marks() -> None:
    log = EventLog(keep=3)
    log.add(event("console", "boom"))
    log.add(event("console", "boom"))  # folded
    assert [e.count for e in log.take()] == [2]
    assert log.take() == []
    mark = log.mark()
    log.add(event("console", "boom"))  # not folded across a mark: the step after it sees it
    log.add(event("request", "GET Not Found", "http://h/x", 404))
    assert [e.line() for e in log.since(mark)] == ["console error: boom", "failed request: 404 GET Not Found http://h/x"]
    assert log.since(0)[0].count == 2
    for i in range(5):
        log.add(event("console", f"e{i}"))
    assert len(log.since(0)) == 3
    long = event("exception", "x" * 2000)
    assert len(long.message) == 500
    assert summary([event("console", str(i)) for i in range(10)], limit=3).endswith("... and 7 more")
    assert PageEvent.from_dict(long.to_dict()) == long
