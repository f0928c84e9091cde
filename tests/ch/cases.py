"""Swiss citation cases: (text, expected keys in order[, extract() options]). docs/keys.md's examples first, verbatim.

The blocks follow the constructs of issue 14; ``tests/fixtures/ch_gold.jsonl`` measures the same constructs on real
text (LEXam answers, BGE regestes, federal acts citing each other)."""

DESIGN = [
    ("Art. 41 Abs. 1 OR", ["ch/or/art41/abs1"]),
    ("art. 41 al. 1 CO", ["ch/or/art41/abs1"]),
    ("Art. 271a Abs. 1 lit. a OR", ["ch/or/art271a/abs1/lita"]),
    ("Gemäss Schweizer Recht: Art. 111 StGB", ["ch/stgb/art111"]),
    ("BGE 140 III 86 E. 2", ["ch/rep/bge/140/iii/86"]),
]

STATUTES = [
    # units and labels, German
    ("Art. 28 ZGB", ["ch/zgb/art28"]),
    ("Art. 15 Abs. 1 DSG", ["ch/dsg/art15/abs1"]),
    ("Art. 138 Ziff. 1 StGB", ["ch/stgb/art138/ziff1"]),
    ("Art. 123 Ziff. 1 Abs. 1 StGB", ["ch/stgb/art123/ziff1/abs1"]),
    ("Art. 115 Abs. 1 Bst. a AIG", ["ch/aig/art115/abs1/lita"]),
    ("Art. 65 Abs. 3 Satz 2 SVG", ["ch/svg/art65/abs3/satz2"]),
    ("Art. 113 Abs. 1 S. 1 StPO", ["ch/stpo/art113/abs1/satz1"]),
    ("Art. 197 lit d StPO", ["ch/stpo/art197/litd"]),
    ("Art. 243 Abs.1 ZPO", ["ch/zpo/art243/abs1"]),
    ("Art. 3 Abs. 2 vierter Satz JStG", ["ch/jstg/art3/abs2/satz4"]),
    ("Art. 83 lit. f Ziff. 2 BGG", ["ch/bgg/art83/litf/ziff2"]),
    ("Artikel 960b Absatz 2 OR", ["ch/or/art960b/abs2"]),
    ("Artikel 33 Buchstaben a und c KVV", ["ch/kvv/art33/lita", "ch/kvv/art33/litc"]),
    # bis, ter, quater: attached or written apart
    ("Art. 5 Abs. 1bis VStG", ["ch/vstg/art5/abs1bis"]),
    ("Art. 260ter Ziff. 1 StGB", ["ch/stgb/art260ter/ziff1"]),
    ("Art. 179 bis und 179 ter StGB", ["ch/stgb/art179bis", "ch/stgb/art179ter"]),
    ("Art. 13 Abs. 2 bis MSchG", ["ch/mschg/art13/abs2bis"]),
    ("Artikel 305bis Ziffer 1bis StGB", ["ch/stgb/art305bis/ziff1bis"]),
    ("Art. 6ter lit. a AHVV", ["ch/ahvv/art6ter/lita"]),
    # lists, ranges, f. and ff.
    ("Art. 184 und 197 OR", ["ch/or/art184", "ch/or/art197"]),
    ("Art. 87, 335 ZGB", ["ch/zgb/art87", "ch/zgb/art335"]),
    ("Art. 82 Abs. 3 und 4 AsylG", ["ch/asylg/art82/abs3", "ch/asylg/art82/abs4"]),
    ("Art. 4a Abs. 1 und Art. 5 VRV", ["ch/vrv/art4a/abs1", "ch/vrv/art5"]),
    ("Art. 5 Abs. 1 Bst. d und 67 Abs. 2 Bst. b AIG", ["ch/aig/art5/abs1/litd", "ch/aig/art67/abs2/litb"]),
    ("Art. 328–328b OR", ["ch/or/art328", "ch/or/art328a", "ch/or/art328b"]),
    ("Art. 11-13 BüG", ["ch/büg/art11", "ch/büg/art12", "ch/büg/art13"]),
    ("Art. 97 ff. OR", ["ch/or/art97"]),
    ("Art. 41 f. OR", ["ch/or/art41", "ch/or/art42"]),
    ("Art. 363 f. StPO", ["ch/stpo/art363", "ch/stpo/art364"]),
    ("Art. 122 f., 207 Abs. 1 und Art. 208 Abs. 1 Ziff. 2 ZGB",
     ["ch/zgb/art122", "ch/zgb/art123", "ch/zgb/art207/abs1", "ch/zgb/art208/abs1/ziff2"]),
    # after a plural label the numbers are of that level until its list closes ("und"), then articles again
    ("Artikel 3 Absätze 1 und 2 Buchstaben a–c KAG",
     ["ch/kag/art3/abs1", "ch/kag/art3/abs2/lita", "ch/kag/art3/abs2/litb", "ch/kag/art3/abs2/litc"]),
    ("Artikel 37 Absätze 1, 2 Buchstabe a sowie 3 Buchstabe b IVV",
     ["ch/ivv/art37/abs1", "ch/ivv/art37/abs2/lita", "ch/ivv/art37/abs3/litb"]),
    ("Art. 62 Absätze 1 und 3, 63 Ziffer 1 MStG", ["ch/mstg/art62/abs1", "ch/mstg/art62/abs3", "ch/mstg/art63/ziff1"]),
    ("den Artikeln 16 Absätze 2 und 3 und 22 VGG", ["ch/vgg/art16/abs2", "ch/vgg/art16/abs3", "ch/vgg/art22"]),
    ("den Artikeln 959a Absätze 1 und 2, 959b Absätze 2 und 3 sowie 959c Absatz 1 OR",
     ["ch/or/art959a/abs1", "ch/or/art959a/abs2", "ch/or/art959b/abs2", "ch/or/art959b/abs3", "ch/or/art959c/abs1"]),
    # chains
    ("Art. 7 Abs. 2 UVG i.V.m. Art. 13 Abs. 1 UVV", ["ch/uvg/art7/abs2", "ch/uvv/art13/abs1"]),
    ("Art. 92 Abs. 1 SVG in Verbindung mit Art. 51 Abs. 3 SVG", ["ch/svg/art92/abs1", "ch/svg/art51/abs3"]),
    ("Art. 527 Ziff. 3, 4 i.V.m. 82 ZGB", ["ch/zgb/art527/ziff3", "ch/zgb/art527/ziff4", "ch/zgb/art82"]),
    ("Art. 474 i.V.m. 527 Ziff. 3 und 4 (i.V.m. Art. 82) ZGB",
     ["ch/zgb/art474", "ch/zgb/art527/ziff3", "ch/zgb/art527/ziff4", "ch/zgb/art82"]),
    # the act named after a parenthesis that holds a further article
    ("Art. 208 Ziff. 1 und 2 (und ggf. gestützt auf Art. 220) ZGB",
     ["ch/zgb/art208/ziff1", "ch/zgb/art208/ziff2", "ch/zgb/art220"]),
    # the act by its title
    ("Art. 181a des Strafgesetzbuches", ["ch/stgb/art181a"]),
    ("Artikel 97a Absatz 1 des Zivilgesetzbuches", ["ch/zgb/art97a/abs1"]),
    ("Artikel 25a des Verwaltungsverfahrensgesetzes vom 20. Dezember 1968 (VwVG)", ["ch/vwvg/art25a"]),
    ("Artikel 50c des Bundesgesetzes vom 20. Dezember 1946 über die Alters- und Hinterlassenenversicherung",
     ["ch/ahvg/art50c"]),
    ("Artikel 10 der Freizügigkeitsverordnung vom 3. Oktober 1994", ["ch/fzv/art10"]),
    # an act without an abbreviation is keyed by its SR number
    ("Art. 5 Abs. 2 der Verordnung über die Kontrolle von Unternehmenszusammenschlüssen", ["ch/sr-251.4/art5/abs2"]),
    # Schlusstitel of the ZGB: a level of its own under the ZGB
    ("Art. 1 SchlT ZGB", ["ch/zgb/schlt/art1"]),
    ("Art. 13a Abs. 1 SchlT ZGB", ["ch/zgb/schlt/art13a/abs1"]),
    # old version
    ("aArt. 119a BGG", ["ch/bgg/art119a"]),
    # the act's former name
    ("Art. 44 und 47 AuG", ["ch/aig/art44", "ch/aig/art47"]),
    # an act the tables do not know keeps its printed abbreviation (not_findable, never invented)
    ("Art. 11 BEHG", ["ch/behg/art11"], {"jurisdiction": "ch"}),
    # cantonal acts: the abbreviation with its canton
    ("§ 55 PolG/ZH", ["ch/polg-zh/s55"]),
    ("§§ 39, 59 und 64 KV/BS", ["ch/kv-bs/s39", "ch/kv-bs/s59", "ch/kv-bs/s64"]),
    ("§ 21 Abs. 2 des Sozialhilfegesetzes des Kantons Zürich vom 14. Juni 1981 (SHG/ZH)", ["ch/shg-zh/s21/abs2"]),
    # the act before the article (Swiss shorthand)
    ("Genannt werden kann auch analog zu BV 36 die Wahrung des Kerngehalts der Zwangsmassnahme.", ["ch/bv/art36"]),
    # French
    ("art. 29 al. 2 Cst.", ["ch/bv/art29/abs2"]),
    ("art. 271a al. 1 let. a CO", ["ch/or/art271a/abs1/lita"]),
    ("art. 72 al. 1 et 74 al. 2 let. b LTF", ["ch/bgg/art72/abs1", "ch/bgg/art74/abs2/litb"]),
    ("art. 80 ss LP", ["ch/schkg/art80"]),
    ("art. 8 CC", ["ch/zgb/art8"]),
    ("art. 123 ch. 1 CP", ["ch/stgb/art123/ziff1"]),
    # Italian
    ("art. 41 cpv. 1 CO", ["ch/or/art41/abs1"]),
    ("art. 13 cpv. 1 Cost.", ["ch/bv/art13/abs1"]),
    ("art. 10 cpv. 3 lett. b CPP", ["ch/stpo/art10/abs3/litb"]),
    ("art. 123 n. 1 CP", ["ch/stgb/art123/ziff1"]),
    # English
    ("Article 41(1) of the Swiss Code of Obligations", ["ch/or/art41/abs1"]),
    ("Art. 8 of the Swiss Civil Code (CC)", ["ch/zgb/art8"]),
    ("Article 8 CC", ["ch/zgb/art8"], {"jurisdiction": "ch"}),
    # in prose
    ("Gemäss Art. 41 Abs. 1 OR haftet, wer widerrechtlich Schaden zufügt.", ["ch/or/art41/abs1"]),
    ("Die Strafe richtet sich nach Art. 69 StGB und Art. 26 BetmG.", ["ch/stgb/art69", "ch/betmg/art26"]),
]

