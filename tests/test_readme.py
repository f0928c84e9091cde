"""Every command of README.md runs as written on a fresh clone (issue 26).

The commands are read from the README itself: each line of its ``bash`` blocks, each command in the ``command``
column of its tables, and its ``python`` block (where a line's comment is a Python value, the line must give it).
The repository's files (tracked and new, as ``git`` lists them) are copied into a temporary directory beside a
``shared/`` that holds the test-size corpora (``subset_corpora`` of ``tests/conftest.py``: every table of contents,
the full text of a few laws) and the shared test data, so ``../shared/…`` means what it means beside a real clone;
the store goes to ``$LEGALCITE_STORE`` there. Commands run with ``bash`` in that directory, in README order, with
the installed ``legalcite`` and ``python`` importing the copy; each must exit 0 without a traceback, and a command
whose inputs another README command makes (``-o stard.jsonl``) runs after that one.

:data:`RUNS` lists what is not run exactly as written, and why: heavy benchmarks get the documented flags that
make them small (the full runs are what the README's figures come from), and the two set-up commands are checked
rather than run (``pip install`` would reinstall the package under test; ``.ci/run`` runs this suite). A row whose
command left the README fails :func:`test_every_deviation_is_still_a_readme_command`.
"""
from __future__ import annotations

import ast
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SHARED = Path(os.environ.get("LEGALCITE_SHARED", ROOT.parent / "shared"))
COMMAND_WORDS = ("legalcite", "python", "pytest", "pip", "bash")
HANG = 3600   # seconds before a command is taken to hang (a guard, not a speed limit)

pytestmark = pytest.mark.slow


# ------------------------------------------------------------------ the README's commands

def readme_commands(text: str | None = None) -> list[str]:
    """The shell commands of the README in order: lines of ``bash``/``sh`` blocks (comments dropped, ``\\``
    continuations joined) and the commands in a table's ``command`` column."""
    text = README.read_text(encoding="utf-8") if text is None else text
    out: list[str] = []
    block: str | None = None
    column: int | None = None
    pending = ""
    for line in text.splitlines():
        fence = re.match(r"\s*```(\w*)", line)
        if fence:
            block = None if block is not None else fence.group(1)
            continue
        if block in ("bash", "sh", "shell"):
            line = pending + _strip_comment(line).strip()
            pending = ""
            if line.endswith("\\"):
                pending = line[:-1] + " "
            elif line:
                out.append(line)
            continue
        if block is not None:
            continue
        cells = _cells(line)
        if not cells:
            column = None
        elif "command" in cells:
            column = cells.index("command")
        elif column is not None and not set(line.replace("|", "").strip()) <= set("-: "):
            out += [c for c in re.findall(r"`([^`]+)`", cells[column]) if c.split()[0] in COMMAND_WORDS]
    return out


def readme_python() -> str:
    """The README's ``python`` block."""
    return re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S).group(1)


def _cells(line: str) -> list[str]:
    """A markdown table row's cells (``\\|`` inside a cell is a pipe, not a border); [] for any other line."""
    if not line.lstrip().startswith("|"):
        return []
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]


