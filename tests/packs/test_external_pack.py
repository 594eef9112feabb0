"""A third-party pack installed with pip is discovered through the ``tapwright.tools`` entry point,
with no change to tapwright. Real pip, real install (into a site folder on PYTHONPATH, so the venv
stays untouched for tests running beside it), real ``tapwright`` subprocess."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

DIST = "tapwright-test-external-pack"
PYPROJECT = f"""
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "{DIST}"
version = "0.0.1"

[project.entry-points."tapwright.tools"]
ext_probe = "tw_ext_probe:toolset"

[tool.setuptools]
py-modules = ["tw_ext_probe"]
"""
MODULE = '''
from tapwright import Toolset, tool


@tool(triggers=[r"\\bgreet\\b"])
def greet(name: str) -> str:
    """Greet someone by name.

    Args:
        name: Who to greet.
    """
    return f"hello {name}"


def toolset() -> Toolset:
    return Toolset("extprobe", [greet], "A pack installed by a test")
'''


def _tapwright() -> list[str]:
    script = Path(sys.executable).with_name("tapwright")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tapwright.cli.main"]


def _pip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, timeout=240)


def _install(project: Path, site: Path) -> None:
    # Into a site folder of its own (on PYTHONPATH for the subprocesses): the venv stays as it
    # was, so tests running beside this one never see the probe pack.
    base = ["install", "--no-deps", "--disable-pip-version-check", "-q", "--target", str(site)]
    if importlib.util.find_spec("setuptools") is not None:
        # Offline and fast when the venv can build it itself (setuptools < 70.1 also needs `wheel`).
        done = _pip(*base, "--no-build-isolation", str(project))
        if done.returncode == 0:
            return
    done = _pip(*base, str(project))
    assert done.returncode == 0, done.stdout + done.stderr


def _listed(env: dict[str, str] | None = None) -> list[dict[str, object]]:
    out = subprocess.run([*_tapwright(), "tools", "list", "--json"], capture_output=True, text=True, timeout=120,
                         env={**os.environ, **(env or {})})  # fmt: skip
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.slow
def test_installed_pack_is_discovered_without_touching_tapwright(tmp_path: Path) -> None:
    project, site = tmp_path / "pack", tmp_path / "site"
    project.mkdir()
    (project / "pyproject.toml").write_text(textwrap.dedent(PYPROJECT))
    (project / "tw_ext_probe.py").write_text(MODULE)
    assert "extprobe.greet" not in {t["name"] for t in _listed()}
    _install(project, site)
    env = {"PYTHONPATH": str(site)}
    tools = {t["name"]: t for t in _listed(env)}
    assert "extprobe.greet" in tools
    assert tools["extprobe.greet"]["description"] == "Greet someone by name."
    assert tools["extprobe.greet"]["triggers"] == [r"\bgreet\b"]
    assert "fake.locate" in tools  # the built-in packs are still there
    shown = subprocess.run([*_tapwright(), "tools", "show", "extprobe.greet"], capture_output=True, text=True, timeout=120,
                           env={**os.environ, **env})  # fmt: skip
    assert json.loads(shown.stdout)["parameters"]["required"] == ["name"]
    exported = subprocess.run([*_tapwright(), "tools", "export", "--format", "openai"], capture_output=True, text=True,
                              timeout=120, env={**os.environ, **env})  # fmt: skip
    assert "extprobe__greet" in {t["function"]["name"] for t in json.loads(exported.stdout)}
    assert "extprobe.greet" not in {t["name"] for t in _listed()}  # the venv itself never saw it
