"""``--shard I/N``: a deterministic split, stable under file reordering, balanced by count or by durations."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapwright.errors import UserError
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.shard import Shard, assign, durations_from, scenario_key, select


def _suite(n: int) -> list[Scenario]:
    return [Scenario(f"scenario {i}", [StepSpec("Click OK")], source=f"tests/f{i % 7}.yaml", line=i) for i in range(n)]


@pytest.mark.parametrize("text", ["0/4", "5/4", "1/0", "a/b", "2", "2/", "/3", "-1/3"])
def test_bad_shard_options_are_usage_errors(text: str) -> None:
    with pytest.raises(UserError, match="--shard"):
        Shard.parse(text)


def test_shard_parse_and_folder() -> None:
    shard = Shard.parse(" 2 / 4 ")
    assert (shard.index, shard.total, shard.folder, shard.label) == (2, 4, "shard-2-of-4", "2/4")


@settings(deadline=None, max_examples=60)
@given(st.integers(min_value=1, max_value=120), st.integers(min_value=1, max_value=9), st.randoms())
def test_shards_partition_the_suite_evenly_whatever_the_order(n: int, total: int, rnd: random.Random) -> None:
    suite = _suite(n)
    parts = [select(suite, Shard(i, total)) for i in range(1, total + 1)]
    names = [s.name for part in parts for s in part]
    assert sorted(names) == sorted(s.name for s in suite)  # every scenario, once
    sizes = [len(p) for p in parts]
    assert max(sizes) - min(sizes) <= 1  # balanced by count
    shuffled = list(suite)
    rnd.shuffle(shuffled)
    again = [{s.name for s in select(shuffled, Shard(i, total))} for i in range(1, total + 1)]
    assert again == [{s.name for s in p} for p in parts]  # the split does not depend on load order


def test_a_shard_keeps_the_loaded_order() -> None:
    suite = _suite(30)
    part = select(suite, Shard(2, 3))
    assert [s.line for s in part] == sorted(s.line or 0 for s in part)


def test_adding_a_scenario_moves_few_others() -> None:
    keys = [f"t.yaml::s{i}" for i in range(200)]
    before = assign(keys, 4)
    after = assign([*keys, "t.yaml::new"], 4)
    moved = sum(before[k] != after[k] for k in keys)
    assert moved < len(keys) // 2  # a hash order, not an alphabetical one


def test_durations_balance_the_shards_better_than_counts() -> None:
    keys = [f"t.yaml::s{i}" for i in range(12)]
    durations = {k: (10_000.0 if i < 3 else 100.0) for i, k in enumerate(keys)}  # three long ones
    def loads(where: dict[str, int]) -> list[float]:
        out = [0.0, 0.0, 0.0]
        for k, shard in where.items():
            out[shard - 1] += durations[k]
        return out
    by_time = loads(assign(keys, 3, durations))
    assert max(by_time) == 10_300.0  # one long scenario per shard: LPT is optimal here
    assert max(by_time) <= max(loads(assign(keys, 3)))


def test_unknown_scenarios_count_as_the_median() -> None:
    keys = ["a::1", "a::2", "a::3", "a::new"]
    where = assign(keys, 2, {"a::1": 100.0, "a::2": 100.0, "a::3": 100.0})
    assert sorted(where.values()) == [1, 1, 2, 2]


def test_durations_come_from_a_trace_and_bad_files_are_usage_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    trace = {"scenarios": [{"name": "s", "source": str(tmp_path / "t.yaml"), "duration_ms": 1234.5}]}
    (tmp_path / "trace.json").write_text(json.dumps(trace))
    assert durations_from(tmp_path) == {"t.yaml::s": 1234.5}
    assert scenario_key(str(tmp_path / "t.yaml"), "s") == "t.yaml::s"
    (tmp_path / "bad.json").write_text("{nope")
    for bad in (tmp_path / "bad.json", tmp_path / "missing.json"):
        with pytest.raises(UserError, match="--durations"):
            durations_from(bad)