def _split_comment(line: str) -> tuple[str, str]:
    """A shell line and its trailing ``# comment`` (a ``#`` inside quotes or a word is not one)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ""


def _strip_comment(line: str) -> str:
    return _split_comment(line)[0]


def _comment(line: str) -> str:
    """The trailing comment of a README line (what it says the command prints)."""
    return _split_comment(line)[1]


COMMANDS = readme_commands()


# ------------------------------------------------------------------ what is not run exactly as written

@dataclass(frozen=True)
class Reduced:
    """Run with ``extra`` appended (documented flags of the command that make it small; ``{tmp}`` is the clone's
    parent directory, ``{shared}`` the full shared folder); ``why`` says what the full run costs."""

    extra: str
    why: str


@dataclass(frozen=True)
class Checked:
    """Not run here; ``check`` (a method of :class:`Clone`) checks what it would do instead; ``why`` says why."""

    check: str
    why: str


RUNS: dict[str, Reduced | Checked] = {
    "bash .ci/run": Checked("ci_script", "it installs the package and runs this test suite: here it would recurse"),
    "python benchmarks/extract_speed.py --mb 2": Reduced("--mb 0.1 --repeat 1", "2 MB per language, twice"),
    "python benchmarks/de_vs_refex.py --repeat 7": Reduced("--repeat 1 --mb 0.1", "seven timed runs of each tool"),
    "python benchmarks/worst_case.py": Reduced(
        "--sizes 0.01,0.02 --only '^(de §§ range|ch Art. OR|us parallel)' --extract-limit 1000 --check-limit 1000 "
        "--growth 1000", "190 patterns at 0.2 and 1 MB through extract and check: an hour (the bars are the full "
        "run's; at 10 kB the start of each command is most of its time)"),
    "python benchmarks/us_vs_eyecite.py --repeat 3": Reduced(
        "--repeat 1 --no-memory --text {tmp}/us_opinions_sample.txt", "eyecite takes 100 s over the 1.73 MB"),
    "python -m legalcite.evaluation.ch": Reduced("--shared {shared}", "its gold's texts are rows of the full corpora"),
    "python -m legalcite.evaluation.eu": Reduced("--shared {shared}", "its gold's texts are rows of the full corpora"),
    "python benchmarks/check_attribution.py --shipped": Reduced("--sets de-claims,cn-stard,us-heading",
                                                                "20 sets of swap tests on the test-size store"),
    "python benchmarks/check_verdicts.py": Reduced("--only model --no-cli",
                                                   "132 texts through the library and the CLI, real texts hashed"),
    "python benchmarks/check_speed.py --workers 2": Reduced("--n 40", "2,249 answers, twice"),
    "legalcite corpus build --force": Reduced("--jurisdictions cn --store {tmp}/rebuilt.sqlite",
                                              "the whole store again (the first command builds it whole)"),
    "python benchmarks/startup.py": Reduced("--runs 1", "five cold starts"),
    "python benchmarks/bm25_speed.py": Reduced("--limit 1000 --queries 10 --oracle-queries 2",
                                               "52,667 units; rank-bm25 takes 1.4 s a query"),
    "legalcite retrieval queries stard ../shared/testdata/stard_queries.jsonl -o stard.jsonl": Reduced(
        "--limit 40", "1,543 queries: every gold unit would be embedded below"),
    "legalcite retrieval queries de-ler ../shared/testdata/de_ler_test.jsonl -o ler.jsonl": Reduced(
        "--limit 120", "191 queries (of the first 120, enough cite the few laws of the test-size corpora to train on)"),
    "legalcite index build --jurisdiction cn --kind hybrid -o cn_full": Reduced(
        "--gold stard.jsonl --distractors 30", "37,655 articles embedded: 40 minutes"),
    "legalcite index build --jurisdiction de --kind hybrid -o de_full": Reduced(
        "--gold ler.jsonl --distractors 30", "22,742 units embedded: 53 minutes"),
    "legalcite retrieval cv cn_full stard.jsonl": Reduced("--depth 200 --candidates 400",
                                                          "each fold's reranker over 2,000 candidates per query"),
    "legalcite retrieval cv de_full ler.jsonl": Reduced("--depth 200 --candidates 400",
                                                        "each fold's reranker over 2,000 candidates per query"),
    "python benchmarks/rerank_speed.py cn_full stard.jsonl": Reduced("--queries-timed 5", "200 timed queries"),
    "python benchmarks/scale.py --n 2000": Reduced("--n 20 --workers 1 --partition 10",
                                                   "2,000 answers on clusters of 1 and 2 workers"),
}


def test_every_deviation_is_still_a_readme_command():
    assert not set(RUNS) - set(COMMANDS), "rows of RUNS for commands the README no longer has"


def test_the_readme_is_read_whole():
    """What the reader finds in the README's shapes: bash lines (comments, continuations), table columns."""
    text = ("```bash\nlegalcite parse \"§ 1 BGB\"   # de/bgb/s1\nlegalcite index build \\\n  -o X  # a comment\n"
            "# only a comment\n```\n\n| what | command | figure |\n|---|---|---|\n"
            "| a | `python b.py --n 2` (after `corpus embed`) | `x \\| y` |\n| b | `legalcite retrieval cv A q.jsonl`,"
            " `python -m legalcite.evaluation.ch` | 1 |\n\nprose `legalcite corpus cases`\n")
    assert readme_commands(text) == ['legalcite parse "§ 1 BGB"', "legalcite index build  -o X",
                                     "python b.py --n 2", "legalcite retrieval cv A q.jsonl",
                                     "python -m legalcite.evaluation.ch"]
    assert _comment('legalcite parse "§ 1 # BGB"   # de/bgb/s1') == "de/bgb/s1"
    assert len(COMMANDS) > 20 and COMMANDS[0].startswith("pip install -e . && legalcite corpus build")


