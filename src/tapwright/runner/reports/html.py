"""The HTML report: one page with its styles inline and one small script of its own.

Screenshots stay files in the report folder (``screenshots/``) and the page links
them, so the page stays small; ``inline_screenshots=True`` embeds them as data URIs
instead, for a single file that can be mailed on its own.

Every text that came from a test, a page or an error goes through :func:`html.escape`,
and a strict Content-Security-Policy forbids remote loads and every script but the
page's own (allowed by its hash), so a page title or error message full of markup can
neither break the layout nor run in the report. That script does the text search and the
tag, file and platform filters; without it the page reads the same.
Failed scenarios come first, open, with the failing step expanded: its error code,
message, screenshot and the elements the locator considered. A status filter (failed,
passed, flaky, skipped) is done with radio buttons and CSS ``:has()`` rather than JavaScript.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import time
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tapwright.core.diagnostics import NOTICE_KINDS
from tapwright.platforms.trace_viewer import viewer_path
from tapwright.runner.reports._style import CSS
from tapwright.runner.results import RunResult, ScenarioResult, StepResult

# The page's one script (search and filters) runs by its hash: no other script, inline or loaded, can.
_SCRIPT = (
    "(()=>{const $=i=>document.getElementById(i),q=$('q'),tag=$('ftag'),file=$('ffile'),plat=$('fplat'),"
    "all=[...document.querySelectorAll('section.scenario')];"
    "function apply(){const words=q.value.toLowerCase().split(/\\s+/).filter(Boolean);let n=0;"
    "for(const s of all){const d=s.dataset,ok=words.every(w=>d.search.includes(w))"
    "&&(!tag.value||JSON.parse(d.tags).includes(tag.value))&&(!file.value||d.file===file.value)"
    "&&(!plat.value||d.platform===plat.value);s.hidden=!ok;if(ok)n++;}"
    "$('shown').textContent=n===all.length?'':n+' of '+all.length+' scenarios match';}"
    "for(const el of [q,tag,file,plat])el.addEventListener('input',apply);apply();"
    # A link to a step (the failing one, from its scenario's heading) opens every fold around it and the step itself.
    "function show(id){const t=id&&$(id);if(!t)return;for(let d=t;d;d=d.parentElement)if(d.tagName==='DETAILS')d.open=true;"
    "const own=t.querySelector('details');if(own)own.open=true;t.scrollIntoView({block:'start'});}"
    "document.addEventListener('click',ev=>{const a=ev.target.closest&&ev.target.closest('a.tostep');if(!a)return;"
    "ev.preventDefault();const id=a.getAttribute('href').slice(1);history.replaceState(null,'','#'+id);show(id);});"
    "show(decodeURIComponent(location.hash.slice(1)));})();"
)
_SCRIPT_HASH = base64.b64encode(hashlib.sha256(_SCRIPT.encode()).digest()).decode()
CSP = (f"default-src 'none'; img-src 'self' data: file:; style-src 'unsafe-inline'; script-src 'sha256-{_SCRIPT_HASH}'; "
       "base-uri 'none'; form-action 'none'")
_ORDER = {"failed": 0, "cancelled": 1, "flaky": 2, "passed": 3, "skipped": 4}
_MARK = {"passed": "✓", "failed": "✗", "skipped": "–", "cancelled": "!", "flaky": "~"}
_MAX_INLINE_BYTES = 4_000_000  # a single absurd screenshot should not make the page unusable


_SPECIAL = re.compile("[&<>\"']")


def e(value: object) -> str:
    """HTML-escape anything (quotes too, so it is safe inside attributes)."""
    text = "" if value is None else str(value)
    # Most texts (names, durations, statuses) hold nothing to escape: skip the five replaces.
    return escape(text, quote=True) if _SPECIAL.search(text) else text


_MIME = {".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp", ".png": "image/png"}
_MAX_CANDIDATES = 5


def _image_src(report_dir: Path, rel: str | None, *, inline: bool) -> str | None:
    """The ``src`` of a screenshot: a relative link, or a data URI when inlined; None if unusable.

    A path that leaves the report folder, is missing or is not an image is never shown.
    """
    if not rel:
        return None
    path = (report_dir / rel).resolve()
    mime = _MIME.get(path.suffix.lower())
    if mime is None or not path.is_relative_to(report_dir.resolve()) or not path.is_file():
        return None
    if not inline:
        return quote(path.relative_to(report_dir.resolve()).as_posix())
    raw = path.read_bytes()
    if len(raw) > _MAX_INLINE_BYTES:
        return None
    return f"data:{mime};base64,{base64.b64encode(raw).decode()}"


def _candidates_of(step: StepResult) -> list[dict[str, Any]]:
    """The elements the locator considered in the step's failing call (nearest or tied ones)."""
    calls = (step.trace or {}).get("calls") or []
    for call in reversed(calls):
        if call.get("status") == "ok":
            continue
        for attempt in reversed(call.get("attempts") or []):
            data = (attempt.get("result") or {}).get("data")
            if isinstance(data, dict) and isinstance(data.get("candidates"), list):
                return [c for c in data["candidates"] if isinstance(c, dict)]
    return []


