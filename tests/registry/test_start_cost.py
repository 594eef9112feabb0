"""What every CLI start pays for the registry: no platform client library imported, and each tool
schema checked against the metaschema once per jsonschema release rather than at every start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema.exceptions import SchemaError

from tapwright.errors import ManifestError
from tapwright.registry import ToolSpec, _schema_check

_PROBE = """
import sys
from tapwright.registry import Registry

names = Registry.default().names()
assert "android.click" in names and "ios.click" in names and "web.click" in names, names[:5]
print(sorted({m.split(".")[0] for m in sys.modules} & {"adbutils", "httpx", "playwright", "requests"}))
"""


def test_the_default_registry_imports_no_platform_client_library() -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_the_client_libraries_are_imported_on_first_use() -> None:
    probe = (
        "import sys\nfrom tapwright.drivers.android import _adb\nfrom tapwright.drivers.ios import wda\n"
        "assert 'adbutils' not in sys.modules and 'httpx' not in sys.modules\n"
        "err = _adb.map_error(_adb.adbutils.AdbError('device offline'), 'tap')\n"
        "assert 'adbutils' in sys.modules and err.code.value == 'DEVICE_LOST', err\n"
        "client = wda.httpx.AsyncClient\nassert 'httpx' in sys.modules\nprint('ok')"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


@pytest.fixture
def cache_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "schemas.txt"
    monkeypatch.setenv("TAPWRIGHT_SCHEMA_CACHE", str(path))
    monkeypatch.setattr(_schema_check, "_known", None)
    return path


def _schema(n: int) -> dict[str, object]:
    return {"type": "object", "properties": {f"p{n}": {"type": "integer", "minimum": n}}}


def test_a_valid_schema_is_remembered_in_the_cache_file(cache_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _schema_check.check_schema(_schema(1))
    _schema_check.check_schema(_schema(1))
    assert len(cache_file.read_text().split()) == 1
    # A new process reads the file: the metaschema is not asked again for that schema.
    monkeypatch.setattr(_schema_check, "_known", None)
    asked: list[object] = []
    monkeypatch.setattr(_schema_check.Draft202012Validator, "check_schema", lambda s: asked.append(s))
    _schema_check.check_schema(_schema(1))
    _schema_check.check_schema(_schema(2))
    assert asked == [_schema(2)]


def test_an_invalid_schema_is_refused_every_time_and_never_cached(cache_file: Path) -> None:
    bad = {"type": "object", "properties": {"x": {"type": "no such type"}}}
    for _ in range(2):
        with pytest.raises(SchemaError):
            _schema_check.check_schema(bad)
    with pytest.raises(ManifestError, match="invalid JSON Schema"):
        ToolSpec(name="demo.bad", description="d", parameters=bad)
    assert not cache_file.exists() or cache_file.read_text().split() == []


def test_an_unwritable_cache_costs_only_the_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TAPWRIGHT_SCHEMA_CACHE", str(blocker / "schemas.txt"))
    monkeypatch.setattr(_schema_check, "_known", None)
    _schema_check.check_schema(_schema(3))  # no error
    with pytest.raises(SchemaError):
        _schema_check.check_schema({"type": 5})


def test_the_cache_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAPWRIGHT_SCHEMA_CACHE", "off")
    assert _schema_check.cache_file() is None