# ------------------------------------------------------------------ the clone

class Clone:
    """The repository's files copied to ``tmp/legalcite`` beside ``tmp/shared``; runs README commands there."""

    def __init__(self, tmp: Path, corpora: Path) -> None:
        self.tmp = tmp
        self.root = tmp / "legalcite"
        shared = tmp / "shared"
        shared.mkdir()
        (shared / "corpora").symlink_to(corpora)
        (shared / "testdata").symlink_to(SHARED / "testdata")
        _copy_repository(ROOT, self.root)
        blocks = (shared / "testdata" / "us_opinions.txt").read_text(encoding="utf-8").split("\n\n")
        (tmp / "us_opinions_sample.txt").write_text("\n\n".join(blocks[:25]), encoding="utf-8")
        self.env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
                    "PYTHONPATH": str(self.root), "LEGALCITE_SHARED": str(shared),
                    "LEGALCITE_STORE": str(tmp / "store.sqlite"), "LEGALCITE_CACHE": str(tmp / "cache"),
                    "PYTHONDONTWRITEBYTECODE": "1"}  # a clone's caches are its own (and gone with it)
        self.env.pop("LEGALCITE_CORPORA", None)
        self.done: dict[str, subprocess.CompletedProcess] = {}

    def shell(self, command: str) -> subprocess.CompletedProcess:
        """One step, once (a command that makes another's input may already have run for it)."""
        if command not in self.done:
            self.done[command] = subprocess.run(["bash", "-c", command], cwd=self.root, env=self.env,
                                                capture_output=True, text=True, timeout=HANG)
        return self.done[command]

    def steps(self, command: str) -> list[str]:
        """The steps of a README command as this test runs them: ``&&`` parts, reduced forms applied."""
        run = RUNS.get(command)
        extra = f" {run.extra.format(tmp=self.tmp, shared=SHARED)}" if isinstance(run, Reduced) else ""
        return [p.strip() for p in (command + extra).split("&&")]

    def run(self, command: str) -> list[tuple[str, subprocess.CompletedProcess | None]]:
        """Run a README command (its inputs made first); ``(step, result)`` per step, None for a checked one."""
        if isinstance(RUNS.get(command), Checked):
            getattr(self, RUNS[command].check)(command)
            return [(command, None)]
        out = []
        for step in self.steps(command):
            if step.startswith("pip install"):
                self.pip_install(step)
                out.append((step, None))
                continue
            for maker in self.makers_of(step):
                for made in self.steps(maker):
                    assert self.shell(made).returncode == 0, f"{made}:\n{self.done[made].stderr[-3000:]}"
            out.append((step, self.shell(step)))
        return out

    def makers_of(self, step: str) -> list[str]:
        """README commands that make a file ``step`` reads (``-o stard.jsonl``); the store is made first of all
        (:func:`clone`)."""
        words = set(shlex.split(step))
        return [c for c in COMMANDS if (m := re.search(r" -o (\S+)$", c)) and m.group(1) in words and c not in step]

    # -- the checks instead of a run

    def pip_install(self, step: str) -> None:
        """``pip install -e .`` / ``-e '.[extra]'`` names this project and extras it declares, all installed
        here (.ci/run installed them); running it would reinstall the package under test."""
        from legalcite.extras import EXTRAS, require

        target = shlex.split(step)[-1]
        assert target.split("[")[0] == ".", step
        for extra in re.findall(r"[\w-]+", target.partition("[")[2]):
            assert extra in EXTRAS, f"{step}: no extra {extra!r} in pyproject.toml"
            require(extra, step)

    def ci_script(self, command: str) -> None:
        """``.ci/run`` is valid bash, installs the test extras and ends by running the test suite; it says what it
        does before each long step (apt-get, pip, pytest), and pip is not silenced (issue 32: a CI log sat silent
        for minutes)."""
        script = self.root / ".ci" / "run"
        assert subprocess.run(["bash", "-n", str(script)], capture_output=True).returncode == 0
        lines = script.read_text(encoding="utf-8").rstrip().splitlines()
        pip = next(i for i, line in enumerate(lines) if "pip install" in line)
        assert '-e ".[test]"' in lines[pip] and " -q" not in lines[pip] and "--progress-bar off" in lines[pip]
        assert lines[-1].startswith("python -m pytest")
        for step in (pip, len(lines) - 1, next(i for i, line in enumerate(lines) if "apt-get install" in line)):
            assert lines[step - 1].strip().startswith("say "), f"nothing said before: {lines[step]}"


