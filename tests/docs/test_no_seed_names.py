"""Users never saw the internal "seed N" documents, so the code, docs and examples never name them.

The concepts they introduced have names a reader knows: the locate-then-act chain and the
coordinate tools, a task plan and the long spelling (``plan``, ``parameters``), the mobile
catalog and the status prefixes, intent classification.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED_N = re.compile(r"(?<![a-z])seeds?[ _-]?[0-9]", re.IGNORECASE)  # "seed 0", "Seed-1", "seed1-...json", "_seed0"
SCANNED = ("src", "docs", "examples", "README.md", "tests")
SKIPPED_SUFFIXES = {".pyc", ".png", ".jpg", ".gif", ".ico", ".woff", ".woff2"}


def _files() -> list[Path]:
    out = []
    for name in SCANNED:
        path = ROOT / name
        paths = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        out += [p for p in paths if p.suffix not in SKIPPED_SUFFIXES and p != Path(__file__).resolve()
                and not any(".egg-info" in q or q == "__pycache__" for q in p.parts)]
    return out


def _seed_mentions(path: Path) -> list[str]:
    rel = path.relative_to(ROOT)
    hits = [f"{rel} (file name)"] if SEED_N.search(path.name) else []
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return hits
    return hits + [f"{rel}:{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1) if SEED_N.search(line)]


def test_the_pattern_catches_every_spelling_and_spares_a_random_seed() -> None:
    for said in ("seed 0's chain", "a seed-1 plan", "Seed 3's catalog", "seeds 1", "examples/plans/seed1-x.json",
                 "test_seed0_chain"):  # fmt: skip
        assert SEED_N.search(said), said
    for fine in ("random.Random(seed)", "seed=7", "def synthetic_tree(n: int, seed: int = 7)", "seeded", "reseed 2"):
        assert not SEED_N.search(fine), fine


def test_src_docs_examples_readme_and_tests_never_say_seed_n() -> None:
    files = _files()
    assert any(p.name == "README.md" for p in files) and any(p.suffix == ".py" for p in files)  # the scan sees them
    mentions = [m for p in files for m in _seed_mentions(p)]
    assert mentions == [], "say what the concept is, not which internal seed introduced it:\n" + "\n".join(mentions)

