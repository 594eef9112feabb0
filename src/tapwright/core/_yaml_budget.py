"""A budget on YAML alias expansion: a 400-byte "billion laughs" must cost milliseconds, not minutes.

PyYAML builds an aliased node once and shares it, so parsing is cheap; the cost comes
later, when the data is walked (validated, redacted, written to a report) as the tree it
stands for. :func:`check_expansion` counts the nodes of that tree on the composed node
graph (each node counted once per path to it, memoised, so the count itself is linear)
and refuses a document that would expand beyond the budget.
"""

from __future__ import annotations

import yaml

MAX_EXPANDED_NODES = 100_000


class ExpansionError(ValueError):
    """The document's aliases expand to more nodes than the budget allows."""


def check_expansion(root: yaml.Node | None, budget: int = MAX_EXPANDED_NODES) -> None:
    """Raise ExpansionError when ``root`` stands for more than ``budget`` nodes once aliases are expanded."""
    if root is None:
        return
    sizes: dict[int, int] = {}
    # Iterative post-order walk: deep documents must not hit the recursion limit.
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if key in sizes:
            continue
        children = _children(node)
        if not done:
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
            continue
        total = 1 + sum(sizes.get(id(c), 0) for c in children)
        if total > budget:
            raise ExpansionError(f"the document's aliases expand to more than {budget} values (an alias bomb?)")
        sizes[key] = total


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def safe_load(text: str) -> object:
    """``yaml.safe_load`` within the expansion budget (ExpansionError, ValueError or YAMLError)."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        check_expansion(node)
        return loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
