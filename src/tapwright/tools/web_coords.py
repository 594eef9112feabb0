"""Web-only pieces next to the shared coordinate tools: a screenshot that can take the whole page.

The coordinate tools themselves (``web.locate``, ``web.click_at``, ``web.type_text`` ...)
are the shared ones of :mod:`tapwright.tools.coords`, bound to the web driver in
:mod:`tapwright.tools.web`.
"""

from __future__ import annotations

from tapwright.core.fence import FilePath
from tapwright.core.result import ToolResult
from tapwright.drivers.web import WebSession
from tapwright.tools.web_common import example, web_tool


@web_tool([r"\b(screenshot|capture|screen ?shot)\b"], [example("Take a screenshot", {"path": "out/login.png"})], read_only=True)
async def screenshot(session: WebSession, path: FilePath | None = None, full_page: bool = False) -> ToolResult:
    """Capture the current tab as an image: PNG, or JPEG / WebP when the path ends so.

    Args:
        path: Where to write it; .png, .jpg or .webp picks the format (a temporary PNG when omitted).
        full_page: Capture the whole scrollable page, not just the viewport.
    """
    if path is not None:
        path = str(session.check_output_path(path))
    shot = await session.screenshot(path, full_page=full_page)
    return ToolResult(ok=True, data={"path": shot.path, "width": shot.width, "height": shot.height}, screenshot=shot)