def _candidates(step: StepResult) -> str:
    found = _candidates_of(step)
    if not found:
        return ""
    rows = []
    for c in found[:_MAX_CANDIDATES]:
        score = c.get("score")
        reasons = ", ".join(str(r) for r in c.get("reasons") or [])
        where = " › ".join(str(x) for x in c.get("context") or [])
        rows.append(
            f"<tr><td><code>{e(c.get('ref'))}</code></td><td>{e(c.get('role'))}</td><td>{e(c.get('name'))}</td>"
            f"<td>{e(f'{score:.2f}' if isinstance(score, int | float) else '')}</td><td>{e(reasons)}</td><td>{e(where)}</td></tr>"
        )
    more = f" (best {_MAX_CANDIDATES} of {len(found)})" if len(found) > _MAX_CANDIDATES else ""
    head = "<tr><th>ref</th><th>role</th><th>name</th><th>score</th><th>why</th><th>where</th></tr>"
    return (
        f'<div class="cands"><div class="cands-title">Elements the locator considered{e(more)}</div>'
        f'<table class="calls cands"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table></div>'
    )


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
            f'<td class="csl">{e(_call_line(call, step))}</td><td>{float(call.get("duration_ms", 0)):.0f} ms</td></tr>'
        )
    head = "<tr><th>#</th><th>tool</th><th>arguments</th><th>status</th><th>status line</th><th>time</th></tr>"
    return f'<table class="calls"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _events(step: StepResult) -> str:
    """What the page reported during the step: console errors, exceptions, failed requests, sockets,
    dialogs answered and files downloaded."""
    if not step.page_events:
        return ""
    rows = []
    for item in step.page_events[:50]:
        kind = str(item.get("kind", ""))
        status = f'<span class="estatus">{e(item["status"])}</span> ' if item.get("status") is not None else ""
        url = f' <code class="eurl">{e(item["url"])}</code>' if item.get("url") else ""
        count = f' <span class="ecount">x{e(item["count"])}</span>' if int(item.get("count", 1)) > 1 else ""
        rows.append(f'<li class="event {e(kind)}"><span class="ekind">{e(kind)}</span> '
                    f'{status}<span class="emsg">{e(item.get("message", ""))}</span>{url}{count}</li>')
    more = f"<li>... and {len(step.page_events) - 50} more</li>" if len(step.page_events) > 50 else ""
    opened = " open" if step.status in ("failed", "cancelled") else ""
    return (f'<details class="events"{opened}><summary>page reported {_count(step)}</summary>'
            f'<ul>{"".join(rows)}{more}</ul></details>')


def _count(step: StepResult) -> str:
    """ "2 problem(s), 1 dialog, 1 download" for the events of ``step``."""
    kinds = [str(item.get("kind", "")) for item in step.page_events]
    problems = sum(1 for k in kinds if k not in NOTICE_KINDS)
    parts = [f"{problems} problem(s)"] if problems else []
    parts += [f"{kinds.count(k)} {k}(s)" for k in sorted(NOTICE_KINDS) if k in kinds]
    return ", ".join(parts)


def _event_badge(step: StepResult) -> str:
    n = sum(1 for item in step.page_events if item.get("kind") not in NOTICE_KINDS)
    return f'<span class="evbadge" title="problems the page reported">⚠ {n}</span>' if n else ""


def _summary_line(step: StepResult) -> str:
    """The step's status line for its title: a failure's status prefix only (``NOT_FOUND``), the
    message itself being shown once, in the step's error box."""
    if step.status in ("failed", "cancelled") and (step.error_code or step.error_message):
        prefix, sep, _ = step.status_line.partition(":")
        return prefix if sep and prefix.replace("_", "").isalpha() and prefix.isupper() else step.status
    return step.status_line


def _call_line(call: dict[str, Any], step: StepResult) -> str:
    """A call's status line in the calls table; the step's own error, already shown above, is not repeated."""
    line = str(call.get("status_line", ""))
    if step.error_message and step.error_message in line:
        prefix = line.partition(":")[0]
        return f"{prefix}: (the error above)"
    return line


