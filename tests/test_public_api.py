"""The library shows itself (issue 32): ``dir()`` and ``help()`` list the public API and nothing this module imports
for itself, every public name has a docstring, the wheel carries ``py.typed``, and importing stays light."""
from __future__ import annotations

import inspect
import pydoc
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import legalcite

ROOT = Path(__file__).resolve().parents[1]


def _public(obj: object) -> list[tuple[str, object]]:
    """The methods and properties a class defines itself (not those of object, Enum or Exception)."""
    out = []
    for name, v in vars(obj).items():
        if name.startswith("_"):
            continue
        f = v.fget if isinstance(v, property) else getattr(v, "__func__", v)
        if callable(f):
            out.append((name, f))
    return out


def test_dir_lists_the_public_api_and_no_helper():
    names = dir(legalcite)
    for wanted in ("check", "annotate", "extract", "parse", "Citation", "CheckedCitation", "Status", "print_key",
                   "key_at", "LegalciteError", "__version__"):
        assert wanted in names
    for leaked in ("Any", "TYPE_CHECKING", "annotations", "importlib", "_LAZY", "_typing"):
        assert leaked not in names
    assert set(legalcite.__all__) <= set(names)


@pytest.mark.parametrize("name", [n for n in legalcite.__all__ if n != "__version__"])
def test_every_public_name_says_what_it_is(name):
    obj = getattr(legalcite, name)
    assert (inspect.getdoc(obj) or "").strip(), f"legalcite.{name} has no docstring"
    assert f":{'class' if isinstance(obj, type) else 'func'}:`{name}`" in legalcite.__doc__, \
        f"the module docstring does not list {name}"
    if isinstance(obj, type):
        for meth, f in _public(obj):
            assert (inspect.getdoc(f) or "").strip(), f"legalcite.{name}.{meth} has no docstring"


def test_help_shows_the_functions_and_classes():
    text = pydoc.render_doc(legalcite, renderer=pydoc.plaintext)
    assert "FUNCTIONS" in text and "CLASSES" in text
    for sig in ("check(text: 'str'", "annotate(text: 'str'", "extract(text: 'str'", "class Citation",
                "class CheckedCitation", "class LegalciteError"):
        assert sig in text
    functions = text.split("FUNCTIONS", 1)[1].split("DATA", 1)[0]
    assert "__getattr__" not in functions and "__dir__" not in functions


def test_import_stays_light():
    code = ("import sys, legalcite; dir(legalcite); "
            "print(sorted(m for m in ('lark', 'numpy', 'httpx') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nosuch'"):
        legalcite.nosuch  # noqa: B018


def test_the_wheel_ships_py_typed(tmp_path):
    """Type checkers read the hints only from a package that says it has them (PEP 561)."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "legalcite", src / "legalcite", ignore=shutil.ignore_patterns("__pycache__"))
    code = "import sys, setuptools.build_meta as b; print(b.build_wheel(sys.argv[1]))"
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "dist")], cwd=src, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    wheel = tmp_path / "dist" / done.stdout.split()[-1]
    assert "legalcite/py.typed" in zipfile.ZipFile(wheel).namelist()