def _copy_repository(src: Path, dst: Path) -> None:
    """What a clone holds: the files git tracks and the new ones it does not ignore (the whole tree, less caches
    and virtual environments, outside git)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=src, check=True,
                                capture_output=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.egg-info"))
        return
    for rel in filter(None, listed):
        if (src / rel).is_file():
            (dst / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src / rel, dst / rel)


@pytest.fixture(scope="module")
def clone(subset_corpora: Path, tmp_path_factory: pytest.TempPathFactory) -> Clone:
    c = Clone(tmp_path_factory.mktemp("fresh_clone"), subset_corpora)
    where = c.shell("python -c 'import legalcite; print(legalcite.__file__)'").stdout.strip()
    assert where.startswith(str(c.root)), f"legalcite imported from {where}, not the clone"
    store = next(step for command in COMMANDS for step in c.steps(command) if step.startswith("legalcite corpus build"))
    c.shell(store)  # what most commands read; its own test reports how it went
    return c


# ------------------------------------------------------------------ the runs

@pytest.mark.parametrize("command", COMMANDS, ids=[c[:70] for c in COMMANDS])
def test_readme_command_runs(clone: Clone, command: str):
    for step, result in clone.run(command):
        if result is None:
            continue
        said = f"$ {step}\n--- stdout\n{result.stdout[-2000:]}\n--- stderr\n{result.stderr[-4000:]}"
        assert result.returncode == 0, said
        assert "Traceback (most recent call last)" not in result.stderr, said
    line = next((raw for raw in README.read_text(encoding="utf-8").splitlines() if raw.startswith(command)), "")
    promised = _comment(line).split()
    if promised and all("/" in word for word in promised):  # the comment names the keys the command prints
        assert clone.done[command].stdout.split() == promised


def test_readme_python_block_runs_and_gives_what_its_comments_say(clone: Clone):
    """Each line whose comment is a Python value (``# ['de/bgb/s823/abs1']``; ``…`` for values left out) must
    give that value."""
    lines = []
    for line in readme_python().splitlines():
        code, comment = _python_comment(line)
        if comment is not None:
            shown = re.sub(r",?\s*…\s*$", "", comment)
            try:
                value = ast.literal_eval(shown)
            except (ValueError, SyntaxError):
                value = None
            if value is not None:
                n = len(value) if isinstance(value, tuple) and shown != comment else None
                got = f"({code})" if n is None else f"({code})[:{n}]"
                line = f"assert {got} == {value!r}, {got}"
        lines.append(line)
    result = clone.shell("python - <<'EOF'\n" + "\n".join(lines) + "\nEOF")
    assert result.returncode == 0, result.stderr[-3000:]


def _python_comment(line: str) -> tuple[str, str | None]:
    """A Python line split into its code and its trailing comment (None when it has none)."""
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(line).readline))
    except (tokenize.TokenError, SyntaxError):
        return line, None
    for tok in toks:
        if tok.type == tokenize.COMMENT:
            return line[: tok.start[1]].rstrip(), tok.string.lstrip("#").strip()
    return line, None
