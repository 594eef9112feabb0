"""The HTML report: one self-contained page (styles and screenshots inline, no script at all).

Every text that came from a test, a page or an error goes through :func:`html.escape`,
and a strict Content-Security-Policy forbids scripts and remote loads, so a page title
or error message full of markup can neither break the layout nor run in the report.
Failed scenarios come first, open, with the failing step expanded; a status filter is
done with radio buttons and CSS ``:has()`` rather than JavaScript.
"""

from __future__ import annotations

import base64
import json
import time
from html import escape
from pathlib import Path
from typing import Any

from tapwright.runner.reports._style import CSS
from tapwright.runner.results import RunResult, ScenarioResult, StepResult

CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
_ORDER = {"failed": 0, "cancelled": 1, "flaky": 2, "passed": 3, "skipped": 4}
_MARK = {"passed": "✓", "failed": "✗", "skipped": "–", "cancelled": "!", "flaky": "~"}
_MAX_INLINE_BYTES = 4_000_000  # a single absurd screenshot should not make the page unusable


def e(value: object) -> str:
    """HTML-escape anything (quotes too, so it is safe inside attributes)."""
    return escape("" if value is None else str(value), quote=True)


def _data_uri(report_dir: Path, rel: str | None) -> str | None:
    if not rel:
        return None
    path = (report_dir / rel).resolve()
    if not path.is_relative_to(report_dir.resolve()) or not path.is_file():
        return None
    raw = path.read_bytes()
    if len(raw) > _MAX_INLINE_BYTES:
        return None
    mime = "image/jpeg" if path.suffix.lower() in (".jpg", ".jpeg") else "image/png"
    return f"data:{mime};base64,{base64.b64encode(raw).decode()}"


def _json(value: Any) -> str:
    return e(json.dumps(value, indent=2, ensure_ascii=False, default=str))


def _usage(usage: dict[str, Any] | None) -> str:
    if not usage or not usage.get("llm_calls"):
        return ""
    return (
        f'<span class="usage">model: {e(usage["llm_calls"])} call(s), '
        f"{e(usage.get('prompt_tokens', 0))}+{e(usage.get('completion_tokens', 0))} tokens</span>"
    )


def _calls(step: StepResult) -> str:
    if not step.calls:
        return ""
    rows = []
    for call in step.calls:
        status = str(call.get("status", "pending"))
        args = json.dumps(call.get("args", {}), ensure_ascii=False, default=str)
        fb = call.get("fallback")
        fallback = f'<div class="fallback">fallback {e(fb.get("tool"))}: {e(fb.get("status"))}</div>' if fb else ""
        rows.append(
            f'<tr class="call {e(status)}"><td>{e(call.get("index", 0) + 1)}</td><td><code>{e(call.get("tool"))}</code></td>'
            f"<td><code>{e(args)}</code>{fallback}</td><td>{e(status)}</td>"
            f'<td class="csl">{e(call.get("status_line", ""))}</td><td>{float(call.get("duration_ms", 0)):.0f} ms</td></tr>'
        )
    head = "<tr><th>#</th><th>tool</th><th>arguments</th><th>status</th><th>status line</th><th>time</th></tr>"
    return f'<table class="calls"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _step(step: StepResult, report_dir: Path) -> str:
    opened = " open" if step.status in ("failed", "cancelled") else ""
    phase = "" if step.phase == "step" else f'<span class="phase">{e(step.phase)}</span> '
    shown = step.keyword and not step.text.lower().startswith(step.keyword.lower())
    keyword = f'<span class="kw">{e(step.keyword)}</span> ' if shown else ""
    line = f'<span class="line">line {e(step.line)}</span>' if step.line else ""
    error = ""
    if step.error_code:
        error = (
            f'<div class="error" role="alert"><span class="code">{e(step.error_code)}</span> '
            f'<span class="msg">{e(step.error_message)}</span></div>'
        )
    uri = _data_uri(report_dir, step.screenshot)
    shot = (
        f'<figure class="shot"><img src="{e(uri)}" alt="{e(f"screenshot after step {step.index + 1}")}" '
        f'loading="eager"><figcaption>{e(step.screenshot)}</figcaption></figure>'
        if uri
        else ""
    )
    plan = f"<details class=\"plan\"><summary>plan</summary><pre>{_json(step.plan)}</pre></details>" if step.plan else ""
    meta = (
        f'<div class="meta">planner <b>{e(step.planner or "-")}</b>{" (cached)" if step.cached else ""} · '
        f"plan {step.plan_ms:.0f} ms · {line} {_usage(step.usage)}</div>"
    )
    return (
        f'<li class="step {e(step.status)}" data-status="{e(step.status)}"><details{opened}>'
        f'<summary><span class="mark">{_MARK.get(step.status, "?")}</span> <span class="num">{step.index + 1}.</span> '
        f'{phase}{keyword}<span class="text">{e(step.text)}</span>'
        f'<span class="right"><span class="sl">{e(step.status_line)}</span> '
        f'<span class="dur">{step.duration_ms:.0f} ms</span></span></summary>'
        f'<div class="body">{error}{meta}{_calls(step)}{plan}{shot}</div></details></li>'
    )


