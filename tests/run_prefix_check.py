"""What tests/eu and tests/ch check of core.parse.run_prefix: on every window their extractor parses, it gives what
longest_prefix gives."""
from __future__ import annotations

import pytest


def spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, str, dict]]:
    """Record (parser, window, keyword arguments) of every run_prefix call from now on."""
    from legalcite.core import parse

    seen: list[tuple[object, str]] = []
    real = parse.run_prefix

    def record(parser, window, start=None, **kwargs):
        seen.append((parser, window, kwargs))
        return real(parser, window, start, **kwargs)

    monkeypatch.setattr(parse, "run_prefix", record)
    return seen


def agree(seen: list[tuple[object, str, dict]], real) -> int:
    """Assert run_prefix (``real``) and longest_prefix give the same prefix on each window; return how many were read
    in one pass (the window's run of tokens parsed whole)."""
    from legalcite.core import parse

    whole = 0
    for parser, window, kwargs in seen:
        fast, slow = real(parser, window, **kwargs), parse.longest_prefix(parser, window)
        assert (fast is None) == (slow is None), window
        if fast is not None:
            assert (fast.tree, fast.end, fast.truncated) == (slow.tree, slow.end, slow.truncated), window
            run = parse.token_run(parser).match(window)
            whole += run is not None and run.end() == fast.end
    return whole