CASES = [
    ("BGE 143 IV 264 E. 2.6", ["ch/rep/bge/143/iv/264"]),
    ("BGE 120 II 331, E. 5.c.bb", ["ch/rep/bge/120/ii/331"]),
    ("BGE 126 III 69 ff.", ["ch/rep/bge/126/iii/69"]),
    ("BGE 148 III 215; 140 III 496", ["ch/rep/bge/148/iii/215", "ch/rep/bge/140/iii/496"]),
    ("BGE 121 I 373, 130 I 74", ["ch/rep/bge/121/i/373", "ch/rep/bge/130/i/74"]),
    ("BGE 135 \nIII 614", ["ch/rep/bge/135/iii/614"]),
    ("ATF 140 III 86 consid. 2.1", ["ch/rep/bge/140/iii/86"]),
    ("DTF 140 III 86 consid. 2", ["ch/rep/bge/140/iii/86"]),
    ("BGer 4A_306/2009", ["ch/case/bger/4a_306-2009"]),
    ("BGer6B_713/2012, 6B_427/2020", ["ch/case/bger/6b_713-2012", "ch/case/bger/6b_427-2020"]),
    ("Urteil 4A_123/2020 vom 3. Juni 2020", ["ch/case/bger/4a_123-2020"]),
    ("Urteil des Bundesgerichts 5A_792/2011 vom 14. Januar 2013", ["ch/case/bger/5a_792-2011"]),
    ("arrêt 4A_123/2020 du 3 juin 2020", ["ch/case/bger/4a_123-2020"]),
    ("sentenza 5A_919/2018 del 12 marzo 2019", ["ch/case/bger/5a_919-2018"]),
    ("In 4A_127/2012 bzw. 4A_141/2012 vom 30. Oktober 2012 hielt das Bundesgericht fest",
     ["ch/case/bger/4a_127-2012", "ch/case/bger/4a_141-2012"]),
]

