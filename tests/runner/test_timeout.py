"""``--timeout`` (per run) and ``timeout:`` (per test file): how long a web action or check waits for its element."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tapwright.cli._args import seconds
from tapwright.cli.main import main
from tapwright.errors import UserError
from tapwright.platforms.base import LaunchOptions, timeout_seconds
from tapwright.platforms.web import DEFAULT_ACTION_TIMEOUT_MS, action_timeout_ms
from tapwright.runner.cases import load_cases


@pytest.mark.parametrize("text", ["0", "-1", "3600.5", "soon", "nan"])
def test_a_timeout_outside_0_to_an_hour_or_not_a_number_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        seconds(text)
    with pytest.raises(UserError, match="timeout"):
        timeout_seconds(text, "timeout")


@pytest.mark.parametrize("text", ["0.001", "1", "3600"])
def test_a_timeout_inside_the_bounds_is_taken_as_seconds(text: str) -> None:
    assert seconds(text) == float(text) == timeout_seconds(text)


def test_the_file_wins_over_the_run_which_wins_over_the_setting_which_wins_over_the_default() -> None:
    assert action_timeout_ms({}, LaunchOptions()) == DEFAULT_ACTION_TIMEOUT_MS == 5_000
    setting = LaunchOptions(settings={"action_timeout_ms": 7_000})
    assert action_timeout_ms({}, setting) == 7_000
    run = LaunchOptions(settings={"action_timeout_ms": 7_000}, common={"timeout_s": 1.5})
    assert action_timeout_ms({}, run) == 1_500
    assert action_timeout_ms({"timeout": 0.25}, run) == 250


def test_a_test_file_sets_its_timeout_and_a_bad_one_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("name: quick\ntimeout: 2\nsteps:\n  - Go to /x\n", encoding="utf-8")
    (scenario,) = load_cases([str(good)])
    assert scenario.settings["timeout"] == 2.0
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: slow\ntimeout: soon\nsteps:\n  - Go to /x\n", encoding="utf-8")
    assert main(["run", str(bad), "--report-dir", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "timeout must be a number of seconds" in err