def _figure(src: str, alt: str, caption: str, inline: bool, boxes: str = "", cls: str = "") -> str:
    img = f'<img src="{e(src)}" alt="{e(alt)}" loading="lazy">'
    if not inline:
        img = f'<a href="{e(src)}">{img}</a>'
    return f'<figure class="shot{cls}"><div class="frame">{img}{boxes}</div><figcaption>{e(caption)}</figcaption></figure>'


def _boxes(marks: list[dict[str, Any]]) -> tuple[str, str]:
    """Outlines of the elements acted on (those inside the picture), and what they were."""
    out, names = [], []
    for m in marks:
        try:
            x, y, w, h = (float(m[k]) * 100 for k in ("x", "y", "width", "height"))
        except (KeyError, TypeError, ValueError):
            continue
        if not (0 <= x < 100 and 0 <= y < 100) or w <= 0 or h <= 0:
            continue  # off screen when the picture was taken (the action scrolled it into view)
        what = f"{m.get('role') or 'element'} {m.get('name') or ''}".strip()
        names.append(what)
        out.append(f'<span class="acted" style="left:{x:.2f}%;top:{y:.2f}%;width:{min(w, 100 - x):.2f}%;'
                   f'height:{min(h, 100 - y):.2f}%" title="{e(what)}"></span>')
    return "".join(out), ", ".join(names)


def _pictures(step: StepResult, before: str | None, report_dir: Path, inline: bool) -> str:
    """The picture after the step; with the one before it (the previous step's) beside it, the
    element acted on outlined, when the step acted on one."""
    src = _image_src(report_dir, step.screenshot, inline=inline)
    if not src:
        return ""
    n = step.index + 1
    earlier = _image_src(report_dir, before, inline=inline) if step.marks else None
    boxes, names = _boxes(step.marks) if earlier else ("", "")
    if not earlier or not boxes:
        return _figure(src, f"screenshot after step {n}", step.screenshot or "", inline)
    if earlier == src:  # the step changed nothing on screen: one picture, the element outlined
        return _figure(src, f"screenshot before and after step {n}", f"before and after (unchanged): {names}",
                       inline, boxes)  # fmt: skip
    first = _figure(earlier, f"screenshot before step {n}", f"before: {names}", inline, boxes, " before")
    after = _figure(src, f"screenshot after step {n}", f"after: {step.screenshot}", inline, cls=" after")
    return f'<div class="pair">{first}{after}</div>'


def _step(step: StepResult, report_dir: Path, inline: bool, before: str | None = None, anchor: str = "") -> str:
    opened = " open" if step.status in ("failed", "cancelled") else ""
    phase = "" if step.phase == "step" else f'<span class="phase">{e(step.phase)}</span> '
    shown = step.keyword and not step.text.lower().startswith(step.keyword.lower())
    keyword = f'<span class="kw">{e(step.keyword)}</span> ' if shown else ""
    line = f'<span class="line">line {e(step.line)}</span>' if step.line else ""
    error = ""
    failed = step.status in ("failed", "cancelled")
    if step.error_code or step.error_message or failed:  # a failure without an ErrorCode still shows its message
        code = f'<span class="code">{e(step.error_code)}</span> ' if step.error_code else ""
        why = step.reason
        error = f'<div class="error" role="alert">{code}<span class="msg">{e(why)}</span></div>'
    shot = _pictures(step, before, report_dir, inline)
    plan = f"<details class=\"plan\"><summary>plan</summary><pre>{_json(step.plan)}</pre></details>" if step.plan else ""
    if step.reading:
        lines = "".join(f"<li>{e(line)}</li>" for line in step.reading)
        plan = f'<details class="reading"><summary>how the step was read</summary><ul>{lines}</ul></details>{plan}'
    meta = (
        f'<div class="meta">planner <b>{e(step.planner or "-")}</b>{" (cached)" if step.cached else ""} · '
        f"plan {step.plan_ms:.0f} ms · {line} {_usage(step.usage)}</div>"
    ) + "".join(f'<div class="meta note">{e(note)}</div>' for note in step.notes)
    if step.after_failure:
        phase = f'<span class="phase">after a failed step</span> {phase}'
    return (
        f'<li class="step {e(step.status)}" data-status="{e(step.status)}"{_id(anchor, step)}><details{opened}>'
        f'<summary><span class="mark">{_MARK.get(step.status, "?")}</span> <span class="num">{step.index + 1}.</span> '
        f'{phase}{keyword}<span class="text">{e(step.text)}</span>'
        f'<span class="right">{_event_badge(step)}<span class="sl">{e(_summary_line(step))}</span> '
        f'<span class="dur">{step.duration_ms:.0f} ms</span></span></summary>'
        f'<div class="body">{error}{_candidates(step)}{_events(step)}{meta}{shot}{_calls(step)}{plan}</div></details></li>'
    )


