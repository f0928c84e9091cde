"""German citation cases: (text, expected keys in order). docs/keys.md's examples first, verbatim."""

DESIGN = [
    ("§ 433 Abs. 2 BGB", ["de/bgb/s433/abs2"]),
    ("§ 1 Abs. 3 Satz 1 KSchG", ["de/kschg/s1/abs3/satz1"]),
    ("Art. 1 Abs. 1 GG", ["de/gg/art1/abs1"]),
    ("§ 440 I 1 BGB", ["de/bgb/s440/abs1/satz1"]),
    ("BAG, Urteil vom 5. Mai 2022 – 2 AZR 363/21", ["de/case/bag/2-azr-363-21"]),
    ("BGHZ 100, 1", ["de/rep/bghz/100/1"]),
]

STATUTES = [
    # units and labels
    ("§ 823 I BGB", ["de/bgb/s823/abs1"]),
    ("§ 812 I 1 Alt. 1 BGB", ["de/bgb/s812/abs1/satz1/alt1"]),
    ("§ 54 Abs 1 Satz 1 Alt 1 SGG", ["de/sgg/s54/abs1/satz1/alt1"]),
    ("§ 160a Abs 4 S 1 Halbs 2 SGG", ["de/sgg/s160a/abs4/satz1/hs2"]),
    ("§ 4 S. 1 KSchG", ["de/kschg/s4/satz1"]),
    ("§ 5 Abs. 1 Nr. 3 lit. b UStG", ["de/ustg/s5/abs1/nr3/litb"]),
    ("Art. 6 Abs. 1 Buchst. a GG", ["de/gg/art6/abs1/lita"]),
    ("§ 307 Abs. 1 S. 2 Hs. 1 BGB", ["de/bgb/s307/abs1/satz2/hs1"]),
    ("Art. 229 § 5 EGBGB", ["de/egbgb/art229/s5"]),
    ("§ 613 a BGB", ["de/bgb/s613a"]),
    ("§ 312k BGB", ["de/bgb/s312k"]),
    ("Paragraf 1 BGB", ["de/bgb/s1"]),
    ("Artikel 13 Absatz 1 des Grundgesetzes", ["de/gg/art13/abs1"]),
    ("§ 10d des Einkommensteuergesetzes", ["de/estg/s10d"]),
    ("§ 1 der Zivilprozessordnung", ["de/zpo/s1"]),
    ("§ 3 des Gesetzes gegen den unlauteren Wettbewerb", ["de/uwg/s3"]),
    # abbreviations: official, juris, alternative
    ("§ 5 SGB V", ["de/sgb-v/s5"]),
    ("§ 5 SGB 5", ["de/sgb-v/s5"]),
    ("Art. 3 EGBGB", ["de/egbgb/art3"]),
    ("Art. 3 BGBEG", ["de/egbgb/art3"]),
    ("§ 3 UWG", ["de/uwg/s3"]),
    ("§ 1 WiStrG", ["de/wistrg/s1"]),
    ("§ 164 SGB IX", ["de/sgb-ix/s164"]),
    # unknown law keeps its printed abbreviation
    ("§ 1 FantasieG", ["de/fantasieg/s1"]),
    # lists and ranges
    ("§§ 280 Abs. 1, 281 BGB", ["de/bgb/s280/abs1", "de/bgb/s281"]),
    ("§ 15 Abs. 1 und 2 AGG", ["de/agg/s15/abs1", "de/agg/s15/abs2"]),
    ("§ 76 Abs. 1 Sätze 2 und 3 FGO", ["de/fgo/s76/abs1/satz2", "de/fgo/s76/abs1/satz3"]),
    ("§§ 987–993 BGB", [f"de/bgb/s{n}" for n in range(987, 994)]),
    ("§§ 987 bis 989 BGB", ["de/bgb/s987", "de/bgb/s988", "de/bgb/s989"]),
    ("§ 3 Abs. 1 bis 3 KSchG", ["de/kschg/s3/abs1", "de/kschg/s3/abs2", "de/kschg/s3/abs3"]),
    ("§ 7 f. BGB", ["de/bgb/s7", "de/bgb/s8"]),
    ("§ 7 ff. BGB", ["de/bgb/s7"]),
    ("Art. 1 und 2 GG", ["de/gg/art1", "de/gg/art2"]),
    # chains
    ("§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB", ["de/bgb/s280/abs1", "de/bgb/s241/abs2"]),
    ("§ 43 Abs. 1 Satz 3 i. V. m. § 125b Nr. 4 MarkenG", ["de/markeng/s43/abs1/satz3", "de/markeng/s125b/nr4"]),
    ("§ 823 Abs. 1 BGB iVm Art. 2 Abs. 1 GG", ["de/bgb/s823/abs1", "de/gg/art2/abs1"]),
    ("Art. 2 Abs. 1 in Verbindung mit Art. 1 Abs. 1 GG", ["de/gg/art2/abs1", "de/gg/art1/abs1"]),
    # a.F./n.F. kept on the citation, not in the key
    ("§ 823 BGB a.F.", ["de/bgb/s823"]),
    ("§ 12 aF BGB", ["de/bgb/s12"]),
    # English renderings
    ("Section 823(1) of the German Civil Code (BGB)", ["de/bgb/s823/abs1"]),
    ("section 1 KSchG", ["de/kschg/s1"]),
    ("Article 1 of the Basic Law", ["de/gg/art1"]),
    ("Under German law, section 823(1) of the Civil Code applies.", ["de/bgb/s823/abs1"]),
    ("Section 433 of the Civil Code (BGB)", ["de/bgb/s433"]),
    # in prose
    ("Nach § 433 Abs. 2 BGB ist der Käufer verpflichtet, den Kaufpreis zu zahlen.", ["de/bgb/s433/abs2"]),
    ("Der Anspruch folgt aus § 823 Abs. 1 BGB; ferner aus § 826 BGB.", ["de/bgb/s823/abs1", "de/bgb/s826"]),
]

