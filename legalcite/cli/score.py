"""``legalcite score crosslex|consensus|lexassay|mcq|hierarchy|agreement``, ``legalcite split`` and ``legalcite mcq
shuffle``.

Only argparse at top level; each command loads its metric module inside ``func`` (see ``cli/__init__.py``).
Bad input (a malformed line, a missing field) ends with a message naming the file and line, exit code 2.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
import sys

from legalcite.cli.common import EXIT_BAD_LINES, EXIT_FAILED, EXIT_OK, table, write_output
from legalcite.errors import LegalciteError

DESCRIPTION = """Compute a benchmark's metrics from your model's answers, on canonical citation keys: CrossLex
(answer accuracy, Citation-F1, grounded joint), LexAssay (rubric points with citation and disclaimer deductions),
LEXam (multiple-choice accuracy, judged open answers, judge-vs-human agreement and the Alt-Test) and LexGenius
(ability, task and dimension scores). Every rule, with the benchmark's own words and the option that changes it,
is in docs/metrics.md. A score depends on every line: a malformed line, a missing field or an empty input stops
the command with the file and line named (exit 2); nothing is dropped silently (missing answers score 0 and are
listed)."""


def _common(p: argparse.ArgumentParser, *, bootstrap: bool = True, fmt: bool = True) -> None:
    if bootstrap:
        p.add_argument("--samples", type=int, default=1000, help="bootstrap resamples B (default 1000; 0 = none)")
        p.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    if fmt:
        p.add_argument("--format", choices=("json", "table"), default="json", help="output format (default json)")
    p.add_argument("-o", "--output", default=None, help="write here instead of stdout")


def _answer_rule(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rule", default="marker", choices=("marker", "answer-line", "bare"),
                   help="how the answer is taken from free text: last ###X### (default), last 'Answer: X', "
                        "or a bare letter")
    p.add_argument("--pattern", default=None,
                   help="a regex instead of --rule: the last match's group 1 (else the whole match) is the answer")


def _require_all(p: argparse.ArgumentParser) -> None:
    p.add_argument("--require-all-judges", action=argparse.BooleanOptionalAction, default=True,
                   help="a judged line without a score of every judge of the ensemble is an error (default); "
                        "--no-require-all-judges pools the judges each line has and lists the line as incomplete")


def register(subparsers: argparse._SubParsersAction) -> None:
    sp = subparsers.add_parser("score", help="benchmark metrics on canonical keys (CrossLex, LexAssay, LEXam, "
                                             "LexGenius)", description=DESCRIPTION)
    sub = sp.add_subparsers(dest="metric", metavar="METRIC")
    sp.set_defaults(func=lambda a: (sp.print_help(), 2)[1])

    p = sub.add_parser("crosslex", help="accuracy, Citation-F1, grounded joint; per task/jurisdiction/domain")
    p.add_argument("--gold", required=True, help="gold JSONL (id, task, answer, citations, …)")
    p.add_argument("--pred", required=True, help="predictions JSONL (id, answer, citations) or (id, output)")
    p.add_argument("--level", choices=("full", "compatible", "unit", "work"), default="full",
                   help="how Citation-F1 matches keys: full (default, CrossLex: the canonical keys exactly); "
                        "compatible (LexAssay's precision rule: § 823 BGB matches § 823 Abs. 1 BGB, Abs. 2 does not); "
                        "unit or work (keys cut to the provision or the law, then compared). Any level but full is "
                        "named in the report's level_note")
    p.add_argument("--key-map", default=None, metavar="FILE",
                   help="the benchmark's own citation identifiers mapped onto canonical keys: JSONL rows "
                        "{\"id\": \"CN-CivilCode-Art1165\", \"key\": \"cn/…/art1165\"} or a CSV with the header "
                        "id,key (docs/metrics.md); used on gold and predictions. Identifiers neither mapped nor "
                        "parsed are compared as normalised strings and counted under string_identifiers")
    p.add_argument("--items", action="store_true", help="include per-item scores in the JSON")
    p.add_argument("--cluster", action="store_true",
                   help="bootstrap whole fact_groups (items sharing a fact pattern) instead of single items")
    _answer_rule(p)
    _common(p)
    p.set_defaults(func=_crosslex)

    p = sub.add_parser("consensus", help="CrossLex's model-verification stage: keep the items whose validators agree "
                                         "on the answer and cite within the allowed evidence")
    p.add_argument("items", help="items JSONL (id, task, answer, evidence or citations[, jurisdiction])")
    p.add_argument("validators", nargs="+", metavar="[NAME=]FILE",
                   help="two or more validators' outputs, each in score crosslex's prediction format (id, answer, "
                        "citations) or (id, output)")
    p.add_argument("--level", choices=("compatible", "full"), default="compatible",
                   help="when a cited key is consistent with an evidence key: compatible (default; one a segment "
                        "prefix of the other) or full (equal)")
    p.add_argument("--key-map", default=None, metavar="FILE", help="as in score crosslex")
    p.add_argument("--verified", default=None, metavar="OUT",
                   help="also write the item lines that pass to OUT (JSONL, written atomically)")
    _answer_rule(p)
    _common(p, bootstrap=False)
    p.set_defaults(func=_consensus)

    p = sub.add_parser("lexassay", help="rubric points with citation and disclaimer deductions, 0–100")
    p.add_argument("tasks", help="tasks JSONL (id, criteria, answer, citations with optional status)")
    p.add_argument("--text-field", default=None, help="field holding the answer text (default: the first of "
                                                     "answer, response, output, generation, completion)")
    p.add_argument("--ndigits", type=int, default=1, help="decimals of the score, rounded half up (default 1)")
    p.add_argument("--store", default=None, help="corpus store for citations without a status (default: "
                                                 "legalcite check's own default)")
    p.add_argument("--deduct", choices=("confirmed", "unconfirmed"), default="confirmed",
                   help="which misattributed/invented verdicts cost points: confirmed (default; two independent "
                        "signals agree, or a given status) or unconfirmed (every one)")
    p.add_argument("--keep", choices=("first",), default=None,
                   help="a task id on several lines is an error (exit 2), unless they are a re-run with the full "
                        "budget; --keep first scores the first line of each id and lists the others")
    p.add_argument("--budget", type=int, default=None, metavar="TOKENS",
                   help="the benchmark's full output budget: a re-run counts only with at least this max_tokens, "
                        "answers cut at a smaller limit are listed, and the not-comparable mark uses it (default: "
                        "each line's own max_tokens)")
    p.add_argument("--scoring", choices=("v2", "v1"), default="v2",
                   help="v2 (default): criteria share minus citation and disclaimer deductions; v1: the first "
                        "scoring, 1 / ½ / 0 per task (every criterion met / some / none), no deductions")
    _common(p, bootstrap=False)
    p.set_defaults(func=_lexassay)

    p = sub.add_parser("mcq", help="LEXam: MCQ accuracy from ###X### responses (or --open: judge scores)")
    p.add_argument("responses", help="responses JSONL (id, response | prediction[, copy])")
    p.add_argument("--gold", default=None, help="items JSONL with the answers (else each response row's own "
                                                 "gold_letter/answer/gold); with --open: the question list")
    p.add_argument("--open", action="store_true", help="open questions: rows carry judge 'scores'")
    p.add_argument("--pool", choices=("min", "mean", "median", "max"), default="min",
                   help="pooling of judges per item with --open (default min)")
    _require_all(p)
    p.add_argument("--items", action="store_true", help="include per-item scores in the JSON")
    p.add_argument("--by", default=None, metavar="FIELDS",
                   help="breakdown tables, comma-separated: language, area, jurisdiction, negative, n_statements, "
                        "n_choices, or any item field; a+b crosses two")
    _answer_rule(p)
    _common(p)
    p.set_defaults(func=_mcq)

    p = sub.add_parser("hierarchy", help="LexGenius: item accuracy rolled up ability → task → dimension")
    p.add_argument("responses", help="responses JSONL (id, response | prediction | correct[, copy, ability])")
    p.add_argument("--taxonomy", default=None, help="JSON/YAML {dimension: {task: [ability, …]}} (default: the "
                                                   "LexGenius taxonomy shipped with legalcite)")
    p.add_argument("--gold", default=None, help="items JSONL (answer, ability), e.g. the shuffled copies")
    _answer_rule(p)
    _common(p)
    p.set_defaults(func=_hierarchy)

    p = sub.add_parser("agreement", help="judge vs human scores: Pearson r, quadratic weighted kappa, MAE, "
                                         "per language (LEXam's judge validation)")
    p.add_argument("judged", help="judged JSONL (legalcite judge output: id, scores {judge: score}[, language])")
    p.add_argument("--human", required=True, help="human scores JSONL: id, score (or scores of several "
                                                  "annotators, averaged)[, language]")
    p.add_argument("--pool", choices=("min", "mean", "median", "max"), default="min",
                   help="pooling of the judges per answer (default min)")
    p.add_argument("--levels", type=int, default=11, help="steps of the scale for the kappa (default 11: 0.0, "
                                                          "0.1, …, 1.0)")
    p.add_argument("--human-scale", type=float, default=1.0, help="the human scores' maximum (default 1; e.g. 10 "
                                                                  "for points out of 10)")
    _require_all(p)
    p.add_argument("--alt-test", action="store_true",
                   help="add the alternative annotator test (Calderon et al. 2025): can a judge replace the human "
                        "annotators? Needs 'scores' as {annotator: score} with at least two annotators per answer")
    p.add_argument("--epsilon", type=float, nargs="+", default=[0.0], metavar="ε",
                   help="Alt-Test: the judge's cost-benefit allowance ε, one or several (each reported; default 0, "
                        "LEXam's \"ε=0\"; --epsilon 0 0.2 adds Calderon et al.'s value for experts)")
    p.add_argument("--baselines", default=None, metavar="LIST",
                   help="Alt-Test: constant-score judges tested beside the real ones, which must fail (comma-"
                        "separated scores on [0, 1] or 'mean', the annotators' mean; default 0,0.5,1,mean; "
                        "'none' for none)")
    p.add_argument("--alpha", type=float, default=0.05, help="Alt-Test: false discovery rate of the "
                                                             "Benjamini-Yekutieli correction (default 0.05)")
    p.add_argument("--alt-scoring", choices=("neg_rmse", "accuracy"), default="neg_rmse",
                   help="Alt-Test: how well a score represents the other annotators' (default neg_rmse; accuracy "
                        "compares the --levels categories)")
    p.add_argument("--min-items", type=int, default=30, help="Alt-Test: answers an annotator needs to be tested "
                                                             "(default 30)")
    _common(p, bootstrap=False)
    p.set_defaults(func=_agreement)

    p = subparsers.add_parser(
        "split", help="CrossLex's leakage-free split (whole fact groups, seeded), or --check an existing one",
        description="Split benchmark items into train/dev/test (70/10/20 by default) so that every item of a fact "
                    "group (CrossLex: all T1/T2/T3 variants of the same facts) lands in the same part; or, with "
                    "--check, read an existing split and list every fact group and id found in more than one part "
                    "(exit 1 when there is leakage). docs/metrics.md has the rule.")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="the items JSONL to split; with --check the parts, as FILE or NAME=FILE")
    p.add_argument("--check", action="store_true", help="check an existing split for leakage instead")
    p.add_argument("--out-dir", default=None, metavar="DIR", help="where NAME.jsonl are written (default: the "
                                                                  "current directory); each file atomically")
    p.add_argument("--proportions", default="70,10,20", help="the parts' shares, comma-separated (default 70,10,20)")
    p.add_argument("--names", default="train,dev,test", help="the parts' names (default train,dev,test)")
    p.add_argument("--seed", type=int, default=0, help="the shuffle's seed (default 0)")
    p.add_argument("--group-field", default="fact_group", help="the field naming an item's fact group "
                                                              "(default fact_group)")
    _common(p, bootstrap=False)
    p.set_defaults(func=_split)

    mp = subparsers.add_parser("mcq", help="multiple-choice helpers: option-shuffle protocol")
    msub = mp.add_subparsers(dest="mcq_command", metavar="ACTION")
    mp.set_defaults(func=lambda a: (mp.print_help(), 2)[1])
    p = msub.add_parser("shuffle", help="write permuted copies of MCQ items with the answer remapped")
    p.add_argument("items", help="items JSONL (options|choices, answer|gold_letter|gold)")
    p.add_argument("--seeds", type=int, default=2, help="number of permuted copies (default 2)")
    p.add_argument("--seed-base", type=int, default=0, help="first seed (default 0)")
    p.add_argument("-o", "--output", default=None, help="output JSONL (default stdout)")
    p.set_defaults(func=_shuffle)


def _run(fn, args: argparse.Namespace) -> int:
    """Exit 2 (``cli/common.py``'s rule): a score depends on every line, so a bad line, an unreadable input or a
    missing field means no score; the message names the file, the line and what was expected."""
    try:
        return fn(args)
    except (LegalciteError, ValueError, RuntimeError) as e:
        print(f"legalcite {args.command}: {e}", file=sys.stderr)
        return EXIT_FAILED


def _emit(args: argparse.Namespace, report: dict, rows: list[dict] | None = None) -> int:
    if getattr(args, "format", "json") == "table" and rows is not None:
        cols = list(rows[0]) if rows else ["metric", "value"]
        text = table(rows, cols) + "\n" + _notes(report)
    else:
        text = json.dumps(report, ensure_ascii=False, indent=2) + "\n"
    write_output(args.output, text)  # a file: complete or not written
    return 0


def _notes(report: dict) -> str:
    """Under a table: what was missing or unparsed, so nothing vanishes from the human view either."""
    out = [f"note: {report['level_note']}\n"] if report.get("level_note") else []
    if report.get("comparable") is False:
        ids = [x["id"] for x in report["not_comparable"]]
        out.append(f"NOT COMPARABLE: the model's context window cannot hold the prompt and the output budget for "
                   f"{len(ids)} task(s): {', '.join(map(str, ids[:10]))}{' …' if len(ids) > 10 else ''}\n")
    for name in ("void", "duplicate_ids", "reruns", "truncated_below_budget"):
        v = report.get(name)
        if v:
            ids = [x["id"] if isinstance(x, dict) else x for x in v]
            out.append(f"{name}: {len(ids)}: {', '.join(map(str, ids[:10]))}{' …' if len(ids) > 10 else ''}\n")
    for name, v in (report.get("missing") or {}).items():
        if v:
            ids = [x["id"] if isinstance(x, dict) and "id" in x else x for x in v]
            out.append(f"{name}: {len(v)}: {', '.join(map(str, ids[:10]))}{' …' if len(v) > 10 else ''}\n")
    strings = report.get("string_identifiers")
    if strings and (strings["gold"] or strings["pred"]):
        out.append(f"citations compared as normalised strings (no key): {strings['gold']} gold, {strings['pred']} "
                   f"predicted, {strings['matched']} matched\n")
    for u in (report.get("unparsed") or [])[:10]:
        out.append(f"unparsed ({u['side']}, {u['id']}): {u['citation']}: {u['error']}\n")
    if len(report.get("unparsed") or []) > 10:
        out.append(f"unparsed: {len(report['unparsed'])} in all\n")
    return "".join(out)


def _kv_rows(report: dict, keys: list[str]) -> list[dict]:
    return [{"metric": k, "value": report.get(k)} for k in keys if k in report]


def _crosslex(args: argparse.Namespace) -> int:
    def go(a):
        from legalcite.metrics import crosslex  # start-up: kept off `legalcite --help`

        rep = crosslex.score(a.gold, a.pred, level=a.level, rule=a.rule, pattern=a.pattern, samples=a.samples,
                             seed=a.seed, with_items=a.items, cluster=a.cluster, key_map=a.key_map)
        return _emit(a, rep, crosslex.table_rows(rep))
    return _run(go, args)


def _consensus(args: argparse.Namespace) -> int:
    def go(a):
        from legalcite.io import dumps  # start-up: kept off `legalcite --help`
        from legalcite.metrics import consensus  # start-up: kept off `legalcite --help`
        from legalcite.metrics.io import read_rows  # start-up: kept off `legalcite --help`

        items = read_rows(a.items)
        rep = consensus.score(items, a.validators, level=a.level, rule=a.rule, pattern=a.pattern,
                              key_map=a.key_map)
        if a.verified:
            write_output(a.verified, "".join(dumps(d) + "\n" for d in consensus.verified_lines(items, rep)))
        rows = _kv_rows(rep, ["n", "n_verified", "verified_rate"])
        rows += [{"metric": f"failed: {k}", "value": v} for k, v in rep["failed"].items()]
        rows += [{"metric": f"{v} {k}", "value": x} for v, b in rep["by_validator"].items() for k, x in b.items()]
        return _emit(a, rep, rows)
    return _run(go, args)


def _lexassay(args: argparse.Namespace) -> int:
    def go(a):
        from legalcite.metrics import lexassay  # start-up: kept off `legalcite --help`

        rep = lexassay.score(a.tasks, text_field=a.text_field, ndigits=a.ndigits,
                             check_options={"store": a.store} if a.store else None, deduct=a.deduct, keep=a.keep,
                             budget=a.budget, scoring=a.scoring)
        rows = _kv_rows(rep, ["n_tasks", "score", "score_exact", "scoring", "comparable", "all_criteria_met",
                              "n_void"])
        rows += [{"metric": k, "value": v} for k, v in rep["deductions"].items()]
        rows += [{"metric": f"status {k}", "value": v} for k, v in rep["statuses"].items()]
        return _emit(a, rep, rows)
    return _run(go, args)


def _mcq(args: argparse.Namespace) -> int:
    def go(a):
        from legalcite.metrics import lexam  # start-up: kept off `legalcite --help`

        if a.open:
            rep = lexam.score_open(a.responses, a.gold, pool=a.pool, samples=a.samples, seed=a.seed,
                                   with_items=a.items, require_all=a.require_all_judges)
            rows = _kv_rows(rep, ["n", "pool", "mean", "se", "ci95"])
        else:
            by = [b.strip() for b in a.by.split(",") if b.strip()] if a.by else []
            rep = lexam.score_mcq(a.responses, a.gold, rule=a.rule, pattern=a.pattern, samples=a.samples,
                                  seed=a.seed, with_items=a.items, by=by)
            rows = [{"scope": "overall", "n": rep["n"], "accuracy": rep["accuracy"], "se": rep["se"],
                     "ci95": rep["ci95"]}]
            rows += [{"scope": f"{name}={value}", **{k: b[k] for k in ("n", "accuracy", "se", "ci95")}}
                     for name, groups in rep.get("by", {}).items() for value, b in groups.items()]
        return _emit(a, rep, rows)
    return _run(go, args)


def _hierarchy(args: argparse.Namespace) -> int:
    def go(a):
        from legalcite.metrics import lexgenius  # start-up: kept off `legalcite --help`

        rep = lexgenius.score_hierarchy(a.responses, a.taxonomy, a.gold, rule=a.rule, pattern=a.pattern,
                                        samples=a.samples, seed=a.seed)
        rows = [{"level": "overall", "name": "mean of dimensions", "n": rep["n_mapped"], "accuracy": rep["accuracy"],
                 "micro": rep["micro_accuracy"]},
                {"level": "overall", "name": f"mean of {rep['n_tasks']} tasks", "n": rep["n_mapped"],
                 "accuracy": rep["task_average"], "micro": ""}]
        for d, dv in rep["dimensions"].items():
            rows.append({"level": "dimension", "name": d, "n": dv["n"], "accuracy": dv["accuracy"],
                         "micro": dv["micro_accuracy"]})
            for t, tv in dv["tasks"].items():
                rows.append({"level": "  task", "name": t, "n": tv["n"], "accuracy": tv["accuracy"],
                             "micro": tv["micro_accuracy"]})
                for ab, av in tv["abilities"].items():
                    rows.append({"level": "    ability", "name": ab, "n": av["n"], "accuracy": av["accuracy"],
                                 "micro": ""})
        return _emit(a, rep, rows)
    return _run(go, args)


def _agreement(args: argparse.Namespace) -> int:
    def go(a):
        from legalcite.metrics import agreement  # start-up: kept off `legalcite --help`

        baselines = (agreement.BASELINES if a.baselines is None else [] if a.baselines.strip() == "none"
                     else [b for b in a.baselines.split(",") if b.strip()])
        rep = agreement.score_agreement(a.judged, a.human, pool=a.pool, levels=a.levels, human_scale=a.human_scale,
                                        require_all=a.require_all_judges, alt=a.alt_test, epsilon=a.epsilon,
                                        alpha=a.alpha, alt_scoring=a.alt_scoring, min_items=a.min_items,
                                        baselines=baselines)
        cols = ("n", "pearson_r", "qwk", "mae", "mae_10")
        rows = []
        for scope, b in [("overall", rep)] + [(f"language={k}", v) for k, v in rep["by_language"].items()]:
            rows.append({"scope": scope, "judge": f"ensemble ({a.pool})", **{k: b[k] for k in cols}})
            rows += [{"scope": scope, "judge": j, **{k: v[k] for k in cols}} for j, v in b["judges"].items()]
        experts = rep["annotator_agreement"]
        if experts:
            rows += [{"scope": "experts", "judge": pair, **{k: v[k] for k in cols}}
                     for pair, v in experts["pairs"].items()]
            rows.append({"scope": "experts", "judge": "mean of pairs", "n": "", **experts["mean"]})
        for eps, t in rep.get("alt_test", {}).get("by_epsilon", {}).items():
            runs = [(f"ensemble ({a.pool})", t["ensemble"])] + list(t["judges"].items())
            runs += [(f"constant {name}", v) for name, v in t["baselines"].items()]
            for j, v in runs:
                rows.append({"scope": f"Alt-Test ε={eps}", "judge": j, "n": v["n_items"],
                             "pearson_r": f"ω={v['winning_rate']:.2f}", "qwk": f"ρ={v['advantage_probability']:.2f}",
                             "mae": "passed" if v["passed"] else "failed", "mae_10": ""})
        return _emit(a, rep, rows)
    return _run(go, args)


def _split(args: argparse.Namespace) -> int:
    def go(a):
        from legalcite.io import dumps  # start-up: kept off `legalcite --help`
        from legalcite.metrics import split  # start-up: kept off `legalcite --help`
        from legalcite.metrics.io import named_path, read_rows  # start-up: kept off `legalcite --help`

        if a.check:
            parts = {}
            for spec in a.files:
                name, path = named_path(spec)
                if name in parts:
                    raise ValueError(f"two parts named {name!r}: name them NAME=FILE")
                parts[name] = read_rows(path)
            rep = split.check(parts, field=a.group_field)
            rows = [{"part": n, **v} for n, v in rep["splits"].items()]
            rows += [{"part": f"LEAK group {x['group']}", "items": sum(map(len, x["splits"].values())),
                      "groups": ", ".join(x["splits"]), "share": ""} for x in rep["leaking_groups"]]
            rows += [{"part": f"LEAK id {x['id']}", "items": sum(map(len, x["splits"].values())),
                      "groups": ", ".join(x["splits"]), "share": ""} for x in rep["shared_ids"]]
            _emit(a, rep, rows)
            for x in rep["leaking_groups"] + rep["shared_ids"]:
                what = f"fact group {x['group']!r}" if "group" in x else f"id {x['id']!r}"
                places = "; ".join(f"{n}: {', '.join(w)}" for n, w in x["splits"].items())
                print(f"legalcite split: leakage: {what} in {len(x['splits'])} parts ({places})", file=sys.stderr)
            return EXIT_BAD_LINES if rep["leakage"] else EXIT_OK
        if len(a.files) != 1:
            raise ValueError("give one items file to split (or --check the parts of an existing split)")
        names = [n.strip() for n in a.names.split(",") if n.strip()]
        parts, rep = split.make_split(read_rows(a.files[0]), names=names, seed=a.seed, field=a.group_field,
                                      proportions=split.parse_proportions(a.proportions, len(names)))
        out_dir = Path(a.out_dir or ".")
        rep["files"] = {}
        for name, rows in parts.items():
            target = out_dir / f"{name}.jsonl"
            write_output(str(target), "".join(dumps(r.data) + "\n" for r in rows))
            rep["files"][name] = str(target)
        return _emit(a, rep, [{"part": n, **v} for n, v in rep["splits"].items()])
    return _run(go, args)


def _shuffle(args: argparse.Namespace) -> int:
    def go(a):
        from legalcite.io import JsonlWriter  # start-up: kept off `legalcite --help`
        from legalcite.metrics import lexgenius  # start-up: kept off `legalcite --help`
        from legalcite.metrics.io import read_rows  # start-up: kept off `legalcite --help`

        if a.seeds < 1:
            raise ValueError("--seeds must be at least 1")
        rows = [r.data for r in read_rows(a.items)]
        with JsonlWriter(a.output) as out:
            for copy in lexgenius.shuffle(rows, a.seeds, a.seed_base):
                out.write(copy)
        return 0
    return _run(go, args)
