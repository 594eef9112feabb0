"""Which earlier example a docs example continues (``<!-- example: after=NAME -->``): pure, no example runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from docs_examples import Example, blocks, chain, collect, continued

PAGE = """# A page

<!-- example: name=init -->
```bash
tapwright init
```

<!-- example: after=init name=run -->
```bash
tapwright run tests/
```

```bash
tapwright plan 'Click Save'
```

<!-- example: after=run exit=1 -->
```bash
tapwright run tests/failing.yaml
```

<!-- example: skip name=x after=init needs a phone -->
```bash
adb devices
```
"""


def _examples(tmp_path: Path, text: str = PAGE) -> list[Example]:
    (tmp_path / "page.md").write_text(text, encoding="utf-8")
    return collect(tmp_path)


def test_directives_combine_and_skip_takes_the_rest_as_its_reason(tmp_path: Path) -> None:
    init, run, plan, failing, skipped = _examples(tmp_path)
    assert (init.name, init.after) == ("init", None)
    assert (run.name, run.after) == ("run", "init")
    assert (plan.name, plan.after) == (None, None)
    assert (failing.after, failing.exit_code) == ("run", 1)
    assert skipped.skip_reason == "name=x after=init needs a phone" and skipped.after is None and skipped.name is None


def test_an_example_continues_the_named_one_and_alone_runs_its_whole_chain_first(tmp_path: Path) -> None:
    examples = _examples(tmp_path)
    init, run, plan, failing, _ = examples
    assert continued(init, examples) is None and chain(init, examples) == []
    assert continued(run, examples) == init and chain(run, examples) == [init]
    assert chain(plan, examples) == []  # not declared: it runs in a fresh folder of its own
    assert chain(failing, examples) == [init, run]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("<!-- example: after=init -->\n```bash\ntrue\n```\n<!-- example: name=init -->\n```bash\ntrue\n```\n",
         "names 0 earlier examples"),  # a name further down the page is no earlier example
        ("<!-- example: after=nope -->\n```bash\ntrue\n```\n", "names 0 earlier examples"),
        ("<!-- example: serve name=s -->\n```bash\ntapwright demo serve\n```\n"
         "<!-- example: after=s -->\n```bash\ntrue\n```\n", "names a server"),
    ],
)
def test_a_continuation_of_nothing_runnable_is_refused(tmp_path: Path, text: str, words: str) -> None:
    examples = _examples(tmp_path, text)
    with pytest.raises(ValueError, match=words):
        chain(examples[-1] if "serve" in text else examples[0], examples)


def test_a_name_on_another_page_is_not_continued(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("<!-- example: name=init -->\n```bash\ntrue\n```\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("<!-- example: after=init -->\n```bash\ntrue\n```\n", encoding="utf-8")
    examples = collect(tmp_path)
    with pytest.raises(ValueError, match="names 0 earlier examples"):
        continued(examples[1], examples)
    assert [line for line, *_ in blocks((tmp_path / "b.md").read_text())] == [2]