CASES = [
    ("BGH, Urteil vom 12. März 2019 - VI ZR 123/18", ["de/case/bgh/vi-zr-123-18"]),
    ("BVerfG, Beschluss vom 1. 2. 2000 - 2 BvR 624/01", ["de/case/bverfg/2-bvr-624-01"]),
    ("BVerwG, Urteil vom 6. März 2014 - 9 C 6.12", ["de/case/bverwg/9-c-6.12"]),
    ("OLG München, Beschluss vom 1.2.2020 – 7 U 1234/19", ["de/case/olg-münchen/7-u-1234-19"]),
    ("BAG 26. April 2017 - 10 AZR 856/15", ["de/case/bag/10-azr-856-15"]),
    ("ECLI:DE:BGH:2019:300719UIZR126.18.0", ["de/case/bgh/i-zr-126-18"]),
    ("BGHZ 164, 11", ["de/rep/bghz/164/11"]),
    ("BVerfGE 7, 198 (205)", ["de/rep/bverfge/7/198"]),
    ("NJW 2014, 2353 Rn. 12", ["de/rep/njw/2014/2353"]),
    ("BVerfGE 6, 309 <362 ff.>; 23, 288 <300>", ["de/rep/bverfge/6/309", "de/rep/bverfge/23/288"]),
    ("BFH/NV 2005, 1578", ["de/rep/bfh-nv/2005/1578"]),
    ("Urteil des Landesarbeitsgerichts Nürnberg vom 15. Februar 2017 - 4 Sa 365/16",
     ["de/case/lag-nürnberg/4-sa-365-16"]),
    ("Urteil des Sächsischen Landesarbeitsgerichts vom 14. Oktober 2015 - 5 Sa 624/14",
     ["de/case/lag-sachsen/5-sa-624-14"]),
    ("Entscheidung des Bundesgerichtshofs vom 21. April 2016 (I ZR 276/14)", ["de/case/bgh/i-zr-276-14"]),
    ("Urteil des Bundesfinanzhofs (BFH) vom 22. März 2016 VIII R 58/13", ["de/case/bfh/viii-r-58-13"]),
    ("BSG, Urteil vom 12. 9. 1995 - B 14 AS 5/15 R", ["de/case/bsg/b-14-as-5-15-r"]),
    ("BAG, Urteil vom 6. November 2003 - 2 AZR 690/02 -, BAGE 108, 269 <274>",
     ["de/case/bag/2-azr-690-02", "de/rep/bage/108/269"]),
]

