"""iOS: page-source parsing, and tapping by description against facebook-wda's tap by accessibility id.

1. Parse time of a 1,000-node WDA page source (the rows of the real Settings dump repeated into
   one long table) against ElementTree alone (the floor any parser pays), medians of N runs.
2. Through one simulated WebDriverAgent (the same process serves both clients), alternating:
   tapwright's tap by description (``GET /source`` of the 1,000 nodes, parse, locate, ``POST
   /wda/tap``) against facebook-wda's ``session(id=...).tap()`` (``POST /elements`` by
   accessibility id, then ``POST /element/:id/click``), which needs the identifier a developer
   wrote. Target: tap by description <= 1.5x facebook-wda's median, same run, as the driver taps by
   default: a plain description is asked of WDA's own find (``POST /elements`` by predicate, the
   candidates with their fields) and tapped when that answer is provably the page source's (see
   ``tapwright.drivers.ios.fastpath``); the two taps are timed in turns, each first in every other round
   (the first after the page-source lines, whose garbage the simulator and the client collect during the
   next requests); the page-source path is timed too. A third line times
   the floor of any tap that reads the screen first: ``GET /source`` + ``POST /wda/tap`` with
   nothing parsed or located; requests per tap are counted on both clients. A fourth times the mobile
   catalog's ``tap_text(text=<identifier>, selector_type="resource-id")`` given the same identifier
   facebook-wda is given: WDA's own find (``POST /elements`` by predicate, answered with each element's
   fields) and ``POST /wda/tap``, no page source, the same answer as the page source's (checked here:
   it taps the same point).
3. Where the time of a tap by description goes, each part timed on its own in the same run: the page
   source read (without the attributes the parse never reads, as the driver asks for it; with every
   attribute; as WDA's JSON tree, read and parsed), the parse, the locator on the fresh tree, the tap.
4. The tools a plain-English step calls, through the registry: ``ios.click`` (a description, the
   locator) and ``ios.tap_text`` (a text), each on a screen read afresh, against the same facebook-wda median.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from tapwright import Registry, ToolContext  # noqa: E402
from tapwright.drivers.android.locating import find as find_on_screen  # noqa: E402
from tapwright.drivers.ios.driver import IosDriver  # noqa: E402
from tapwright.drivers.ios.source import UNREAD_ATTRIBUTES, app_tree, parse_source  # noqa: E402
from tapwright.platforms._ios_sim import SimulatedWda  # noqa: E402
from tapwright.tools.ios import toolset  # noqa: E402
from tapwright.tools.ios_seam import IosActions  # noqa: E402

N = int(os.environ.get("BENCH_N", "30"))
TARGET = 1.5
_NAMES = ("General", "Accessibility", "Privacy", "Passwords", "Safari", "News", "Maps", "Shortcuts", "Health",
          "Photos", "Game Center", "Wallpaper")  # fmt: skip


def _source(rows: int) -> str:
    """A Settings-like page source: application, window, table, and ``rows`` cells of 4 nodes each."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<AppiumAUT>',
           '<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Settings" label="Settings" enabled="true" '
           'visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0">',
           '<XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" '
           'width="390" height="844" index="0">',
           '<XCUIElementTypeTable type="XCUIElementTypeTable" enabled="true" visible="true" accessible="false" x="0" y="0" '
           'width="390" height="844" index="0">']  # fmt: skip
    for i in range(rows):
        label, y = f"{_NAMES[i % len(_NAMES)]} {i}", 100 + i * 44
        vis = "true" if y + 44 <= 844 else "false"
        out.append(f'<XCUIElementTypeCell type="XCUIElementTypeCell" name="row_{i}" label="{label}" enabled="true" '
                   f'visible="{vis}" accessible="true" x="0" y="{y}" width="390" height="44" index="{i}">'
                   f'<XCUIElementTypeImage type="XCUIElementTypeImage" name="icon_{i}" enabled="true" visible="{vis}" '
                   f'accessible="false" x="16" y="{y + 7}" width="30" height="30" index="0"/>'
                   f'<XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="{label}" label="{label}" '
                   f'value="{label}" enabled="true" visible="{vis}" accessible="true" x="60" y="{y + 11}" width="200" '
                   f'height="22" index="1"/>'
                   f'<XCUIElementTypeButton type="XCUIElementTypeButton" name="chevron" label="chevron" enabled="false" '
                   f'visible="false" accessible="false" x="348" y="{y + 15}" width="11" height="14" index="2"/>'
                   '</XCUIElementTypeCell>')  # fmt: skip
    out.append("</XCUIElementTypeTable></XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>")
    return "".join(out)


