"""A YAML step with ": " in it is a one-key mapping to YAML: taken as the text it was meant to be (issue 10)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tapwright.runner.cases import CaseError, load_file


def _load(tmp_path: Path, step: str) -> str:
    path = tmp_path / "t.yaml"
    path.write_text(f"name: t\nsteps:\n  {step}\n", encoding="utf-8")
    return load_file(path)[0].steps[0].text


def test_a_colon_step_is_taken_as_its_text_with_a_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="tapwright.runner.cases"):
        assert _load(tmp_path, "- Then the title should be: Library") == "Then the title should be: Library"
    assert "Quote the step" in caplog.text
    assert _load(tmp_path, "- 'Enter the user name: sam'") == "Enter the user name: sam"
    assert _load(tmp_path, "- Wait for: 2") == "Wait for: 2"


def test_a_colon_step_whose_value_yaml_changed_says_how_to_quote_it(tmp_path: Path) -> None:
    with pytest.raises(CaseError) as err:
        _load(tmp_path, "- Remember me: yes")  # YAML made "yes" a boolean: the text is lost
    assert "quote it" in str(err.value)


def test_a_colon_step_whose_value_yaml_took_for_a_comment_gets_it_back(tmp_path: Path) -> None:
    # YAML reads " #5511" as a comment: the mapping's value is None, but the source line still has it.
    assert _load(tmp_path, "- Click the View button for order: #5511") == "Click the View button for order: #5511"
    assert _load(tmp_path, "- Then the page should say:") == "Then the page should say:"
    assert _load(tmp_path, "- Click Save: # a real comment") == "Click Save: # a real comment"
