"""The test runner: test files -> scenarios -> results -> reports."""
