"""LLM configuration: environment variables, then a TOML file, then defaults.

Sources, first one wins per setting:

1. keyword overrides passed to :meth:`LLMConfig.from_env`;
2. environment variables ``TAPWRIGHT_LLM_*`` (``BASE_URL``, ``MODEL``, ``API_KEY``,
   ``TIMEOUT``, ``MAX_RETRIES``, ``MAX_CALLS``, ``MAX_TOKENS``, ``TEMPERATURE``,
   ``API_VERSION``, ``CONFIG``);
3. the ``[llm]`` table of a TOML file: ``$TAPWRIGHT_LLM_CONFIG``, else
   ``tapwright.toml`` or ``.tapwright/config.toml`` in the current directory;
4. defaults.

The API key is never read from the TOML file (files get committed): only from
the environment, naming the variable with ``api_key_env`` in the file if needed.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from tapwright.errors import UserError

CONFIG_FILES = ("tapwright.toml", ".tapwright/config.toml")
ENV_PREFIX = "TAPWRIGHT_LLM_"
# Local servers (Ollama, vLLM, llama.cpp) accept any key; the client insists on one.
PLACEHOLDER_KEY = "not-needed"

_FLOATS = {"timeout_s", "temperature", "backoff_s", "max_backoff_s"}
_INTS = {"max_retries", "max_calls", "max_tokens", "max_output_tokens", "max_observation_chars"}
_ENV_NAMES = {
    "base_url": "BASE_URL",
    "model": "MODEL",
    "timeout_s": "TIMEOUT",
    "max_retries": "MAX_RETRIES",
    "max_calls": "MAX_CALLS",
    "max_tokens": "MAX_TOKENS",
    "temperature": "TEMPERATURE",
    "api_version": "API_VERSION",
    "max_output_tokens": "MAX_OUTPUT_TOKENS",
}


@dataclass(frozen=True, slots=True)
class LLMConfig:
    """How to reach an OpenAI-compatible chat-completions endpoint, and the run's limits.

    Attributes:
        base_url: endpoint root, e.g. ``https://api.openai.com/v1`` or ``http://127.0.0.1:11434/v1``.
        model: model name as the endpoint knows it; empty means "no model configured".
        api_key: bearer key (hidden from ``repr``).
        timeout_s: per-call timeout; a call that takes longer fails with TIMEOUT.
        max_retries: retries after a retriable failure (429, 5xx, connection, timeout).
        backoff_s / max_backoff_s: exponential backoff between retries; ``Retry-After`` wins when longer.
        max_calls / max_tokens: per-run budget (``None`` = unlimited); past it, BUDGET_EXCEEDED.
        max_output_tokens: ``max_tokens`` sent with each request (``None`` = the server's default).
        temperature: sampling temperature (0 for repeatable plans).
        api_version: sent as the ``api-version`` query parameter (Azure OpenAI's classic endpoints).
        max_observation_chars: cap on the page observation put into a prompt.
        extra_headers: headers added to every request (OpenRouter's ``HTTP-Referer`` ...).
    """

    base_url: str = "https://api.openai.com/v1"
    model: str = ""
    api_key: str = field(default=PLACEHOLDER_KEY, repr=False)
    timeout_s: float = 60.0
    max_retries: int = 3
    backoff_s: float = 1.0
    max_backoff_s: float = 30.0
    max_calls: int | None = None
    max_tokens: int | None = None
    max_output_tokens: int | None = 2048
    temperature: float = 0.0
    api_version: str | None = None
    max_observation_chars: int = 12_000
    extra_headers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(
        cls,
        env: Mapping[str, str] | None = None,
        *,
        config_file: str | Path | None = None,
        cwd: str | Path | None = None,
        **overrides: Any,
    ) -> LLMConfig:
        """Build a config from overrides, the environment and an optional TOML file.

        Raises:
            UserError: a value cannot be parsed, or the file is not valid TOML.
        """
        environ = os.environ if env is None else env
        values: dict[str, Any] = {}
        path = _config_path(environ, config_file, Path(cwd) if cwd else Path.cwd())
        if path is not None:
            values.update(_read_file(path, environ))
        for key, suffix in _ENV_NAMES.items():
            raw = environ.get(ENV_PREFIX + suffix)
            if raw not in (None, ""):
                values[key] = raw
        api_key = environ.get(ENV_PREFIX + "API_KEY") or values.pop("api_key", None) or environ.get("OPENAI_API_KEY")
        if api_key:
            values["api_key"] = str(api_key)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**_coerce(values))

    @property
    def configured(self) -> bool:
        """Whether a model was chosen (``TAPWRIGHT_LLM_MODEL`` or ``model`` in the file)."""
        return bool(self.model and self.base_url)

    def with_(self, **changes: Any) -> LLMConfig:
        """A copy with some settings changed."""
        return replace(self, **changes)

    def describe(self) -> dict[str, Any]:
        """The settings without the key, for logs and ``tapwright doctor``-style output."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "api_key"}
        out["api_key"] = "set" if self.api_key != PLACEHOLDER_KEY else "not set"
        return out


def _config_path(environ: Mapping[str, str], explicit: str | Path | None, cwd: Path) -> Path | None:
    if explicit is not None:
        p = Path(explicit)
        if not p.is_file():
            raise UserError(f"LLM config file {p} does not exist")
        return p
    named = environ.get(ENV_PREFIX + "CONFIG")
    if named:
        p = Path(named)
        if not p.is_file():
            raise UserError(f"{ENV_PREFIX}CONFIG names {p}, which does not exist")
        return p
    for name in CONFIG_FILES:
        p = cwd / name
        if p.is_file():
            return p
    return None


def _read_file(path: Path, environ: Mapping[str, str]) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise UserError(f"cannot read LLM config {path}: {exc}") from exc
    table = data.get("llm", {})
    if not isinstance(table, dict):
        raise UserError(f"{path}: [llm] must be a table")
    if "api_key" in table:
        raise UserError(f"{path}: do not put api_key in a file; set TAPWRIGHT_LLM_API_KEY or use api_key_env")
    out = dict(table)
    key_env = out.pop("api_key_env", None)
    if key_env:
        key = environ.get(str(key_env))
        if key:
            out["api_key"] = key
    known = {f.name for f in fields(LLMConfig)}
    unknown = sorted(set(out) - known)
    if unknown:
        raise UserError(f"{path}: unknown [llm] settings {unknown}; known: {sorted(known - {'api_key'})}")
    return out


def _coerce(values: dict[str, Any]) -> dict[str, Any]:
    out = dict(values)
    for key, value in values.items():
        try:
            if key in _FLOATS:
                out[key] = float(value)
            elif key in _INTS:
                out[key] = None if value in ("", "none", "None") else int(value)
        except (TypeError, ValueError) as exc:
            raise UserError(f"LLM setting {key}={value!r} is not a number") from exc
    if "extra_headers" in out and not isinstance(out["extra_headers"], dict):
        raise UserError("LLM setting extra_headers must be a table of strings")
    if out.get("timeout_s", 1.0) <= 0:
        raise UserError("LLM timeout must be positive")
    return out
