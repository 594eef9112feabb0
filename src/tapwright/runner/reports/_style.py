"""The HTML report's stylesheet, embedded so the page needs no other file."""

from __future__ import annotations

CSS = """
:root{--ok:#1a7f37;--bad:#cf222e;--warn:#9a6700;--muted:#57606a;--line:#d0d7de;--bg:#f6f8fa}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2328;background:#fff}
header{padding:16px 24px;border-bottom:1px solid var(--line);background:var(--bg)}
h1{margin:0 0 8px;font-size:20px}
main{padding:12px 24px}
footer{padding:12px 24px;color:var(--muted);font-size:12px}
.summary{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.count{padding:4px 10px;border-radius:6px;border:1px solid var(--line);background:#fff}
.count b{font-size:18px}
.count.passed b{color:var(--ok)}.count.failed b{color:var(--bad)}.count.flaky b,.count.skipped b{color:var(--warn)}
.facts{color:var(--muted)}
.interrupted{background:#fff8c5;border:1px solid #d4a72c;padding:8px 12px;border-radius:6px;margin-bottom:8px}
.filter{margin-top:10px}
.filter input{position:absolute;opacity:0}
.filter label{padding:3px 12px;border:1px solid var(--line);border-radius:14px;margin-right:4px;cursor:pointer;background:#fff}
.filter input:checked+label{background:#1f2328;color:#fff}
.filter input:focus-visible+label{outline:2px solid #0969da}
body:has(#f-failed:checked) .scenario:not(.failed):not(.cancelled){display:none}
body:has(#f-passed:checked) .scenario:not(.passed):not(.flaky){display:none}
body:has(#f-flaky:checked) .scenario:not(.flaky){display:none}
body:has(#f-skipped:checked) .scenario:not(.skipped){display:none}
.find{margin-top:8px;display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.find input[type=search]{padding:4px 8px;border:1px solid var(--line);border-radius:6px;min-width:18em}
.find select{padding:3px 6px;border:1px solid var(--line);border-radius:6px;background:#fff}
#shown{color:var(--muted)}
.scenario[hidden]{display:none}
.scenario{border:1px solid var(--line);border-radius:8px;margin:10px 0;overflow:hidden}
.scenario.failed{border-color:var(--bad);box-shadow:0 0 0 1px var(--bad)}
.scenario>details>summary{padding:10px 12px;cursor:pointer;background:var(--bg)}
.scenario.failed>details>summary{background:#ffebe9}
.badge{display:inline-block;min-width:72px;text-align:center;font-weight:600;font-size:12px;padding:2px 6px;border-radius:4px;color:#fff}
.badge.passed{background:var(--ok)}.badge.failed{background:var(--bad)}.badge.flaky,.badge.skipped{background:var(--warn)}
.badge.cancelled{background:#8250df}
.name{font-weight:600}.where,.line{color:var(--muted);font-size:12px}
.tag{font-size:11px;background:#ddf4ff;border-radius:10px;padding:1px 8px;margin-left:4px}
.right{float:right;color:var(--muted)}
.smsg{padding:6px 12px;color:var(--bad)}
.smsg .code{font-weight:700;font-family:ui-monospace,monospace}
.extra{padding:0 12px;color:var(--muted)}
ol.steps{list-style:none;margin:0;padding:6px 12px 12px}
li.step{border-left:4px solid var(--line);margin:4px 0;padding-left:8px}
li.step.passed{border-left-color:var(--ok)}
li.step.failed,li.step.cancelled{border-left-color:var(--bad);background:#fff5f5}
li.step.skipped{opacity:.65}
li.step summary{cursor:pointer;padding:4px 0}
.mark{display:inline-block;width:1.2em;font-weight:700}
li.step.passed .mark{color:var(--ok)}li.step.failed .mark{color:var(--bad)}
li.step .sl{font-family:ui-monospace,monospace;font-size:12px;max-width:40em;display:inline-block;overflow:hidden;
  text-overflow:ellipsis;white-space:nowrap;vertical-align:bottom}
.phase,.kw{font-size:11px;text-transform:uppercase;color:var(--muted)}
.body{padding:4px 0 8px 1.6em}
.error{background:#ffebe9;border:1px solid var(--bad);border-radius:6px;padding:8px 10px;margin:4px 0;white-space:pre-wrap}
.events{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:6px 10px;margin:4px 0}
.events ul{margin:4px 0;padding-left:18px}.events li{margin:2px 0;word-break:break-word}
.events .ekind{font-weight:700;font-family:ui-monospace,monospace}.events .eurl{font-size:.9em}
.evbadge{color:#9a6700;font-weight:700;margin-right:6px}
.error .code{font-weight:700;color:var(--bad);font-family:ui-monospace,monospace}
.meta{color:var(--muted);font-size:12px;margin:4px 0}
.usage{background:#fbefff;border-radius:4px;padding:0 6px}
table.calls{border-collapse:collapse;width:100%;font-size:12px;margin:4px 0}
table.calls th,table.calls td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}
table.calls td code,td.csl{white-space:pre-wrap;word-break:break-word;font-family:ui-monospace,monospace}
tr.call.failed td{background:#ffebe9}
pre{background:var(--bg);padding:8px;border-radius:6px;overflow:auto;max-height:24em;font-size:12px}
figure.shot{margin:6px 0}
figure.shot img{max-width:min(100%,960px);border:1px solid var(--line);border-radius:4px;display:block}
.frame{position:relative;display:inline-block;max-width:min(100%,960px)}
.frame img{max-width:100%}
.acted{position:absolute;border:3px solid #d63384;border-radius:3px;box-shadow:0 0 0 2px #fff;pointer-events:none}
.pair{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.pair figure.shot{flex:1 1 420px;margin:6px 0}
figcaption{color:var(--muted);font-size:11px}
details.previous{margin:4px 12px;color:var(--muted)}
.cands{margin:6px 0}
.cands-title{font-size:12px;font-weight:600;color:var(--muted)}
table.cands td{font-family:inherit}
"""
