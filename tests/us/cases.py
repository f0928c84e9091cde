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


# Issue 24: answers as language models write them (Markdown, tables, lists) and opinions as courts print them. Each
# row: the text and every US citation in it, as (the text cited, the key a careful reader gives it); None where the
# cite is another work's whose code legalcite does not key (a state's statute, an act's own section numbering).
IN_ANSWERS = [
    # several amendments in one phrase are one citation each; a quotation's ellipsis; ordinals in digits
    ("Plaintiffs have plausibly alleged that the ban violates their First and Fourteenth Amendment rights.",
     [("First", "us/const/amend1"), ("Fourteenth Amendment", "us/const/amend14")]),
    ("The Fifth and Fourteenth Amendments' Due Process Clauses bar arbitrary deprivations.",
     [("Fifth", "us/const/amend5"), ("Fourteenth Amendments", "us/const/amend14")]),
    ("- **Free speech and equal protection:** the rule burdens rights under the First, Fifth, and Fourteenth "
     "Amendments.",
     [("First", "us/const/amend1"), ("Fifth", "us/const/amend5"), ("Fourteenth Amendments", "us/const/amend14")]),
    ("Conduct may be \u2018sufficiently imbued with elements of communication to fall within the scope of the First "
     "... Amendment[ ].\u2019",
     [("First ... Amendment", "us/const/amend1")]),
    ("He argues that the sentence was imposed in violation of the 8th and 14th Amendments to the U.S. Constitution.",
     [("8th", "us/const/amend8"), ("14th Amendments to the U.S. Constitution", "us/const/amend14")]),
    ("Romer v. Evans struck down Amendment 2 to the Colorado Constitution.", []),
    # the units before "of the U.S. Constitution"; a state's constitution is another work
    ("Congress has this power under Article I, Section 8 of the U.S. Constitution, and the courts theirs under "
     "Article III of the United States Constitution.",
     [("Article I, Section 8 of the U.S. Constitution", "us/const/art1/s8"),
      ("Article III of the United States Constitution", "us/const/art3")]),
    ("The statute is ex post facto legislation, in violation of article I, § 10, of the U.S. Constitution and "
     "article I, § 16, of the Nebraska Constitution.",
     [("article I, § 10, of the U.S. Constitution", "us/const/art1/s10"), ("§ 16", None)]),
    ("The claim arises under the U.S. Constitution and the laws of the United States.", []),
    # a section sign lost to U+FFFD between a title's code and its section (a converted opinion)
    ("The Federal Circuit held that evaluation under 38 C.F.R. \ufffd 4.130 is symptom-driven.",
     [("38 C.F.R. \ufffd 4.130", "us/cfr/t38/s4.130")]),
    ("These requirements have not been met. 38 U.S.C. \ufffd\ufffd 1155, 5107(b).",
     [("38 U.S.C. \ufffd\ufffd 1155", "us/usc/t38/s1155"), ("5107(b)", "us/usc/t38/s5107/b")]),
    # a bare section binds to the title cited before it, in a table, a heading or a later paragraph as in prose
    ("**Legal basis:** fair use is not an infringement (17 U.S.C. § 107).\n\n**Four factors (§ 107):**\n"
     "1. Purpose and character of the use",
     [("17 U.S.C. § 107", "us/usc/t17/s107"), ("§ 107", "us/usc/t17/s107")]),
    ("Covered employers must pay overtime at one and one-half times the regular rate for the hours over 40 in a "
     "workweek (29 U.S.C. § 207(a)(1)).\n\n| Item | Rule | Source |\n|---|---|---|\n"
     "| Overtime rate | 1.5x regular rate | § 207 |\n"
     "| Record-keeping | employer keeps records | 29 U.S.C. § 211(c) |",
     [("29 U.S.C. § 207(a)(1)", "us/usc/t29/s207/a/1"), ("§ 207", "us/usc/t29/s207"),
      ("29 U.S.C. § 211(c)", "us/usc/t29/s211/c")]),
    ("**Basic rule:** Any civil action brought in a state court of which the district courts have original "
     "jurisdiction may be removed by the defendant (28 U.S.C. § 1441(a)).\n\n| Requirement | Statute |\n|---|---|\n"
     "| Removal | § 1441 |\n| Procedure | § 1446 |\n| Remand | § 1447 |",
     [("28 U.S.C. § 1441(a)", "us/usc/t28/s1441/a"), ("§ 1441", "us/usc/t28/s1441"), ("§ 1446", "us/usc/t28/s1446"),
      ("§ 1447", "us/usc/t28/s1447")]),
    # ... but not to a title that has no such section: an act's own numbering
    ("Section 2 now appears at 52 U.S.C. § 10301.\n\n- Shelby County v. Holder struck down the Section 4(b) "
     "coverage formula.",
     [("Section 2", None), ("52 U.S.C. § 10301", "us/usc/t52/s10301"), ("Section 4(b)", None)]),
    # another work named before or after a section makes it that work's, and ends the title's scope
    ("Plaintiffs sue under 42 U.S.C. § 1983 to enjoin N.C. Gen. Stat. § 163-166.3(b). Section 163-166.3(c) is "
     "challenged too.",
     [("42 U.S.C. § 1983", "us/usc/t42/s1983"), ("§ 163-166.3(b)", None), ("Section 163-166.3(c)", None)]),
    ("The terms are defined in 29 U.S.C. § 203, and FLSA § 7 requires overtime pay.",
     [("29 U.S.C. § 203", "us/usc/t29/s203"), ("§ 7", None)]),
    ("Strict liability follows from 42 U.S.C. § 1983 and, for products, Restatement (Second) of Torts § 402A.",
     [("42 U.S.C. § 1983", "us/usc/t42/s1983"), ("§ 402A", None)]),
    ("Section 208 of the Voting Rights Act is codified at 52 U.S.C. § 10508. Section 208 lets a voter choose help.",
     [("Section 208", None), ("52 U.S.C. § 10508", "us/usc/t52/s10508"), ("Section 208", None)]),
    # ... unless the act's sections are a U.S. Code title's
    ("The trustee may avoid the lien under section 544(a) of the Bankruptcy Code; see also § 547(b).",
     [("section 544(a) of the Bankruptcy Code", "us/usc/t11/s544/a"), ("§ 547(b)", "us/usc/t11/s547/b")]),
    ("Ordinary and necessary business expenses are deductible under I.R.C. § 162(a) and Treas. Reg. § 1.162-1(a).",
     [("I.R.C. § 162(a)", "us/usc/t26/s162/a"), ("Treas. Reg. § 1.162-1(a)", "us/cfr/t26/s1.162-1/a")]),
    # a bare rule: the federal rule set cited before, unless no federal rule has the number or another body's did
    ("A motion under Fed. R. Civ. P. 12(b)(6) tests the complaint. Securities fraud arises under Rule 10b-5, and "
     "Rule 9(b) applies to fraud. The parties met under Local Rule 7.1 before the motion under Rule 56.",
     [("Fed. R. Civ. P. 12(b)(6)", "us/frcp/r12/b/6"), ("Rule 10b-5", None), ("Rule 9(b)", "us/frcp/r9/b"),
      ("Rule 7.1", None), ("Rule 56", "us/frcp/r56")]),
    ("Section 1983 of title 42 of the United States Code gives the remedy.",
     [("Section 1983 of title 42 of the United States Code", "us/usc/t42/s1983")]),
    # another state's code under a name California's codes share
    ("In Texas, Tex. Penal Code Ann. § 22.01 defines assault; in California, Cal. Penal Code § 240 does.",
     [("§ 22.01", None), ("Cal. Penal Code § 240", "us-ca/pen/s240")]),
    ("The Texas Deceptive Trade Practices–Consumer Protection Act (Tex. Bus. & Com. Code Ann. § 17.41 et seq.) "
     "differs from the California Commercial Code (Cal. Com. Code § 2207).",
     [("§ 17.41 et seq.", None), ("Cal. Com. Code § 2207", "us-ca/com/s2207")]),
    # Id. is the authority cited just before, not one cited inside a (quoting …) or (citing …) parenthetical
    ("A complaint must state a plausible claim. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009) (quoting Bell Atl. "
     "Corp. v. Twombly, 550 U.S. 544, 570 (2007)). It must show more than a sheer possibility. Id. (citing "
     "Twombly, 550 U.S. at 556). The court accepts the facts as true. Id.",
     [("556 U.S. 662, 678 (2009)", "us/case/556/u.s./662"), ("550 U.S. 544, 570 (2007)", "us/case/550/u.s./544"),
      ("Id.", "us/case/556/u.s./662"), ("550 U.S. at 556", "us/case/550/u.s./544"), ("Id.", "us/case/556/u.s./662")]),
    ("Iqbal, 556 U.S. 662, 678 (2009) (quoting Twombly, 550 U.S. 544, 570 (2007); see id. at 556).",
     [("556 U.S. 662, 678 (2009)", "us/case/556/u.s./662"), ("550 U.S. 544, 570 (2007)", "us/case/550/u.s./544"),
      ("id. at 556", "us/case/550/u.s./544")]),
    # ... unless its page is the quoted one's, or lies before the first page of the one before
    ("That is racial balancing. Grutter v. Bollinger, 539 U.S. 306, 330 (2003) (quoting Regents of Univ. of Cal. v. "
     "Bakke, 438 U.S. 265, 307 (1978)); see also id., at 307.",
     [("539 U.S. 306, 330 (2003)", "us/case/539/u.s./306"), ("438 U.S. 265, 307 (1978)", "us/case/438/u.s./265"),
      ("id., at 307", "us/case/438/u.s./265")]),
    ("Deal v. Mercer Cnty. Bd. of Educ., 911 F.3d 183, 190 (4th Cir. 2018) (quoting Cooksey v. Futrell, 721 F.3d "
     "226, 240 (4th Cir. 2013)). The court weighs fitness and hardship. Id. at 191.",
     [("911 F.3d 183, 190 (4th Cir. 2018)", "us/case/911/f.3d/183"),
      ("721 F.3d 226, 240 (4th Cir. 2013)", "us/case/721/f.3d/226"), ("Id. at 191", "us/case/911/f.3d/183")]),
    # a short cite whose reporter the writer left out keeps its volume, or takes the case of that name in it
    ("This conduct goes far beyond a single complaint, Driehaus, 573 at 164, or a policy never enforced.",
     [("573 at 164", "us/case/573")]),
    ("See Susan B. Anthony List v. Driehaus, 573 U.S. 149 (2014). A single complaint is not enough. Driehaus, "
     "573 at 164.",
     [("573 U.S. 149 (2014)", "us/case/573/u.s./149"), ("573 at 164", "us/case/573/u.s./149")]),
    ("The witness confirmed it (Hearing Tr., 12 at 5), and the vote was 5 at 3.", []),
    # a slip opinion: volume and reporter, the page not yet printed
    ("In Loper Bright Enterprises v. Raimondo, 603 U.S. ___ (2024), the Court overruled Chevron deference.",
     [("603 U.S. ___ (2024)", "us/case/603/u.s.")]),
]