# Germany or Switzerland (docs/keys.md): German law stays German.
GERMAN = [
    ("§ 823 BGB", ["de/bgb/s823"]),
    ("§ 349 Abs. 2 StPO", ["de/stpo/s349/abs2"]),
    ("§ 3 UWG", ["de/uwg/s3"]),
    ("Art. 3 Abs. 1 GG", ["de/gg/art3/abs1"]),
    ("art. 5 GG", ["de/gg/art5"]),
    ("Art. 229 § 5 EGBGB", ["de/egbgb/art229/s5"]),
    ("Der Beklagte haftet nach § 823 Abs. 1 BGB; gemäß § 253 Abs. 2 BGB schuldet er Schmerzensgeld.",
     ["de/bgb/s823/abs1", "de/bgb/s253/abs2"]),
]

# The same abbreviation in both countries: the form of the citation and the prose decide.
BOTH = [
    ("Art. 69 StGB", ["ch/stgb/art69"]),                          # Germany cites its StGB by §
    ("§ 69 StGB", ["de/stgb/s69"]),
    ("der Kürzungsregelung des § 20 ZuG 2012", ["de/zug/s20"]),     # ZuG is also a Swiss act, cited by Art.
    ("Art. 3 UWG", ["ch/uwg/art3"]),
    ("Art. 243 ZPO", ["ch/zpo/art243"]),
    ("Art. 11 BEHG, wie das Bundesgericht festhielt", ["ch/behg/art11"]),   # unknown act, Swiss prose
    ("Art. 11 BEHG", ["de/behg/art11"]),                          # unknown act, no cue: as before
    ("Art. 11 BEHG", ["ch/behg/art11"], {"jurisdiction": "ch"}),  # the caller's hint
]

