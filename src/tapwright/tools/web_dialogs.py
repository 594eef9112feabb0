"""``web.*`` tools for JavaScript dialogs and downloads (see :mod:`tapwright.drivers.web.dialogs`).

A dialog blocks its page until it is answered, so it is answered the moment it opens:
``web.handle_dialog`` sets the answer beforehand. Every dialog and download is reported
on the step that saw it (a page event), whether or not a step asked for it.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, MaxLen

from tapwright.core.fence import TypedInput
from tapwright.drivers.web import WebSession
from tapwright.drivers.web.dialogs import Answer
from tapwright.drivers.web.targets import check_text
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.web_common import example, web_tool

DialogAction = Literal["accept", "dismiss"]
Kind = Literal["", "alert", "confirm", "prompt", "beforeunload"]


@web_tool(
    [r"\b(accept|dismiss|cancel|answer|confirm)\b.*\b(dialog|alert|confirmation|prompt|popup box|leave[- ]page)\b"],
    [
        example("Accept the confirmation", {"action": "accept", "kind": "confirm"}, {"armed": "accept", "kind": "confirm"}),
        example('Answer the prompt with "Bob"', {"action": "accept", "kind": "prompt", "text": "Bob"}),
    ],
    idempotent=True,
)
async def handle_dialog(
    session: WebSession,
    action: DialogAction = "accept",
    text: Annotated[str, MaxLen(2000), TypedInput] | None = None,
    kind: Kind = "",
) -> dict[str, Any]:
    """Set how the next JavaScript dialog (alert, confirm, prompt, leave-page warning) is answered.

    A dialog blocks the page, so it is answered the moment it opens: call this BEFORE the
    action that opens it. Without an answer set, an alert is acknowledged, a leave-page
    warning lets the page go, and a confirmation or prompt is dismissed. Each answer is used
    once; every dialog is reported on the step (its text and how it was answered).

    Args:
        action: accept (OK) or dismiss (Cancel).
        text: What to type into a prompt (accept only).
        kind: Only for a dialog of this kind (alert, confirm, prompt, beforeunload); any kind when empty.
    """
    session.ensure_open()  # a closed session fails here, as every web tool does
    if text is not None:
        check_text(text, "text")
        if action != "accept":
            raise ToolFailure(ErrorCode.INVALID_INPUT, "a prompt's text is typed only when the prompt is accepted")
        if kind not in ("", "prompt"):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"only a prompt takes text, not a {kind} dialog")
    answer = Answer(accept=action == "accept", text=text, kind=kind or ("prompt" if text is not None else None))
    late = session.prompts.too_late(answer)
    if late is not None:
        raise ToolFailure(
            ErrorCode.INVALID_INPUT,
            f"too late: the {late.describe()} when it opened, before this step. A dialog is answered the moment "
            "it opens, so set the answer before the step that opens it (e.g. 'Accept the confirmation', "
            "then 'Click Delete'), or in the same step ('Click Delete and accept the confirmation')",
            data={"dialog": {"kind": late.kind, "message": late.message}},
        )
    session.prompts.arm(answer)
    out: dict[str, Any] = {"armed": action, "kind": answer.kind or "any"}
    if text is not None:
        out["text"] = text
    return out


@web_tool(
    [r"\bdownload(s|ed)?\b"],
    [example("The report should be downloaded", {"name": "report.csv"},
             {"files": [{"name": "report.csv", "size": 1234, "path": "/tmp/tapwright-downloads-x/report.csv"}]})],
    read_only=True,
)
async def downloads(
    session: WebSession,
    name: Annotated[str, MaxLen(300)] = "",
    wait_s: Annotated[float, Ge(0), Le(60)] = 10.0,
) -> dict[str, Any]:
    """List the files this session downloaded (name, size, where saved); with ``name``, check that one was.

    Downloads are saved into the session's downloads folder only, under a cleaned name that
    never overwrites a file. Downloads still being saved are waited for (up to ``wait_s``).

    Args:
        name: A file name (or part of one) that must be among the downloads; fails with ASSERTION_FAILED if not.
        wait_s: How long to wait for a matching download (or for those in progress).
    """
    session.ensure_open()  # a closed session fails here, as every web tool does
    check_text(name, "name")
    wanted = name.strip().lower()
    deadline = time.monotonic() + wait_s
    while True:
        await session.prompts.wait_downloads(max(deadline - time.monotonic(), 0))
        files = [f.to_dict() for f in session.prompts.files]
        if not wanted or any(wanted in f["name"].lower() for f in files):
            break
        if time.monotonic() >= deadline:
            got = ", ".join(f["name"] for f in files) or "nothing"
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"no download named like {name!r} (downloaded: {got})",
                              data={"files": files})
        await asyncio.sleep(0.1)  # a download that has not started yet
    return {"files": files, "folder": str(session.prompts.folder())}

