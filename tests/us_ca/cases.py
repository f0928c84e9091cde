"""California citation cases: ``(text, expected keys)`` rows, docs/keys.md's examples first and verbatim, then Bluebook,
California Style Manual and Constitution blocks. Each row is read inside ``CA`` (California named in the prose)."""

CA = "In this California action, the court applied {} to the facts."

DESIGN_EXAMPLES = [
    ("Cal. Civ. Code § 1668", ["us-ca/civ/s1668"]),
    ("Code of Civil Procedure section 437c, subdivision (c)", ["us-ca/ccp/s437c/c"]),
]

BLUEBOOK = [
    ("Cal. Civ. Code § 1542", ["us-ca/civ/s1542"]),
    ("Cal. Lab. Code §§ 510, 1194", ["us-ca/lab/s510", "us-ca/lab/s1194"]),
    ("Cal. Bus. & Prof. Code § 17200", ["us-ca/bpc/s17200"]),
    ("Cal. Code Civ. Proc. § 425.16", ["us-ca/ccp/s425.16"]),
    ("Cal. Civ. Proc. Code § 425.16(b)(1)", ["us-ca/ccp/s425.16/b/1"]),
    ("Cal. Penal Code § 187(a)", ["us-ca/pen/s187/a"]),
    ("Cal. Gov't Code § 12940(h)", ["us-ca/gov/s12940/h"]),
    ("Cal. Health & Safety Code § 11350", ["us-ca/hsc/s11350"]),
    ("Cal. Welf. & Inst. Code § 300", ["us-ca/wic/s300"]),
    ("Cal. Evid. Code §§ 1200-1202", ["us-ca/evid/s1200", "us-ca/evid/s1201", "us-ca/evid/s1202"]),
    ("Cal. Fam. Code § 2310", ["us-ca/fam/s2310"]),
    ("Cal. Veh. Code § 23152(a)", ["us-ca/veh/s23152/a"]),
    ("Cal. Bus. & Prof. Code § 17200 et seq.", ["us-ca/bpc/s17200"]),
]

STYLE_MANUAL = [
    ("Civil Code section 1542", ["us-ca/civ/s1542"]),
    ("(Pen. Code, § 187, subd. (a).)", ["us-ca/pen/s187/a"]),
    ("Lab. Code, § 2802, subd. (a)", ["us-ca/lab/s2802/a"]),
    ("(Code Civ. Proc., § 437c, subd. (c).)", ["us-ca/ccp/s437c/c"]),
    ("Business and Professions Code section 17200", ["us-ca/bpc/s17200"]),
    ("(Gov. Code, §§ 12940, 12945.2.)", ["us-ca/gov/s12940", "us-ca/gov/s12945.2"]),
    ("Evidence Code sections 1200 through 1202", ["us-ca/evid/s1200", "us-ca/evid/s1201", "us-ca/evid/s1202"]),
    ("(Welf. & Inst. Code, § 300, subds. (b), (j).)", ["us-ca/wic/s300/b", "us-ca/wic/s300/j"]),
    ("section 1542 of the Civil Code", ["us-ca/civ/s1542"]),
    ("section 17200 of the Business and Professions Code", ["us-ca/bpc/s17200"]),
]

CONSTITUTION = [
    ("Cal. Const., art. I, § 1", ["us-ca/const/art1/s1"]),
    ("Cal. Const., art. XIII A, § 1", ["us-ca/const/art13a/s1"]),
    ("California Constitution, article I, section 7", ["us-ca/const/art1/s7"]),
    ("Cal. Const. art. VI, § 10", ["us-ca/const/art6/s10"]),
    ("Cal. Const. art. IIII", ["us-ca/const"]),  # issue 28: no numeral, no article (it was us-ca/const/artIIII)
    ("Cal. Const. art. XXXX, § 1", ["us-ca/const"]),
]
