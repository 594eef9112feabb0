"""The app zoo's own files agree with each other: every app is described, the split covers each app
exactly once and is reproduced by its recorded draw, and every Android dump is listed in the MANIFEST.

Nothing here installs or starts an app (that is `python zoo/zoo.py start NAME`, kept out of the suite).
"""

from __future__ import annotations

import csv
import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ZOO = Path(__file__).resolve().parents[2] / "zoo"
BANNED = {"datasette", "gradio", "streamlit", "roundup", "fava", "dash", "changedetection.io", "changedetection", "mlflow", "miniwob"}


def load_zoo() -> ModuleType:
    spec = importlib.util.spec_from_file_location("zoo_runner", ZOO / "zoo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["zoo_runner"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def zoo() -> ModuleType:
    return load_zoo()


def test_every_app_folder_loads_with_the_required_fields(zoo: ModuleType) -> None:
    names = zoo.names()
    assert len(names) >= 12
    for name in names:
        app = zoo.load(name)
        assert app.kind in zoo.KINDS
        assert app.packages, name
        assert "{port}" in app.start, f"{name} must listen on the port the runner picks"
        assert app.shots, f"{name} has no pages to photograph"


def test_no_app_is_one_kept_for_independent_measurement(zoo: ModuleType) -> None:
    for name in zoo.names():
        bases = {name.split("-")[0], *(re.split(r"[=<>@\[]", p)[0].lower() for p in zoo.load(name).packages)}
        assert not bases & BANNED, name


def test_every_app_has_committed_screenshots_of_its_pages(zoo: ModuleType) -> None:
    for name in zoo.names():
        shots = {p.stem for p in (ZOO / "shots" / name).glob("*.png")}
        assert shots == {s["name"] for s in zoo.load(name).shots}, name


def test_the_splits_cover_every_app_once_and_each_replays_from_its_draw(zoo: ModuleType) -> None:
    files = zoo.split_files()
    assert files and files[0].name == "split.yaml"
    seen: list[str] = []
    for number, path in enumerate(files, start=1):
        split = yaml.safe_load(path.read_text())
        if number > 1:
            assert path.name == f"split-{number}.yaml" and split.get("reason"), path.name
        apps = sorted(split["apps"])
        assert not set(apps) & set(seen), f"{path.name} re-splits apps an earlier split holds"
        seen += apps
        assert not set(split["tuning"]) & set(split["held_back"])
        assert sorted(split["tuning"] + split["held_back"]) == apps
        assert len(split["held_back"]) - len(split["tuning"]) in (0, 1)
        assert zoo.split_of(apps, split["draw"]) == (split["tuning"], split["held_back"])
    assert sorted(seen) == zoo.names()


def test_split_of_changes_with_the_draw(zoo: ModuleType) -> None:
    names = [f"app{i:02d}" for i in range(13)]
    halves = {tuple(zoo.split_of(names, draw)[0]) for draw in range(20)}
    assert len(halves) > 1
    tuning, held_back = zoo.split_of(names, 7)
    assert (len(tuning), len(held_back)) == (6, 7)


def test_the_split_is_drawn_only_once(zoo: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    apps = tmp_path / "apps"
    for name in ("a1", "a2"):
        (apps / name).mkdir(parents=True)
        (apps / name / "app.yaml").write_text("title: x\n")
    monkeypatch.setattr(zoo, "ZOO", tmp_path)
    monkeypatch.setattr(zoo, "APPS", apps)
    monkeypatch.setattr(zoo, "SPLIT", tmp_path / "split.yaml")
    zoo.write_split(123)
    with pytest.raises(SystemExit, match="drawn once"):
        zoo.write_split(124, "a reason")
    assert sorted(p.name for p in tmp_path.glob("split*.yaml")) == ["split.yaml"]


def test_a_later_cohort_is_split_among_itself_with_a_reason(zoo: ModuleType, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    apps = tmp_path / "apps"
    for name in ("a1", "a2", "a3", "b1", "b2", "b3", "b4"):
        (apps / name).mkdir(parents=True)
        (apps / name / "app.yaml").write_text("title: x\n")
    monkeypatch.setattr(zoo, "ZOO", tmp_path)
    monkeypatch.setattr(zoo, "APPS", apps)
    monkeypatch.setattr(zoo, "SPLIT", tmp_path / "split.yaml")
    (tmp_path / "split.yaml").write_text(yaml.safe_dump({"draw": 1, "apps": ["a1", "a2", "a3"], "tuning": ["a2"],
                                                         "held_back": ["a1", "a3"]}))
    with pytest.raises(SystemExit, match="--reason"):
        zoo.write_split(5)
    path = zoo.write_split(5, "more apps")
    second = yaml.safe_load(path.read_text())
    assert path.name == "split-2.yaml" and second["reason"] == "more apps"
    assert sorted(second["tuning"] + second["held_back"]) == ["b1", "b2", "b3", "b4"]
    assert zoo.halves()["a2"] == ("tuning", 1) and zoo.halves()["b1"][1] == 2


def test_the_android_manifest_lists_every_dump_with_its_source() -> None:
    folder = ZOO / "android-dumps"
    with (folder / "MANIFEST.tsv").open() as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    files = sorted(p.name for p in folder.glob("*.xml"))
    assert len(files) >= 8
    assert sorted(row["file"] for row in rows) == files
    for row in rows:
        assert len(row["commit"]) == 40 and "/" in row["repo"] and row["path"] and row["licence"], row
        root = ET.parse(folder / row["file"]).getroot()
        assert root.tag == "hierarchy"
        assert root.find(".//node") is not None


def test_the_install_folder_is_never_tracked() -> None:
    """zoo/.cache holds installed apps and their data; tracked (even as a link), a checkout would replace it."""
    import shutil
    import subprocess

    if shutil.which("git") is None or not (ZOO.parent / ".git").exists():
        pytest.skip("not a git checkout")
    tracked = subprocess.run(["git", "ls-files", "zoo/.cache"], cwd=ZOO.parent, capture_output=True, text=True, check=True)
    assert tracked.stdout.strip() == ""
