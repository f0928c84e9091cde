"""US federal citation cases: ``(text, expected keys)`` rows, docs/keys.md's US examples first and verbatim, then one
block per form of issue 4; the rows of ``SHORT_FORMS`` give forms and pins too. Each row is read inside ``EN``:
English prose around a cite makes the document's language ``en`` as in real opinions."""

EN = "The court held that the claim under {} is the one in this case."


DESIGN_EXAMPLES = [
    ("18 U.S.C. § 1030(a)(2)(C)", ["us/usc/t18/s1030/a/2/C"]),
    ("Fed. R. Civ. P. 56(a)", ["us/frcp/r56/a"]),
    ("U.S. Const. amend. I", ["us/const/amend1"]),
    ("Marbury v. Madison, 5 U.S. 137, 177 (1803)", ["us/case/5/u.s./137"]),
    ("Kwikset Corp. v. Superior Court, 51 Cal. 4th 310 (2011)", ["us-ca/case/51/cal.4th/310"]),
]

STATUTES = [
    ("42 U.S.C. § 1983", ["us/usc/t42/s1983"]),
    ("28 U.S.C. § 1332(a)(1)", ["us/usc/t28/s1332/a/1"]),
    ("42 U.S.C. 1983", ["us/usc/t42/s1983"]),
    # a range yields every section the Code lists in it (1981a exists), docs/keys.md, "Lists, ranges"
    ("42 U.S.C. §§ 1981–1983", ["us/usc/t42/s1981", "us/usc/t42/s1981a", "us/usc/t42/s1982", "us/usc/t42/s1983"]),
    ("42 U.S.C. §§ 1981-1983", ["us/usc/t42/s1981", "us/usc/t42/s1981a", "us/usc/t42/s1982", "us/usc/t42/s1983"]),
    ("42 U.S.C. §§ 2000e–2000e-3", ["us/usc/t42/s2000e", "us/usc/t42/s2000e-1", "us/usc/t42/s2000e-2",
                                     "us/usc/t42/s2000e-3"]),
    ("42 U.S.C. §§ 2000e-2 and 42 U.S.C. § 1981", ["us/usc/t42/s2000e-2", "us/usc/t42/s1981"]),
    ("15 U.S.C. § 1681 et seq.", ["us/usc/t15/s1681"]),
    ("42 U.S.C. § 2000e-2(a)", ["us/usc/t42/s2000e-2/a"]),
    ("42 U.S.C.A. § 1983", ["us/usc/t42/s1983"]),
    ("29 U.S.C. §§ 206, 207", ["us/usc/t29/s206", "us/usc/t29/s207"]),
    ("12 C.F.R. § 1026.18", ["us/cfr/t12/s1026.18"]),
    ("17 C.F.R. § 240.10b-5", ["us/cfr/t17/s240.10b-5"]),
]

RULES = [
    ("Fed. R. Civ. P. 12(b)(6)", ["us/frcp/r12/b/6"]),
    ("Fed. R. Evid. 403", ["us/fre/r403"]),
    ("FRCP 56", ["us/frcp/r56"]),
    ("Fed. R. App. P. 4(a)(1)(A)", ["us/frap/r4/a/1/A"]),
    ("Fed. R. Crim. P. 11", ["us/frcrp/r11"]),
    ("Federal Rule of Civil Procedure 23(b)(3)", ["us/frcp/r23/b/3"]),
    ("Fed.R.Civ.P. 56(c)", ["us/frcp/r56/c"]),
    # issue 28: the chain ends before a sub-unit label in Roman letters that is no numeral (us/frcp/r56/IIII was
    # a key); a numeral (iv) or a repeated letter (vv, the U.S. Code's labels after the numerals) is a label
    ("Fed. R. Civ. P. 56(IIII)", ["us/frcp/r56"]),
    ("Fed. R. Civ. P. 56(c)(iiii)", ["us/frcp/r56/c"]),
    ("Fed. R. Civ. P. 56(c)(iv)", ["us/frcp/r56/c/iv"]),
    ("Fed. R. Civ. P. 56(XXXX), 57", ["us/frcp/r56"]),
    ("42 U.S.C. § 1395x(s)(2)(vv)", ["us/usc/t42/s1395x/s/2/vv"]),
]

CONSTITUTION = [
    ("U.S. Const. art. I, § 8, cl. 3", ["us/const/art1/s8/cl3"]),
    ("U.S. Const. amend. XIV, § 1", ["us/const/amend14/s1"]),
    ("the Fourteenth Amendment", ["us/const/amend14"]),
    ("the First Amendment", ["us/const/amend1"]),
    ("the Twenty-First Amendment", ["us/const/amend21"]),
    ("U.S. Const. art. III", ["us/const/art3"]),
    # issue 28: a numeral the keys cannot read is no unit (it was a key: us/const/amendIIII); the name stays
    ("U.S. Const. amend. IIII", ["us/const"]),
    ("U.S. Const. amend. VV", ["us/const"]),
    ("U.S. Const. amend. XXXX", ["us/const"]),
    ("U.S. Const. art. IIII, § 2", ["us/const"]),
    ("Amendment IIII", []),
    ("Amendment IV", ["us/const/amend4"]),
]

