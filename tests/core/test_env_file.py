"""The .env reader behind SecretStore.from_env, line by line (cases found by mutation testing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapwright.core.secrets import Secret, SecretStore, read_env_file


@pytest.fixture
def env_file(tmp_path: Path) -> Path:
    path = tmp_path / ".env"
    path.write_text(
        "\n".join([
            "# a comment",
            "# COMMENTED=out",
            "#TIGHT=out",
            "",
            "   ",
            "no equals sign here",
            "PLAIN=value",
            "  SPACED  =  padded value  ",
            "export EXPORTED=yes",
            "URL=https://x.test/?a=1&b=2",
            'DOUBLE="quoted value"',
            "SINGLE='it''s'",
            "EMPTY_QUOTED=\"\"",
            "ONE_CHAR=\"",
            "MISMATCHED='open\"",
            "XWRAPPEDX=XhelloX",
            "UNICODE=pässwörd",
        ]) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    return path


def test_every_kind_of_line(env_file: Path) -> None:
    assert read_env_file(env_file) == {
        "PLAIN": "value",
        "SPACED": "padded value",
        "EXPORTED": "yes",  # the "export " prefix is dropped
        "URL": "https://x.test/?a=1&b=2",  # split at the first "=" only
        "DOUBLE": "quoted value",
        "SINGLE": "it''s",
        "EMPTY_QUOTED": "",  # a pair of quotes is an empty value
        "ONE_CHAR": '"',  # a lone quote is not a pair
        "MISMATCHED": "'open\"",  # different quotes at the ends are kept
        "XWRAPPEDX": "XhelloX",  # only quotes are stripped
        "UNICODE": "pässwörd",
    }


def test_a_missing_file_is_empty(tmp_path: Path) -> None:
    assert read_env_file(tmp_path / "nope.env") == {}
    assert read_env_file(tmp_path) == {}  # a folder is not a file


def test_from_env_prefers_the_environment_and_needs_no_file(env_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAIN", "from-environment")
    monkeypatch.delenv("DOUBLE", raising=False)
    store = SecretStore.from_env(["PLAIN", "DOUBLE", "ABSENT"], env_file=env_file)
    assert store.get("PLAIN") == "from-environment" and store.get("DOUBLE") == "quoted value"
    assert store.get("ABSENT") is None
    only_env = SecretStore.from_env(["PLAIN", "DOUBLE"], env_file=None)  # no file given: the environment alone
    assert only_env.get("PLAIN") == "from-environment" and only_env.get("DOUBLE") is None


def test_a_secret_keeps_its_name_and_hides_its_value() -> None:
    secret = Secret("API_KEY", "s3cr3t")
    assert secret.name == "API_KEY" and secret.reveal() == "s3cr3t"
    assert "s3cr3t" not in repr(secret) and "API_KEY" in repr(secret) and "s3cr3t" not in str(secret)


def test_a_secret_of_exactly_the_minimum_length_is_redacted_and_a_shorter_one_is_not() -> None:
    store = SecretStore({"THREE": "q7z", "TWO": "k9"})
    assert store.redact_text("code q7z and k9") == "code *** and k9"


def test_an_empty_store_leaves_text_alone() -> None:
    assert SecretStore().redact_text("nothing to hide") == "nothing to hide"
    assert SecretStore().redact({"a": ["b"]}) == {"a": ["b"]}


def test_a_longer_secret_is_redacted_whole_even_when_a_shorter_one_is_inside_it() -> None:
    # Alphabetical order would replace "bcdefghi" first and leave "a***j"; longest first leaves "***".
    store = SecretStore({"INNER": "bcdefghi", "OUTER": "abcdefghij"})
    assert store.redact_text("token abcdefghij end") == "token *** end"
