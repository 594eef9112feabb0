"""A tick box named by the words its line begins with: "assign to" for a radio labelled "assign" in the line
"( ) assign to [owner ▾]".

Forms often write one sentence across a choice and the control after it: the radio's label is "assign", the word
"to" is plain text before a dropdown, and a person reads the choice as "assign to". So a radio, checkbox or switch
whose own name begins the description, alone of its kind in a line of text that begins with every word of the
description, is that choice. The line must begin with the description (a word of a line's middle names nothing),
and hold exactly one such box.
"""

from __future__ import annotations

from collections.abc import Callable

from tapwright.locator.index import TreeIndex
from tapwright.locator.query import Query
from tapwright.locator.scored import Scored
from tapwright.locator.text import loose_form, tokens

_BOXES = ("radio", "checkbox", "switch")
RUN_ON = 0.9  # under an exact name (1.0): a box named by the whole description wins


def run_on_boxes(index: TreeIndex, scored: list[Scored], q: Query, finish: Callable[[Scored], Scored]) -> list[Scored]:
    """Boxes whose line begins with the description's words (scored by ``finish``, the scorer's last touches)."""
    said = tuple(tokens(loose_form(q.text)))
    if len(said) < 2 or (q.quoted and len(q.quoted) > 1):
        return []
    out: list[Scored] = []
    taken = {s.i for s in scored}
    for s in scored:
        line = index.elements[s.i]
        if line.interactive or line.rect is None or tuple(tokens(loose_form(line.name or line.text)))[: len(said)] != said:
            continue
        r = line.rect
        inside = [i for role in _BOXES for i in index.by_role.get(role, ())
                  if (b := index.elements[i].rect) is not None
                  and r.x - 2 <= b.x + b.width / 2 <= r.x + r.width + 2 and r.y - 2 <= b.y + b.height / 2 <= r.y + r.height + 2]
        if len(inside) != 1:
            continue
        box = inside[0]
        name = tuple(tokens(loose_form(index.elements[box].name)))
        if box in taken or not name or len(name) >= len(said) or said[: len(name)] != name:
            continue
        out.append(finish(Scored(box, RUN_ON, RUN_ON, [f"its line begins {q.text!r} (its label {index.elements[box].name!r} runs on)"], RUN_ON)))
        taken.add(box)
    return out
