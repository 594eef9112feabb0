"""One set of planner names (auto, rules, llm) everywhere, with offline and model still read as rules and llm."""

from __future__ import annotations

import argparse

import pytest

from tapwright.cli.main import build_parser
from tapwright.core.context import ToolContext
from tapwright.errors import UserError
from tapwright.llm.config import LLMConfig
from tapwright.planners.factory import PLANNER_KINDS, make_planner, planner_kind
from tapwright.pytest_plugin import _planner_choice
from tapwright.registry.registry import Registry
from tapwright.task import run_task

MODEL = LLMConfig(base_url="http://127.0.0.1:9/v1", model="scripted")  # never called: nothing is planned here


def test_the_names_and_their_older_spellings() -> None:
    assert PLANNER_KINDS == ("auto", "rules", "llm")
    assert [planner_kind(n) for n in ("auto", "rules", "llm", "offline", "model")] == ["auto", "rules", "llm", "rules", "llm"]
    assert planner_kind("telepathy") == "telepathy"  # left for the caller's check to name


@pytest.mark.parametrize(("alias", "name"), [("offline", "rules"), ("model", "llm")])
async def test_make_planner_builds_the_same_planner_for_both_spellings(alias: str, name: str) -> None:
    old, new = make_planner(alias, MODEL, cache_mode="off"), make_planner(name, MODEL, cache_mode="off")
    try:
        assert type(old) is type(new) and getattr(old, "name", None) == getattr(new, "name", None)
    finally:
        await old.aclose()
        await new.aclose()


def test_make_planner_names_the_choices_for_an_unknown_one() -> None:
    with pytest.raises(UserError, match="choose one of auto, rules, llm"):
        make_planner("telepathy")


@pytest.mark.parametrize("command", [["run", "x.yaml"], ["do", "Click OK"], ["task", "Find products", "--url", "/"]])
@pytest.mark.parametrize(("given", "read"), [("rules", "rules"), ("offline", "rules"), ("llm", "llm"), ("model", "llm")])
def test_every_cli_planner_flag_takes_both_spellings(command: list[str], given: str, read: str) -> None:
    assert build_parser().parse_args([*command, "--planner", given]).planner == read
    assert build_parser().parse_args(command).planner == "auto"


def test_cli_rejects_an_unknown_planner(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["task", "Find products", "--url", "/", "--planner", "telepathy"])
    assert "choose from 'auto', 'rules', 'llm'" in capsys.readouterr().err


def test_pytest_option_takes_both_spellings() -> None:
    assert (_planner_choice("offline"), _planner_choice("model"), _planner_choice("rules")) == ("rules", "llm", "rules")
    with pytest.raises(argparse.ArgumentTypeError, match="auto, rules, llm"):
        _planner_choice("telepathy")


@pytest.mark.parametrize("spelling", ["rules", "offline"])
async def test_a_task_reports_the_planner_by_its_one_name(spelling: str) -> None:
    # No tool matches, so the task fails while planning: no page is needed.
    result = await run_task("Bake me a chocolate cake", ToolContext(), Registry.default(), planner=spelling)  # type: ignore[arg-type]
    assert not result.ok and result.planner == "rules"


async def test_a_task_refuses_an_unknown_planner() -> None:
    with pytest.raises(UserError, match="choose one of auto, rules, llm"):
        await run_task("Bake me a chocolate cake", ToolContext(), Registry.default(), planner="telepathy")  # type: ignore[arg-type]
