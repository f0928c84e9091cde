"""The task text of a benchmark item as a model must see it: the question, its options (labelled as the scorer
labels them) or its conclusion pools, and the answer format the scorer reads.

Why beside the metrics: a prompt that drops the options or asks for no format makes a correct answer score 0. The
labels (:func:`~legalcite.metrics.io.option_label`: A … Z, AA …), the ``###X###`` marker and the T3 mapping form
(``###CN=c2; DE=c1###``, read by :func:`~legalcite.metrics.io.parse_mapping`) are the scorer's own, so a model that
answers as asked scores exactly what it got right. ``legalcite rag prompts --benchmark B`` adds the retrieved
provisions around this text; the templates are documented in ``docs/metrics.md`` and can be replaced
(``template=``, placeholders ``{question}``, ``{options}``, ``{course}``, ``{format}``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from legalcite.jurisdictions import lookup as jurisdiction_code
from legalcite.llm import PromptFile, read_prompt_file
from legalcite.metrics.io import ScoreInputError, option_label

# ``lexgenius`` asks the naive way, ``lexgenius-cot`` with chain-of-thought: LexGenius evaluates every model both
# ways (its tables' "naive" and "CoT" rows), so the pair is shipped; the answer format is the same.
# ``lexam-open`` asks LEXam's open questions with LEXam's answering instructions (the versioned prompt file
# ``answer_prompt_lexam.json``, beside the judge's); ``legalcite judge`` grades the answers.
BENCHMARKS = ("crosslex", "lexam", "lexam-open", "lexgenius", "lexgenius-cot")
ANSWER_PROMPT_FILE = "answer_prompt_lexam.json"

# Answer formats, one per kind of item; each is what the scorer's default rule reads.
FORMAT_OPTION = ("End your answer with the label of the one correct option between triple hashes, "
                 "for example: Correct Answer: ###B###")
FORMAT_MAPPING = ("End your answer with one conclusion id per jurisdiction between triple hashes, for "
                  "example: ###{example}###")
# LexGenius, naive: the answer directly ("give the letter of the correct option, marked with three hashes")
FORMAT_OPTION_ZH = "请直接给出正确选项的字母，用三个井号标出，例如：正确答案：###B###"
# LexGenius, chain-of-thought: reason step by step first (the legal relations and rules the question concerns, then
# each option), then the letter the same way
FORMAT_OPTION_ZH_COT = ("请一步一步地推理：先分析题目涉及的法律关系和适用的法律规定，再逐一判断每个选项是否正确，"
                        "最后用三个井号标出正确选项的字母，例如：正确答案：###B###")

TEMPLATES = {
    "crosslex": "{question}\n\n{options}\n\n{format}",
    # LEXam's exam setting in our words: the course, Swiss law unless stated otherwise, reasoning before the answer.
    "lexam": ("This is a multiple-choice question from a law exam in {course}. Exactly one option is correct. "
              "Assume Swiss law applies unless the question says otherwise. Reason step by step: the facts, the "
              "legal issue, the applicable rules and their sources, their application, why the other options "
              "fail.\n\nQuestion:\n{question}\n\n{options}\n\n{format}"),
    "lexgenius": "{question}\n\n{options}\n\n{format}",
    "lexgenius-cot": "{question}\n\n{options}\n\n{format}",
}
_LETTERED = re.compile(r"^\s*([A-Z]{1,2})\s*[.．、:：)）]")


def load_answer_prompt(path: str | Path | None = None) -> PromptFile:
    """An answer prompt file; the shipped one, LEXam's answering instructions for its open questions
    (``answer_prompt_lexam.json``), when ``path`` is None. Its template must hold ``{question}``."""
    data = read_prompt_file(path, ANSWER_PROMPT_FILE, ScoreInputError)
    if "{question}" not in data["template"]:
        raise ScoreInputError(f"{path or ANSWER_PROMPT_FILE}: the answer template lacks {{question}}")
    return PromptFile(str(data["name"]), str(data.get("version", "")), str(data.get("system") or ""), data["template"],
                      str(data.get("source", "")))


ANSWER_PROMPT = load_answer_prompt()


@dataclass(frozen=True)
class TaskText:
    """``query``: what retrieval searches with; ``text``: the task as the model sees it (question, options or
    pools, answer format); ``jurisdictions``: index codes to retrieve from (None: all); ``prompt``: the
    ``name@version`` of the prompt file the text comes from, where there is one (``lexam-open``)."""

    query: str
    text: str
    jurisdictions: list[str] | None = None
    prompt: str | None = None


def _need(item: dict[str, Any], name: str, where: str) -> Any:
    if item.get(name) in (None, "", [], {}):
        raise ScoreInputError(f"{where}: a {name!r} field is needed (the line has "
                              f"{', '.join(map(repr, sorted(item)))})")
    return item[name]


def options_block(options: Any, where: str) -> str:
    """Options one per line as ``A. text``. A list is labelled by position (A … Z, AA …); an object keeps its own
    labels; a list already printed with its letters in order (``A. …``, ``B、…``, LexGenius) is kept as it is."""
    if isinstance(options, dict):
        return "\n".join(f"{k}. {v}" for k, v in options.items())
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise ScoreInputError(f"{where}: options must be a list of strings or a {{label: text}} object")
    if all((m := _LETTERED.match(o)) and m.group(1) == option_label(i) for i, o in enumerate(options)):
        return "\n".join(o.strip() for o in options)
    return "\n".join(f"{option_label(i)}. {o}" for i, o in enumerate(options))


def index_codes(names: Any) -> list[str] | None:
    """Benchmark jurisdiction labels (``DE``, ``CA``) or index codes → index codes (``de``, ``us-ca``)."""
    if not names:
        return None
    if isinstance(names, str):
        names = [names]
    return [jurisdiction_code(str(n)) or str(n).strip().lower() for n in names]


def conclusion_pools(item: dict[str, Any], where: str) -> tuple[str, list[str]]:
    """A T3 item's conclusion pools as text, and the jurisdiction labels to decide (upper-cased, as the scorer
    compares them). ``conclusions`` is ``{jurisdiction: {id: text}}`` (a pool each) or ``{id: text}`` (one pool
    for the item's ``jurisdictions``)."""
    pools = _need(item, "conclusions", where)
    if not isinstance(pools, dict):
        raise ScoreInputError(f"{where}: 'conclusions' must be {{jurisdiction: {{id: text}}}} or {{id: text}}")
    if all(isinstance(v, dict) for v in pools.values()):
        per = {str(j).upper(): p for j, p in pools.items()}
    else:
        jurs = _need(item, "jurisdictions", where)
        per = {str(j).upper(): pools for j in (jurs if isinstance(jurs, list) else [jurs])}
    blocks = []
    for j, pool in per.items():
        lines = "\n".join(f"  {cid}: {text}" for cid, text in pool.items())
        blocks.append(f"Conclusions for {j}:\n{lines}")
    return "\n\n".join(blocks), list(per)


def task_text(benchmark: str, item: dict[str, Any], where: str = "item", template: str | None = None) -> TaskText:
    """The task text of one item of ``benchmark`` (one of :data:`BENCHMARKS`)."""
    if benchmark not in BENCHMARKS:
        raise ValueError(f"benchmark must be one of {BENCHMARKS}, not {benchmark!r}")
    question = _need(item, "question", where)
    if benchmark == "lexam-open":  # no options: the question, the course and LEXam's answering instructions
        text = (template or ANSWER_PROMPT.template).format(question=question.strip(),
                                                           course=item.get("course") or "law", options="", format="")
        return TaskText(question.strip(), text, None, None if template else ANSWER_PROMPT.id)
    tpl = template or TEMPLATES[benchmark]
    jurisdictions = None
    if benchmark == "crosslex":
        task = str(_need(item, "task", where)).strip().upper()
        if task == "T3":
            options, jurs = conclusion_pools(item, where)
            example = "; ".join(f"{j}={cid}" for j, cid in zip(jurs, ("c1", "c2", "c3", "c1", "c2")))
            fmt = FORMAT_MAPPING.format(example=example)
            jurisdictions = index_codes(jurs)
        else:
            options = options_block(_need(item, "options", where), where)
            fmt = FORMAT_OPTION
            jurisdictions = index_codes(item.get("jurisdictions") or item.get("jurisdiction"))
    elif benchmark == "lexam":
        options = options_block(item.get("choices") or _need(item, "options", where), where)
        fmt = FORMAT_OPTION
    else:
        options = options_block(item.get("options") or _need(item, "choices", where), where)
        fmt = FORMAT_OPTION_ZH_COT if benchmark == "lexgenius-cot" else FORMAT_OPTION_ZH
    text = tpl.format(question=question.strip(), options=options, format=fmt,
                      course=item.get("course") or "law")
    return TaskText(question.strip(), text, jurisdictions)


__all__ = ["BENCHMARKS", "TEMPLATES", "TaskText", "task_text", "options_block", "conclusion_pools", "index_codes",
           "PromptFile", "ANSWER_PROMPT", "load_answer_prompt", "read_prompt_file"]
