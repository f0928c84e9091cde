"""No import cycle, between modules or between packages, counting the imports inside functions too (issue 33; the
layers are in docs/architecture.md). A lazy import hides a cycle from Python, not from the design: what two upper
modules share belongs below both."""
from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

import legalcite

ROOT = Path(legalcite.__file__).parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = ("legalcite", *path.relative_to(ROOT).with_suffix("").parts)
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The legalcite modules ``name`` imports anywhere in it, but for ``if TYPE_CHECKING:`` blocks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for top in tree.body if isinstance(top, ast.If) and "TYPE_CHECKING" in ast.unparse(top.test)
                   for n in ast.walk(top)}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in MODULES}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            for a in node.names:
                target = f"{base}.{a.name}"
                out.add(target if target in MODULES else base)
    return {m for m in out if m in MODULES and m != name}


def _package(module: str) -> str:
    """``legalcite.<package>``; each jurisdiction's package apart from the registry."""
    parts = module.split(".")
    if parts[:2] == ["legalcite", "jurisdictions"] and len(parts) > 2 and (
            len(parts) > 3 or MODULES[module].name == "__init__.py"):
        return ".".join(parts[:3])
    return ".".join(parts[:2])


GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


@pytest.mark.parametrize("level", ["module", "package"])
def test_no_import_cycle(level):
    of = (lambda m: m) if level == "module" else _package
    graph: dict[str, set[str]] = {}
    for module, targets in GRAPH.items():
        graph.setdefault(of(module), set()).update(of(t) for t in targets if of(t) != of(module))
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as e:
        pytest.fail(f"an import cycle between {level}s: {' -> '.join(e.args[1])}")


def test_the_graph_is_read():
    """The test above cannot pass by reading nothing: known edges are found, inside functions too."""
    assert "legalcite.llm" in GRAPH["legalcite.attribution.opinion"]
    assert "legalcite.retrieval.dense" in GRAPH["legalcite.attribution.core"]   # an import inside a function
    assert "legalcite.jurisdictions.ch.printer" in GRAPH["legalcite.jurisdictions.intl.printer"]
