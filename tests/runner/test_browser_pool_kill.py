"""One of two Playwright servers killed mid-run: no scenario is lost (each is retried once on the other)."""

from __future__ import annotations

from browser_pool_support import MARKS, _failures, _options, _run, _suite, servers, site

from tapwright.testing.playwright_server import PlaywrightServer

pytestmark = MARKS
__all__ = ["servers", "site"]  # the fixtures: two Playwright servers, the page they load


async def test_a_server_killed_mid_run_loses_no_scenario(servers: list[PlaywrightServer], site: str) -> None:
    run = await _run(_suite(16, wait=True), _options(site, servers), servers, kill_after=3)
    dead = servers[0].url
    assert servers[0].proc.poll() is not None  # it really was killed mid-run
    assert run.ok, _failures(run)
    retried = [s for s in run.scenarios if s.lost]
    assert retried, "no scenario was running on the killed server"
    assert all(dead in why for s in retried for why in s.lost)
    assert all(s.ran_on == servers[1].url for s in retried)
    assert all(s.status == "passed" and not s.previous for s in retried)  # an infrastructure retry is not flakiness
