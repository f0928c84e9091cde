"""EU citation cases: (text, expected keys in order). docs/keys.md's EU examples first, verbatim; then a block per
construct, written as German, Swiss, English and French practitioners and courts write them."""

R = "eu/reg-2016-679"

DESIGN = [
    ("Art. 6 Abs. 1 lit. f DSGVO", [f"{R}/art6/par1/ptf"]),
    ("Article 6(1)(f) GDPR", [f"{R}/art6/par1/ptf"]),
    ("Art. 101 AEUV", ["eu/tfeu/art101"]),
    ("EuGH, Urteil vom 22. April 2010 – C-486/08", ["eu/case/c-486-08"]),
]

# the act's names and abbreviations: one key for every way of naming it
NAMES = [
    ("Art. 6 Abs. 1 lit. f DS-GVO", [f"{R}/art6/par1/ptf"]),
    ("Art. 6 Abs. 1 lit. f der Datenschutz-Grundverordnung", [f"{R}/art6/par1/ptf"]),
    ("Article 6(1)(f) of the General Data Protection Regulation", [f"{R}/art6/par1/ptf"]),
    ("article 6, paragraphe 1, point f), du RGPD", [f"{R}/art6/par1/ptf"]),
    ("Art. 6 Abs. 1 lit. f der Verordnung (EU) 2016/679", [f"{R}/art6/par1/ptf"]),
    ("Article 6(1)(f) of Regulation (EU) 2016/679", [f"{R}/art6/par1/ptf"]),
    ("Art. 101 TFEU", ["eu/tfeu/art101"]),
    ("art. 101 TFUE", ["eu/tfeu/art101"]),
    ("Article 101 of the Treaty on the Functioning of the European Union", ["eu/tfeu/art101"]),
    ("Art. 101 des Vertrags über die Arbeitsweise der Europäischen Union", ["eu/tfeu/art101"]),
    ("Art. 101 des Vertrages über die Arbeitsweise der Europäischen Union", ["eu/tfeu/art101"]),
    ("Art. 4 Abs. 3 EUV", ["eu/teu/art4/par3"]),
    ("Article 19(1) TEU", ["eu/teu/art19/par1"]),
    ("Art. 47 GRCh", ["eu/charter/art47"]),
    ("Art. 47 GRC", ["eu/charter/art47"]),
    ("Article 47 of the Charter", ["eu/charter/art47"]),
    ("Art. 8 der Charta der Grundrechte der Europäischen Union", ["eu/charter/art8"]),
    ("Art. 3 Abs. 1 Rom I-VO", ["eu/reg-2008-593/art3/par1"]),
    ("Article 4(1) Rome I", ["eu/reg-2008-593/art4/par1"]),
    ("Art. 4 Abs. 1 Rom II-VO", ["eu/reg-2007-864/art4/par1"]),
    ("Art. 7 Nr. 1 lit. a EuGVVO", ["eu/reg-2012-1215/art7/pt1/pta"]),
    ("Art. 5 Abs. 1 lit. a KI-VO", ["eu/reg-2024-1689/art5/par1/pta"]),
    ("Article 5(1)(a) AI Act", ["eu/reg-2024-1689/art5/par1/pta"]),
    ("Article 16 DSA", ["eu/reg-2022-2065/art16"]),
    ("Article 6(5) DMA", ["eu/reg-2022-1925/art6/par5"]),
    ("Art. 9 VRRL", ["eu/dir-2011-83/art9"]),
    ("Art. 3 Abs. 1 der Klausel-RL 93/13/EWG", ["eu/dir-1993-13/art3/par1"]),
    ("Art. 7 Abs. 1 lit. a Fluggastrechte-VO", ["eu/reg-2004-261/art7/par1/pta"]),
]