def _id(anchor: str, step: StepResult) -> str:
    return f' id="{e(_step_anchor(anchor, step))}"' if anchor else ""


def _step_anchor(anchor: str, step: StepResult) -> str:
    """The HTML id of a step of one attempt (``anchor`` names the scenario and attempt): unique in the page."""
    return f"{anchor}-step{step.index + 1}"


def _attempt_anchor(place: int, attempt: int | None = None) -> str:
    """``s2`` for the last attempt of the page's second scenario, ``s2-try1`` for its first failed attempt
    (by place in the page, unique even in a report merged from runs whose scenarios share numbers)."""
    return f"s{place}" + ("" if attempt is None else f"-try{attempt}")


def _steps(steps: list[StepResult], report_dir: Path, inline: bool, anchor: str = "") -> str:
    """The steps in order, each shown with the picture taken before it (the previous step's)."""
    out, before = [], None
    for step in steps:
        out.append(_step(step, report_dir, inline, before, anchor))
        before = step.screenshot or before
    return "".join(out)


def _scenario(scenario: ScenarioResult, report_dir: Path, inline: bool, place: int = 0) -> str:
    opened = " open" if scenario.status in ("failed", "cancelled", "flaky") else ""
    where = f"{scenario.source}:{scenario.line}" if scenario.line else scenario.source
    tags = "".join(f'<span class="tag">{e(t)}</span>' for t in scenario.tags)
    extra = []
    if scenario.attempts > 1:
        extra.append(f"attempt {scenario.attempts}")
    if scenario.trace_file:
        extra.append(_trace_links(scenario.trace_file))
    if scenario.ran_on:
        extra.append(f"ran on <code>{e(scenario.ran_on)}</code>")
    extra += [f"retried elsewhere: <code>{e(why)}</code>" for why in scenario.lost]
    anchor = _attempt_anchor(place)
    message = _reason(scenario, anchor)
    tries = [(p, _attempt_anchor(place, k + 1)) for k, p in enumerate(scenario.previous)]
    previous = "".join(
        f'<details class="previous"><summary>failed attempt {p.attempts}: {_reason_text(p, at)}</summary>'
        f'<ol class="steps">{_steps(p.steps, report_dir, inline, at)}</ol></details>'
        for p, at in tries
    )
    steps = _steps(scenario.steps, report_dir, inline, anchor)
    search = " ".join([scenario.name, scenario.source, *scenario.tags, *(s.text for s in scenario.steps)]).lower()
    data = (f'data-status="{e(scenario.status)}" data-tags="{e(json.dumps(scenario.tags))}" '
            f'data-file="{e(scenario.source)}" data-platform="{e(scenario.platform)}" data-search="{e(search)}"')
    return (
        f'<section class="scenario {e(scenario.status)}" {data}><details{opened}>'
        f'<summary><span class="badge {e(scenario.status)}">{e(scenario.status.upper())}</span> '
        f'<span class="name">{e(scenario.name)}</span> <span class="where">{e(where)}</span> {tags}'
        f'<span class="right">{_usage(scenario.usage())} <span class="dur">{scenario.duration_ms / 1000:.2f} s</span></span>'
        f"</summary>{message}"
        f'<div class="extra">{" · ".join(extra)}</div>{previous}<ol class="steps">{steps}</ol></details></section>'
    )


def _trace_links(trace_file: str) -> str:
    """The scenario's Playwright trace: opened in the trace viewer when the report is served by
    ``tapwright show-report``; the file itself, and the command that opens it anywhere."""
    return (
        f'Playwright trace: <a class="trace" href="{e(viewer_path(trace_file).lstrip("/"))}" '
        f'title="works when the report is opened with tapwright show-report">open in the trace viewer</a> · '
        f'<a href="{e(quote(trace_file))}">{e(trace_file)}</a> · '
        f"<code title=\"in the report folder\">tapwright show-trace {e(trace_file)}</code>"
    )