# Issue 17: everyday forms and German court text as the refex benchmark and LER print it.
LISTS = [
    ("§§ 280 Abs. 1 und 3 BGB", ["de/bgb/s280/abs1", "de/bgb/s280/abs3"]),      # "und 3" continues the Absatz
    ("§§ 280 Abs. 1 und 281 BGB", ["de/bgb/s280/abs1", "de/bgb/s281"]),         # a greater number after §§: a §
    # a single sign as models write it: a number too high for an Absatz or Satz and above the § is the next §
    ("§ 280 Abs. 1, 281 BGB", ["de/bgb/s280/abs1", "de/bgb/s281"]),
    ("§ 280 Abs. 1 S. 2, 281 BGB", ["de/bgb/s280/abs1/satz2", "de/bgb/s281"]),
    ("§ 3 Abs. 1, 4 KSchG", ["de/kschg/s3/abs1", "de/kschg/s3/abs4"]),            # low: the Absatz
    ("§ 52 Abs. 1, 47 EStG", ["de/estg/s52/abs1", "de/estg/s52/abs47"]),          # below the §: the Absatz
    ("§ 3 Nr. 26, 62 EStG", ["de/estg/s3/nr26", "de/estg/s3/nr62"]),              # Nummern run high
    ("§ 280 I, III, 283 BGB", ["de/bgb/s280/abs1", "de/bgb/s280/abs3", "de/bgb/s283"]),  # Absätze in Roman: 283 is a §
    ("§ 15 Abs. 1, 2 AGG", ["de/agg/s15/abs1", "de/agg/s15/abs2"]),
    ("§§ 3, 5 Abs. 1 Satz 1 und 2 Nr. 1 UWG", ["de/uwg/s3", "de/uwg/s5/abs1/satz1", "de/uwg/s5/abs1/satz2/nr1"]),
    ("Section 823(1) and (2) of the German Civil Code", ["de/bgb/s823/abs1", "de/bgb/s823/abs2"]),
    ("Vgl. § 3 UWG; § 15a InsO.", ["de/uwg/s3", "de/inso/s15a"]),
    ("§ 5 und der Rest", []),                                                     # a bare § alone: no key
]

ENGLISH = [
    ("Section 280(1) of the BGB", ["de/bgb/s280/abs1"]),
    ("Section 1(3) sentence 1 of the Kündigungsschutzgesetz", ["de/kschg/s1/abs3/satz1"]),
    ("section 1 KSchG", ["de/kschg/s1"]),
]

