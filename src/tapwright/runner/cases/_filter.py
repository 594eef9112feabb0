"""``-k`` style selection of scenarios by name and tags.

Grammar (as pytest's ``-k``)::

    expr   := or
    or     := and ("or" and)*
    and    := not ("and" not)*
    not    := "not" not | "(" expr ")" | WORD | 'quoted words'

A WORD matches a scenario when it is a case-insensitive substring of its name or
file name, or equals one of its tags (``@`` optional: ``smoke`` and ``@smoke``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from tapwright.runner.cases._errors import CaseError
from tapwright.runner.model import Scenario

Matcher = Callable[[Scenario], bool]
_TOKEN = re.compile(r"\s*(\(|\)|'[^']*'|\"[^\"]*\"|[^\s()]+)")


def _tokens(expr: str) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    pos = 0
    while pos < len(expr):
        m = _TOKEN.match(expr, pos)
        if m is None:
            break
        out.append((m.group(1), m.start(1) + 1))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, expr: str, word: Callable[[str], Matcher]) -> None:
        self.expr = expr
        self.toks = _tokens(expr)
        self.i = 0
        self.word = word

    def error(self, message: str) -> CaseError:
        col = self.toks[self.i][1] if self.i < len(self.toks) else len(self.expr) + 1
        return CaseError("<expr>", f"{message} in {self.expr!r}", 1, col)

    def peek(self) -> str | None:
        return self.toks[self.i][0] if self.i < len(self.toks) else None

    def parse(self) -> Matcher:
        if not self.toks:
            return lambda s: True
        m = self.or_()
        if self.peek() is not None:
            raise self.error(f"unexpected {self.peek()!r}")
        return m

    def or_(self) -> Matcher:
        parts = [self.and_()]
        while self.peek() == "or":
            self.i += 1
            parts.append(self.and_())
        return parts[0] if len(parts) == 1 else (lambda s: any(p(s) for p in parts))

    def and_(self) -> Matcher:
        parts = [self.not_()]
        while self.peek() == "and":
            self.i += 1
            parts.append(self.not_())
        return parts[0] if len(parts) == 1 else (lambda s: all(p(s) for p in parts))

    def not_(self) -> Matcher:
        tok = self.peek()
        if tok is None:
            raise self.error("expression ends too early")
        self.i += 1
        if tok == "not":
            inner = self.not_()
            return lambda s: not inner(s)
        if tok == "(":
            inner = self.or_()
            if self.peek() != ")":
                raise self.error("missing ')'")
            self.i += 1
            return inner
        if tok in (")", "and", "or"):
            self.i -= 1
            raise self.error(f"unexpected {tok!r}")
        if tok[:1] in "'\"":
            tok = tok[1:-1]
        return self.word(tok)


def _norm_tag(tag: str) -> str:
    return tag.lstrip("@").casefold()


def _keyword(word: str) -> Matcher:
    needle = word.casefold()
    tag = _norm_tag(word)

    def match(s: Scenario) -> bool:
        names = (s.name.casefold(), s.source.replace("\\", "/").rsplit("/", 1)[-1].casefold())
        return any(needle in n for n in names) or tag in {_norm_tag(t) for t in s.tags}

    return match


def _tag_only(word: str) -> Matcher:
    tag = _norm_tag(word)
    return lambda s: tag in {_norm_tag(t) for t in s.tags}


def compile_filter(expr: str, *, tags_only: bool = False) -> Matcher:
    """A predicate over scenarios for ``expr``. CaseError (a UserError) when the expression is malformed."""
    return _Parser(expr, _tag_only if tags_only else _keyword).parse()


def filter_cases(
    scenarios: Sequence[Scenario], keyword_expr: str | None = None, tags: str | Sequence[str] | None = None
) -> list[Scenario]:
    """The scenarios selected by a ``-k`` expression and a tag selection.

    Args:
        scenarios: Loaded scenarios.
        keyword_expr: pytest ``-k`` style: words (substrings of names, or tags) with and/or/not/parentheses.
        tags: A tag expression string (``"@smoke and not @slow"``), or a list of tags of which a
            scenario needs at least one.

    Raises:
        CaseError: the expression does not parse (its column is given).
    """
    keep: list[Matcher] = []
    if keyword_expr and keyword_expr.strip():
        keep.append(compile_filter(keyword_expr))
    if isinstance(tags, str):
        if tags.strip():
            keep.append(compile_filter(tags, tags_only=True))
    elif tags:
        wanted = {_norm_tag(t) for t in tags}
        keep.append(lambda s: bool(wanted & {_norm_tag(t) for t in s.tags}))
    return [s for s in scenarios if all(k(s) for k in keep)]
