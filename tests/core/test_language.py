"""The one language guess (legalcite.jurisdictions.guess_language): every language a registered jurisdiction
declares, from the evidence the package that declares it first ships (``data/language.json``), with each caller's
policy for a tie, for no evidence and for a short text."""
from __future__ import annotations

import dataclasses
import json
import re
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from legalcite import jurisdictions
from legalcite.jurisdictions import guess_language
from legalcite.jurisdictions.language import HEAD, SEPARATORS, Evidence, Guesser

# the policies of the callers (docs/architecture.md, "The language guess")
EXTRACT = {"tie": "en"}                                     # pipeline.extract: a tie reads English, none is None
CHECK: dict[str, str] = {}                                  # the checker's printing language: no telling is None
TOKENIZE = {"among": ("de", "zh", "en"), "tie": "en", "default": "en"}   # BM25: a language with an analyzer


def claim(law: str | None = None) -> dict[str, str | None]:   # the attribution: a short text is in the law's language
    return {"tie": "en", "default": "en", "short": law}


GUESSES = [
    # German, English, Chinese, French, Italian prose
    ("Der Schuldner ist verpflichtet, die Leistung zu bewirken.", CHECK, "de"),
    ("Die Kündigung bedarf der Schriftform; sie ist dem Arbeitnehmer zuzustellen.", CHECK, "de"),
    ("The employer shall indemnify the employee.", CHECK, "en"),
    ("Creditors who willfully violate the stay can be liable for actual damages.", CHECK, "en"),
    ("当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担违约责任。", CHECK, "zh"),
    ("夫妻离婚", TOKENIZE, "zh"),
    ("Le débiteur est tenu de réparer le dommage causé par sa faute.", CHECK, "fr"),
    ("Selon l'art. 41 CO, celui qui cause d'une manière illicite un dommage à autrui est tenu de le réparer.",
     CHECK, "fr"),
    ("Il debitore è tenuto a risarcire il danno, salvo che provi che l'inadempimento non è imputabile.",
     CHECK, "it"),
    ("Chi cagiona ad altri un danno con un atto illecito è tenuto al risarcimento secondo l'art. 41 CO.",
     CHECK, "it"),
    # German letters alone tell German
    ("Kündigungsschutz für Arbeitnehmer", CHECK, "de"),
    ("Der Käufer", TOKENIZE, "de"),
    ("The buyer pays", TOKENIZE, "en"),
    # short texts with no evidence: None, the tokenizer's en, the claim's law
    ("Art. 41 OR", EXTRACT, None),
    ("Art. 41 OR", CHECK, None),
    ("Leibesvisitation", TOKENIZE, "en"),
    ("Leibesvisitation", claim(), "en"),
    ("Leibesvisitation", claim("de"), "de"),
    ("Verjährungsfrist", claim("de"), "de"),
    ("Leibesvisitation", claim("fr"), "fr"),
    # a long text with no evidence is not short: the default, not the law's language
    ("Annual leave amounts to at least 24 working days.", claim("de"), "en"),
    ("Annual leave amounts: at least 24 working days, paid holidays, sick leave", claim("de"), "en"),
    ("The employer shall indemnify the employee.", claim("de"), "en"),      # evidence beats the law
    ("Der Schuldner ist verpflichtet, die Leistung zu bewirken.", claim("en"), "de"),
    # ties: the caller's language where it is one of them, else the one declared first
    ("the Sache und", EXTRACT, "en"),
    ("the Sache und", CHECK, "de"),
    ("die Sache of", claim("de"), "en"),
    ("Konkurs des Versicherungsunternehmens", claim("de"), "de"),         # des is German and French
    ("Konkurs des Versicherungsunternehmens", EXTRACT, "de"),
    ("Erhebung des Rechtsvorschlags per E-Mail", claim("de"), "de"),      # per is Italian
    # single letters are list letters in every language
    ("lit. e", CHECK, None),
    # mixed: the language with more evidence; a mostly Chinese text is Chinese whatever else it holds
    ("The court held that § 823 BGB (Schadensersatzpflicht) applies to the claim.", CHECK, "en"),
    ("Nach § 823 BGB haftet, wer the rights of another verletzt und dafür nicht einsteht.", CHECK, "de"),
    ("根据《民法典》第五百七十七条 (Article 577 of the Civil Code)，当事人应当承担违约责任。", CHECK, "zh"),
    ("Article 577 of the Civil Code (民法典) provides for liability for breach of contract.", CHECK, "en"),
    ("第577条 民法典", CHECK, "zh"),                      # five of nine characters: more than a quarter
    ("Art. 577 民法典", TOKENIZE, "en"),                  # three of twelve: not more than a quarter
    ("Art. 6 EMRK garantit le droit à un procès équitable devant un tribunal.", CHECK, "fr"),
    ("La disposition des Art. 8 DSG est applicable.", CHECK, "fr"),          # des is German and French
    # the tokenizer knows only the languages it has analyzers for
    ("Le débiteur est tenu de réparer le dommage.", TOKENIZE, "en"),
    ("Il debitore è tenuto a risarcire il danno.", TOKENIZE, "en"),
    ("La responsabilité des associés", TOKENIZE, "de"),                      # des: German too
]


