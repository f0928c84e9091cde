"""LexAssay's disclaimer: "an explicit 'not legal advice' note [or] an explicit recommendation to consult a lawyer",
found in an answer in German, English, Chinese or French.

Why its own module: the rule is narrow on purpose, and every way a sentence can look like a disclaimer without being
one needs its own guard. Only the answer's author speaking counts:

- a **not-legal-advice note** says that *this text* is not legal advice: its subject refers to the answer itself
  ("This is not legal advice", "Diese Antwort stellt keine Rechtsberatung dar", "以上内容不构成法律意见",
  "Ceci ne constitue pas un avis juridique"), or the sentence is the bare note ("Not legal advice.",
  "Keine Rechtsberatung."). "For informational purposes only", "以上内容仅供参考" and "This simple matter requires no
  legal advice" say nothing of the kind; "The court held that the letter was not legal advice" is about a letter.
  The verb must say what the text is or replaces ("does not constitute", "cannot replace", "kann keine
  Rechtsberatung ersetzen", "ne saurait remplacer") and only articles and words of advice may stand between the
  negation and the advice, so "This does not require legal advice" (a need), "This is not a question of legal advice"
  (a question) and "legal advice services"/"Rechtsberatungsleistungen" (services) are no notes;
- a **recommendation to consult a lawyer** addresses the reader ("You should consult a lawyer", "Wenden Sie sich an
  einen Anwalt", "建议您咨询专业律师", "Je vous recommande de consulter un avocat"); a lawyer named in a narrative
  sentence is not one, a sentence that says a lawyer is not needed never counts ("Sie brauchen keine
  Rechtsberatung", "Vous n'avez pas besoin d'un avocat"), and another party's lawyer is not the reader's ("You must
  contact the opposing counsel", "Ask the landlord's solicitor to return the deposit");
- **quotations** are someone else's words: text between quotation marks is masked before the rules run;
- **reported speech** is someone else's view: a match after a reporting verb in its sentence ("the court held
  that", "das Gericht stellte fest", "法院认为", "le tribunal a jugé que"), or followed by an attribution ("…,
  according to the BGH", "…, so der BGH", "…, selon la Cour de cassation", "…，最高法院如是认为"), does not count.

The answer is split into sentences at ``. ! ? ;`` followed by a space, at ``。！？；`` and at newlines; the rules of
every language are tried on every sentence (an English answer may end with a German note). Examples that count and
examples that must not, per language, are in ``tests/metrics/test_lexassay.py``; ``docs/metrics.md`` lists them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

LANGUAGES = ("de", "en", "zh", "fr")

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+|[。！？；\n]+")
# Quoted text, masked before the rules run: ASCII and typographic double quotes, German „…“, guillemets both ways,
# CJK corner brackets, and ‘…’ opened by a left single quote (a right single quote alone is an apostrophe).
_QUOTED = re.compile(r'"[^"\n]{1,400}"|“[^”\n]{1,400}”|„[^“”\n]{1,400}[“”]|«[^»\n]{1,400}»|»[^«\n]{1,400}«'
                     r"|‹[^›\n]{1,400}›|「[^」\n]{1,400}」|『[^』\n]{1,400}』|‘[^’\n]{1,400}’")
# A label opening a note ("Disclaimer:", "Hinweis:", "免责声明：", "Avertissement :"), dropped before the bare-note
# test.
_LABEL = re.compile(r"^[\W_]*(?:disclaimer|legal\s+disclaimer|note|important|please\s+note|hinweis|wichtiger\s+hinweis|"
                    r"rechtlicher\s+hinweis|haftungsausschluss|achtung|avertissement|remarque|note\s+importante|"
                    r"mise\s+en\s+garde|免责声明|声明|提示|注意|特别提示|风险提示)\s*[:：]\s*", re.IGNORECASE)

# ---------------------------------------------------------------- not-legal-advice notes

_EN_SELF = (r"(?:this|these|the\s+(?:above|foregoing|following|preceding|present)|my|our|the\s+information\s+"
            r"(?:above|provided|given|here(?:in)?|in\s+this\s+\w+))")
_EN_NOUN = (r"(?:\s+(?:answer|response|reply|information|analysis|overview|summary|explanation|text|content|article|"
            r"note|discussion|guide|assessment|material|memo|post|comments?|remarks))?")
_DE_SELF = (r"(?:dies(?:e[rs]?)?(?:\s+(?:Antwort|Auskunft|Einschätzung|Darstellung|Information(?:en)?|Übersicht|"
            r"Erläuterung(?:en)?|Ausführungen|Stellungnahme|Analyse|Angaben|Hinweise|Text))?|das\s+(?:Vorstehende|Obige|"
            r"Gesagte)|(?:die|meine|unsere)\s+(?:obigen\s+|vorstehenden\s+|folgenden\s+)?(?:Ausführungen|Informationen|"
            r"Angaben|Hinweise|Antwort|Einschätzung|Auskunft))")
# whole words: "Rechtsberatungsleistungen" (services) is no advice
_DE_NOT_ADVICE = r"(?:Rechtsberatung|rechtliche\s+Beratung|Rechtsauskunft|anwaltliche\s+Beratung|Rechtsrat)\b"
_ZH_SELF = (r"(?:本(?:回答|答复|解答|文|内容|意见|分析|信息)|以上|上述|前述"
            r"|此(?:回答|答复|内容|分析)|我的(?:回答|答复|分析|意见)|"
            r"这(?:些|个)?(?:回答|答复|内容|信息|分析))")
_FR_SELF = (r"(?:ceci|cela|ce\s+(?:texte|message|document|contenu|qui\s+précède)|cette\s+(?:réponse|analyse|note|"
            r"information|présentation)|ces\s+(?:informations|explications|indications|éléments)|les\s+(?:informations|"
            r"explications|indications)\s+(?:ci-dessus|ci-dessous|fournies|données|qui\s+précèdent)|la\s+présente\s+"
            r"(?:réponse|note)|le\s+présent\s+(?:texte|document))")
_FR_ADVICE = (r"(?:(?:avis|conseils?|consultation)\s+juridiques?|(?:avis|conseils?|consultation)\s+d['’]un\s+"
              r"(?:avocat|juriste|professionnel\s+du\s+droit))")

# What may stand between the negation and "legal advice": articles, adjectives of advice and "as"-phrases, nothing else,
# so "This is not a question of legal advice" (a question) and "does not require legal advice" (a need) are no notes.
_EN_GAP = (r"(?:(?:a|an|any|formal|professional|specific|individual(?:i[sz]ed)?|personal|binding|official|actual|"
           r"qualified|complete|intended\s+(?:as|to\s+be)|meant\s+(?:as|to\s+be)|to\s+be\s+(?:construed|taken|treated|"
           r"relied\s+(?:up)?on)\s+as|(?:a\s+)?substitute\s+for|(?:a\s+)?replacement\s+for)\s+){0,4}")
# "legal advice" as the first part of another noun is not advice: "legal advice services", "legal advice act"
_EN_COMPOUND = (r"(?!\s+(?:services?|providers?|firms?|business(?:es)?|acts?|laws?|market|sector|industry|"
                r"clinics?|cent(?:re|er)s?|offices?|hotlines?|rules?|regulations?|licen[cs]es?|professions?|"
                r"activit(?:y|ies))\b)")
_EN_ADVICE = (rf"(?:legal\s+advice\b{_EN_COMPOUND}|(?:the\s+)?advice\s+of\s+(?:a|an|your)\s+(?:\w+\s+)?"
              r"(?:lawyer|attorney|solicitor|counsel)|(?:a|an|your)\s+(?:\w+\s+)?(?:lawyer|attorney|solicitor)['’]s\s+"
              r"advice|(?:a\s+)?consultation\s+with\s+(?:a|an|your)\s+(?:\w+\s+)?(?:lawyer|attorney|solicitor))")
# the verbs by which a text says what it is not: "does not constitute", "cannot replace", "should not be taken as"
_EN_NOT_VERB = (r"(?:(?:does|do|should|shall|must|may|could|would)\s*(?:n['’]t|\s+not)|(?:will|can)\s+not|cannot|"
                r"can['’]t|won['’]t)\s+"
                r"(?:constitute|represent|replace|substitute\s+for|amount\s+to|serve\s+as|provide|offer|give|"
                r"take\s+the\s+place\s+of|be(?:\s+(?:construed|taken|treated|considered|regarded|relied\s+(?:up)?on|"
                r"used))?(?:\s+as)?)")

NOT_ADVICE = {
    "en": [
        # the text itself said not to be legal advice: "This is not legal advice", "This answer does not constitute
        # legal advice", "This information cannot replace legal advice"; present tense, the answer as subject
        rf"\b{_EN_SELF}{_EN_NOUN}\s+(?:(?:is|are)\s*(?:n['’]t|\s+not)|{_EN_NOT_VERB})\s+{_EN_GAP}{_EN_ADVICE}",
        # "This is general information, not legal advice"
        rf"\b{_EN_SELF}{_EN_NOUN}\s+(?:is|are)\b[^.!?;]{{0,80}}?\bnot\s+{_EN_GAP}{_EN_ADVICE}",
        rf"\bnothing\s+(?:in|here|herein|above)\b[^.!?;]{{0,40}}?\b(?:is|constitutes|should\s+be\s+(?:construed|taken|"
        rf"treated)\s+as)\s+{_EN_GAP}{_EN_ADVICE}",
        rf"\b{_EN_SELF}{_EN_NOUN}\s+(?:does|do|will)\s*(?:n't|\s+not)"
        rf"\s+create\s+an?\s+attorney[- ]client\s+relationship",
    ],
    "de": [
        # "Dies ist keine Rechtsberatung", "Diese Auskunft ersetzt keine anwaltliche Beratung"
        rf"\b{_DE_SELF}\b[^.!?;]{{0,40}}?\b(?:ist|sind|stellt|stellen|ersetzt|ersetzen|bildet|bilden)\b[^.!?;]{{0,30}}?"
        rf"\bkeine[nr]?\s+(?:\w+\s+)?(?:{_DE_NOT_ADVICE}|Beratung\s+durch\s+\w+\s+\w+|(?:Rechts)?[Aa]nw[aä]lt\w*)",
        rf"\b{_DE_SELF}\b[^.!?;]{{0,40}}?\b(?:ist|sind)\s+nicht\s+als\s+(?:\w+\s+)?{_DE_NOT_ADVICE}",
        # "Diese Auskunft kann keine Rechtsberatung ersetzen", "… können eine anwaltliche Beratung nicht ersetzen"
        rf"\b{_DE_SELF}\b[^.!?;]{{0,40}}?\b(?:kann|können|vermag|vermögen)\s+(?:(?:keine[nr]?|eine[nr]?|die|den)\s+)?"
        rf"(?:\w+\s+)?(?:{_DE_NOT_ADVICE}|Beratung\s+durch\s+\w+\s+\w+|(?:Rechts)?[Aa]nw[aä]lt\w*)[^.!?;]{{0,20}}?"
        r"(?<=\s)(?:nicht\s+)?ersetzen\b",
        rf"\bes\s+handelt\s+sich\s+(?:hierbei\s+|dabei\s+|bei\s+{_DE_SELF}\s+)?(?:nicht\s+um\s+(?:eine\s+)?|um\s+keine\s+)"
        rf"(?:\w+\s+)?{_DE_NOT_ADVICE}",
    ],
    "zh": [
        rf"{_ZH_SELF}[^。！？；\n]{{0,16}}?(?:不构成|并非|不是|不作为|不能作为|不视为|不应视为|不能视为|不代表|不属于)"
        r"[^。！？；\n]{0,8}?(?:法律意见|法律建议|法律咨询意见|法律服务|专业法律意见|正式法律意见)"
        r"(?!的?(?:问题|范畴|领域|事项|业务))",  # 不是法律意见的问题: a question, not a note
        rf"{_ZH_SELF}[^。！？；\n]{{0,16}}?(?:不能|无法|不可|不得)(?:替代|代替|取代)[^。！？；\n]{{0,12}}?(?:律师|专业法律|法律意见|法律咨询)",
    ],
    "fr": [
        # "Ceci ne constitue pas un avis juridique", "Cette réponse ne peut pas remplacer l'avis d'un avocat", "Ces
        # informations ne sauraient remplacer les conseils d'un avocat"; not "ne nécessite pas de conseil juridique"
        # (a need) nor "n'est pas une question de conseil juridique" (a question)
        rf"\b{_FR_SELF}\s+(?:ne|n['’])\s*(?:saurai(?:t|ent)|(?:constitu\w*|remplac\w*|représent\w*|vau[tx]|valent|"
        r"peu[tv]\w*|doi[tv]\w*|est|sont|se\s+substitu\w*|tien(?:t|nent)\s+lieu)\s+(?:pas|aucunement|nullement|point|"
        r"en\s+aucun\s+cas))\s+(?:(?:être\s+)?(?:considérée?s?\s+comme|assimilée?s?\s+à|remplacer|constituer|"
        r"se\s+substituer\s+à|tenir\s+lieu\s+d['’]|valoir)\s*)?(?:(?:un|une|des|de|d['’]|du|le|la|les|l['’]|à)\s*)?"
        r"(?:(?:véritable|vrai|réel|formel(?:le)?|personnalisée?|professionnel(?:le)?|individuel(?:le)?)\s+)?"
        rf"{_FR_ADVICE}",
        rf"\brien\s+(?:dans|ici)\b[^.!?;]{{0,40}}?\bne\s+(?:constitue|saurait\s+constituer|remplace)\b[^.!?;]{{0,20}}?"
        rf"\b{_FR_ADVICE}",
    ],
}
# The bare note, once a label ("Disclaimer:") and surrounding brackets and punctuation are dropped.
BARE_NOTE = {
    "en": r"(?:this\s+is\s+)?not\s+(?:intended\s+as\s+|meant\s+as\s+)?(?:a\s+)?"
          r"(?:formal\s+|professional\s+)?legal\s+advice",
    "de": rf"keine\s+(?:\w+\s+)?{_DE_NOT_ADVICE}(?:\s+im\s+Sinne\s+des\s+\w+)?",
    "zh": r"(?:仅供参考[，,、]?)?不构成(?:任何)?(?:正式)?法律(?:意见|建议)",
    "fr": r"pas\s+(?:un\s+)?(?:avis|conseil)\s+juridique",
}

# ---------------------------------------------------------------- recommendations to consult a lawyer

# EN: a recommending frame ("you should", "we recommend", "it is advisable", "please", "consider") before a consult
#     phrase (a consult verb with a lawyer as its object, or "seek/obtain legal advice"); or the consult phrase as an
#     imperative opening a clause ("Consult a lawyer", "If in doubt, see a lawyer"); or the consult phrase followed
#     by "is recommended/advisable".
# DE, FR: a recommending frame (a formal imperative "wenden Sie sich", "consultez"; "Sie sollten", "vous devriez";
#     "ich empfehle", "je vous recommande"; "es empfiehlt sich", "il est conseillé") and a lawyer word in the sentence
#     (the order is free in both).
# ZH: a recommending frame (建议, 请, 最好, 务必, 不妨, 推荐, 您/你…可以/应当) before a consult pattern
# (咨询/聘请/委托…律师, 向…律师咨询, 寻求法律帮助); a party as the subject (当事人可以委托律师) is a statement of
# rights, not advice.
LAWYER = {
    "en": r"\b(?:lawyers?|attorneys?(?!\s+general)|solicitors?|counsel"
          r"|legal\s+(?:professional|adviser|advisor|aid|expert)s?|law\s+firms?)\b",
    "de": r"(?:Rechtsanw[aä]lt\w*|\bAnw[aä]lt\w*|Fachanw[aä]lt\w*|\banwaltlich\w*"
          r"|Rechtsberatung|rechtliche[nrs]?\s+(?:Beratung|Rat)|\brechtlich\s+beraten"
          r"|Rechtsrat|Verbraucherzentrale|\bNotar\w*)",
    "fr": r"\b(?:avocat(?:e|s|es)?|notaire|juriste|conseill(?:er|ère)\s+juridique|professionnel(?:le)?\s+du\s+droit"
          r"|conseils?\s+juridiques?|aide\s+juridictionnelle|maison\s+de\s+(?:la\s+)?justice)\b",
    "zh": r"律师|法律专业人士|法律工作者|法律援助|专业人士",
}
# Another party's lawyer: consulting the opposing counsel or the landlord's solicitor is no advice to the reader to
# get legal advice ("You must contact the opposing counsel", "Ask the landlord's solicitor to return the deposit").
THIRD_PARTY = {
    "en": rf"(?:\b(?:opposing|adverse|opposite|other\s+(?:side|party)['’]s|opponent['’]s|their|his|her|its)\s+"
          rf"(?:own\s+)?(?:\w+\s+)?|\b\w+(?:['’]s|s['’])\s+(?:\w+\s+)?)(?:{LAWYER['en']})"
          rf"|(?:{LAWYER['en']})\s+(?:for|of|representing)\s+(?:the|your|his|her|their)\s+(?:other\s+(?:side|party)|"
          r"opponent|opposing\s+party|defendant|plaintiff|claimant|respondent|landlord|tenant|employer|insurer|seller|"
          r"buyer|creditor|debtor|spouse|husband|wife|ex-\w+|company|bank)\b",
    "de": r"(?:\bgegnerisch\w*\s+(?:\w+\s+)?|\bGegen)(?:Rechts|Fach)?[Aa]nw[aä]lt\w*"
          r"|(?:(?:Rechts|Fach)?[Aa]nw[aä]lt\w*|\bNotar\w*)\s+(?:des|der|vom)\s+(?!Ihr)\w+",
    "fr": r"\bavocat\w*\s+(?:adverse|de\s+(?:la\s+)?partie\s+adverse|de\s+l['’](?:autre\s+partie|adversaire|employeur|"
          r"assureur|acheteur)|du\s+(?:bailleur|propriétaire|locataire|défendeur|demandeur|vendeur|employeur|conjoint|"
          r"voisin|mari|plaignant)|de\s+(?:votre|la|sa|son)\s+(?:adversaire|bailleur|propriétaire|employeur|ex-\w+|"
          r"conjoint\w*|assureur|voisin\w*|locataire|défense|société|banque))\b",
    "zh": r"(?:对方|对手|房东|出租人|承租人|雇主|用人单位|被告|原告|被申请人|申请人|卖方|买方|保险公司|他|她|其(?!他))"
          r"(?:的)?(?:代理|委托)?(?:律师|法律顾问)",
}
# Reported speech after the phrase: "… this is not legal advice, according to the BGH", "…, so der BGH".
REPORTED_AFTER = {
    "en": r",\s*(?:according\s+to\b(?!\s+(?:me|us|my|our)\b)|as\s+(?!(?:I|we)\b)(?:the\s+)?\w+(?:\s+\w+)?\s+"
          r"(?:held|ruled|found|said|stated|noted|put\s+it)\b|(?:the\s+)?(?:court|judge|tribunal|panel|jury|plaintiff|"
          r"defendant|appellant|respondent|agency|ministry|bgh)\s+(?:held|ruled|found|said|says|stated|wrote|noted|"
          r"concluded|decided|argued|claimed)\b|(?:said|says|wrote|held|ruled|stated|argued|claimed|noted)\s+"
          r"(?:the\s+)?\w+|(?:he|she|they)\s+(?:said|says|wrote|argued|claimed)\b)"
          r"|\baccording\s+to\s+(?:the\s+)?(?:court|judge|tribunal|bgh|\w+\s+court)\b",
    "de": r",\s*(?:so\s+(?:der|die|das)\b|(?:urteilte|entschied|befand|meint|meinte|sagt|sagte|erklärte|betonte|"
          r"schrieb|schreibt|stellte|führte|argumentierte|behauptete)\b)|\b(?:zufolge|laut)\b"
          r"|\bnach\s+(?:Ansicht|Auffassung|Meinung)\s+(?:des|der)\b|\bhie(?:ß|ss)\s+es\b|\bhei(?:ß|ss)t\s+es\b",
    "fr": r",\s*(?:(?:selon|d['’]après)\b(?!\s+(?:moi|nous)\b)|(?:a|ont|avait|avaient)\s+(?:jugé|estimé|déclaré|"
          r"indiqué|affirmé|considéré|relevé|retenu|précisé|conclu|dit)\b|(?:juge|estime|déclare|affirme|indique|"
          r"précise|rappelle|souligne|estimait|jugeait)\s+(?:la|le|les|l['’]))",
    "zh": r"[，,]\s*[^，,。我]{1,10}?(?:如是说|如是认为|这样认为|这样认定|如此认为|认为|认定|指出)",
}

_EN_VERB = (r"(?:consult(?:ing)?|speak(?:ing)?\s+(?:to|with)|talk(?:ing)?\s+(?:to|with)|contact(?:ing)?|retain(?:ing)?|"
            r"hir(?:e|ing)|engag(?:e|ing)|reach(?:ing)?\s+out\s+to|get(?:ting)?\s+in\s+touch\s+with|see(?:ing)?\s+(?:a|an|your)|"
            r"seek(?:ing)?|ask(?:ing)?|obtain(?:ing)?|get(?:ting)?|involv(?:e|ing))")
_EN_CONSULT = (rf"\b{_EN_VERB}\b[^.!?;\n]{{0,40}}?{LAWYER['en']}"
               r"|\b(?:seek|obtain|get)\w*\s+(?:\w+\s+){0,2}legal\s+(?:advice|counsel|help|assistance|representation)\b")
_EN_FRAME = (r"\b(?:you\s+(?:should|may\s+(?:want|wish)\s+to|might\s+(?:want|wish)\s+to|could|can|must|need\s+to|"
             r"ought\s+to|will\s+want\s+to|would\s+(?:be\s+well\s+)?advised\s+to)|(?:I|we)\s+(?:would\s+|strongly\s+)*"
             r"(?:recommend|suggest|advise|urge|encourage)|it\s+(?:is|would\s+be)\s+(?:\w+\s+)?(?:advisable|recommended|"
             r"wise|prudent|best|sensible|a\s+good\s+idea|important)|it's\s+(?:\w+\s+)?(?:advisable|wise|best|a\s+good\s+idea)|"
             r"(?:is|are)\s+(?:strongly\s+)?(?:advised|encouraged|recommended)\s+to|please|consider|be\s+sure\s+to|"
             r"make\s+sure\s+(?:to|you)|do\s+not\s+hesitate\s+to|don't\s+hesitate\s+to|best\s+to)\b")
CONSULT_LAWYER = {
    "en": [
        rf"{_EN_FRAME}[^.!?;\n]{{0,80}}?(?:{_EN_CONSULT})",
        rf"(?:^|[,:;—–-]\s*|\b(?:then|and|or|so)\s+)(?:please\s+)?(?:(?:consult|speak\s+(?:to|with)|talk\s+to|contact|"
        rf"retain|hire|engage|reach\s+out\s+to|get\s+in\s+touch\s+with|seek|ask|obtain|get)\b[^.!?;\n]{{0,40}}?"
        rf"|see\s+(?:a|an|your)\s+(?:\w+\s+){{0,2}})(?:{LAWYER['en']}|legal\s+(?:advice|counsel|help|assistance))",
        rf"(?:{_EN_CONSULT})[^.!?;\n]{{0,40}}?\b(?:is|are|would\s+be)\s+(?:\w+\s+)?(?:recommended|advisable|advised|"
        rf"wise|a\s+good\s+idea)\b",
    ],
    "de": [
        r"(?:\b(?:wenden|wende|lassen|fragen|ziehen|holen|suchen|nehmen|kontaktieren|konsultieren|vereinbaren)\s+(?:Sie|dich)\b"
        r"|\bSie\s+sollten\b|\bsollten\s+Sie\b|\b(?:ich|wir)\s+(?:\w+\s+)?(?:empfehle|empfehlen|rate|raten)\b"
        r"|\bempfiehlt\s+(?:es\s+)?sich\b|\b(?:ist|wäre|scheint)\s+(?:es\s+)?(?:\w+\s+)?(?:ratsam|empfehlenswert|sinnvoll|"
        r"angeraten|angezeigt)\b|\b(?:wird|werden)\s+(?:\w+\s+)?empfohlen\b|\b(?:Ihnen|dir)\s+(?:\w+\s+)?(?:empfehlen|"
        r"raten|nahelegen)\b|\bbitte\b|\blohnt\s+(?:es\s+)?sich\b)",
    ],
    "zh": [
        r"(?:建议|请|最好|务必|不妨|推荐|(?:您|你)[^。！？；\n]{0,4}?(?:可以|可|应当|应该|应|需要|最好))"
        r"[^。！？；\n]{0,12}?"
        r"(?:(?:咨询|请教|聘请|委托|联系|求助于?|找)[^。！？；\n]{0,8}?(?:律师|法律专业人士|法律工作者|法律援助|专业人士)"
        r"|向[^。！？；\n]{0,10}?(?:律师|法律专业人士|专业人士)[^。！？；\n]{0,4}?(?:咨询|求助|请教)"
        r"|寻求[^。！？；\n]{0,6}?(?:律师|法律)(?:帮助|意见|建议|援助)?)",
        # the subject left out, as Chinese does: 可以向律师咨询 (not 当事人/原告/被告…可以委托律师, a statement of
        # rights)
        r"(?<!当事人)(?<!原告)(?<!被告)(?<!申请人)(?<!上诉人)(?<![他她其])(?:可以|可)"
        r"(?:向[^。！？；\n]{0,10}?(?:律师|法律专业人士|专业人士)[^。！？；\n]{0,4}?(?:咨询|求助|请教)"
        r"|(?:咨询|请教)[^。！？；\n]{0,8}?(?:律师|法律专业人士|专业人士))",
    ],
    "fr": [
        r"\b(?:je\s+vous\s+(?:recommande|conseille|suggère|invite)|nous\s+vous\s+(?:recommandons|conseillons|suggérons|"
        r"invitons)|il\s+(?:est|serait)\s+(?:\w+\s+)?(?:conseillé|recommandé|préférable|prudent|judicieux|utile|opportun|"
        r"souhaitable)|vous\s+(?:devriez|pourriez|devez|avez\s+intérêt\s+à)|n['’]hésitez\s+pas|veuillez|pensez\s+à|"
        r"mieux\s+vaut|consultez|contactez|adressez-vous|faites-vous\s+(?:conseiller|assister|accompagner)|"
        r"prenez\s+(?:contact|conseil)|rapprochez-vous|demandez\s+(?:conseil|l['’]avis))\b",
    ],
}
# A sentence that says a lawyer is not needed never counts.
NEGATED = {
    "en": r"\b(?:no\s+need|not\s+need|(?:do|does)\s*n[o']t\s+(?:need|require|have\s+to)"
          r"|needn't|need\s+not|requires?\s+no|"
          r"not\s+required|unnecessary|not\s+necessary|without\s+(?:a|an)\s+(?:lawyer|attorney))\b",
    "de": r"(?:nicht\s+(?:nötig|notwendig|erforderlich)|\bbrauch\w*\s+(?:\w+\s+)?kein\w*"
          r"|\bbenötig\w*\s+(?:\w+\s+)?kein\w*|\bmüss\w*\s+(?:\w+\s+)?kein\w*|\bohne\s+(?:einen\s+)?(?:Rechts)?[Aa]nwalt)",
    "zh": r"(?:无需|无须|不需要|不必|没必要|用不着)",
    "fr": r"(?:\bpas\s+besoin|\bnul\s+besoin|\binutile|\b(?:n['’]est|ne\s+sera|n['’]était)\s+pas\s+(?:nécessaire|utile|"
          r"indispensable|obligatoire)|\bsans\s+(?:l['’]aide\s+d['’]un\s+)?avocat|\bne\s+(?:devez|devriez|pouvez)\s+pas)",
}
# Reported speech: a reporting verb before the match makes it someone else's statement.
REPORTING = {
    "en": r"\b(?:held|ruled|found|stated|said|says|argued|claimed|noted|wrote|explained|concluded|determined|decided|"
          r"observed|opined|reasoned|testified|alleged|asserted|maintained|contended|insisted|told\s+\w+)\s+(?:that\b|[,:])"
          r"|\b(?:court|judge|tribunal|panel|jury|plaintiff|defendant|appellant|respondent|petitioner|agency)\b[^.!?;]{0,40}?"
          r"\b(?:held|ruled|found|stated|said|argued|claimed|noted|wrote|concluded|determined|decided|observed|opined)\b"
          r"|\baccording\s+to\s+(?:the\s+)?(?:court|judge|tribunal|panel)\b",
    "de": r"\b(?:entschied|entschieden|urteilte|stellte\s+fest|festgestellt|führte\s+aus|ausgeführt|befand|meinte|"
          r"erklärte|sagte|schrieb|betonte|argumentierte|behauptete|vertrat|hieß\s+es|heißt\s+es|zufolge|"
          r"nach\s+Ansicht\s+(?:des|der))\b",
    # 认为/指出 after 我, 笔者 or 本人 is the author's own view ("我认为您应当咨询律师")
    "zh": r"(?<!我)(?<!笔者)(?<!本人)(?:认为|指出|声称|宣称|写道|认定|主张|称[:：,，])",
    "fr": r"\b(?:a|ont|avait|avaient)\s+(?:jugé|estimé|déclaré|indiqué|affirmé|considéré|relevé|retenu|soutenu|précisé|"
          r"écrit|dit|conclu)\b|\b(?:selon|d['’]après)\b(?!\s+(?:moi|nous))|\b(?:jugea|estima|déclara|affirma)\b",
}

_FLAGS = re.IGNORECASE
_NOT_ADVICE_RE = {lang: [re.compile(p, _FLAGS) for p in ps] for lang, ps in NOT_ADVICE.items()}
_BARE_RE = {lang: re.compile(rf"^{p}$", _FLAGS) for lang, p in BARE_NOTE.items()}
_CONSULT_RE = {lang: [re.compile(p, _FLAGS) for p in ps] for lang, ps in CONSULT_LAWYER.items()}
_LAWYER_RE = {lang: re.compile(p, _FLAGS) for lang, p in LAWYER.items()}
_NEGATED_RE = {lang: re.compile(p, _FLAGS) for lang, p in NEGATED.items()}
_REPORTING_RE = {lang: re.compile(p, _FLAGS) for lang, p in REPORTING.items()}
_REPORTED_AFTER_RE = {lang: re.compile(p, _FLAGS) for lang, p in REPORTED_AFTER.items()}
_THIRD_PARTY_RE = {lang: re.compile(p, _FLAGS) for lang, p in THIRD_PARTY.items()}
# Cheap gates: a note or a recommendation needs one of these words; most sentences of a long answer have none.
_GATE = {"en": re.compile(r"lawyer|attorney|solicitor|counsel|legal|law\s+firm", _FLAGS),
         "de": re.compile(rf"{LAWYER['de']}|Rechtsauskunft", _FLAGS),
         "zh": re.compile(r"律师|法律|专业人士"),
         "fr": re.compile(rf"{LAWYER['fr']}|juridique", _FLAGS)}


@dataclass(frozen=True)
class Disclaimer:
    """What the detector found: ``kind`` is ``not_legal_advice`` or ``consult_lawyer``; ``text`` the sentence."""

    kind: str
    language: str
    text: str


def _own(lang: str, sentence: str, at: int) -> bool:
    """Whether a match at ``at`` is the author's own statement: no reporting verb before it ("the court held that
    …") and no attribution after it ("…, according to the BGH", "…, so der BGH")."""
    return not _REPORTING_RE[lang].search(sentence, 0, at) and not _REPORTED_AFTER_RE[lang].search(sentence, at)