def _cpu_s(pid: int) -> float:
    """CPU time (user + system) the process ``pid`` has used, from /proc; 0.0 where there is no /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def parse_bench(xml: str) -> None:
    nodes = xml.count("<XCUIElementType")
    floor, ours, floor_cpu, ours_cpu = [], [], [], []
    for _ in range(N):
        t, c = time.perf_counter(), time.process_time()
        ET.fromstring(xml.encode())
        floor.append(time.perf_counter() - t)
        floor_cpu.append(time.process_time() - c)
        t, c = time.perf_counter(), time.process_time()
        parse_source(xml)
        ours.append(time.perf_counter() - t)
        ours_cpu.append(time.process_time() - c)
    print(f"parse {nodes}-node page source: {_median_ms(ours):.1f} ms median, {_median_ms(ours_cpu):.1f} ms CPU "
          f"(ElementTree alone {_median_ms(floor):.1f} ms, {_median_ms(floor_cpu):.1f} ms CPU; "
          f"{_median_ms(ours_cpu) / _median_ms(floor_cpu):.1f}x in CPU)")  # fmt: skip


async def tap_bench(url: str, rows: int, sim_pid: int) -> bool:
    import wda  # facebook-wda: the independent client

    warnings.simplefilter("ignore", ResourceWarning)
    driver = await IosDriver.connect(url, bundle_id="com.apple.Preferences")
    session = wda.Client(url, _session_id=driver.client.session_id)  # the same WDA session, attached by its id
    their_paths: list[str] = []
    session.register_callback(wda.Callback.HTTP_REQUEST_BEFORE, lambda urlpath: their_paths.append(urlpath))
    shown = [i for i in range(rows) if 100 + i * 44 + 44 <= 844]  # rows on screen (the rest are visible="false")
    picks = [(f"{_NAMES[i % len(_NAMES)]} {i}", f"row_{i}") for i in (shown[k % len(shown)] for k in range(N))]
    parsed, kept, floor, theirs, by_id, fast = [], [], [], [], [], []
    ours_requests, their_requests, by_id_requests, fast_requests = [], [], [], []
    seam = IosActions(driver)
    registry, ctx = Registry([toolset()]), ToolContext([driver])
    parts: dict[str, list[float]] = {k: [] for k in ("source", "source_full", "json", "parse", "locate", "tap")}
    tools: dict[str, list[float]] = {"click": [], "tap_text": []}
    sim_cpu = {"parsed": 0.0, "theirs": 0.0, "by_id": 0.0, "fast": 0.0}  # what the simulator spent serving each side (summed, /proc ticks)
    try:
        for description, ident in picks:
            driver.fast_path = False  # the page-source path: every tap by description reads the source
            t, cpu = time.perf_counter(), _cpu_s(sim_pid)
            sent = driver.client.requests
            driver.forget_source()  # a changed screen: the source is fetched, parsed and located afresh
            box = await driver.box(description)
            await driver.click_at(box["center_x"], box["center_y"])
            parsed.append(time.perf_counter() - t)
            sim_cpu["parsed"] += _cpu_s(sim_pid) - cpu
            ours_requests.append(driver.client.requests - sent)
            t = time.perf_counter()
            box = await driver.box(description)  # the tap changed nothing: the same source, its parse kept
            await driver.click_at(box["center_x"], box["center_y"])
            kept.append(time.perf_counter() - t)
            t = time.perf_counter()
            await driver.client.source(excluded=UNREAD_ATTRIBUTES)  # the floor of one source per tap: fetched, neither parsed nor located
            await driver.client.tap(box["center_x"], box["center_y"])
            floor.append(time.perf_counter() - t)
            # facebook-wda's tap and the driver's tap by description, in turns (one first, then the other), so
            # that each follows the page source read just above as often as the other.
            for side in ("theirs", "fast") if len(theirs) % 2 else ("fast", "theirs"):
                if side == "theirs":  # facebook-wda as it runs on its own: WDA's default compact answers (ids only)
                    await driver.client.settings({"shouldUseCompactResponses": True})
                    t, cpu = time.perf_counter(), _cpu_s(sim_pid)
                    before = len(their_paths)
                    await asyncio.to_thread(lambda ident=ident: session(id=ident).tap())
                    theirs.append(time.perf_counter() - t)
                    sim_cpu["theirs"] += _cpu_s(sim_pid) - cpu
                    their_requests.append(len(their_paths) - before)
                    await driver.client.settings({"shouldUseCompactResponses": False})
                    continue
                driver.fast_path = True  # as the driver taps by default: WDA's find when it provably answers
                t, sent, cpu, finds = time.perf_counter(), driver.client.requests, _cpu_s(sim_pid), driver.fast_finds
                driver.forget_source()  # a changed screen, as for the first line
                quick = await driver.box(description)
                await driver.click_at(quick["center_x"], quick["center_y"])
                fast.append(time.perf_counter() - t)
                sim_cpu["fast"] += _cpu_s(sim_pid) - cpu
                fast_requests.append(driver.client.requests - sent)
                assert driver.fast_finds == finds + 1 and (quick["center_x"], quick["center_y"]) == (box["center_x"], box["center_y"])
            t, sent, cpu = time.perf_counter(), driver.client.requests, _cpu_s(sim_pid)
            driver.forget_source()  # a changed screen, as for the first line
            hit = await seam.quick_pick(ident, "resource-id", None)
            assert hit is not None and (hit["cx"], hit["cy"]) == (box["center_x"], box["center_y"]), (ident, hit, box)
            await driver.click_at(hit["cx"], hit["cy"])
            by_id.append(time.perf_counter() - t)
            sim_cpu["by_id"] += _cpu_s(sim_pid) - cpu
            by_id_requests.append(driver.client.requests - sent)
            await _parts(driver, description, parts)
            for tool, args in (("click", {"target": description}), ("tap_text", {"text": description})):
                driver.forget_source()  # a changed screen, as for the first line
                t = time.perf_counter()
                result = await registry.call(f"ios.{tool}", args, ctx)
                tools[tool].append(time.perf_counter() - t)
                assert result.ok and result.status_line() == f"TAPPED: ({box['center_x']},{box['center_y']})", result.status_line()
        # Sources: the page-source tap, its repeat, ios.tap_text; ios.click takes WDA's find as the fast line does.
        assert driver.sources == 3 * len(picks) and driver.by_id_finds == len(picks) and driver.fast_finds == 2 * len(picks)
        assert len((await driver.snapshot()).elements) == 3 + rows * 4
    finally:
        await driver.aclose()
    base = _median_ms(theirs)
    print(f"facebook-wda tap by accessibility id (find + click, {statistics.median(their_requests):g} requests): "
          f"{base:.1f} ms median")  # fmt: skip
    fast_ratio = _median_ms(fast) / base
    print(f"tap by description, as the driver taps (WDA's find of the candidates + locate on them + tap, "
          f"{statistics.median(fast_requests):g} requests, no page source): {_median_ms(fast):.1f} ms median, "
          f"{fast_ratio:.2f}x")  # fmt: skip
    print(f"tap by description, source parsed ({rows * 4 + 3} nodes; source + parse + locate + tap, "
          f"{statistics.median(ours_requests):g} requests): {_median_ms(parsed):.1f} ms median, {_median_ms(parsed) / base:.2f}x")  # fmt: skip
    ratio = _median_ms(kept) / base
    print(f"tap by description, same source (fetched; its parse and locate kept): {_median_ms(kept):.1f} ms median, {ratio:.2f}x")
    floor_ratio = _median_ms(floor) / base
    print(f"floor of one source per tap (GET /source + POST /wda/tap, nothing parsed): {_median_ms(floor):.1f} ms median, "
          f"{floor_ratio:.2f}x")  # fmt: skip
    if sim_cpu["theirs"] > 0:
        print(f"the simulator's own CPU per tap (mean of {len(picks)}, /proc): {sim_cpu['parsed'] / len(picks) * 1000:.1f} ms "
              f"serving ours (GET /source of {rows * 4 + 3} nodes + POST /wda/tap), {sim_cpu['theirs'] / len(picks) * 1000:.1f} ms "
              f"serving facebook-wda (find + click), {sim_cpu['parsed'] / sim_cpu['theirs']:.1f}x; "
              f"{sim_cpu['by_id'] / len(picks) * 1000:.1f} ms serving a tap by identifier (find by predicate + tap); "
              f"{sim_cpu['fast'] / len(picks) * 1000:.1f} ms serving a tap by description as the driver taps (find + tap)")  # fmt: skip
    id_ratio = _median_ms(by_id) / base
    print(f"tap by identifier (tap_text selector_type=resource-id, the identifier facebook-wda is given; WDA's find "
          f"+ tap, {statistics.median(by_id_requests):g} requests, no page source): {_median_ms(by_id):.1f} ms median, "
          f"{id_ratio:.2f}x")  # fmt: skip
    p = {k: _median_ms(v) for k, v in parts.items()}
    print(f"where the time goes (each part alone, medians): GET /source {p['source']:.1f} ms (with every attribute "
          f"{p['source_full']:.1f} ms; as JSON, read and parsed, {p['json']:.1f} ms), parse {p['parse']:.1f} ms, "
          f"locate {p['locate']:.1f} ms, POST /wda/tap {p['tap']:.1f} ms")  # fmt: skip
    for tool, samples in tools.items():
        what = "a description: WDA's find, the locator" if tool == "click" else "a text, the page source"
        print(f"ios.{tool} through the registry ({what}; the screen read afresh): {_median_ms(samples):.1f} ms median, "
              f"{_median_ms(samples) / base:.2f}x")  # fmt: skip
    parsed_ratio = _median_ms(parsed) / base
    print(f"target: tap by description <= {TARGET}x facebook-wda: {fast_ratio:.2f}x "
          f"{'OK' if fast_ratio <= TARGET else 'ABOVE TARGET'} (through the page source: {parsed_ratio:.2f}x, "
          f"its floor {floor_ratio:.2f}x)")  # fmt: skip
    print(f"target: tap by identifier <= {TARGET}x facebook-wda: {id_ratio:.2f}x {'OK' if id_ratio <= TARGET else 'ABOVE TARGET'}")
    return fast_ratio <= TARGET and id_ratio <= TARGET


async def _parts(driver: IosDriver, description: str, parts: dict[str, list[float]]) -> None:
    """Time each part of a tap by description on its own. The sources are read after an untimed one (the
    simulator builds a screen once after a tap; WDA's own snapshot has no such split), in turns."""
    client = driver.client
    await client.source()
    raw = ""
    for key in ("source", "source_full") if len(parts["source"]) % 2 else ("source_full", "source"):
        t = time.perf_counter()
        answer = await client.source(excluded=UNREAD_ATTRIBUTES if key == "source" else ())
        parts[key].append(time.perf_counter() - t)
        raw = answer if key == "source" else raw
    t = time.perf_counter()
    parse_source(await client.source("json"))
    parts["json"].append(time.perf_counter() - t)
    t = time.perf_counter()
    page = parse_source(raw)
    parts["parse"].append(time.perf_counter() - t)
    t = time.perf_counter()
    found = find_on_screen(app_tree(page.tree), description)
    parts["locate"].append(time.perf_counter() - t)
    assert found.element.rect is not None
    t = time.perf_counter()
    await client.tap(found.element.rect.center_x, found.element.rect.center_y)
    parts["tap"].append(time.perf_counter() - t)


def main() -> int:
    rows = 249  # 249 cells x 4 nodes + application, window, table = 999 nodes
    xml = _source(rows)
    print(f"N={N}; load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")  # as uptime shows it
    parse_bench(xml)
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "settings-1000.xml").write_text(xml, "utf-8")
        Path(tmp, "app.yaml").write_text("bundle_id: com.apple.Preferences\nlabel: Settings\nstart: long\n"
                                         "device: {size: [390, 844], scale: 3}\n"
                                         "screens:\n  long: {dump: settings-1000.xml}\n", "utf-8")  # fmt: skip
        with SimulatedWda.start(Path(tmp, "app.yaml")) as sim:
            ok = asyncio.run(tap_bench(sim.url, rows, sim.pid))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
