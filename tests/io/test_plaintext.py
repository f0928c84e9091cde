"""Plain text as users have it: how each text format divides a Markdown file into records, the headings level,
and windows cut at blank lines."""
from __future__ import annotations

import pytest

from legalcite.io import Line, Reader, as_binary

MARKDOWN = """# Model answers

## Q1: Kündigung

Nach § 622 BGB gilt:

- vier Wochen

```python
# a comment, no heading
---
```

### Details
§ 823 BGB.

---

## Q2 ##

Art. 6 EMRK.
"""


# (text format, [(first line, id, text's first line)]): how plain text divides into records
SPLITS = [
    ("headings", [(3, "Q1: Kündigung", "## Q1: Kündigung"), (19, "Q2", "## Q2 ##")]),  # the title alone: no record
    ("rules", [(1, None, "# Model answers"), (19, None, "## Q2 ##")]),                 # the --- in code: no rule
    ("blocks", [(n, None, t) for n, t in [(1, "# Model answers"), (3, "## Q1: Kündigung"), (5, "Nach § 622 BGB gilt:"),
                                          (7, "- vier Wochen"), (9, "```python"), (14, "### Details"), (17, "---"),
                                          (19, "## Q2 ##"), (21, "Art. 6 EMRK.")]]),
    ("whole", [(1, None, "# Model answers")]),
]


@pytest.mark.parametrize("fmt,expected", SPLITS, ids=[s[0] for s in SPLITS])
def test_plain_text_divides_into_records_as_its_format_says(tmp_path, fmt, expected):
    src = tmp_path / "answers.md"
    src.write_text(MARKDOWN, encoding="utf-8")
    out = list(Reader(src, format=fmt))
    assert [(r.lineno, r.id, r.text.split("\n")[0]) for r in out] == expected
    assert all(MARKDOWN.startswith(r.text, r.offset) for r in out) or fmt != "whole"
    if fmt == "headings":   # blank lines stay inside an answer; the ones before the next answer do not
        assert out[0].text.endswith("§ 823 BGB.\n\n---") and "- vier Wochen\n\n```python" in out[0].text


def test_headings_answer_level_is_the_shallowest_used_twice(tmp_path):
    """A document's title (used once) is no answer, nor are sub-headings inside an answer; a stream, which cannot be
    read twice, takes its first heading's level."""
    text = "# Q1\nfirst § 1 BGB\n## Analysis\nmore\n# Q2\nsecond\n## Analysis\nx\n"
    src = tmp_path / "a.md"
    src.write_text(text, encoding="utf-8")
    assert [r.id for r in Reader(src, format="headings")] == ["Q1", "Q2"]
    assert [r.id for r in Reader(as_binary("# Title\n\n" + text.replace("# ", "## ")), format="headings")] == \
        ["Title"]


def test_windows_cut_a_long_text_at_blank_lines_with_offsets_into_the_whole():
    paragraphs = [f"Absatz {i}: § {i} BGB gilt." + " x" * 8 for i in range(1, 40)]
    text = "\n\n".join(paragraphs) + "\n"
    out = list(Reader(as_binary(text), format="windows", max_chars=100))
    assert len(out) > 5 and all(isinstance(r, Line) and len(r.text) <= 100 for r in out)
    assert all(text.startswith(r.text, r.offset) for r in out)
    assert "\n\n".join(r.text for r in out) == text.rstrip("\n")  # nothing lost, nothing twice
    assert [r.lineno for r in out][:2] == [1, 1 + 2 * out[0].text.count("\n\n") + 2]
    # a paragraph past the limit is the one bad record; the text around it is still read
    long = "\n\n".join(["kurz § 1 BGB", "y" * 150, "danach § 2 BGB"])
    got = list(Reader(as_binary(long), format="windows", max_chars=100))
    assert [(type(r).__name__, r.lineno) for r in got] == [("Line", 1), ("BadLine", 3), ("Line", 5)]
    assert long.startswith(got[2].text, got[2].offset)
    assert [r.text for r in Reader(as_binary(long), format="windows")] == [long]   # within the limit: one text
