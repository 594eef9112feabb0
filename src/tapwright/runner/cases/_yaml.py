"""YAML test cases: one scenario per file, or several under ``scenarios:`` sharing the top level.

A YAML file is a test case when its top level is a mapping with ``steps`` or
``scenarios``; any other YAML file in a suite folder is not a test and is skipped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tapwright.runner.cases._common import Settings, platform_keys, step_from_data, str_list
from tapwright.runner.cases._errors import CaseError
from tapwright.runner.model import Scenario, StepSpec

# ``platform`` names the platform (web by default); ``namespace`` is its older spelling.
# A platform's own keys (``app``, ``device``) are accepted too: see :func:`_allowed`.
SETTING_KEYS = {"base_url", "vars", "secrets", "tags", "setup", "teardown", "platform", "namespace"}
FILE_KEYS = SETTING_KEYS | {"name", "description", "steps", "scenarios"}
SCENARIO_KEYS = SETTING_KEYS | {"name", "description", "steps"}


def parse_yaml(path: Path, text: str) -> tuple[Any, yaml.Node | None]:
    """The data and the node tree (for line numbers). CaseError with line:col on a syntax error."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
        raise CaseError(path, f"invalid YAML: {exc.problem or exc.context or exc}", line, col) from exc
    except yaml.YAMLError as exc:
        raise CaseError(path, f"invalid YAML: {exc}") from exc
    finally:
        loader.dispose()
    return data, node


def _line(node: yaml.Node | None) -> int | None:
    return node.start_mark.line + 1 if node is not None else None


def _child(node: yaml.Node | None, key: str) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key and isinstance(v, yaml.Node):
                return v
    return None


def _items(node: yaml.Node | None) -> list[yaml.Node | None]:
    return list(node.value) if isinstance(node, yaml.SequenceNode) else []


def _steps(path: Path, raw: Any, node: yaml.Node | None, what: str) -> list[StepSpec]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise CaseError(path, f"'{what}' must be a list of steps", _line(node))
    lines = [_line(n) for n in _items(node)] or [None] * len(raw)
    return [step_from_data(item, path, lines[i] if i < len(lines) else None) for i, item in enumerate(raw)]


def _check_keys(path: Path, data: dict[str, Any], node: yaml.Node | None, allowed: set[str], what: str) -> None:
    allowed = allowed | platform_keys()
    for key in data:
        if key not in allowed:
            key_line = _line(_child(node, str(key)))
            raise CaseError(path, f"unknown key {key!r} in {what}; allowed: {', '.join(sorted(allowed))}", key_line)


def settings_from(path: Path, data: dict[str, Any], node: yaml.Node | None) -> Settings:
    """The suite settings in a mapping (a ``_suite.yaml`` or a file's top level)."""
    base_url = data.get("base_url")
    if base_url is not None and not isinstance(base_url, str):
        raise CaseError(path, "'base_url' must be a string", _line(_child(node, "base_url")))
    variables = data.get("vars") or {}
    if not isinstance(variables, dict):
        raise CaseError(path, "'vars' must be a mapping of names to values", _line(_child(node, "vars")))
    key = "platform" if "platform" in data else "namespace"
    platform = data.get(key)
    if platform is not None and not isinstance(platform, str):
        raise CaseError(path, f"'{key}' must be a platform name such as web or android", _line(_child(node, key)))
    own = {k: v for k, v in data.items() if k in platform_keys()}
    return Settings(
        base_url=base_url,
        vars={str(k): v for k, v in variables.items()},
        secrets=str_list(data.get("secrets"), path, "secrets", _line(_child(node, "secrets"))),
        tags=str_list(data.get("tags"), path, "tags", _line(_child(node, "tags"))),
        setup=_steps(path, data.get("setup"), _child(node, "setup"), "setup"),
        teardown=_steps(path, data.get("teardown"), _child(node, "teardown"), "teardown"),
        platform=platform,
        platform_settings=own,
    )


def load_suite_settings(path: Path) -> Settings:
    """A ``_suite.yaml``: settings for every test case in its folder and below."""
    data, node = parse_yaml(path, _read(path))
    if data is None:
        return Settings()
    if not isinstance(data, dict):
        raise CaseError(path, "a _suite.yaml must be a mapping", _line(node))
    _check_keys(path, data, node, SETTING_KEYS, "a _suite.yaml")
    return settings_from(path, data, node)


def is_test_data(data: Any) -> bool:
    return isinstance(data, dict) and ("steps" in data or "scenarios" in data)


def load_yaml(path: Path, *, required: bool = True) -> list[Scenario]:
    """The scenarios of a YAML test file; [] for a YAML file that is not a test (unless ``required``)."""
    data, node = parse_yaml(path, _read(path))
    if not is_test_data(data):
        if required:
            raise CaseError(path, "not a test case: a YAML test needs 'steps' (or 'scenarios')", _line(node) or 1)
        return []
    assert isinstance(data, dict)
    _check_keys(path, data, node, FILE_KEYS, "a test file")
    if "scenarios" in data and "steps" in data:
        raise CaseError(path, "a file has either 'steps' (one scenario) or 'scenarios', not both", _line(node))
    if "steps" in data:
        return [_scenario(path, data, node, Settings(), path.stem)]
    shared = settings_from(path, data, node)
    raw, seq = data["scenarios"], _child(node, "scenarios")
    if not isinstance(raw, list) or not raw:
        raise CaseError(path, "'scenarios' must be a non-empty list", _line(seq))
    nodes = _items(seq)
    out = []
    for i, item in enumerate(raw):
        item_node = nodes[i] if i < len(nodes) else None
        if not isinstance(item, dict):
            raise CaseError(path, "each scenario must be a mapping with 'name' and 'steps'", _line(item_node))
        _check_keys(path, item, item_node, SCENARIO_KEYS, "a scenario")
        out.append(_scenario(path, item, item_node, shared, f"{path.stem} #{i + 1}"))
    return out


def _scenario(path: Path, data: dict[str, Any], node: yaml.Node | None, shared: Settings, default: str) -> Scenario:
    name = data.get("name", default)
    if not isinstance(name, (str, int, float)) or not str(name).strip():
        raise CaseError(path, "'name' must be a non-empty string", _line(_child(node, "name")))
    steps = _steps(path, data.get("steps"), _child(node, "steps"), "steps")
    if not steps:
        raise CaseError(path, f"scenario {name!r} has no steps", _line(_child(node, "steps")) or _line(node))
    own = settings_from(path, data, node)
    scenario = Scenario(name=str(name).strip(), steps=steps, source=str(path), line=_line(node))
    return shared.inside(own).apply(scenario)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseError(path, f"cannot read: {exc}") from exc
