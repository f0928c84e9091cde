"""The U.S. Code's part of the store resolver (its ``StoreRules.missing_unit_at``): a section the shared list does
not hold.

The list (``us_usc_sections``) holds the sections **in force** only; OLRC's former sections — transferred
(``42 U.S.C. § 1973`` → ``52 U.S.C. § 10301``), repealed, omitted, renumbered — are left out. So a section missing
from it is, in order:

1. listed as a former section in ``legalcite/jurisdictions/us/data/usc_dispositions.json`` (read from OLRC's own
   status stubs and notes by ``scripts/usc_dispositions.py``) → ``repealed``, with its successor(s) and OLRC's note;
2. in a title the Code does not have (``99 U.S.C. § 1``; its titles are 1–52 and 54) → ``invented``;
3. in a title whose former sections the table lists completely (``complete_titles``: generated from the whole
   title) → ``invented``: neither in force nor ever in the Code;
4. otherwise ``not_checked`` (undecided: ``partial``): a section not in force, which may be a former one or may
   never have existed — the offline data cannot tell them apart, so it is never called invented (``--online``
   asks Cornell's LII, which shows former sections as "Repealed" or "Transferred").
"""
from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from legalcite.core.data import load
from legalcite.corpora.snapshots import sources
from legalcite.jurisdictions import print_key
from legalcite.models import Citation
from legalcite.status import CheckedCitation, Evidence, Status, Undecided

if TYPE_CHECKING:
    from legalcite.corpora.store import Store

TABLE = "usc_dispositions.json"


@functools.cache
def dispositions() -> dict[str, Any]:
    """The former-sections table (loaded once)."""
    return load(__package__, TABLE)


def _printed(key: str) -> str:
    return print_key(key)


def _olrc_url(key: str) -> str | None:
    _, _, t, s = key.split("/")[:4]
    return sources()["urls"]["us_usc"].format(title=t[1:], section=s[1:])


def missing_unit(c: Citation, first: str, store: Store, work, day: str) -> CheckedCitation | None:
    """The store resolver's verdict on a US unit its snapshot lacks: for the U.S. Code (whose list holds the
    sections in force only) :func:`missing_section`; None for the other works (the resolver's own rule decides)."""
    return missing_section(c, first, store, work, day) if work.key == "us/usc" else None


def missing_section(c: Citation, first: str, store: Store, work, day: str) -> CheckedCitation:
    """The verdict on a U.S. Code citation whose first missing level is ``first`` (``us/usc/t42/s1973`` or, for a
    title the Code lacks, ``us/usc/t99``), judged at ``day`` (see the module docstring)."""
    table = dispositions()
    parts = (c.key or first).split("/")
    source = f"olrc:{TABLE} (release point {table['release']})"
    section = "/".join(parts[:4]) if len(parts) >= 4 and parts[3].startswith("s") else first
    entry = table["sections"].get(section)
    if entry is not None:
        return _former(c, section, entry, source, day)
    title = parts[2] if len(parts) > 2 else ""
    scope = work.extra.get("scope") or "live sections only"
    number = int(title[1:]) if title[1:].isdigit() else None
    if number not in table["titles"]:
        return CheckedCitation(c, Status.INVENTED, f"the U.S. Code has no title {title[1:]} (its titles are 1–52 and "
                               "54; title 53 is reserved)", (Evidence(source, first, details={"titles": "1–52, 54"}),),
                               first, confirmed=False)
    printed = _printed(section)
    if number in table["complete_titles"]:
        return CheckedCitation(c, Status.INVENTED, f"{printed} is neither in force (the section list has {scope}) "
                               f"nor a former section (OLRC release point {table['release']} lists every former "
                               f"section of title {title[1:]})",
                               (Evidence(source, section, details={"complete_title": True}),
                                Evidence(f"store:{work.source}", section, snapshot=work.snapshot)),
                               section, confirmed=True)
    return CheckedCitation(c, Status.NOT_CHECKED, f"{printed} is not in force (the section list has {scope}); "
                           "whether it is a former section or was never in the Code, the offline data cannot tell",
                           (Evidence(f"store:{work.source}", section, snapshot=work.snapshot,
                                     details={"complete": False, "former_sections_listed": False}),),
                           section, Undecided.PARTIAL)


def _former(c: Citation, section: str, entry: dict[str, Any], source: str, day: str) -> CheckedCitation:
    to = list(entry.get("to") or ())
    status, date = entry.get("status", "repealed"), entry.get("date")
    printed = _printed(section)
    if date and day < date:   # judged at a day it was still in force there
        return CheckedCitation(c, Status.REAL, f"{printed} was in force until {date} ({entry.get('note')})",
                               (Evidence(source, section, details={"status": status, "until": date}),), section)
    moved = f" to {', '.join(_printed(k) for k in to)}" if to else ""
    when = f" on {date}" if date else ""
    note = str(entry.get("note") or "")
    first_sentence = re.split(r"(?<=[a-z]{3})\.\s+(?=[A-Z])", note)[0].rstrip(".") + "."
    at = f" to {_printed(entry['noted_at'])}" if entry.get("noted_at") else ""
    reason = f"{printed} was {status}{moved}{when} (OLRC's note{at}: “{first_sentence}”)"
    details = {"status": status, "replaced_by": to, "repealed_on": date, "note": note,
               "noted_at": entry.get("noted_at"), "read_from": entry.get("from")}
    ev = Evidence(source, section, url=_olrc_url(to[0]) if to else None,
                  details={k: v for k, v in details.items() if v})
    return CheckedCitation(c, Status.REPEALED, reason, (ev,), section)
