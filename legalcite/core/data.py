"""Data tables of a jurisdiction package, ``<package>/data/<file>``: hand-kept ``*.json`` and generated
``*.json.gz``, each loaded once, on first use.

Generated tables are written by the package's ``build`` module (``python -m legalcite.jurisdictions.<pkg>.build``,
or all of them with ``python -m legalcite.jurisdictions.build``) deterministically — sorted keys, a fixed gzip
mtime — so a rebuild is byte-identical and a test can check that the shipped files equal a fresh build.
"""
from __future__ import annotations

import contextlib
import functools
import gc
import importlib
import json
import sys
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar, cast

from legalcite._util import cache_dir, shared_dir

T = TypeVar("T")


@contextlib.contextmanager
def without_gc() -> Iterator[None]:
    """Build a large table that lives as long as the process without the cyclic collector: none of its objects is
    garbage, and a full collection triggered half-way through costs more than the build itself (tens of ms at
    start-up)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@functools.cache
def load(package: str, name: str) -> Any:
    """``<package>/data/<name>`` parsed (a ``.gz`` file decompressed first); cached per process. (gzip and
    importlib.resources are imported here, not at start-up: a run that needs no table never pays for them.)"""
    from importlib import resources  # start-up: kept off `legalcite --help`

    raw = resources.files(package).joinpath("data").joinpath(name).read_bytes()
    if name.endswith(".gz"):
        import gzip  # start-up: kept off `legalcite --help`

        raw = gzip.decompress(raw)
    with without_gc():
        return json.loads(raw)


def derived(package: str, name: str, build: Callable[[], T], *, inputs: tuple[str, ...],
            depends: tuple[str, ...] = ()) -> T:
    """What ``build()`` makes from a package's tables (an index of law names), kept on disk so that a process
    starts without rebuilding it: ``legalcite parse`` pays a pickle load instead of the build.

    The file, in the user cache dir (``$LEGALCITE_CACHE/derived``), is named by a digest of the ``inputs`` tables'
    bytes, the source of the module that defines ``build`` and of the modules it ``depends`` on (names, e.g.
    ``legalcite.keys``), and the Python version, so a changed table or changed code never reads an old structure.
    An unreadable or foreign file is rebuilt; a cache that cannot be written only costs the build (as Lark's
    grammar cache, which is pickled the same way)."""
    import hashlib  # start-up: kept off `legalcite --help`
    import pickle  # start-up: kept off `legalcite --help`

    from importlib import resources  # start-up: kept off `legalcite --help`

    h = hashlib.sha256(f"{name}|{sys.version_info[:2]}|{pickle.HIGHEST_PROTOCOL}".encode())
    for table in inputs:
        h.update(resources.files(package).joinpath("data").joinpath(table).read_bytes())
    for module_name in (getattr(build, "__module__", ""), *depends):
        module = sys.modules.get(module_name) or importlib.import_module(module_name)
        source = getattr(module, "__file__", None)
        if source:
            h.update(Path(source).read_bytes())
    path = _derived_dir() / f"{package.rsplit('.', 1)[-1]}-{name}-{h.hexdigest()[:20]}.pickle"
    try:
        with without_gc():
            return cast(T, pickle.loads(path.read_bytes()))  # the file holds what ``build`` returned
    except Exception:  # not there yet, or a truncated or foreign file: build (over it)
        pass
    with without_gc():
        value = build()
    try:
        from legalcite.io.files import atomic_write_bytes  # start-up: kept off `legalcite --help`

        atomic_write_bytes(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # a read-only or full cache dir: the built value is still good
        pass
    return value


def _derived_dir() -> Path:
    return cache_dir() / "derived"


def data_dir(package: str) -> Path:
    """The folder a package's generated tables are written to (a source checkout)."""
    from importlib import resources  # start-up: kept off `legalcite --help`

    return Path(str(resources.files(package).joinpath("data")))


def dumps(obj: Any) -> bytes:
    """A generated table's bytes: compact sorted JSON, gzip with mtime 0 (byte-identical rebuilds)."""
    import gzip  # start-up: kept off `legalcite --help`

    raw = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    return gzip.compress(raw, compresslevel=9, mtime=0)


def default_corpora() -> Path:
    """The snapshots' folder of :func:`legalcite._util.shared_dir`."""
    return shared_dir() / "corpora"


def build_tables(package: str, corpora: Path) -> dict[str, bytes]:
    """Run ``<package>.build.build(corpora)`` (``{table name: JSON-ready object}``): file name → bytes."""
    tables = importlib.import_module(f"{package}.build").build(corpora)
    return {f"{name}.json.gz": dumps(obj) for name, obj in tables.items()}


def write_tables(package: str, corpora: Path) -> list[str]:
    """Rebuild and write a package's generated tables; returns one line per file written."""
    out = []
    for name, data in build_tables(package, corpora).items():
        (data_dir(package) / name).write_bytes(data)
        out.append(f"wrote {package.rsplit('.', 1)[-1]}/data/{name} ({len(data):,} bytes)")
    return out


def main(packages: dict[str, str], argv: list[str] | None = None, description: str | None = None) -> int:
    """The ``python -m …build`` entry point: rebuild the generated tables of ``packages`` (code → package)
    from ``--corpora``; ``--only`` picks some of them."""
    import argparse  # start-up: kept off `import legalcite`

    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--corpora", type=Path, default=None, help="the snapshot folder (default: ../shared/corpora)")
    if len(packages) > 1:
        ap.add_argument("--only", nargs="*", choices=sorted(packages), help="jurisdictions to rebuild (default: all)")
    args = ap.parse_args(argv)
    corpora = args.corpora or default_corpora()
    if not corpora.is_dir():
        print(f"corpora folder not found: {corpora}", file=sys.stderr)
        return 2
    for code, package in packages.items():
        if getattr(args, "only", None) and code not in args.only:
            continue
        for line in write_tables(package, corpora):
            print(line)
    return 0