COURT_TEXT = [
    # reporters: the tables decide, also for loose-leaf collections with a § in their heading
    ("BSG SozR 3-2500 § 5 Nr 23", ["de/rep/sozr/3-2500-s5/23"]),
    ("SozR 4 - 1500 § 160a Nr 13", ["de/rep/sozr/4-1500-s160a/13"]),
    ("Buchholz 406.11 § 9 BauGB Nr. 74", ["de/rep/buchholz/406.11-s9/74"]),
    ("Buchholz 310 § 132 Abs. 2 Ziff. 1 VwGO Nr. 9 S. 11 f.", ["de/rep/buchholz/310-s132-abs2-nr1/9"]),
    ("EzA § 626 BGB 2002 Nr. 5", ["de/rep/eza/bgb-2002-s626/5"]),
    ("AP Nr. 17 zu § 74 HGB", ["de/rep/ap/hgb-s74/17"]),
    ("BSGE 99, 122 = SozR 4 - 2600 § 201 Nr 1, RdNr 11", ["de/rep/bsge/99/122", "de/rep/sozr/4-2600-s201/1"]),
    ("BStBl III 1962, 127", ["de/rep/bstbl-iii/1962/127"]),
    ("Slg. 1982, S. 3415", ["de/rep/slg/1982/3415"]),
    ("BFH/NV Beilage 2004, 371, Rz 34", ["de/rep/bfh-nv-beilage/2004/371"]),
    # a decision cited by its reporter, with its court named before it (known or not: RNotZ)
    ("BGH GRUR 2006, 930 – Mikrotom", ["de/rep/grur/2006/930"]),
    ("OLG Hamm RNotZ 2001, 242", ["de/rep/rnotz/2001/242"]),
    ("BFH-Urteil in BFHE 147, 284", ["de/rep/bfhe/147/284"]),
    ("BVerwG vom 15.12.1994 NVwZ 1995, 897", ["de/rep/nvwz/1995/897"]),
    ("Entscheidung des Bundesverfassungsgerichts vom 18. Juli 2012 (BVerfGE 132, 134)", ["de/rep/bverfge/132/134"]),
    ("Urteile vom 30. Juni 2010 (BFHE 230, 78; 230, 93)", ["de/rep/bfhe/230/78", "de/rep/bfhe/230/93"]),
    ("Urteil des Anwaltsgerichtshofs (BRAK-Mitt. 2017, 180)", ["de/rep/brak-mitt/2017/180"]),
    ("EuGH GRUR 2010, 933 Rn. 32 – BARBARA BECKER", ["de/rep/grur/2010/933"]),  # the German reporter's cite
    # courts and dockets
    ("LSG München vom 7.9.2016 - L 20 KR 597/15", ["de/case/lsg-münchen/l-20-kr-597-15"]),
    ("LSG NRW, Beschluss vom 23.05.2014, Az. L 5 KR 222/14 B ER", ["de/case/lsg-nrw/l-5-kr-222-14-b-er"]),
    ("SG München, Urteil vom 01.09.2016, S 3 KR 381/15", ["de/case/sg-münchen/s-3-kr-381-15"]),
    ("BVerfG, 1967-12-19, 2 BvL 4/65", ["de/case/bverfg/2-bvl-4-65"]),
    ("BAG 1956-12-12 2 AZR 11/56", ["de/case/bag/2-azr-11-56"]),
    ("BVerwG Urteil vom 25. 11. 1971 - I C 48.65 - BVerwGE 39, 100",
     ["de/case/bverwg/i-c-48.65", "de/rep/bverwge/39/100"]),
    ("BFH-Urteil vom 13. Dezember 1961 VI 133/60 U", ["de/case/bfh/vi-133-60-u"]),
    ("BPatG, Beschluss vom 17. 07. 1996, 29 W (pat) 9/95", ["de/case/bpatg/29-w-(pat)-9-95"]),
    ("Beschluss des Amtsgerichts Soltau vom 8. Februar 2018 - 6 XVII L 405 -", ["de/case/ag-soltau/6-xvii-l-405"]),
    ("BVerfG, Beschluss der 2. Kammer des Zweiten Senats vom 17. Mai 2017 - 2 BvR 893/17",
     ["de/case/bverfg/2-bvr-893-17"]),
    ("Urteil des BGH vom 5. Mai 2022 - I ZR 1/21", ["de/case/bgh/i-zr-1-21"]),
    # a decision without a court takes the court named before it: a decision cited, or a court in the prose
    ("der Rechtsprechung des I. Senats des BFH (vgl. Urteil vom 17. Juli 2008 I R 83/07, BFH/NV 2009, 417)",
     ["de/case/bfh/i-r-83-07", "de/rep/bfh-nv/2009/417"]),
    ("LSG München vom 12.1.2017 - L 4 KR 295/14; ferner L 20 KR 597/15.",
     ["de/case/lsg-münchen/l-4-kr-295-14", "de/case/lsg-münchen/l-20-kr-597-15"]),
    ("Das BSG hat im Revisionsverfahren B 14 AS 5/15 R entschieden.", ["de/case/bsg/b-14-as-5-15-r"]),
    ("Der BGH hat im Revisionsverfahren B 14 AS 5/15 R entschieden.", []),   # a B-docket is no BGH docket
    ("BGH, Urteile vom 9. März 1983 - IVa ZR 211/81, NJW 1983, 2378, 2379; vom 13. Juli 1989 - IX ZR 227/87",
     ["de/case/bgh/iva-zr-211-81", "de/rep/njw/1983/2378", "de/case/bgh/ix-zr-227-87"]),
    # laws named in the text
    ("Ab dem Inkrafttreten des Bundessozialhilfegesetzes (BSHG) erbrachte das Land die Leistungen.", ["de/bshg"]),
    ("Nach § 37 Abs. 2 Satz 2 BbgHG ist das so; die Stellung ist im BbgHG geregelt.",
     ["de/bbghg/s37/abs2/satz2", "de/bbghg"]),
    ("Der Anspruch folgt aus § 4 Nr. 2 der Rahmenvereinbarung über Teilzeitarbeit und nicht aus dem Gesetz.",
     ["de/rahmenvereinbarung-über-teilzeitarbeit/s4/nr2"]),
]

# Citations of something else, or no citation: no German key.
NOT_GERMAN = [
    ("EuGH, Urteil vom 22. April 2010 – C-486/08", ["eu/case/c-486-08"]),     # the EU's (jurisdictions/eu)
    ("Nach § 611a BGB und § 2 Abs. 2 TV BZ Druck ist das so.", ["de/bgb/s611a"]),  # a collective agreement: no key
    ("§ 823 IIII BGB", []),                                                    # no Roman numeral: not read as one
]

