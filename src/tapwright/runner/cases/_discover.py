"""Suites from folders: which files are test cases, and the ``_suite.yaml`` settings around them.

Rules:

* A folder is searched recursively, in sorted order, for ``*.yaml``, ``*.yml``, ``*.md``
  and ``*.feature``. Hidden entries (``.name``) and ``node_modules`` / ``__pycache__``
  are skipped.
* A file found in a folder is a test case when it looks like one: a YAML mapping with
  ``steps`` or ``scenarios``, a Markdown file with a numbered list, any ``.feature``.
  Other files are skipped. A file named explicitly must be a test case.
* ``_suite.yaml`` (or ``_suite.yml``) in a folder gives settings (base_url, vars, secrets,
  tags, setup, teardown, platform and the platform's own keys) to every test case in that folder and below; an inner
  suite's values win, setup runs outer first, teardown inner first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from tapwright.runner.cases._common import Settings, check_platform
from tapwright.runner.cases._errors import CaseError
from tapwright.runner.cases._gherkin import load_feature
from tapwright.runner.cases._markdown import load_markdown
from tapwright.runner.cases._yaml import load_suite_settings, load_yaml
from tapwright.runner.model import Scenario

SUFFIXES = (".yaml", ".yml", ".md", ".markdown", ".feature")
SUITE_FILES = ("_suite.yaml", "_suite.yml")
_SKIP_DIRS = {"node_modules", "__pycache__"}


def load_file(path: Path, *, required: bool = True) -> list[Scenario]:
    """The scenarios of one file, by its suffix."""
    suffix = path.suffix.lower()
    if suffix in (".yaml", ".yml"):
        return load_yaml(path, required=required)
    if suffix in (".md", ".markdown"):
        return load_markdown(path, required=required)
    if suffix == ".feature":
        return load_feature(path)
    raise CaseError(path, f"unknown test file type {suffix!r}; expected one of {', '.join(SUFFIXES)}")


def _suite_chain(folder: Path, root: Path, cache: dict[Path, Settings]) -> Settings:
    """The settings of every _suite.yaml from ``root`` down to ``folder``."""
    if folder in cache:
        return cache[folder]
    outer = _suite_chain(folder.parent, root, cache) if folder != root and root in folder.parents else Settings()
    own = Settings()
    for name in SUITE_FILES:
        if (folder / name).is_file():
            own = load_suite_settings(folder / name)
            break
    cache[folder] = outer.inside(own)
    return cache[folder]


def _walk(folder: Path) -> Iterator[Path]:
    for entry in sorted(folder.iterdir(), key=lambda p: (p.is_dir(), p.name)):
        if entry.name.startswith(".") or entry.name in _SKIP_DIRS:
            continue
        if entry.is_dir():
            yield from _walk(entry)
        elif entry.suffix.lower() in SUFFIXES and entry.name not in SUITE_FILES:
            yield entry


def load_cases(paths: Iterable[str | Path]) -> list[Scenario]:
    """Load every scenario from files and folders (see the module docstring for the rules).

    Raises:
        CaseError: a file is malformed (``path:line:col: message``), a path does not
            exist, or a file named explicitly is not a test case.
    """
    return _load(paths, None)


def load_cases_each(paths: Iterable[str | Path]) -> tuple[list[Scenario], list[CaseError]]:
    """Like :func:`load_cases`, but a malformed file does not stop the rest: every file's error is returned."""
    errors: list[CaseError] = []
    return _load(paths, errors), errors


def _load(paths: Iterable[str | Path], errors: list[CaseError] | None) -> list[Scenario]:
    out: list[Scenario] = []

    def add(file: Path, root: Path, cache: dict[Path, Settings], required: bool) -> None:
        try:  # a broken _suite.yaml is this file's error too
            suite = _suite_chain(file.parent, root, cache) if file.name not in SUITE_FILES else Settings()
            out.extend(check_platform(suite.apply(s)) for s in load_file(file, required=required))
        except CaseError as exc:
            if errors is None:
                raise
            errors.append(exc)

    for item in paths:
        path = Path(item)
        if path.is_dir():
            cache: dict[Path, Settings] = {}
            for file in _walk(path):
                add(file, path, cache, False)
        elif path.is_file():
            add(path, path.parent, {}, True)
        else:
            error = CaseError(path, "no such file or folder")
            if errors is None:
                raise error
            errors.append(error)
    return out