CASES = [
    ("Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007)", ["us/case/550/u.s./544"]),
    ("Grutter v. Bollinger, 539\n  U. S. 306, upholding", ["us/case/539/u.s./306"]),
    ("Smith v. Jones, 1 F.4th 100, 105 (9th Cir. 2021)", ["us/case/1/f.4th/100"]),
    ("Doe v. Roe, 645 F. Supp. 2d 587, 603 (W.D. Tex. 2009)", ["us/case/645/f.supp.2d/587"]),
    ("Doe v. Roe, 2019 WL 1234567, at *3 (N.D. Cal. 2019)", ["us/case/2019/wl/1234567"]),
    ("People v. Doe, 2018 IL App (1st) 152522", ["us/case/2018/ilapp(1st)/152522"]),
    ("Stone v. Ritter, 911 A.2d 362 (Del. 2006)", ["us/case/911/a.2d/362"]),
    ("People v. Smith, 3 Cal.App.5th 100 (2016)", ["us-ca/case/3/cal.app.5th/100"]),
    ("People v. Smith, 30 Cal.Rptr.3d 1 (2005)", ["us-ca/case/30/cal.rptr.3d/1"]),
    ("Brown v. Board, 4 Cal.3d 1", ["us-ca/case/4/cal.3d/1"]),
    # parallel citations: one citation per reporter, each with its own jurisdiction
    ("Marbury v. Madison, 5 U.S. 137, 1 Cranch 137, 2 L. Ed. 60 (1803)",
     ["us/case/5/u.s./137", "us/case/1/cranch/137", "us/case/2/l.ed./60"]),
    ("Kwikset Corp. v. Superior Court (2011) 51 Cal.4th 310, 320 [120 Cal.Rptr.3d 741]",
     ["us-ca/case/51/cal.4th/310", "us-ca/case/120/cal.rptr.3d/741"]),
]

NEGATIVE = [
    "The hearing began at 10 A.M. and ended at 3 P.M. on page 12.",
    "Plaintiff paid $5,000 Cash and 20 Dollars to the firm.",
    "She worked 40 Hours a week for 3 Years at the company.",
    "Pages 12 to 15 of the record, Exhibit 4 Attachment 2.",
    "The United States Cal. Corp. and Ill. Partners LLC were parties.",
    "In 1983 Congress acted; 2019 Cal. Stat. ch. 5 is a session law.",
    "",
]

# German-language text (issue 24): a number before "Abs." or after "Art." is a provision, never a volume of "Ohio Law
# Abs."; an American case in German prose is read where it says its year or court. (text, the US keys)
IN_GERMAN_TEXT = [
    ("Die Betreibung wird fortgesetzt (Art. 83 Abs. 2 SchKG).", []),
    ("Die Ware muss sich eignen (Art. 35 Abs. 2 lit. a CISG).", []),
    ("Der Täter handelt fahrlässig (Art. 12 Abs. 2 …).", []),
    ("Das wurde in 83 Abs. 2 gesagt.", []),
    ("Vgl. 12 Abs. 2 und 5 S. 10 des Gesetzes.", []),
    ("Siehe Marbury v. Madison, 5 U.S. 137 (1803), und die Lehre.", ["us/case/5/u.s./137"]),
    ("Der Supreme Court hat dies in Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007) entschieden, und die "
     "deutsche Lehre folgt dem nicht.", ["us/case/550/u.s./544"]),
    ("Der Supreme Court hat dies in der Entscheidung 550 U.S. 544 gesagt, und die deutsche Lehre ist dem nicht "
     "gefolgt.", []),
    ("Smith v. Jones, 12 Ohio Law Abs. 44 (Ohio Ct. App. 1932)", ["us/case/12/ohiolaw.abs./44"]),
]

SHORT_FORMS = [
    # (text, keys, forms, pins)
    ("Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007). The claim must be plausible. Id. at 570. "
     "It must be more than possible. Twombly, 550 U.S. at 556.",
     ["us/case/550/u.s./544", "us/case/550/u.s./544", "us/case/550/u.s./544"], ["full", "id", "short"],
     [None, "570", "556"]),
    ("See Kwikset Corp. v. Superior Court (2011) 51 Cal.4th 310, 320. The standing rule is strict. "
     "(Id. at p. 322.) The rule applies here. (Kwikset, supra, 51 Cal.4th at p. 325.) (Ibid.)",
     ["us-ca/case/51/cal.4th/310"] * 4, ["full", "id", "supra", "id"], ["320", "322", "325", "325"]),
    ("In Twombly v. Bell, 550 U.S. 544 (2007), and in Iqbal v. Ashcroft, 556 U.S. 662 (2009), the court "
     "spoke. Twombly, supra, at 570.",
     ["us/case/550/u.s./544", "us/case/556/u.s./662", "us/case/550/u.s./544"], ["full", "full", "supra"],
     [None, None, "570"]),
    ("The court agreed. See In re Doe, 5 U.S. 137 (1990). But see Doe, supra, at 140.",
     ["us/case/5/u.s./137", "us/case/5/u.s./137"], ["full", "supra"], [None, "140"]),
    ("The claim arises under 42 U.S.C. § 1983 and fees are due under § 1988(b) of the same title.",
     ["us/usc/t42/s1983", "us/usc/t42/s1988/b"], ["full", "short"], [None, None]),
    ("The court applied Fed. R. Civ. P. 12(b)(6) and then the summary judgment standard of Rule 56(a).",
     ["us/frcp/r12/b/6", "us/frcp/r56/a"], ["full", "short"], [None, None]),
]
