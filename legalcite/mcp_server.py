"""legalcite as an MCP server (``legalcite mcp``): the guard a drafting agent calls before it cites.

Four tools over the Model Context Protocol's stdio transport (the official ``mcp`` SDK, ``pip install
'legalcite[mcp]'``):

- ``extract``: text → every citation with its canonical key and span, as ``legalcite extract`` prints them;
- ``check``: text (and the question it answers) → every citation's status, reason and evidence, the record
  ``legalcite check`` writes for one answer (:func:`legalcite.checker.check_answer`);
- ``search``: a query → the units of a retrieval index, as ``legalcite search --format json`` lists them;
- ``print_key``: a canonical key → the citation as it is printed, in a language where the law has several.

:class:`Tools` does the work and raises :class:`~legalcite.errors.LegalciteError` for bad input; :func:`build_server`
wraps each in an MCP tool, so that bad input is a tool error result (``isError``) the agent reads, never the end of
the server. The ``mcp`` package is imported only here, inside :func:`build_server` (docs/agents.md).

No ``from __future__ import annotations``: the SDK reads the tools' parameter types from their annotations, which
must be objects (pydantic's ``Field``, imported with the SDK) rather than strings.
"""
import dataclasses
from dataclasses import replace
from typing import Annotated, Any, Literal, TYPE_CHECKING

from legalcite._version import __version__
from legalcite.checker import Answer, CheckOptions, check_answer
from legalcite.corpora.store import StoreError
from legalcite.errors import InputError, LegalciteError
from legalcite.jurisdictions import PACKAGES, parse_codes, print_key
from legalcite.pipeline import extract as citations_of
from legalcite.retrieval.access import need_index, open_index, search_index
from legalcite.status import Status

if TYPE_CHECKING:
    from legalcite.checker import CheckOptions

SERVER_NAME = "legalcite"


def _default_options() -> "CheckOptions":
    return CheckOptions()


@dataclasses.dataclass
class Tools:
    """What the MCP tools answer with: ``check``'s :class:`~legalcite.checker.CheckOptions` (its store, time budget
    and ``max_chars``, which also bounds the text of every tool), the index ``search`` reads (None: the tool says how
    to get one)."""

    options: "CheckOptions" = dataclasses.field(default_factory=_default_options)
    index: str | None = None
    _opened: Any = dataclasses.field(default=None, repr=False)   # the index, opened at the first search

    def extract(self, text: str, jurisdiction: str | None = None) -> dict[str, Any]:
        """``{"citations": [...]}``: each citation of ``text`` as :meth:`legalcite.models.Citation.to_dict` writes it
        (key, jurisdiction, kind, work, units, span, text, form)."""
        self._fits(text)
        return {"citations": [c.to_dict() for c in citations_of(text, jurisdiction=_code(jurisdiction))]}

    def check(self, text: str, question: str | None = None, jurisdiction: str | None = None) -> dict[str, Any]:
        """``{"citations": [...], "summary": {...}}``: the record ``legalcite check`` writes for ``text`` as one answer
        (each citation with status, reason and evidence; counts and the LexAssay deduction)."""
        self._fits(text)
        options = replace(self.options, jurisdiction=_code(jurisdiction))
        try:
            record = check_answer(Answer(1, None, text, question or None), options)
        except StoreError as e:
            raise InputError(f"{e} (start the server with --store PATH or set LEGALCITE_STORE)") from None
        if "error" in record:
            raise InputError(record["error"])
        return {"citations": record["citations"], "summary": record["summary"]}

    def search(self, query: str, k: int = 10, jurisdictions: list[str] | None = None,
               kind: str | None = None) -> dict[str, Any]:
        """``{"hits": [...]}``: the top ``k`` units of the index for ``query`` (rank, key, score, jurisdiction, heading,
        snippet, work title), as ``legalcite search --format json`` lists them."""
        if self.index is None:
            raise InputError("no retrieval index: start the server with --index DIR (build one with `legalcite index "
                             "build --kind bm25 -o DIR`)")
        if not query.strip():
            raise InputError("the query is empty")
        if k < 1:
            raise InputError(f"k must be at least 1, not {k}")
        ix = self.open_index()
        need_index(self.index, "the search tool", [kind] if kind else None)   # what the kind asked needs
        codes = [c for j in jurisdictions or [] if (c := _code(j)) is not None]  # a blank entry names none
        hits = search_index(ix, self.index, query, k, jurisdictions=codes or None,
                            kind=kind)
        return {"hits": [h.to_dict() for h in hits]}

    def open_index(self):
        """The index of ``search``, opened at the first call; a LegalciteError when none is there or an extra its
        kind needs is missing."""
        if self._opened is None:
            self._opened = open_index(self.index, "legalcite mcp --index")[0]
        return self._opened

    def print_key(self, key: str, language: str | None = None) -> dict[str, Any]:
        """``{"key", "printed"}``: ``key`` as its jurisdiction prints it (``de/bgb/s823/abs1`` → ``§ 823 Abs. 1 BGB``),
        in ``language`` where its printer has forms in several (treaties, EU acts)."""
        key = key.strip()
        code = key.split("/", 1)[0]
        if code not in PACKAGES or "/" not in key:
            raise InputError(f"{key!r} is not a canonical key (jurisdiction/work/unit/…; the jurisdictions are "
                             f"{', '.join(PACKAGES)})")
        printed = print_key(key, language)
        if printed == key:
            raise InputError(f"no printed form for {key!r}: {code}'s printer does not know it")
        return {"key": key, "printed": printed}

    def _fits(self, text: str) -> None:
        if len(text) > self.options.max_chars:
            raise InputError(f"the text has {len(text):,} characters, more than {self.options.max_chars:,}; send it "
                             "in parts")


