"""Test case loaders: YAML, Markdown and Gherkin files (and folders of them) -> Scenarios.

    from tapwright.runner.cases import load_cases, filter_cases
    scenarios = filter_cases(load_cases(["tests/"]), keyword_expr="login and not slow")

See the README (test case formats) for the formats.
"""

from tapwright.runner.cases._discover import SUFFIXES, load_cases, load_cases_each, load_file
from tapwright.runner.cases._errors import CaseError
from tapwright.runner.cases._filter import compile_filter, filter_cases

__all__ = ["SUFFIXES", "CaseError", "compile_filter", "filter_cases", "load_cases", "load_cases_each", "load_file"]
