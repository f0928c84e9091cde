"""German citation cases: (text, expected keys in order). DESIGN.md's examples first, verbatim."""

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
    ("Urteil des Landesarbeitsgerichts Nürnberg vom 15. Februar 2017 - 4 Sa 365/16", ["de/case/lag-nürnberg/4-sa-365-16"]),
    ("Urteil des Sächsischen Landesarbeitsgerichts vom 14. Oktober 2015 - 5 Sa 624/14", ["de/case/lag-sachsen/5-sa-624-14"]),
    ("Entscheidung des Bundesgerichtshofs vom 21. April 2016 (I ZR 276/14)", ["de/case/bgh/i-zr-276-14"]),
    ("Urteil des Bundesfinanzhofs (BFH) vom 22. März 2016 VIII R 58/13", ["de/case/bfh/viii-r-58-13"]),
    ("BSG, Urteil vom 12. 9. 1995 - B 14 AS 5/15 R", ["de/case/bsg/b-14-as-5-15-r"]),
    ("BAG, Urteil vom 6. November 2003 - 2 AZR 690/02 -, BAGE 108, 269 <274>",
     ["de/case/bag/2-azr-690-02", "de/rep/bage/108/269"]),
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
