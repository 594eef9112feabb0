"""Record the accuracy pages' trees as real Chromium snapshots them (tests/locator/recorded/*.json).

Run from the repository root: ``.venv/bin/python tests/locator/record_trees.py`` (add
``--rankings-only`` to rewrite only rankings.json after a deliberate change to scoring). The recorded
trees let test_locator_recorded.py run every labelled accuracy case without a browser (and so
under ``make mutate``); test_locator_accuracy.py keeps running the same cases on live pages.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # _support: the shared page server and Chromium


async def main() -> None:
    import yaml

    from _support import chromium, serve

    pages = sorted(yaml.safe_load((HERE / "accuracy_cases.yaml").read_text("utf-8")))
    with serve(HERE / "pages") as base:
        async with chromium() as browser:
            session = await browser.new_session()
            for page in pages:
                await session.page.goto(f"{base}/{page}")
                await session.page.wait_for_load_state("load")
                tree = (await session.snapshot()).to_dict()
                tree["url"] = f"http://pages.test/{page}"  # no ephemeral port in the recording
                out = HERE / "recorded" / f"{Path(page).stem}.json"
                out.write_text(json.dumps(tree, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
                print(f"{out}: {len(tree['elements'])} elements")
            await session.aclose()


def record_rankings() -> None:
    """The top five candidates (ref, score, reasons) of every case on the recorded trees:
    tests/locator/recorded/rankings.json, which test_locator_recorded.py compares exactly."""
    from test_locator_recorded import rankings

    out = HERE / "recorded" / "rankings.json"
    out.write_text(json.dumps(rankings(), indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{out}: rankings of {len(rankings())} descriptions")


if __name__ == "__main__":
    if "--rankings-only" not in sys.argv:
        asyncio.run(main())
    record_rankings()