# acts by number: the number decides the work, listed or not
ACTS = [
    ("Verordnung (EU) 2016/679", [R]),
    ("VO (EG) Nr. 593/2008", ["eu/reg-2008-593"]),
    ("Richtlinie 93/13/EWG", ["eu/dir-1993-13"]),
    ("Directive 2011/83/EU", ["eu/dir-2011-83"]),
    ("Regulation (EU) 2024/1689", ["eu/reg-2024-1689"]),
    ("Rückführungsrichtlinie 2008/115/EG", ["eu/dir-2008-115"]),
    ("Regulation (EU) No 1215/2012", ["eu/reg-2012-1215"]),
    ("Regulation (EEC) No 1408/71", ["eu/reg-1971-1408"]),
    ("Council Regulation (EC) No 1/2003", ["eu/reg-2003-1"]),
    ("Council Directive 93/13/EEC", ["eu/dir-1993-13"]),
    ("Commission Implementing Decision (EU) 2016/1250", ["eu/dec-2016-1250"]),
    ("Durchführungsverordnung (EU) Nr. 282/2011", ["eu/reg-2011-282"]),
    ("Directives 98/6/EC and 2000/31/EC", ["eu/dir-1998-6", "eu/dir-2000-31"]),
    ("Art. 3 der Verordnung (EU) 2099/1", ["eu/reg-2099-1/art3"]),
    ("Richtlinie (EU) 2016/680 (Datenschutz-Richtlinie für Polizei und Justiz)", ["eu/dir-2016-680"]),
]

# units and labels: art · par · sub · pt · satz (docs/keys.md)
UNITS = [
    ("Art. 6 Abs. 1 UAbs. 1 lit. f DSGVO", [f"{R}/art6/par1/sub1/ptf"]),
    ("Art. 6 Abs. 1 Unterabs. 1 Buchst. f DSGVO", [f"{R}/art6/par1/sub1/ptf"]),
    ("Artikel 6 Absatz 1 Unterabsatz 1 Buchstabe f der Verordnung (EU) 2016/679", [f"{R}/art6/par1/sub1/ptf"]),
    ("point (f) of the first subparagraph of Article 6(1) of Regulation (EU) 2016/679", [f"{R}/art6/par1/sub1/ptf"]),
    ("Article 6(1), first subparagraph, point (f), of Regulation (EU) 2016/679", [f"{R}/art6/par1/sub1/ptf"]),
    ("point (a) of Article 6(1) GDPR", [f"{R}/art6/par1/pta"]),
    ("points (a) and (b) of Article 6(1) GDPR", [f"{R}/art6/par1/pta", f"{R}/art6/par1/ptb"]),
    ("point 35 of Article 2 of Directive (EU) 2018/1972", ["eu/dir-2018-1972/art2/pt35"]),
    ("the second subparagraph of Article 17(1) GDPR", [f"{R}/art17/par1/sub2"]),
    ("Art. 6 I lit. f DSGVO", [f"{R}/art6/par1/ptf"]),
    ("Art. 6 Abs. 1 S. 1 lit. b DSGVO", [f"{R}/art6/par1/satz1/ptb"]),
    ("Art. 4 Nr. 1 DSGVO", [f"{R}/art4/pt1"]),
    ("Article 4(1) GDPR", [f"{R}/art4/pt1"]),       # Art. 4 lists definitions (1), (2) …: points, not paragraphs
    ("Article 3(1) AI Act", ["eu/reg-2024-1689/art3/pt1"]),
    ("Article 5(1) GDPR", [f"{R}/art5/par1"]),
    ("Art. 17 Abs. 3 lit. b DSGVO", [f"{R}/art17/par3/ptb"]),
    ("Article 26(1)(a) of Regulation (EU) No 575/2013", ["eu/reg-2013-575/art26/par1/pta"]),
    ("Art. 54c der Durchführungsverordnung (EU) Nr. 282/2011", ["eu/reg-2011-282/art54c"]),
    # a level the EU labels do not name ends the key: less precise, never wrong
    ("Art. 25 Abs. 2 fünfter Gedankenstrich der Richtlinie 77/388/EWG", ["eu/dir-1977-388/art25/par2"]),
    ("Art. 13 Teil B Buchst. b der Richtlinie 77/388/EWG", ["eu/dir-1977-388/art13"]),
    ("Article 2(2)(a)(i) of Directive 2011/83/EU", ["eu/dir-2011-83/art2/par2/pta"]),
    # recitals (keyed recital<n>)
    ("Erwägungsgrund 26 DSGVO", [f"{R}/recital26"]),
    ("ErwG 47 DSGVO", [f"{R}/recital47"]),
    ("Recital 47 GDPR", [f"{R}/recital47"]),
    ("recitals 26 and 27 of Regulation (EU) 2016/679", [f"{R}/recital26", f"{R}/recital27"]),
]

