"""The catalog of actions and the per-platform seam the platforms' tools are derived from.

* :mod:`~tapwright.tools.actions.catalog`: every action once (``CATALOG``), with its
  parameters, description, declared effects, triggers, examples and output keys;
* :mod:`~tapwright.tools.actions.seam`: :class:`ActionSeam`, what a platform implements
  (resolve a target to a handle, act on it, mark and compare for change);
* :mod:`~tapwright.tools.actions.flow`: the find -> mark -> act -> report-change flow, once;
* :func:`action_tools`: a platform's tools, derived from the two.
"""

from __future__ import annotations

from tapwright.tools.actions.bind import action_tools
from tapwright.tools.actions.catalog import CATALOG, Action, dropped, offered
from tapwright.tools.actions.seam import ActionSeam

__all__ = ["CATALOG", "Action", "ActionSeam", "action_tools", "dropped", "offered"]
