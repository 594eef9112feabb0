"""Sentence shapes around the clause proper: list markers, a leading scope, "by clicking X", trailing asides.

People number their steps ("1. Type ...", "2) Click ..."), open with where the step
happens ("In the Billing section, ...", "For the post by @maria, ...", "Using the
search box, ..."), say how through a gerund ("Close the dialog by clicking the x") and
add words that are not part of the target ("... without typing a name", "... again",
"... so you stay signed in"). These helpers take such words off, or move them where
the grammar reads them.
"""

from __future__ import annotations

import re

from tapwright.planners.rules._ast import Action, set_aside
from tapwright.planners.rules._tokens import Token, tokenize

_MARKER = re.compile(r"^\s*(?:(?:step\s+)?\d{1,3}\s*[.):]|[-*\u2022]|[a-z][.)])\s+", re.IGNORECASE)
_NOTE = re.compile(r"^\s*(?:note|tip|todo|action|step|then|next|finally)\s*:\s+(?=\S)", re.IGNORECASE)
SCOPE_WORDS = {"in": "in", "inside": "in", "within": "in", "on": "in", "under": "under", "for": "for", "using": "using",
               "with": "using", "from": "in"}  # fmt: skip
# Gerunds of "by clicking X": the verb it stands for.
_GERUNDS = {"clicking": "click", "tapping": "tap", "pressing": "press", "hitting": "hit", "ticking": "tick",
            "checking": "check", "unticking": "untick", "unchecking": "uncheck", "selecting": "select",
            "choosing": "choose", "typing": "type", "entering": "enter", "filling": "fill", "picking": "pick",
            "toggling": "toggle", "using": "click", "pushing": "push", "opening": "open"}  # fmt: skip
# Words that end the target and begin an aside: "... without typing", "... so you stay signed in".
_ASIDE_HEADS = {"without", "so", "because", "since", "while", "until", "before", "after", "once", "if", "when"}
_TRAILING = (("again",), ("once", "more"), ("one", "more", "time"), ("as", "well"), ("too",), ("now",),
             ("please",), ("if", "needed"), ("if", "present"), ("if", "shown"))  # fmt: skip
# Verbs after "to" that say why ("Click Year again to sort descending"), besides the grammar's own.
PURPOSE_VERBS = {"sort", "see", "show", "reveal", "confirm", "continue", "proceed", "finish", "complete", "save",
                 "get", "make", "start", "return", "view", "expand", "collapse", "close", "dismiss", "reverse",
                 "display", "hide", "toggle", "change", "apply", "log", "sign", "trigger", "reset", "refresh"}  # fmt: skip


def strip_marker(text: str) -> str:
    """ "1. Type ..." -> "Type ...", "Note: click X" -> "click X" (a numbered or bulleted line)."""
    out = _MARKER.sub("", text, count=1)
    return _NOTE.sub("", out, count=1)


_COLON = re.compile(r"^(\s*(?:type|enter|input|fill in|fill|put|set|select|choose|pick)\s+)([^\"'“”‘’«»„:]+?):\s+(.+)$", re.I)


def colon_value(text: str) -> str:
    """ "Enter the user name: sam" -> 'Enter "sam" into the user name'; ": " after a count ("4 tasks: A and B")
    becomes a comma; other ": " become a space."""
    m = _COLON.match(text)
    if m and not re.search(r"\b(into|in|as|with|to|from)\b", m.group(2), re.I):
        verb, target, value = m.group(1), m.group(2).strip(), m.group(3).strip().strip('"')
        low = verb.strip().lower()
        if low == "set":
            return f"{verb}{target} to {value}"
        if low in ("select", "choose", "pick"):
            return f'{verb}"{value}" from {target}'
        return f'{verb}"{value}" into {target}'
    toks = tokenize(text)
    cuts = [(t.end - 1, k > 0 and toks[k - 1].text.isdigit()) for k, t in enumerate(toks[:-1])
            if t.kind == "word" and len(t.text) > 1 and t.text.endswith(":") and t.text[-2].isalpha()]  # fmt: skip
    for i, counted in reversed(cuts):  # a colon ending a word, never one inside quotes or a URL
        # "4 appointments: A-1002, A-1005 and A-1016": after a count, what follows names them, as after a comma.
        text = text[:i] + ("," if counted else "") + text[i + 1 :]
    return text


def split_scope(toks: list[Token]) -> tuple[str, list[Token], list[Token]] | None:
    """(kind, scope tokens, the rest) of "In the Billing section, type ..." -> ("in", [the Billing section], [...]).

    Only a phrase up to the first comma that starts with a scope preposition counts.
    """
    if len(toks) < 4 or toks[0].low not in SCOPE_WORDS:
        return None
    comma = next((i for i, t in enumerate(toks) if t.kind == "comma"), -1)
    if comma < 2 or comma + 1 >= len(toks):
        return None
    return SCOPE_WORDS[toks[0].low], toks[1:comma], toks[comma + 1 :]


def by_gerund(toks: list[Token]) -> tuple[list[Token], str] | None:
    """The tokens after "by <gerund>" with the verb to read them with: "... by clicking the x" -> ([the, x], "click")."""
    for i, t in enumerate(toks[1:-1], 1):
        if t.low == "by" and toks[i + 1].low in _GERUNDS and i + 2 < len(toks):
            return toks[i + 2 :], _GERUNDS[toks[i + 1].low]
    return None


def drop_asides(rest: list[Token]) -> list[Token]:
    """Trailing words that are not part of the target: "... without typing a name", "... again"."""
    kept = _aside_cut(rest)
    set_aside(rest[len(kept) :])
    return kept


def _aside_cut(rest: list[Token]) -> list[Token]:
    for i, tok in enumerate(rest[1:], 1):
        if tok.kind != "word" or tok.low not in _ASIDE_HEADS:
            continue
        nxt = rest[i + 1].low if i + 1 < len(rest) else ""
        if tok.low == "without" and nxt.endswith("ing"):
            return rest[:i]
        if tok.low == "so" and nxt in {"that", "you", "i", "we", "the", "it", "they", "he", "she"}:
            return rest[:i]
        if (
            tok.low in {"because", "since", "while", "until", "before", "after", "once", "if", "when"}
            and nxt
            and (nxt in {"you", "i", "we", "the", "it", "they", "that", "this"} or nxt.endswith("ing"))
        ):
            return rest[:i]
    changed = True
    while changed and len(rest) > 1:
        changed = False
        for tail in _TRAILING:
            n = len(tail)
            if len(rest) > n and tuple(t.low for t in rest[-n:]) == tail:
                rest, changed = rest[:-n], True
    return rest


def scoped(actions: list[Action], kind: str, scope: str) -> list[Action]:
    """Put each action's element inside the scope: "Like" -> "Like in the post by @maria"."""
    # "Under Action, choose ...": below that caption or heading (a bare name is no container the locator reads).
    bare = kind == "under" and scope.split(" ", 1)[0].lower() not in ("the", "a", "an", "this", "that", "its", "his", "her")
    prep = "for" if kind == "for" else "under" if bare else "in"
    for a in actions:
        for key in ("target", "source"):
            value = a.args.get(key)
            if isinstance(value, str) and value and not value.startswith(("css=", "xpath=", "#", "//")):
                a.args[key] = f"{value} {prep} {scope}"
    return actions
