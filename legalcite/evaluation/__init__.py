"""Evaluations against shared test data (used by tests and benchmarks)."""
