"""Treaty citation cases (``int``): (text, expected keys in order[, extract() options]). docs/keys.md's example
first."""

DESIGN = [
    ("Art. 6 Abs. 1 EMRK", ["int/echr/art6/par1"]),
]

TREATIES = [
    # ECHR as Swiss courts, German courts, French, Italian and English writers cite it
    ("Art. 6 Ziff. 1 EMRK", ["int/echr/art6/par1"]),
    ("Art. 5 Ziff. 5 EMRK", ["int/echr/art5/par5"]),
    ("Art. 8 i.V.m. Art. 14 EMRK", ["int/echr/art8", "int/echr/art14"]),
    ("Art. 6 und 7 EMRK", ["int/echr/art6", "int/echr/art7"]),
    ("art. 6 par. 1 CEDH", ["int/echr/art6/par1"]),
    ("art. 8 CEDU", ["int/echr/art8"]),
    ("Article 6 § 1 ECHR", ["int/echr/art6/par1"]),
    ("Art. 5 § 4 ECHR", ["int/echr/art5/par4"]),
    ("Article 8 of the European Convention on Human Rights", ["int/echr/art8"]),
    ("X relies on Article 6 § 1 ECHR. Article 6 of the Convention guarantees access to a court.",
     ["int/echr/art6/par1", "int/echr/art6"]),
    # CISG and Lugano
    ("Art. 1 Abs. 1 lit. a CISG", ["int/cisg/art1/par1/pta"]),
    ("Article 49(1)(a) CISG", ["int/cisg/art49/par1/pta"]),
    ("Art. 39 UN-Kaufrecht", ["int/cisg/art39"]),
    ("Art. 33, 38 und 47 LugÜ", ["int/lugano/art33", "int/lugano/art38", "int/lugano/art47"]),
    ("Art. 5 Nr. 1 Bst. b LugÜ", ["int/lugano/art5/par1/ptb"]),
    ("Art. 5 no. 1 Lugano Convention", ["int/lugano/art5/par1"]),
    ("art. 22 ch. 1 CL", ["int/lugano/art22/par1"]),
    # other treaties of the Swiss classified compilation
    ("Art. 14 Abs. 3 lit. g UNO-Pakt II", ["int/iccpr/art14/par3/ptg"]),
    ("Art. 14 Ziff. 3 lit. g Uno-Pakt II", ["int/iccpr/art14/par3/ptg"]),
    ("Art. 2 Ziff. 1 EAUe", ["int/eaue/art2/par1"]),
    ("Art. 31 f. VRK", ["int/vclt/art31", "int/vclt/art32"]),
    # a treaty inside German prose keeps its own jurisdiction
    ("§ 60 Abs. 5 AufenthG i. V. m. Art. 3 EMRK", ["de/aufenthg/s60/abs5", "int/echr/art3"]),
    ("weder nach Art. 9 Abs. 3 GG noch nach Art. 11 EMRK", ["de/gg/art9/abs3", "int/echr/art11"]),
    # and inside Swiss prose
    ("Art. 10 Abs. 3 BV, Art. 3 EMRK", ["ch/bv/art10/abs3", "int/echr/art3"]),
]

CASES = [
    ("EGMR, Enerji Yapi-Yol Sen c. Turquie, Urteil vom 21. April 2009, Nr. 68959/01, § 26", ["int/case/echr/68959-01"]),
    ("Ilaşcu and Others v. Moldova and Russia [GC], no. 48787/99, ECHR 2004-VII", ["int/case/echr/48787-99"]),
    ("Case of X v. Switzerland (application no. 13444/04)", ["int/case/echr/13444-04"]),
    ("CEDH, arrêt Bouyid c. Belgique du 28 septembre 2015, requête n° 23380/09", ["int/case/echr/23380-09"]),
]

NEGATIVE = [
    "Die EMRK gilt in der Schweiz seit 1974.",
    "The Convention entered into force in 1953.",
    "Nr. 12/2020 der Zeitschrift",
]