def _someone_elses_lawyer(lang: str, sentence: str) -> bool:
    """Whether every lawyer the sentence names is another party's (the opposing counsel, the landlord's solicitor):
    then contacting them is no recommendation to the reader to get legal advice."""
    mentions = [m.span() for m in _LAWYER_RE[lang].finditer(sentence)]
    theirs = [m.span() for m in _THIRD_PARTY_RE[lang].finditer(sentence)]
    return bool(mentions) and all(any(a <= s and e <= b for a, b in theirs) for s, e in mentions)


def _says_not_advice(lang: str, sentence: str) -> bool:
    for p in _NOT_ADVICE_RE[lang]:
        m = p.search(sentence)
        if m and _own(lang, sentence, m.start()):
            return True
    bare = _LABEL.sub("", sentence).strip(" \t()[]{}*_-–—.!。！")
    return bool(_BARE_RE[lang].match(bare))


def _recommends_lawyer(lang: str, sentence: str) -> bool:
    if _NEGATED_RE[lang].search(sentence) or _someone_elses_lawyer(lang, sentence):
        return False
    if lang in ("de", "fr"):  # a frame and a lawyer word anywhere in the sentence
        m = _CONSULT_RE[lang][0].search(sentence)
        return bool(m and _LAWYER_RE[lang].search(sentence) and _own(lang, sentence, m.start()))
    for p in _CONSULT_RE[lang]:
        m = p.search(sentence)
        if m and _own(lang, sentence, m.start()):
            return True
    return False


def sentences(text: str) -> list[str]:
    """The sentences the rules read: quotations masked, split as described above, blank ones dropped."""
    unquoted = _QUOTED.sub(" [quotation] ", text)
    return [s.strip() for s in _SENTENCE_SPLIT.split(unquoted) if s.strip()]


def find_disclaimer(text: str) -> Disclaimer | None:
    """The first disclaimer in ``text`` (every language's rules are tried on every sentence), else None."""
    if not isinstance(text, str) or not text:
        return None
    for s in sentences(text):
        for lang in LANGUAGES:
            if not _GATE[lang].search(s):
                continue
            if _says_not_advice(lang, s):
                return Disclaimer("not_legal_advice", lang, s)
            if _recommends_lawyer(lang, s):
                return Disclaimer("consult_lawyer", lang, s)
    return None


__all__ = ["Disclaimer", "find_disclaimer", "sentences", "LANGUAGES", "NOT_ADVICE", "BARE_NOTE", "CONSULT_LAWYER",
           "LAWYER", "NEGATED", "REPORTING", "REPORTED_AFTER", "THIRD_PARTY"]