NEGATIVE = [
    "Der Streitwert beträgt Fr. 25'000.—.",
    "Die Rechtsprechung des BGer ist uneinheitlich.",
    "Nach Ziff. 4 unbegrenzt.",
    "Art, Dauer, Wirkung und Modalitäten der Massnahme.",
]

# Issue 24: Swiss law cited in sentences as language models write them — in brackets at a sentence's end, in
# Markdown (bold, list items, table cells), in short answers without a Swiss cue word. Every key checked against
# ch_fulltext (the article and its Absatz, Ziffer, Buchstabe or Satz exist: tests/ch/test_extract.py).
MODEL_PROSE = [
    ("Zudem haftet er für Sachmängel (Art. 184 und 197 OR).", ["ch/or/art184", "ch/or/art197"]),
    ("Bei Tötung eines Menschen beträgt die Frist drei Jahre (Art. 60 Abs. 1bis OR).", ["ch/or/art60/abs1bis"]),
    ("Auch eine vollstreckbare öffentliche Urkunde genügt (Art. 80 Abs. 2 Ziff. 1bis SchKG).",
     ["ch/schkg/art80/abs2/ziff1bis"]),
    ("Eventualvorsatz genügt (Art. 12 Abs. 2 Satz 2 StGB).", ["ch/stgb/art12/abs2/satz2"]),
    ("Es fehlt am schutzwürdigen Interesse (Art. 59 Abs. 2 lit. a ZPO). Das Gericht prüft dies von Amtes wegen "
     "(Art. 60 ZPO).", ["ch/zpo/art59/abs2/lita", "ch/zpo/art60"]),
    ("A ist wegen vorsätzlicher Tötung strafbar (Art. 111 StGB) und haftet aus Vertrag (Art. 97 Abs. 1 OR).",
     ["ch/stgb/art111", "ch/or/art97/abs1"]),
    ("Die Beweislast trägt der Kläger (Art. 8 ZGB).", ["ch/zgb/art8"]),
    ("Der Arbeitgeber haftet für seine Hilfspersonen (Art. 97 i.V.m. Art. 101 OR).", ["ch/or/art97", "ch/or/art101"]),
    ("Der Schuldner haftet für jedes Verschulden (Art. 97 Abs. 1, 99 Abs. 1 OR; Art. 8 ZGB).",
     ["ch/or/art97/abs1", "ch/or/art99/abs1", "ch/zgb/art8"]),
    ("Die Kündigung ist nichtig oder missbräuchlich (Art. 336c bzw. Art. 336 Abs. 1 lit. d OR).",
     ["ch/or/art336c", "ch/or/art336/abs1/litd"]),
    ("Er beruft sich auf Art. 271 oder 271a OR.", ["ch/or/art271", "ch/or/art271a"]),
    ("Treu und Glauben gelten für alle (Art. 2 Abs. 1 ZGB sowie Art. 3 Abs. 1 ZGB).",
     ["ch/zgb/art2/abs1", "ch/zgb/art3/abs1"]),
    ("Geschützt sind auch Schwangere (Art. 336c Abs. 1 lit. c und Abs. 2 OR).",
     ["ch/or/art336c/abs1/litc", "ch/or/art336c/abs2"]),
    ("Strafbar ist die Beteiligung an einer kriminellen Organisation (Art. 260ter Abs. 1 lit. a StGB), ebenso die "
     "Gefährdung durch Sprengstoffe (Art. 224 Abs. 1 StGB) und das unbefugte Aufnehmen (Art. 179quater StGB).",
     ["ch/stgb/art260ter/abs1/lita", "ch/stgb/art224/abs1", "ch/stgb/art179quater"]),
    ("Nach altem Recht galt eine andere Regel (aArt. 333 Abs. 1 OR).", ["ch/or/art333/abs1"]),
    ("Untersuchungshaft setzt Flucht-, Kollusions- oder Wiederholungsgefahr voraus (Art. 221 Abs. 1 lit. a–c StPO).",
     ["ch/stpo/art221/abs1/lita", "ch/stpo/art221/abs1/litb", "ch/stpo/art221/abs1/litc"]),
    ("Der Eingriff muss verhältnismässig sein (Art. 36 Abs. 1 bis 3 BV).",
     ["ch/bv/art36/abs1", "ch/bv/art36/abs2", "ch/bv/art36/abs3"]),
    ("Der Geschädigte kann Ersatz verlangen (Art. 41 ff. OR).", ["ch/or/art41"]),
    ("Direkter Vorsatz und Eventualvorsatz sind gleichgestellt (Art. 12 Abs. 2 Sätze 1 und 2 StGB).",
     ["ch/stgb/art12/abs2/satz1", "ch/stgb/art12/abs2/satz2"]),
    # Markdown: bold, list items, table cells
    ("**Art. 41 Abs. 1 OR:** Wer einem andern widerrechtlich Schaden zufügt, wird ersatzpflichtig.",
     ["ch/or/art41/abs1"]),
    ("Haftung nach **Art. 41 OR**.", ["ch/or/art41"]),
    ("- Beweislast: Art. 8 ZGB\n- Verjährung: Art. 60 OR\n", ["ch/zgb/art8", "ch/or/art60"]),
    ("| Anspruch | Grundlage |\n|---|---|\n| Minderung | Art. 205 OR |\n| Wandelung | Art. 208 Abs. 1 OR |",
     ["ch/or/art205", "ch/or/art208/abs1"]),
    ("1. *Rügepflicht* (Art. 201 Abs. 1 und 3 OR);", ["ch/or/art201/abs1", "ch/or/art201/abs3"]),
]

