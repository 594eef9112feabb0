"""The default reach of an agent run: a run whose plans come from a model or a cache file.

Text on a page can steer a model, and a cache file can be edited by hand, so such a run is
kept, unless the user widens it, to the origins of its start URL (``--allow`` widens it) and
gets no folder to upload files from (``--set web.upload_dirs=FOLDER`` names one). A run
planned only by the offline rules keeps the defaults (any http(s) origin the policy allows,
uploads from the working and temp directories).
"""

from __future__ import annotations

from typing import Any

from tapwright.core._secret_forms import origin_of
from tapwright.planners.base import StepPlanner


def start_origins(planner: StepPlanner | None, allow: list[str] | None, start_url: str | None) -> list[str] | None:
    """The allow list an agent run gets by default (the start URL's origin), or None to leave it as it is."""
    if planner is None or not planner.untrusted_plans or allow is not None or not start_url or "://" not in start_url:
        return None
    return [origin_of(start_url)]


def agent_common(planner: StepPlanner | None, settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run-wide settings an agent run gets by default: no upload folder unless ``upload_dirs`` is set."""
    if planner is None or not planner.untrusted_plans or (settings and "upload_dirs" in settings):
        return {}
    return {"upload_dirs": ()}
