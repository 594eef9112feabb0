"""``tapwright run`` / ``do`` exit codes and usage errors, Ctrl-C, and ``Session.do``."""

from __future__ import annotations

import html
import json
import signal
import subprocess
import time
import zipfile
from pathlib import Path

import pytest
from runner_support import CANARY, EXAMPLES, REPO, cli_env, tapwright_cmd

from _support import as_from_a_terminal
from tapwright.cli.main import main


def test_missing_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "no/such/folder"]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_parse_error_is_exit_2_with_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("name: broken\nsteps:\n  - Go to /x\n  - [unclosed\n")
    assert main(["run", str(bad), "--report-dir", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:5" in err, err


def test_llm_planner_without_a_model_is_a_usage_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("TAPWRIGHT_LLM_BASE_URL", "TAPWRIGHT_LLM_MODEL", "TAPWRIGHT_LLM_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    assert main(["run", str(EXAMPLES / "passing" / "help-tabs.md"), "--planner", "llm"]) == 2
    assert "TAPWRIGHT_LLM" in capsys.readouterr().err


def test_no_matching_scenarios_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(EXAMPLES), "-k", "nothing_is_called_this"]) == 2
    assert "no scenarios" in capsys.readouterr().err


def test_bad_jobs_value_is_rejected() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["run", str(EXAMPLES), "-j", "0"])
    assert exc.value.code == 2


@pytest.mark.browser
def test_run_exit_0_when_everything_passes_with_a_trace(demo_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", str(EXAMPLES / "passing"), "-k", "tabs", "--base-url", demo_url, "--trace",
                 "--report-dir", str(tmp_path), "--env-file", str(tmp_path / "none.env")])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "1 scenario: 1 passed, 0 failed" in out
    trace = json.loads((tmp_path / "trace.json").read_text())
    assert trace["counts"]["passed"] == 1
    trace_file = trace["scenarios"][0]["trace_file"]  # a Playwright trace: a zip with trace.trace inside
    assert trace_file.startswith("traces/") and zipfile.is_zipfile(tmp_path / trace_file)
    assert any(n.endswith(".trace") for n in zipfile.ZipFile(tmp_path / trace_file).namelist())


@pytest.mark.browser
def test_do_runs_one_instruction(demo_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["do", 'Type "mug" into the Search products field', "--url", f"{demo_url}/shop", "--json"])
    step = json.loads(capsys.readouterr().out)
    assert code == 0 and step["status"] == "passed" and step["planner"] == "rules"
    assert [c["tool"] for c in step["trace"]["calls"]] == ["web.fill"]
    code = main(["do", "Teleport to the moon", "--url", f"{demo_url}/shop", "--planner", "rules"])
    out = capsys.readouterr().out
    assert code == 1 and "PLAN_INVALID" in out and "✗ FAILED" in out


@pytest.mark.browser
async def test_session_do(demo_url: str) -> None:
    import tapwright.session

    async with tapwright.session.web(base_url=demo_url) as session:
        opened = await session.do("Go to /login")
        assert opened.status == "passed" and opened.planner == "rules"
        result = await session.do('Type "alice" into the Username field and click the blue "Sign in" button')
        assert result.status == "passed", result.status_line
        assert [c["tool"] for c in result.calls] == ["web.fill", "web.click"]
        shown = await session.do('I should see "Please enter your username and password"')
        assert shown.status == "passed", shown.status_line
        missing = await session.do('I should see "Welcome, alice"')
        assert missing.status == "failed" and missing.error_code == "ASSERTION_FAILED"


@pytest.mark.browser
def test_ctrl_c_stops_and_still_writes_the_report(demo_url: str, tmp_path: Path) -> None:
    proc = subprocess.Popen(
        tapwright_cmd("run", str(EXAMPLES / "passing"), "--base-url", demo_url, "--report-dir", str(tmp_path),
                      "--env-file", str(tmp_path / "none.env")),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cli_env(), cwd=REPO,
        preexec_fn=as_from_a_terminal,
    )  # fmt: skip
    assert proc.stdout is not None
    seen: list[str] = []
    deadline = time.monotonic() + 120
    for line in proc.stdout:  # wait until the second scenario is under way
        seen.append(line)
        if line.startswith("[2/") or time.monotonic() > deadline:
            break
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, "".join(seen) + out + err
    assert "interrupted" in err
    trace = json.loads((tmp_path / "trace.json").read_text())
    assert trace["interrupted"] is True and trace["ok"] is False
    statuses = [s["status"] for s in trace["scenarios"]]
    assert statuses[0] == "passed" and "cancelled" in statuses
    assert statuses.count("skipped") >= 5  # never started, still listed with their steps
    assert all(s["steps"] for s in trace["scenarios"])
    html = (tmp_path / "report.html").read_text()
    assert "The run was interrupted" in html and "</html>" in html
    assert CANARY not in html


def test_a_missing_secret_is_explained_on_the_console_and_in_every_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The case seen in the wild: a test file listing ``secrets: [X]`` with X unset printed only ``FAILED <name>``."""
    monkeypatch.delenv("SHOP_TOKEN", raising=False)
    case = tmp_path / "needs-token.yaml"
    case.write_text('name: Needs a token\nplatform: fake\nsecrets: [SHOP_TOKEN]\nsteps:\n'
                    '  - Click "Log in"\n  - Type "${secrets.SHOP_TOKEN}" into Username\n')  # fmt: skip
    report = tmp_path / "r"
    assert main(["run", str(case), "--report-dir", str(report), "--env-file", str(tmp_path / "none.env")]) == 1
    out = capsys.readouterr().out
    why = "secret 'SHOP_TOKEN' is not set"
    # under the step, then in the recap: name, file:line, step, code and reason on one line
    assert "UNRESOLVED_PLACEHOLDER: ${secrets.SHOP_TOKEN} in step 'Type" in out and why in out
    recap = out[out.index("1 failed scenario:"):].splitlines()[1]
    assert recap.startswith("  ✗ Needs a token (") and "needs-token.yaml:6) step 2 " in recap
    assert "[UNRESOLVED_PLACEHOLDER]" in recap and why in recap
    assert 'type="UNRESOLVED_PLACEHOLDER"' in (report / "junit.xml").read_text()
    assert html.escape(why) in (report / "report.html").read_text()  # escaped, as every text in the page
    failure = json.loads((report / "trace.json").read_text())["scenarios"][0]["failure"]
    assert failure["code"] == "UNRESOLVED_PLACEHOLDER" and failure["step"]["index"] == 1