LISTS = [
    ("Art. 13, 14 DSGVO", [f"{R}/art13", f"{R}/art14"]),
    ("Artt. 13, 14 DSGVO", [f"{R}/art13", f"{R}/art14"]),
    ("Art. 15 Abs. 1 und 3 DSGVO", [f"{R}/art15/par1", f"{R}/art15/par3"]),
    ("Articles 101 and 102 TFEU", ["eu/tfeu/art101", "eu/tfeu/art102"]),
    ("Art. 12 bis 14 DSGVO", [f"{R}/art12", f"{R}/art13", f"{R}/art14"]),
    ("Articles 53 to 55 of Directive 2013/36/EU",
     ["eu/dir-2013-36/art53", "eu/dir-2013-36/art54", "eu/dir-2013-36/art55"]),
    ("Art. 23 Abs. 1 Buchstabe a bis c DSGVO", [f"{R}/art23/par1/pta", f"{R}/art23/par1/ptb", f"{R}/art23/par1/ptc"]),
    ("Article 26(1)(a) to (c) of Regulation (EU) No 575/2013",
     ["eu/reg-2013-575/art26/par1/pta", "eu/reg-2013-575/art26/par1/ptb", "eu/reg-2013-575/art26/par1/ptc"]),
    ("Artikel 18 Absatz 1 Buchstabe a, b und d der Verordnung (EU) 2016/679",
     [f"{R}/art18/par1/pta", f"{R}/art18/par1/ptb", f"{R}/art18/par1/ptd"]),
    ("Art. 101 f. AEUV", ["eu/tfeu/art101", "eu/tfeu/art102"]),
    ("Art. 101 ff. AEUV", ["eu/tfeu/art101"]),
    ("Artikel 6 Absatz 2 und Artikel 13 der Richtlinie 2009/52/EG",
     ["eu/dir-2009-52/art6/par2", "eu/dir-2009-52/art13"]),
    ("Artikel 5 Absatz 4 Unterabsatz 1 Satz 1 oder Absatz 5 Unterabsatz 2 Satz 2 der Verordnung (EU) Nr. 537/2014",
     ["eu/reg-2014-537/art5/par4/sub1/satz1", "eu/reg-2014-537/art5/par5/sub2/satz2"]),
    ("des Artikels 51 Absatz 6, des Artikels 52 Absatz 4 oder des Artikels 54 Absatz 2 Satz 2 "
     "der Verordnung (EU) 2023/2411",
     ["eu/reg-2023-2411/art51/par6", "eu/reg-2023-2411/art52/par4", "eu/reg-2023-2411/art54/par2/satz2"]),
]

CASES = [
    ("C-486/08", ["eu/case/c-486-08"]),
    ("EuG, Urteil vom 17. September 2007 – T-201/04", ["eu/case/t-201-04"]),
    ("Case T-201/04 Microsoft v Commission", ["eu/case/t-201-04"]),
    ("EuGH-Urteil vom 12. Februar 2009 Rs. C-515/07", ["eu/case/c-515-07"]),
    ("verb. Rs. C-92/09 und C-93/09", ["eu/case/c-92-09", "eu/case/c-93-09"]),
    ("Joined Cases C-402/05 P and C-415/05 P", ["eu/case/c-402-05", "eu/case/c-415-05"]),
    ("Case 6/72, Continental Can", ["eu/case/c-6-72"]),   # before 1989: no prefix, every case the Court's
    ("Rs. 26/62 (van Gend & Loos)", ["eu/case/c-26-62"]),
    ("judgment of 13 May 2014, Google Spain and Google, C‑131/12, EU:C:2014:317, paragraph 80", ["eu/case/c-131-12"]),
    ("EuGH, Urteil vom 19. Dezember 2012 - C- 68/11 [ECLI: EU :C: 2012: 815]", ["eu/case/c-68-11"]),
    ("CJUE, 13 mai 2014, aff. C-131/12", ["eu/case/c-131-12"]),
    ("ECLI:EU:C:2010:215", ["eu/ecli/c-2010-215"]),
    ("EU:T:2007:289", ["eu/ecli/t-2007-289"]),
]

