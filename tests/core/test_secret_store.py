"""SecretStore redaction: raw, URL-encoded and base64 forms; .env loading; Secret never shows itself."""

from __future__ import annotations

import base64
import json
import urllib.parse
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapwright.core.secrets import REDACTED, Secret, SecretStore, read_env_file

SECRET = "p@ss w/rd+1=ok"


@pytest.mark.parametrize(
    "form",
    [
        SECRET,
        urllib.parse.quote(SECRET, safe=""),
        urllib.parse.quote_plus(SECRET, safe=""),
        base64.b64encode(SECRET.encode()).decode(),
        base64.urlsafe_b64encode(SECRET.encode()).decode(),
        base64.b64encode(SECRET.encode()).decode().rstrip("="),
    ],
)
def test_every_form_is_redacted(form: str) -> None:
    store = SecretStore({"PASSWORD": SECRET})
    text = f"GET /login?u=alice&p={form} HTTP/1.1"
    assert store.redact_text(text) == f"GET /login?u=alice&p={REDACTED} HTTP/1.1"


def test_redact_walks_nested_values_and_leaves_others_alone() -> None:
    store = SecretStore({"TOKEN": "tok-123456"})
    value = {"a": ["Bearer tok-123456", ("tok-123456", 5)], "b": Secret("TOKEN", "tok-123456"), "n": 7}
    assert store.redact(value) == {"a": [f"Bearer {REDACTED}", (REDACTED, 5)], "b": REDACTED, "n": 7}
    assert SecretStore().redact(value) is value  # nothing to hide: no copy


def test_short_secrets_are_not_used_for_redaction() -> None:
    store = SecretStore({"PIN": "12"})
    assert store.redact_text("version 1.12") == "version 1.12"
    assert store.get("PIN") == "12" and "PIN" in store and store.names() == ["PIN"]


def test_secret_never_shows_itself() -> None:
    s = Secret("API_KEY", "sk-live-abcdef")
    assert "sk-live" not in repr(s) and "sk-live" not in str(s) and "sk-live" not in f"{s}"
    assert s.reveal() == "sk-live-abcdef"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=6, max_size=30))
def test_any_secret_disappears_from_json_of_a_record(secret: str) -> None:
    store = SecretStore({"S": secret})
    record = {"args": {"p": secret, "url": "https://x/?q=" + urllib.parse.quote(secret, safe="")},
              "b64": base64.b64encode(secret.encode()).decode()}  # fmt: skip
    dumped = json.dumps(store.redact(record), ensure_ascii=False)
    assert secret not in dumped
    assert urllib.parse.quote(secret, safe="") not in dumped
    assert base64.b64encode(secret.encode()).decode() not in dumped


def test_from_env_reads_environment_then_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = tmp_path / ".env"
    env.write_text("# comment\nexport A_PASS='from-file'\nB_PASS=\"quoted\"\nnot a line\nC_PASS=plain\n")
    monkeypatch.setenv("A_PASS", "from-env")
    store = SecretStore.from_env(["A_PASS", "B_PASS", "MISSING"], env_file=env)
    assert store.get("A_PASS") == "from-env"
    assert store.get("B_PASS") == "quoted"
    assert "MISSING" not in store and "C_PASS" not in store
    assert read_env_file(env)["C_PASS"] == "plain"
    assert read_env_file(tmp_path / "absent") == {}