# Text with no citation at all.
NEGATIVE = [
    "Am 12. Mai 2020 kostete die Ware 500 EUR.",
    "Siehe Nr. 3 der Anlage.",
    "1. Der Kläger trägt die Kosten. 2. Das Urteil ist vorläufig vollstreckbar.",
    "Die Sitzung beginnt um 10.30 Uhr in Saal 5.",
    "Der Wert beträgt 1.500,00 €, zahlbar bis 31.12.2024.",
    "Im Jahr 2019 stieg die Zahl um 3 %.",
]

# Continuations (docs/keys.md, "Continuations"): ebd./a.a.O./dort with levels, and a bare Abs./Nr./Buchst./lit., take
# the key of the provision they continue, their levels in place of its own.
CONTINUATIONS = [
    ("Die Frist beträgt zwei Wochen (§ 626 Abs. 2 S. 1 BGB); sie beginnt mit Kenntnis (ebd. S. 2).",
     ["de/bgb/s626/abs2/satz1", "de/bgb/s626/abs2/satz2"]),
    ("Die Klausel ist unwirksam (§ 308 BGB, dort Nr. 3 und 4).", ["de/bgb/s308", "de/bgb/s308/nr3", "de/bgb/s308/nr4"]),
    ("Der Mieter kann mindern (§ 536 Abs. 1 BGB; a.a.O. Abs. 4).", ["de/bgb/s536/abs1", "de/bgb/s536/abs4"]),
    ("§ 626 Abs. 1 BGB erlaubt die fristlose Kündigung. Abs. 2 bestimmt die Frist.",
     ["de/bgb/s626/abs1", "de/bgb/s626/abs2"]),
    ("Nach § 626 BGB Abs. 2 gilt die Frist von zwei Wochen.", ["de/bgb/s626", "de/bgb/s626/abs2"]),
    ("§ 573 Abs. 2 Nr. 2 BGB regelt den Eigenbedarf; Nr. 3 die wirtschaftliche Verwertung.",
     ["de/bgb/s573/abs2/nr2", "de/bgb/s573/abs2/nr3"]),
    ("Nach § 626 Abs. 1 BGB gilt das. Nach Abs. 2 beträgt die Frist zwei Wochen; Abs. 3 ist neu.",
     ["de/bgb/s626/abs1", "de/bgb/s626/abs2", "de/bgb/s626/abs3"]),
    # a written-out level before an abbreviated one, in the sentence that cites the unit (LER)
    ("Gemessen an diesen Grundsätzen ist die Anwendung des im Juli 2002 in § 7 GewStG eingefügten Satzes 2 Nr. 2 auf "
     "den Veräußerungsgewinn zulässig.", ["de/gewstg/s7", "de/gewstg/s7/satz2/nr2"]),
]

# … and where a careful reader binds nothing: no provision before it in the passage, one cited only as a bare §,
# another reference's number, a statute's own text, another law named after the level.
CONTINUATIONS_UNBOUND = [
    ("Gemäß Abs. 2 ist das zu prüfen.", []),
    ("Nach § 626 Abs. 1 BGB gilt das.\n\nAbs. 2 regelt die Frist.", ["de/bgb/s626/abs1"]),
    ("Nach § 280 Abs. 1 BGB haftet er, nach § 281 auch; Abs. 2 gilt entsprechend.",
     ["de/bgb/s280/abs1", "de/bgb/s281"]),
    ("Zuständig ist das Gericht (§ 65 Abs. 2 FGG; BayObLGZ 1996 Nr. 6).", ["de/fgg/s65/abs2"]),
    ("Nach § 5 GmbHG übernimmt er den Geschäftsanteil Nr. 1.", ["de/gmbhg/s5"]),
    ("(1) Der Vertrag ist nach § 5 BGB nichtig.\n(2) Die Frist nach Abs. 1 beginnt mit dem Abschluss.", ["de/bgb/s5"]),
    ("Nach § 626 Abs. 1 BGB gilt das; Abs. 2 GG schützt anderes.", ["de/bgb/s626/abs1", "de/gg"]),  # (GG alone)
    ("Nach § 626 BGB gilt die VO (EG) Nr. 593/2008 nicht.", ["de/bgb/s626", "eu/reg-2008-593"]),
    ("Die Satzung gilt (BGHZ 164, 11); dort Nr. 3 ist unklar.", ["de/rep/bghz/164/11"]),
]
