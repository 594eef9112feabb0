"""Core values are pure; their tests need no fixtures with I/O.

Hypothesis settings are applied per test (``@settings``), never as a global profile,
so other areas' property tests keep their own.
"""
