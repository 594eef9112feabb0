"""``tapwright --version`` answers as argparse's version action did, without loading the commands
(issue 28: a start that builds every command's parser, the runner included, is not a version check)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import tapwright
from tapwright.cli.main import main

PROBE = """
import sys
from tapwright.cli.main import main
code = main(["--version"])
loaded = sorted(m for m in sys.modules if m.startswith("tapwright."))
print(code, " ".join(loaded))
"""


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"tapwright {tapwright.__version__}\n"


def test_version_loads_no_command_and_import_tapwright_loads_nothing_else() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    assert lines[0] == f"tapwright {tapwright.__version__}"
    code, *loaded = lines[1].split(" ")
    assert code == "0"
    assert [m for m in loaded if m] == ["tapwright.cli", "tapwright.cli.main"]


def test_version_with_a_command_or_help_still_goes_through_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version", "--help"])  # argparse acts on the first of them, as before
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"tapwright {tapwright.__version__}\n"


def test_the_lazy_names_are_the_public_ones() -> None:
    for name in tapwright.__all__:
        assert getattr(tapwright, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        tapwright.nope  # noqa: B018