def _reason_text(scenario: ScenarioResult, anchor: str = "") -> str:
    """Why a failed scenario failed, as HTML (empty when it did not fail).

    When a step failed, a pointer to it and the error code only (``step 3 (Click "Buy"): ELEMENT_NOT_FOUND``):
    the full message is shown once, in that step's error box. A failure outside any step (a browser that
    would not start) has no step to show it, so its message is shown here. With ``anchor`` (the
    attempt's steps are in the page), "step 3" links to the step: following it opens and shows it.
    """
    failure = scenario.failure
    if failure is None:
        return e(scenario.message or "")
    code = f'<span class="code">{e(failure.code)}</span>' if failure.code else ""
    if failure.step is not None:
        n = f"step {failure.step.index + 1}"
        if anchor:
            n = f'<a class="tostep" href="#{e(_step_anchor(anchor, failure.step))}" title="show the failing step">{n}</a>'
        return f"{n} ({e(failure.step.text)}): {code or 'see its error below'}"
    return f'{code}{" " if code else ""}<span class="msg">{e(failure.message)}</span>'


def _reason(scenario: ScenarioResult, anchor: str = "") -> str:
    """Why the scenario did not pass, under its title: shown even when no step failed (a missing browser)."""
    failure = scenario.failure
    if failure is None:
        return f'<div class="smsg">{e(scenario.message)}</div>' if scenario.message and not scenario.ok else ""
    # A note of the runner's beyond the failure itself (a trace that could not be kept) is shown too.
    note = scenario.message if scenario.message not in (None, failure.text, failure.message) else None
    extra = f'<div class="smsg">{e(note)}</div>' if note and failure.step is not None else ""
    at = "failed at " if failure.step is not None else ""
    return f'<div class="smsg" role="alert">{at}{_reason_text(scenario, anchor)}</div>{extra}'


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


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
        f'{banner}<div class="summary">{boxes}<div class="facts">{_plural(counts["total"], "scenario")}, '
        f'{_plural(sum(steps.values()), "step")} ({steps["passed"]} passed, {steps["failed"]} failed, {steps["skipped"]} skipped) '
        f"in {run.duration_ms / 1000:.1f} s · started {e(started)} · planner {e(run.planner)} · -j {run.jobs}{model}"
        "</div></div>"
    )


def _filter(run: RunResult) -> str:
    """The status filter (radio buttons and CSS, no script): all, failed, passed, and flaky and skipped
    when the run has such scenarios."""
    counts = run.counts()
    shown = ["all", "failed", "passed"] + [k for k in ("flaky", "skipped") if counts[k]]
    radios = "".join(
        f'<input type="radio" name="f" id="f-{k}"{" checked" if k == "all" else ""}><label for="f-{k}">{k.capitalize()}</label>'
        for k in shown
    )
    return f'<div class="filter" role="radiogroup" aria-label="Show">{radios}</div>'


def _select(ident: str, label: str, values: list[str]) -> str:
    options = "".join(f'<option value="{e(v)}">{e(v)}</option>' for v in values)
    return (f'<select id="{ident}" aria-label="{e(label)}"><option value="">{e(label)}: all</option>{options}</select>')


def _finder(run: RunResult) -> str:
    """The search box and the tag, file and platform filters (the page's script makes them work)."""
    tags = sorted({t for s in run.scenarios for t in s.tags})
    files = sorted({s.source for s in run.scenarios if s.source})
    platforms = sorted({s.platform for s in run.scenarios})
    return (
        '<div class="find"><input type="search" id="q" placeholder="Search scenarios and steps" '
        'aria-label="Search scenarios and steps">'
        f'{_select("ftag", "tag", tags)}{_select("ffile", "file", files)}{_select("fplat", "platform", platforms)}'
        '<span id="shown" role="status"></span></div>'
    )


def render_html(
    run: RunResult, report_dir: str | Path, *, title: str = "tapwright report", inline_screenshots: bool = False
) -> str:
    """The report page for a run whose screenshots are in ``report_dir``.

    Args:
        run: The run's results.
        report_dir: The folder the page is written to; screenshot paths are relative to it.
        title: The page's heading.
        inline_screenshots: Embed the screenshots as data URIs (one self-contained file)
            instead of linking the files next to the page.

    Returns:
        The HTML text.
    """
    folder = Path(report_dir)
    ordered = sorted(run.scenarios, key=lambda s: (_ORDER.get(s.status, 9), s.index))
    body = "".join(_scenario(s, folder, inline_screenshots, n) for n, s in enumerate(ordered, 1)) or '<p class="empty">No scenarios ran.</p>'
    status = "passed" if run.ok else "failed"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{e(CSP)}">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)} — {e(run.summary_line())}</title><style>{CSS}</style></head>"
        f'<body class="run {status}"><header><h1>{e(title)}</h1>{_summary(run)}{_filter(run)}{_finder(run)}</header>'
        f'<main id="scenarios">{body}</main>'
        '<footer>Generated by tapwright. Secrets are redacted as ***.</footer>'
        f"<script>{_SCRIPT}</script></body></html>\n"
    )
