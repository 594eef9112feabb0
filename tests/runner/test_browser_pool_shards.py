"""A 10-scenario suite (two files) on a pool of two Playwright servers, split 4 ways then merged, equals the
unsplit run (shards of two or three scenarios, some across both files)."""

from __future__ import annotations

from pathlib import Path

from browser_pool_support import MARKS, _failures, _options, _run, _suite, servers, site

from tapwright.runner.reports import write_reports
from tapwright.runner.reports.merge import merge_runs
from tapwright.runner.shard import Shard, select
from tapwright.testing.playwright_server import PlaywrightServer

pytestmark = MARKS
__all__ = ["servers", "site"]  # the fixtures: two Playwright servers, the page they load


async def test_split_four_ways_then_merged_equals_the_unsplit_run(servers: list[PlaywrightServer], site: str,
                                                                   tmp_path: Path) -> None:  # fmt: skip
    suite = _suite(10)
    whole = await _run(suite, _options(site, servers), servers)
    assert whole.ok, _failures(whole)
    assert {s.ran_on for s in whole.scenarios} == {s.url for s in servers}  # both servers took work
    folders = []
    for k in range(1, 5):
        shard = Shard(k, 4)
        folder = tmp_path / shard.folder
        part = await _run(select(suite, shard), _options(site, servers, folder), servers)
        part.shard = {"index": k, "total": 4}
        write_reports(part, folder)
        folders.append(folder)
    merged = merge_runs(folders, tmp_path / "merged").run
    assert merged.counts() == whole.counts()
    assert [(s.name, s.status, [st.status for st in s.steps]) for s in merged.scenarios] == \
        [(s.name, s.status, [st.status for st in s.steps]) for s in whole.scenarios]  # fmt: skip
