"""Test doubles that speak real wire protocols (loopback servers for tests and benchmarks)."""