# Issue 27: Swiss law in English, as English-language writers and language models cite it (the names of
# data/english.json); "CC" and "CO" only after an article.
ENGLISH_FORMS = [
    ("The employer is liable under article 41 CO.", ["ch/or/art41"]),
    ("Under article 41 of the Swiss Code of Obligations (CO), whoever unlawfully causes damage must pay "
     "compensation.", ["ch/or/art41"]),
    ("Article 336c of the CO protects employees against dismissal at an inopportune time.", ["ch/or/art336c"]),
    ("Art. 8 of the Swiss Civil Code allocates the burden of proof.", ["ch/zgb/art8"]),
    ("The seller is liable for defects (Art. 197 SCO).", ["ch/or/art197"]),
    ("Good faith is presumed (Art. 3 para. 1 CC).", ["ch/zgb/art3/abs1"]),
    ("Art. 2 para. 1 CC requires everyone to act in good faith.", ["ch/zgb/art2/abs1"]),
    ("Article 97(1) CO governs contractual liability.", ["ch/or/art97/abs1"]),
    ("Intentional homicide is punishable under Article 111 SCC.", ["ch/stgb/art111"]),
    ("Under Article 111 of the Swiss Criminal Code (SCC), intentional homicide is punishable.", ["ch/stgb/art111"]),
    ("The prosecutor abandons the proceedings (Art. 319 para. 1 lit. a CrimPC).", ["ch/stpo/art319/abs1/lita"]),
    ("The claimant must have a legitimate interest (Art. 59 para. 2 lit. a CPC).", ["ch/zpo/art59/abs2/lita"]),
    ("A final judgment allows definitive removal of the objection (Article 80 para. 1 DEBA).",
     ["ch/schkg/art80/abs1"]),
    ("Art. 29 para. 2 FC guarantees the right to be heard; see also Art. 9 Cst.", ["ch/bv/art29/abs2", "ch/bv/art9"]),
    ("The Swiss Federal Supreme Court held that Article 9 of the Federal Constitution protects against "
     "arbitrariness.", ["ch/bv/art9"]),
    ("Jurisdiction follows Art. 129 PILA; data are protected by Art. 6 FADP.", ["ch/iprg/art129", "ch/dsg/art6"]),
    ("- **Burden of proof:** Art. 8 CC\n- **Tort:** articles 41 and 42 CO", ["ch/zgb/art8", "ch/or/art41",
                                                                              "ch/or/art42"]),
    ("Liability in tort follows Art. 41 et seq. CO.", ["ch/or/art41"]),
    ("The sale is governed by Arts. 184 et seq. CO and the notice by arts. 201 and 204 CO.",
     ["ch/or/art184", "ch/or/art201", "ch/or/art204"]),
    ("Notice given during an illness is void (Article 336c(1)(b) CO).", ["ch/or/art336c/abs1/litb"]),
    ("Under Swiss law, article 2(2) of the Civil Code prohibits the abuse of rights.", ["ch/zgb/art2/abs2"]),
]