def _code(jurisdiction: str | None) -> str | None:
    """A jurisdiction code read as ``--jurisdiction`` reads it (:func:`legalcite.jurisdictions.parse_codes`:
    ``us_ca`` is ``us-ca``); an error naming the codes for any other string."""
    if jurisdiction is None or not jurisdiction.strip():
        return None
    try:
        codes = parse_codes(jurisdiction.lower())
    except ValueError as e:
        raise InputError(str(e)) from None
    if len(codes) > 1:
        raise InputError(f"one jurisdiction, not {jurisdiction!r}")
    return codes[0]


def build_server(tools: Tools):
    """An ``mcp`` :class:`~mcp.server.mcpserver.MCPServer` whose tools are ``tools``' methods; a deliberate error is
    the tool's error result (:class:`~mcp.server.mcpserver.exceptions.ToolError`), a bug one too (the SDK's)."""
    from mcp.server.mcpserver import MCPServer  # mcp: mcp extra
    from mcp.server.mcpserver.exceptions import ToolError  # mcp: mcp extra
    from mcp.types import ToolAnnotations  # mcp: mcp extra
    from pydantic import Field  # pydantic: heavy

    statuses = ", ".join(s.value for s in Status)

    def guarded(method, *args: Any) -> dict[str, Any]:
        try:
            return method(*args)
        except LegalciteError as e:
            raise ToolError(str(e)) from None

    server = MCPServer(SERVER_NAME, version=__version__, log_level="WARNING", instructions=(
        f"Check legal citations before you rely on them: `check` gives every citation in a text a status ({statuses}) "
        "with its reason and evidence from the official statute snapshots; cite nothing whose status is invented or "
        "misattributed."))
    Text = Annotated[str, Field(description="the text (an answer, a draft, a passage) whose citations to read")]
    Code = Annotated[str | None,
                     Field(description=f"jurisdiction of citations that do not say ({', '.join(PACKAGES)})")]
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    @server.tool(annotations=read_only)
    def extract(text: Text, jurisdiction: Code = None) -> dict[str, Any]:
        """Every legal citation in the text with its canonical key (de/bgb/s823/abs1), span and form."""
        return guarded(tools.extract, text, jurisdiction)

    @server.tool(annotations=read_only, description=(
        f"Every citation in the text with its status ({statuses}), a reason and the evidence, checked against the "
        "statute snapshots; a summary with the counts and the LexAssay deduction (confirmed verdicts only; the "
        "unconfirmed ones listed apart)."))
    def check(text: Text,
              question: Annotated[str | None, Field(description="the question the text answers: a citation whose "
                                                    "sentence states nothing more is judged against it")] = None,
              jurisdiction: Code = None) -> dict[str, Any]:
        return guarded(tools.check, text, question, jurisdiction)

    @server.tool(annotations=read_only)
    def search(query: Annotated[str, Field(description="what to look for, in the law's language or another")],
               k: Annotated[int, Field(ge=1, le=100, description="how many units")] = 10,
               jurisdictions: Annotated[list[str] | None, Field(description="only these jurisdictions")] = None,
               kind: Annotated[Literal["bm25", "dense", "hybrid"] | None,
                               Field(description="ranking (default: the index's)")] = None) -> dict[str, Any]:
        """The statute units (provisions) of the retrieval index that best match the query: key, heading and a
        snippet of each."""
        return guarded(tools.search, query, k, jurisdictions, kind)

    @server.tool(annotations=read_only)
    def print_key(key: Annotated[str, Field(description="a canonical key such as de/bgb/s823/abs1")],
                  language: Annotated[str | None, Field(description="en, de, fr: for treaties and EU acts, which "
                                                        "are printed in several")] = None) -> dict[str, Any]:
        """A canonical key as the citation is printed (de/bgb/s823/abs1 → § 823 Abs. 1 BGB)."""
        return guarded(tools.print_key, key, language)

    return server
