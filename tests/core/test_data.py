"""Every registered package's grammars build strictly and its shipped tables equal a fresh build."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite import jurisdictions
from legalcite.core.data import build_tables, data_dir
from legalcite.core.parse import grammar_text
from legalcite.jurisdictions.build import builders

ROOT = Path(__file__).resolve().parents[2]
GRAMMARS = sorted(p.relative_to(ROOT / "legalcite" / "jurisdictions")
                  for p in (ROOT / "legalcite" / "jurisdictions").glob("*/*.lark"))


@pytest.mark.parametrize("path", GRAMMARS, ids=str)
def test_grammars_build_strict(path: Path) -> None:
    pytest.importorskip("interegular")  # a third-party optional dependency of Lark's strict mode
    from lark import Lark

    text = grammar_text(f"legalcite.jurisdictions.{path.parent.name}", path.stem)
    Lark(text, parser="lalr", lexer="contextual", strict=True)


def test_the_builders_are_found_through_the_registry() -> None:
    assert {"de", "cn", "us", "us-ca"} <= set(builders()) <= set(jurisdictions.PACKAGES)


@pytest.mark.parametrize("code", sorted(builders()))
def test_shipped_tables_equal_a_fresh_build(code: str, corpora_dir: Path) -> None:
    package = builders()[code]
    fresh = build_tables(package, corpora_dir)
    assert fresh, f"{package}.build builds nothing"
    for name, data in fresh.items():
        shipped = data_dir(package) / name
        hint = f"run python -m {package}.build"
        assert shipped.exists(), f"{name} not shipped: {hint}"
        assert shipped.read_bytes() == data, f"{package.rsplit('.', 1)[-1]}/data/{name} is stale: {hint}"
