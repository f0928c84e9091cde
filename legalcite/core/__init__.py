"""Shared mechanisms of the pipeline, with no jurisdiction knowledge: scan, parse, link dispatch, data tables."""
