"""The ``tapwright`` / ``tapwright_sync`` fixtures and ``expect``: a test that asks for a step either runs it or fails.

Before, a plain ``def`` test given the async fixture called ``tapwright.do(...)``, got a
coroutine that never ran, and passed. These tests run such files with pytester and check
the outcome pytest reports, and the code and reason it prints.
"""

from __future__ import annotations

import asyncio

import pytest

from tapwright import ErrorCode, StepFailed, ToolResult, expect
from tapwright.runner.results import StepResult

pytest_plugins = ["pytester"]

SILENT_BEFORE = """
def test_sync_with_the_async_fixture(tapwright):
    tapwright.do('Click the "Teleport" button')   # a coroutine: never runs
"""

SYNC_RUNS = """
import pytest
from tapwright import StepFailed


def test_sync_fixture_really_types(tapwright_sync):
    opened = tapwright_sync.call("web.navigate", url="/login")
    assert opened.ok, opened.status_line()
    step = tapwright_sync.do('Type "alice" into the Username field')
    assert step.status == "passed", step.status_line
    assert any(e.value == "alice" for e in tapwright_sync.snapshot().elements)  # the page holds what was typed


def test_sync_fixture_raises_for_a_failing_step(tapwright_sync):
    tapwright_sync.call("web.navigate", url="/login")
    tapwright_sync.do('Click the "Teleport" button')


def test_sync_fixture_returns_the_failure_with_check_off(tapwright_sync):
    tapwright_sync.call("web.navigate", url="/login")
    step = tapwright_sync.do('Click the "Teleport" button', check=False)
    assert step.status == "failed" and step.error_code == "ELEMENT_NOT_FOUND"


async def test_async_step_failure_raises_without_an_assert(tapwright):
    await tapwright.call("web.navigate", url="/login")
    await tapwright.do('Click the "Teleport" button')


async def test_expect_on_a_tool_call(tapwright):
    from tapwright import expect

    expect(await tapwright.call("web.navigate", url="/login"))
    expect(await tapwright.call("web.click", target="Teleport button"))


async def test_sync_session_inside_an_async_test_is_refused(tapwright):
    from tapwright import open_sync

    with pytest.raises(Exception, match="event loop is running"):
        with open_sync("web"):
            pass
"""


def _ini(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = function\n")


def test_a_sync_test_asking_for_the_async_fixture_fails_naming_the_fix(pytester: pytest.Pytester) -> None:
    _ini(pytester)
    pytester.makepyfile(test_silent=SILENT_BEFORE)
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(errors=1)  # at setup, before the browser opens: nothing ran, nothing passed
    result.stdout.fnmatch_lines(["*the `tapwright` fixture is async, and this test is a plain `def`*"
                                 "*make the test `async def`*or use the `tapwright_sync` fixture*"])  # fmt: skip


@pytest.mark.browser
def test_sync_fixture_runs_steps_and_failures_raise_with_their_code(
    pytester: pytest.Pytester, shop_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # the short summary keeps the whole reason
    _ini(pytester)
    pytester.makepyfile(test_steps=SYNC_RUNS)
    result = pytester.runpytest("--tapwright-base-url", shop_url, "-p", "no:cacheprovider", "-rf")
    result.assert_outcomes(passed=3, failed=3)
    result.stdout.re_match_lines([
        r"FAILED test_steps.py::test_sync_fixture_raises_for_a_failing_step - .*StepFailed: "
        r"step 'Click the \"Teleport\" button' failed: \[ELEMENT_NOT_FOUND\] ",
        r"FAILED test_steps.py::test_async_step_failure_raises_without_an_assert - .*StepFailed: .*\[ELEMENT_NOT_FOUND\]",
        r"FAILED test_steps.py::test_expect_on_a_tool_call - .*StepFailed: the call failed: \[ELEMENT_NOT_FOUND\] ",
    ], consecutive=False)  # fmt: skip
    # the traceback points at the test's own line, not into tapwright
    result.stdout.re_match_lines([r">\s+tapwright_sync.do\('Click the \"Teleport\" button'\)$"], consecutive=False)


def test_expect_returns_a_passed_result_and_raises_for_a_failed_one() -> None:
    ok = ToolResult.success({"x": 1})
    assert expect(ok) is ok
    passed = StepResult(index=0, text="Click", status="passed")
    assert expect(passed) is passed
    with pytest.raises(StepFailed) as caught:
        expect(ToolResult.failure(ErrorCode.NOT_VISIBLE, "the Save button is hidden"))
    assert isinstance(caught.value, AssertionError) and caught.value.code == "NOT_VISIBLE"
    assert str(caught.value) == "the call failed: [NOT_VISIBLE] the Save button is hidden"
    failed = StepResult(index=0, text='Click "Pay"', status="failed", error_code="TIMEOUT", error_message="waited 5 s")
    with pytest.raises(StepFailed, match=r"""^step 'Click "Pay"' failed: \[TIMEOUT\] waited 5 s$"""):
        expect(failed)
    skipped = StepResult(index=0, text="later", status="skipped", status_line="SKIPPED")
    with pytest.raises(StepFailed, match=r"^step 'later' failed: SKIPPED$"):  # not passed is not passed, code or none
        expect(skipped)


def test_expect_on_an_unawaited_call_says_await() -> None:
    async def later() -> ToolResult:
        return ToolResult.success(None)

    coro = later()
    with pytest.raises(TypeError, match="did you forget await"):
        expect(coro)
    coro.close()
    assert not asyncio.iscoroutine(expect(ToolResult.success(None)))