def _scenario(scenario: ScenarioResult, report_dir: Path) -> str:
    opened = " open" if scenario.status in ("failed", "cancelled", "flaky") else ""
    where = f"{scenario.source}:{scenario.line}" if scenario.line else scenario.source
    tags = "".join(f'<span class="tag">{e(t)}</span>' for t in scenario.tags)
    extra = []
    if scenario.attempts > 1:
        extra.append(f"attempt {scenario.attempts}")
    if scenario.trace_file:
        extra.append(f"Playwright trace: <code>{e(scenario.trace_file)}</code>")
    if scenario.ran_on:
        extra.append(f"ran on <code>{e(scenario.ran_on)}</code>")
    extra += [f"retried elsewhere: <code>{e(why)}</code>" for why in scenario.lost]
    message = f'<div class="smsg">{e(scenario.message)}</div>' if scenario.message and not scenario.ok else ""
    previous = "".join(
        f'<details class="previous"><summary>failed attempt {p.attempts}: '
        f'{e(p.failed_step.text if p.failed_step else p.message)}</summary>'
        f'<ol class="steps">{"".join(_step(s, report_dir) for s in p.steps)}</ol></details>'
        for p in scenario.previous
    )
    steps = "".join(_step(s, report_dir) for s in scenario.steps)
    return (
        f'<section class="scenario {e(scenario.status)}" data-status="{e(scenario.status)}"><details{opened}>'
        f'<summary><span class="badge {e(scenario.status)}">{e(scenario.status.upper())}</span> '
        f'<span class="name">{e(scenario.name)}</span> <span class="where">{e(where)}</span> {tags}'
        f'<span class="right">{_usage(scenario.usage())} <span class="dur">{scenario.duration_ms / 1000:.2f} s</span></span>'
        f"</summary>{message}"
        f'<div class="extra">{" · ".join(extra)}</div>{previous}<ol class="steps">{steps}</ol></details></section>'
    )


def _summary(run: RunResult) -> str:
    counts = run.counts()
    steps = run.step_counts()
    boxes = "".join(
        f'<div class="count {k}"><b>{counts[k]}</b> {k}</div>'
        for k in ("passed", "failed", "flaky", "skipped", "cancelled")
        if counts[k] or k in ("passed", "failed")
    )
    started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(run.started_at))
    usage = run.usage()
    model = f" · model calls {usage['llm_calls']}, tokens {usage['prompt_tokens'] + usage['completion_tokens']}" if usage[
        "llm_calls"
    ] else ""
    banner = '<div class="interrupted" role="alert">The run was interrupted; this report shows what ran.</div>' if (
        run.interrupted
    ) else ""
    return (
        f'{banner}<div class="summary">{boxes}<div class="facts">{counts["total"]} scenarios, '
        f'{sum(steps.values())} steps ({steps["passed"]} passed, {steps["failed"]} failed, {steps["skipped"]} skipped) '
        f"in {run.duration_ms / 1000:.1f} s · started {e(started)} · planner {e(run.planner)} · -j {run.jobs}{model}"
        "</div></div>"
    )


_FILTER = (
    '<div class="filter" role="radiogroup" aria-label="Show">'
    '<input type="radio" name="f" id="f-all" checked><label for="f-all">All</label>'
    '<input type="radio" name="f" id="f-failed"><label for="f-failed">Failed</label>'
    '<input type="radio" name="f" id="f-passed"><label for="f-passed">Passed</label></div>'
)


def render_html(run: RunResult, report_dir: str | Path, *, title: str = "tapwright report") -> str:
    """The report page; screenshots referenced by the results are inlined from ``report_dir``."""
    folder = Path(report_dir)
    ordered = sorted(run.scenarios, key=lambda s: (_ORDER.get(s.status, 9), s.index))
    body = "".join(_scenario(s, folder) for s in ordered) or '<p class="empty">No scenarios ran.</p>'
    status = "passed" if run.ok else "failed"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{e(CSP)}">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)} — {e(run.summary_line())}</title><style>{CSS}</style></head>"
        f'<body class="run {status}"><header><h1>{e(title)}</h1>{_summary(run)}{_FILTER}</header>'
        f'<main id="scenarios">{body}</main>'
        '<footer>Generated by tapwright. Secrets are redacted as ***.</footer></body></html>\n'
    )