# "CC", "CO" and the English titles other systems share are no Swiss act without an article or a Swiss cue.
NOT_SWISS_ENGLISH = [
    ("Please CC the client and send the CO a copy of clause 9.", []),
    ("Article 9 of the Code of Obligations governs offers.", []),   # Turkey's? Slovenia's? no Swiss cue
    ("Processing is lawful under article 6(1)(f) GDPR.", ["eu/reg-2016-679/art6/par1/ptf"]),
    ("The conduct infringes Article 102 TFEU.", ["eu/tfeu/art102"]),
]

# An article printed without its act takes the act cited just before it in the paragraph, else the one act its
# sentence names (ch/link.py) — not when the act has no such article or a paragraph lies between.
SHORT_FORMS = [
    ("Es fehlt am schutzwürdigen Interesse (Art. 59 Abs. 2 lit. a ZPO). Art. 60 verlangt eine Prüfung von Amtes "
     "wegen.", ["ch/zpo/art59/abs2/lita", "ch/zpo/art60"]),
    ("Der Käufer muss rügen (Art. 201 Abs. 1 OR); Art. 201 Abs. 3 regelt die versteckten Mängel.",
     ["ch/or/art201/abs1", "ch/or/art201/abs3"]),
    ("Under Article 41 CO the tortfeasor is liable. Article 42(1) places the burden of proof on the injured party.",
     ["ch/or/art41", "ch/or/art42/abs1"]),
    ("Nach Art. 6 Ziff. 1 EMRK hat jede Person ein Recht auf ein faires Verfahren; Art. 13 garantiert eine wirksame "
     "Beschwerde.", ["int/echr/art6/par1", "int/echr/art13"]),
    # … unless another work is named between them: then the act its sentence names
    ("Verletzt ist das Folterverbot (Art. 3 EMRK). Die UN-FoK sieht die Untersuchung ausdrücklich vor (Art. 12).",
     ["int/echr/art3", "int/cat/art12"]),
    ("The Swiss Civil Code (ZGB) provides in Art. 28 that a person whose personality is unlawfully infringed may "
     "apply to the court for protection.", ["ch/zgb/art28"]),
    ("Die EMRK und die BV schützen beide das Familienleben (Art. 8).", []),   # two acts named: neither is guessed
    ("Er vereitelte die Blutprobe (Art. 91a SVG) und störte den Verkehr (Art. 237 Ziff. 1).", ["ch/svg/art91a"]),
    ("Die Beweislast regelt Art. 8 ZGB.\n\nArt. 9 betrifft etwas anderes.", ["ch/zgb/art8"]),
]

