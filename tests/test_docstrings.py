"""Every public class and function of the package says its contract in a docstring (issue 33). A method may go
without one only where a documented definition of the same name already says it: a base class of the project, a
``Protocol`` it implements (sources, embedders, structure parsers, caches), an attribute a base declares (an
extractor's ``anchor``), or Lark's ``Transformer``, whose rule callbacks the class's own docstring describes.
``@overload`` stubs lean on their implementation; each CLI module's ``register`` follows the convention of
``legalcite/cli/__init__.py``."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "legalcite"

Def = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _trees() -> dict[Path, ast.Module]:
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.rglob("*.py"))}


def _name(expr: ast.expr) -> str:
    """The last dotted name of a base class expression (``lark.Transformer`` → ``Transformer``; ``Generic[T]`` →
    ``Generic``)."""
    if isinstance(expr, ast.Subscript):
        expr = expr.value
    return ast.unparse(expr).rsplit(".", 1)[-1]


def _methods(cls: ast.ClassDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def test_public_definitions_have_docstrings() -> None:
    trees = _trees()
    classes = {n.name: n for t in trees.values() for n in ast.walk(t) if isinstance(n, ast.ClassDef)}

    def documented_in(cls_name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        """The member names a project class or its project bases document: methods with a docstring, and attributes
        it declares (``anchor: str`` of ``core.scan.Extractor``, which a subclass may serve as a property)."""
        cls = classes.get(cls_name)
        if cls is None or cls_name in seen:
            return set()
        own = {m.name for m in _methods(cls) if ast.get_docstring(m)}
        own |= {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
        return own.union(*(documented_in(_name(b), seen | {cls_name}) for b in cls.bases))

    protocol_members = set().union(*(documented_in(c.name) for c in classes.values()
                                     if "Protocol" in {_name(b) for b in c.bases}))
    missing = []

    def visit(body: list[ast.stmt], path: Path, owner: ast.ClassDef | None) -> None:
        for node in body:
            if not isinstance(node, Def) or node.name.startswith("_"):
                continue
            if ast.get_docstring(node) is None and not _excused(node, path, owner):
                missing.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}")
            if isinstance(node, ast.ClassDef):
                visit(node.body, path, node)

    def _excused(node: Def, path: Path, owner: ast.ClassDef | None) -> bool:
        if isinstance(node, ast.ClassDef):
            return False
        if "overload" in {_name(d) for d in node.decorator_list}:
            return True
        if owner is None:
            return path.parent.name == "cli" and node.name == "register"
        bases = {_name(b) for b in owner.bases}
        return ("Transformer" in bases or node.name in protocol_members
                or any(node.name in documented_in(b) for b in bases))

    for path, tree in trees.items():
        visit(tree.body, path, None)
    assert not missing, f"{len(missing)} public definitions without a docstring:\n" + "\n".join(missing)