# German, Swiss, English prose: EU citations keep eu, German ones keep de
PROSE = [
    ("Der Anspruch ergibt sich aus Art. 82 Abs. 1 DSGVO und § 823 Abs. 1 BGB.",
     [f"{R}/art82/par1", "de/bgb/s823/abs1"]),
    ("Die Datenverarbeitung richtet sich nach Art. 88 Abs. 1 DSGVO i.V.m. § 26 Abs. 1 BDSG.",
     [f"{R}/art88/par1", "de/bdsg/s26/abs1"]),
    ("Die Befugnis folgt aus § 26 Abs. 1 Satz 1 BDSG i.V.m. Art. 88 DSGVO.", ["de/bdsg/s26/abs1/satz1", f"{R}/art88"]),
    ("Art. 3 Abs. 1 GG und Art. 47 GRCh", ["de/gg/art3/abs1", "eu/charter/art47"]),
    ("Die Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO ist nach Art. 7 Abs. 3 jederzeit widerruflich.",
     [f"{R}/art6/par1/pta", f"{R}/art7/par3"]),
    ("Under Article 6(1)(a) GDPR consent is required, and Article 7(3) gives a right to withdraw it.",
     [f"{R}/art6/par1/pta", f"{R}/art7/par3"]),
    ("Article 6 of Regulation (EU) 2016/679 and Article 9 of that Regulation apply.", [f"{R}/art6", f"{R}/art9"]),
    ("Nach Art. 6 DSGVO ist das erlaubt; § 7 Abs. 3 regelt nichts.", [f"{R}/art6"]),  # a § is never EU law
    # Art. 7 KG names a law, so it never takes the AEUV; the KG is the Swiss Kartellgesetz (SR 251)
    ("Die Lizenzverweigerung ist gestützt auf Art. 7 KG oder Art. 102 AEUV zu prüfen.",
     ["ch/kg/art7", "eu/tfeu/art102"]),
    # Markdown as models write it: bold, italics, table cells, code spans around the act's name
    ("### Bußgelder\n\n**Art. 83 DSGVO** sieht Geldbußen von bis zu 20 Mio. EUR vor.", [f"{R}/art83"]),
    ("Die Rechtsgrundlage ist *Art. 6 Abs. 1 lit. b DSGVO*.", [f"{R}/art6/par1/ptb"]),
    ("| Verstoß | Norm |\n|---|---|\n| Bußgeld | Art. 83 Abs. 4 DSGVO |", [f"{R}/art83/par4"]),
    ("Siehe `Art. 6 Abs. 1 lit. f DSGVO`.", [f"{R}/art6/par1/ptf"]),
]

# A bare article takes the act the answer is about at that point: the EU act cited or named last before it (core.link:
# named_before), in its passage; a bare level or ebd. continues the EU provision cited just before. Nothing is guessed
# where two acts are named together, none is, or another act was named since.
BARE = [
    ("Processing under the GDPR (Art. 6(1)(f) GDPR) needs a legitimate interest; health data need an exception "
     "(Art. 9(2)(a)).", [f"{R}/art6/par1/ptf", f"{R}/art9/par2/pta"]),
    ("Under the GDPR, health data may be processed with explicit consent (Art. 9(2)(a)).", [f"{R}/art9/par2/pta"]),
    ("Nach Art. 3 GG gilt das. Die DSGVO verlangt für Gesundheitsdaten eine Einwilligung (Art. 9).",
     ["de/gg/art3", f"{R}/art9"]),
    ("Art. 6 Abs. 1 DSGVO nennt die Rechtsgrundlagen; lit. f erlaubt die Verarbeitung aus berechtigtem Interesse.",
     [f"{R}/art6/par1", f"{R}/art6/par1/ptf"]),
    ("Die Einwilligung (Art. 7 Abs. 1 DSGVO) kann jederzeit widerrufen werden (ebd. Abs. 3).",
     [f"{R}/art7/par1", f"{R}/art7/par3"]),
    ("Health data need an exception (Art. 9(2)(a)).", []),
    ("Under the GDPR and the PRC Personal Information Protection Law, consent is central (Art. 7).", []),
    ("Processing is lawful (Art. 6 GDPR). The Swiss Civil Code (ZGB) protects personality (Art. 28).",
     [f"{R}/art6", "ch/zgb/art28"]),
    ("Gemäß Art. 2 ist das zu prüfen.", []),
]

# no EU key: own articles of an act (unresolved), German ordinances, names without a unit, German reporters
NEGATIVE = [
    "Article 4(6) and Article 5(9) of this Regulation apply.",
    "Artikel 45 Absatz 3 der vorliegenden Verordnung bleibt unberührt.",
    "Nach Artikel 4 der Verordnung vom 18. Mai 2017 gilt das.",
    "Die DSGVO gilt seit dem 25. Mai 2018.",
    "The Court of Justice has jurisdiction in such disputes.",
    "Siehe Anlage 2016/679 zum Vertrag.",
]
