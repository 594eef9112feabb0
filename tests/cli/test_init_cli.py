"""``tapwright init``: a starter project that runs green against the page it was pointed at."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tapwright.cli.main import main
from tapwright.demo.server import DemoServer
from tapwright.runner.cases import load_cases

STARTER = ["tests/_suite.yaml", "tests/home.yaml", "tests/home.md", "tests/home.feature", "tapwright.toml", ".env.example"]


@pytest.fixture(scope="module")
def shop() -> Iterator[str]:
    with DemoServer("127.0.0.1", 0) as server:
        yield server.url


def test_init_writes_one_scenario_per_format_checking_the_real_page(
    shop: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path), "--url", shop + "/"]) == 0
    out = capsys.readouterr().out
    assert all((tmp_path / rel).is_file() for rel in STARTER)
    assert [line.split()[1] for line in out.splitlines() if line.startswith("wrote")] == STARTER
    assert out.rstrip().endswith(f"cd {tmp_path} && tapwright run tests/")
    scenarios = load_cases([tmp_path / "tests"])
    assert sorted(Path(s.source).suffix for s in scenarios) == [".feature", ".md", ".yaml"]
    for s in scenarios:
        assert s.base_url == shop  # from _suite.yaml, trailing slash dropped
        texts = [st.text for st in s.setup + s.steps]
        assert texts[0].endswith("go to /") or texts[0] == "Go to /"
        assert any('"Demo Shop"' in t and "title" in t for t in texts), texts  # the page's <title>
        assert any(t.endswith('see "Demo Shop"') for t in texts), texts  # its <h1>
    toml = (tmp_path / "tapwright.toml").read_text()
    assert "[llm]" in toml and "api_key_env" in toml and "api_key =" not in toml
    import tomllib

    assert tomllib.loads(toml) == {"llm": {}}  # every option is explained, none set
    assert "APP_PASSWORD=" in (tmp_path / ".env.example").read_text()


def test_init_keeps_existing_files_unless_forced(shop: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tapwright.toml").write_text("[llm]\nmodel = 'mine'\n")
    assert main(["init", str(tmp_path), "--url", shop]) == 0
    assert "kept  tapwright.toml (exists; --force overwrites it)" in capsys.readouterr().out
    assert "mine" in (tmp_path / "tapwright.toml").read_text()
    assert main(["init", str(tmp_path), "--url", shop, "--force"]) == 0
    assert "mine" not in (tmp_path / "tapwright.toml").read_text()


def test_init_asks_for_the_url_in_a_terminal(
    shop: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or shop.removeprefix("http://"))
    assert main(["init", str(tmp_path)]) == 0
    assert asked == ["URL of the app to test [http://127.0.0.1:8765]: "]
    assert f"base_url: {shop}\n" in (tmp_path / "tests" / "_suite.yaml").read_text()  # http:// added


def test_an_unreachable_url_gives_placeholder_checks_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path), "--url", "http://127.0.0.1:9/"]) == 0
    out = capsys.readouterr().out
    assert "could not be read now" in out and "placeholders" in out
    assert 'I should see "Welcome"' in (tmp_path / "tests" / "home.yaml").read_text()


def test_without_a_terminal_or_url_it_uses_the_demo_shop(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    assert main(["init", str(tmp_path)]) == 0
    assert "base_url: http://127.0.0.1:8765\n" in (tmp_path / "tests" / "_suite.yaml").read_text()
    assert "tapwright demo serve" in capsys.readouterr().out  # the next command says how to start it


@pytest.mark.browser
@pytest.mark.slow
def test_the_starter_suite_passes_on_its_first_run(shop: str, tmp_path: Path) -> None:
    assert main(["init", str(tmp_path), "--url", shop]) == 0
    proc = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "run", "tests/", "--planner", "rules"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=240)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "3 scenarios: 3 passed, 0 failed" in proc.stdout


def test_init_keeps_the_secrets_file_and_reports_out_of_git(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init", str(tmp_path / "new"), "--url", "http://127.0.0.1:9"]) == 0
    assert (tmp_path / "new" / ".gitignore").read_text(encoding="utf-8").splitlines() == [".env", "tapwright-report/", ".tapwright/"]
    assert "added .env, tapwright-report/, .tapwright/ to .gitignore" in capsys.readouterr().out
    own = tmp_path / "own"
    own.mkdir()
    (own / ".gitignore").write_text("node_modules\n.env", encoding="utf-8")  # no newline at the end
    assert main(["init", str(own), "--url", "http://127.0.0.1:9"]) == 0
    assert (own / ".gitignore").read_text(encoding="utf-8") == "node_modules\n.env\ntapwright-report/\n.tapwright/\n"
    assert main(["init", str(own), "--url", "http://127.0.0.1:9"]) == 0  # a second time: nothing more to add
    assert (own / ".gitignore").read_text(encoding="utf-8").count(".env") == 1
    assert "to .gitignore" not in capsys.readouterr().out.split("kept")[-1]
