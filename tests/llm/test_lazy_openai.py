"""Every CLI start builds the whole parser; the ``openai`` package (most of the start-up time) is imported
only when a model client is made."""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
import sys
from tapwright.cli.main import build_parser
import tapwright.llm

build_parser()
assert "openai" not in sys.modules, "importing the CLI imported openai"
from tapwright.llm import LLMClient, LLMConfig

client = LLMClient(LLMConfig(api_key="k", base_url="http://127.0.0.1:9/v1"))
print(type(client._sdk).__module__.split(".")[0])
"""


def test_the_cli_starts_without_importing_openai() -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "openai"