@pytest.mark.parametrize("text, options, expected", GUESSES)
def test_guess(text: str, options: dict, expected: str | None) -> None:
    assert guess_language(text, **options) == expected


def test_the_head_decides() -> None:
    english = "The court held that the claim fails. " * 200
    assert len(english) > HEAD
    assert guess_language(english + "Der Schuldner ist verpflichtet, die Leistung zu bewirken. " * 50) == "en"
    assert guess_language("x" * HEAD + "当事人一方不履行合同义务" * 10) is None


def test_every_declared_language_and_only_those() -> None:
    declared = {lang for j in jurisdictions.registered() for lang in j.languages}
    assert set(jurisdictions.languages()) == declared >= {"de", "en", "zh", "fr", "it"}
    guessed = {guess_language(text) for text, options, _ in GUESSES if options is CHECK}
    assert guessed - {None} == declared


def test_each_language_is_shipped_by_the_package_that_declares_it_first() -> None:
    owners: dict[str, str] = {}
    for j in jurisdictions.registered():
        for lang in j.languages:
            owners.setdefault(lang, j.code)
    for j in jurisdictions.registered():
        path = resources.files(j.package).joinpath("data", "language.json")
        shipped = set(json.loads(path.read_text(encoding="utf-8"))) - {"_comment"} if path.is_file() else set()
        assert shipped == {lang for lang, owner in owners.items() if owner == j.code}, j.code
        for lang in shipped:
            Evidence.from_json(json.loads(path.read_text(encoding="utf-8"))[lang])   # well-formed


def test_a_declared_language_without_evidence_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    registered = jurisdictions.registered()
    esperanto = dataclasses.replace(registered[-1], languages=("eo",))
    monkeypatch.setattr(jurisdictions, "registered", lambda: (*registered, esperanto))
    jurisdictions._language_guesser.cache_clear()
    try:
        with pytest.raises(LookupError, match="declares 'eo' first, but its package ships no evidence"):
            guess_language("la lingvo")
    finally:
        monkeypatch.undo()
        jurisdictions._language_guesser.cache_clear()


@pytest.mark.parametrize("raw, error", [
    ({"words": ["Der"]}, "lowercase"),
    ({"words": "der"}, "list"),
    ({"letters": 1}, "strings"),
    ({"stopwords": []}, "unknown language evidence"),
])
def test_bad_evidence_is_a_clear_error(raw: dict, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        Evidence.from_json(raw)


# (with what may stand between words: white space of several kinds, punctuation that ends a word and punctuation that
# does not (- _ §), an emoji, a letter beyond the BMP; and capitals)
_WORD_TEXT = (st.text(alphabet=st.sampled_from(list("derDiethasnofuzßÄBGHZVrwGFSAmyçéèlè_1 .,-\n\t\xa0„“'’(§😀𝐝")),
                      max_size=80)
              | st.sampled_from(["der BGH und die BGHZ", "Der Käufer, die Sache.", "Germany's German Germanys",
                                 "the law of the land", "ßß", "Die Sache, the thing, la chose, la cosa",
                                 "il est è il", "DER THE", "l'art. 41 CO s'applique", "(der) „die“ der-die"]))


@given(_WORD_TEXT)
def test_the_counts_are_the_words_between_separators(text: str) -> None:
    """A function word counts where white space or :data:`SEPARATORS` stand on both sides, in lowercase or
    capitalised; a letter counts in either case: the replace-and-split of the guesser counts what a regex split
    finds."""
    evidence = {lang: Evidence.from_json(_shipped(lang)) for lang in jurisdictions.languages()}
    tokens = [t for t in re.split(rf"[\s{re.escape(SEPARATORS)}]+", text) if t]
    expected = {lang: sum(t in ev.words or (t[0].isupper() and t == t.capitalize() and t.lower() in ev.words)
                          for t in tokens)
                + sum(text.count(ch) + (text.count(ch.upper()) if len(ch.upper()) == 1 else 0) for ch in ev.letters)
                for lang, ev in evidence.items() if not ev.script}
    counts = jurisdictions._language_guesser().counts(text)
    assert {lang: n for lang, n in counts.items() if lang in expected} == expected
    assert Guesser(evidence).counts(text) == counts


def _shipped(lang: str) -> dict:
    owner = next(j for j in jurisdictions.registered() if lang in j.languages)
    path = resources.files(owner.package).joinpath("data", "language.json")
    return json.loads(path.read_text(encoding="utf-8"))[lang]