# Continuations of a Swiss article or a treaty's (docs/keys.md, "Continuations"): a bare Abs./lit., ebd. with levels
# take the article's key, in Swiss (or treaty) labels; nothing when another act is named between, or a paragraph lies
# between.
CONTINUATIONS = [
    ("Nach Art. 41 OR haftet, wer einem anderen widerrechtlich Schaden zufügt; Abs. 2 erfasst die absichtliche "
     "sittenwidrige Schädigung.", ["ch/or/art41", "ch/or/art41/abs2"]),
    ("Die Kündigung ist missbräuchlich (Art. 336 Abs. 1 lit. a OR; ebd. lit. d).",
     ["ch/or/art336/abs1/lita", "ch/or/art336/abs1/litd"]),
    ("Nach Art. 6 Ziff. 1 EMRK hat jede Person Anspruch auf ein faires Verfahren (ebd. Ziff. 3 lit. c).",
     ["int/echr/art6/par1", "int/echr/art6/par3/ptc"]),
    ("Nach Art. 41 OR haftet er; die UN-FoK regelt anderes, und Abs. 2 gilt nicht.", ["ch/or/art41"]),
    ("Nach Art. 41 OR haftet er.\n\nAbs. 2 gilt nicht.", ["ch/or/art41"]),
]

# Answers that cite German, Swiss and EU law side by side: each citation keeps its own law (the form and the act
# decide: § and German acts are German, Art. with a Swiss act Swiss, the DSGVO and AEUV EU law, the EMRK a treaty).
MIXED = [
    ("## Deutschland\n\nDer Schuldner haftet nach **§ 280 Abs. 1 BGB**; für die Übergangsregel gilt Art. 229 § 5 "
     "EGBGB. Die Verarbeitung ist nach Art. 6 Abs. 1 lit. f DSGVO zulässig, Schadensersatz gewährt Art. 82 Abs. 1 "
     "DSGVO, und berührt ist Art. 2 Abs. 1 i.V.m. Art. 1 Abs. 1 GG.\n\n## Schweiz\n\n- Haftung: Art. 41 Abs. 1 OR\n"
     "- Datenschutz: Art. 6 Abs. 1 DSG und Art. 13 Abs. 2 BV\n- Strafrecht: Art. 179novies StGB (in Deutschland "
     "§ 202a StGB), Verfahren nach § 253 ZPO bzw. Art. 221 ZPO\n\n## EU und EMRK\n\nArt. 102 AEUV, Art. 8 GRCh und "
     "Art. 8 EMRK.",
     ["de/bgb/s280/abs1", "de/egbgb/art229/s5", "eu/reg-2016-679/art6/par1/ptf", "eu/reg-2016-679/art82/par1",
      "de/gg/art2/abs1", "de/gg/art1/abs1", "ch/or/art41/abs1", "ch/dsg/art6/abs1", "ch/bv/art13/abs2",
      "ch/stgb/art179novies", "de/stgb/s202a", "de/zpo/s253", "ch/zpo/art221", "eu/tfeu/art102", "eu/charter/art8",
      "int/echr/art8"]),
    ("**Answer.** Under Swiss law the seller is liable for defects (Art. 197 CO) and must be notified at once "
     "(Art. 201 para. 1 CO). Under the CISG the buyer must examine the goods (Article 38(1) CISG). In German law "
     "the same follows from § 434 BGB, and Article 82(1) GDPR gives a right to compensation.",
     ["ch/or/art197", "ch/or/art201/abs1", "int/cisg/art38/par1", "de/bgb/s434", "eu/reg-2016-679/art82/par1"]),
]
