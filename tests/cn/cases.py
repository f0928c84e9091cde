"""Chinese citation cases: (text, expected keys in order). docs/keys.md's Chinese examples first, verbatim; then one
block per construct (titles, numerals, units with lists and ranges, case and document numbers, English renderings)."""

MFD = "cn/中华人民共和国民法典"
XF = "cn/中华人民共和国刑法"

# (text, expected keys in order). docs/keys.md's Chinese examples first, verbatim.
DESIGN = [
    ("《中华人民共和国民法典》第五百零九条第二款", [f"{MFD}/art509/para2"]),
    ("《刑法》第二百三十四条", [f"{XF}/art234"]),
    ("Article 509 of the PRC Civil Code", [f"{MFD}/art509"]),
]

TITLES = [
    ("《中华人民共和国民法典》第五百七十七条", [f"{MFD}/art577"]),
    ("《民法典》第五百七十七条", [f"{MFD}/art577"]),
    ("民法典第1062条", [f"{MFD}/art1062"]),
    ("根据中华人民共和国民法典第五十四条的规定", [f"{MFD}/art54"]),
    ("《中华人民共和国刑法（2020修正）》第二百六十四条", [f"{XF}/art264"]),
    ("《公司法》（2018年修正）第二十条", ["cn/中华人民共和国公司法/art20"]),
    ("《劳动合同法》第三十九条", ["cn/中华人民共和国劳动合同法/art39"]),
    ("劳动合同法第四条", ["cn/中华人民共和国劳动合同法/art4"]),  # ends in 同法, still the title
    ("《消法》第55条", ["cn/中华人民共和国消费者权益保护法/art55"]),
    # judicial interpretations: inner 《》, 〈〉, short inner titles, no 最高人民法院
    ("最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释第二条",
     ["cn/最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释/art2"]),
    ("最高人民法院关于适用《民法典》有关担保制度的解释第二条",
     ["cn/最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释/art2"]),
    ("《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》第二条",
     ["cn/最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释/art2"]),
    ("《关于适用〈民法典〉有关担保制度的解释》第十八条",
     ["cn/最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释/art18"]),
    ("最高人民法院关于适用〈中华人民共和国民法典〉婚姻家庭编的解释（一）第二十九条",
     ["cn/最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释(一)/art29"]),
    ("民诉法解释第九十条", ["cn/最高人民法院关于适用《中华人民共和国民事诉讼法》的解释/art90"]),
    ("依照最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）第二十九条，",
     ["cn/最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释(一)/art29"]),
    ("最高人民法院关于适用《民法典》有关担保制度的解释规定了保证",
     ["cn/最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释"]),
    # laws the corpus names only in repeal clauses (民法典 Art. 1260) are works
    ("《中华人民共和国合同法》第五十二条", ["cn/中华人民共和国合同法/art52"]),
    ("《合同法》第五十二条", ["cn/中华人民共和国合同法/art52"]),
    ("《婚姻法》第32条", ["cn/中华人民共和国婚姻法/art32"]),
    ("《民法通则》第一百零六条", ["cn/中华人民共和国民法通则/art106"]),
    # a law named alone is a work-level citation; an unknown title keeps its printed text
    ("《中华人民共和国合同法》", ["cn/中华人民共和国合同法"]),
    ("《物权法》已经废止", ["cn/中华人民共和国物权法"]),
    ("《某某市物业管理办法》第5条", ["cn/某某市物业管理办法/art5"]),
]

NUMBERS = [
    ("《民法典》第一千零七十九条", [f"{MFD}/art1079"]),
    ("《刑法》第二百六十四条", [f"{XF}/art264"]),
    ("《民法典》第十条", [f"{MFD}/art10"]),
    ("《民法典》第一百零七条", [f"{MFD}/art107"]),
    ("《民法典》第1079条", [f"{MFD}/art1079"]),
    ("《民法典》第１０７９条", [f"{MFD}/art1079"]),
    ("《民法典》第 1079 条", [f"{MFD}/art1079"]),
    ("《刑法》第一百三十三条之一", [f"{XF}/art133-1"]),
    ("《刑法》第一百二十条之二", [f"{XF}/art120-2"]),
]

UNITS = [
    ("《劳动合同法》第三十九条第（二）项", ["cn/中华人民共和国劳动合同法/art39/item2"]),
    ("《劳动合同法》第三十九条第二项", ["cn/中华人民共和国劳动合同法/art39/item2"]),
    ("《民法典》第1079条第1款", [f"{MFD}/art1079/para1"]),
    ("《民法典》第五百七十七条第一款第二项", [f"{MFD}/art577/para1/item2"]),
    ("《个人信息保护法》第十三条第一款第（一）项", ["cn/中华人民共和国个人信息保护法/art13/para1/item1"]),
    # lists
    ("《民法典》第四百七十一条、第四百七十二条", [f"{MFD}/art471", f"{MFD}/art472"]),
    ("《民法典》第一千零七十九条，第一千零八十七条", [f"{MFD}/art1079", f"{MFD}/art1087"]),
    ("根据《民法典》第一千零七十九条、第一千零八十四条和第一千零八十七条，法院",
     [f"{MFD}/art1079", f"{MFD}/art1084", f"{MFD}/art1087"]),
    ("《民法典》第1079条，……第1087条", [f"{MFD}/art1079", f"{MFD}/art1087"]),
    ("《刑法》第509、510条", [f"{XF}/art509", f"{XF}/art510"]),
    ("《民法典》第1079条第1款、第2款", [f"{MFD}/art1079/para1", f"{MFD}/art1079/para2"]),
    ("《民法典》第一千零七十九条、第一千零八十条第一款", [f"{MFD}/art1079", f"{MFD}/art1080/para1"]),
    # ranges: every article the work lists between the ends (之一 articles too), sub-units as integers
    ("《民法典》第五百零九条至第五百一十二条", [f"{MFD}/art{n}" for n in range(509, 513)]),
    ("《民法典》第509至512条", [f"{MFD}/art{n}" for n in range(509, 513)]),
    ("《刑法》第一百二十条至第一百二十一条",
     [f"{XF}/art120"] + [f"{XF}/art120-{i}" for i in range(1, 7)] + [f"{XF}/art121"]),
    ("《个人信息保护法》第十三条第一款第（一）项至第（三）项",
     [f"cn/中华人民共和国个人信息保护法/art13/para1/item{i}" for i in (1, 2, 3)]),
    ("《民事诉讼法》第二百三十七条第二款第四、六项",
     ["cn/中华人民共和国民事诉讼法/art237/para2/item4", "cn/中华人民共和国民事诉讼法/art237/para2/item6"]),
    # 以下 keeps the first unit
    ("《民法典》第577条以下", [f"{MFD}/art577"]),
]

CASES = [
    ("（2021）京01民终1234号", ["cn/case/(2021)京01民终1234号"]),
    ("(2019)沪74民初123号", ["cn/case/(2019)沪74民初123号"]),
    ("（2019）最高法民终123号", ["cn/case/(2019)最高法民终123号"]),
    ("（2020）最高法知民终1号", ["cn/case/(2020)最高法知民终1号"]),
    ("（2015）民一终字第123号", ["cn/case/(2015)民一终字第123号"]),
    ("参见（２０２１）粤0304民初5678号判决", ["cn/case/(2021)粤0304民初5678号"]),
    ("法释〔2020〕26号", ["cn/法释[2020]26号"]),
    ("法释[2020]28号", ["cn/法释[2020]28号"]),
]

ENGLISH = [
    ("Article 577 of the Civil Code of the People's Republic of China", [f"{MFD}/art577"]),
    ("Article 47 of the PRC Labor Contract Law", ["cn/中华人民共和国劳动合同法/art47"]),
    ("PRC Criminal Law, Art. 264", [f"{XF}/art264"]),
    ("China's Civil Code, Article 1165", [f"{MFD}/art1165"]),
    ("Articles 577 and 584 of the PRC Civil Code", [f"{MFD}/art577", f"{MFD}/art584"]),
    ("Articles 509 to 512 of the Civil Code of the People's Republic of China",
     [f"{MFD}/art{n}" for n in range(509, 513)]),
    ("Article 1079, paragraph 2 of the PRC Civil Code", [f"{MFD}/art1079/para2"]),
    ("Article 52 of the PRC Contract Law", ["cn/中华人民共和国合同法/art52"]),
    ("Art. 264 PRC Criminal Law", [f"{XF}/art264"]),
    ("Article 1165 of the Civil Code of the PRC", [f"{MFD}/art1165"]),
    ("Article 3 of the Chinese Labor Law", ["cn/中华人民共和国劳动法/art3"]),
    ("Paragraph 2 of Article 509 of the PRC Civil Code", [f"{MFD}/art509/para2"]),
    ("paragraph 1, item 2 of Article 39 of the PRC Labor Contract Law",
     ["cn/中华人民共和国劳动合同法/art39/para1/item2"]),
]

# forms of released models' answers (STARD, LexGenius, legal-consultation models)
MODEL_FORMS = [
    # a law database's class before the title (LawRefBook's folders, flk.npc.gov.cn's classes)
    ("《社会法-军人保险法》第三十七条", ["cn/中华人民共和国军人保险法/art37"]),
    ("《民商法-民法典》第五百七十七条", [f"{MFD}/art577"]),
    ("《刑法-刑法》第264条", [f"{XF}/art264"]),
    ("《宪法相关法-全国人民代表大会组织法》第十条", ["cn/中华人民共和国全国人民代表大会组织法/art10"]),
    ("《诉讼与非诉讼程序法-民事诉讼法》第一百二十二条", ["cn/中华人民共和国民事诉讼法/art122"]),
    ("《社会法：军人保险法》第三十七条", ["cn/中华人民共和国军人保险法/art37"]),
    ("《司法解释-最高人民法院关于审理劳动争议案件适用法律问题的解释（一）》第三十二条",
     ["cn/最高人民法院关于审理劳动争议案件适用法律问题的解释(一)/art32"]),
    ("《社会法-幻想法》第一条", ["cn/社会法-幻想法/art1"]),        # the rest names no law: the title as printed
    ("《张三-民法典》第一条", ["cn/张三-民法典/art1"]),            # no class before the dash
    # an irregular 零 read as a reader reads it (metadata.read_as says so)
    ("《刑法》第三百零十条", [f"{XF}/art310"]),
    ("《民法典》第一千零十条第二款", [f"{MFD}/art1010/para2"]),   # regular: the hundreds are zero
    # the usual forms
    ("刑法第264条", [f"{XF}/art264"]),
    ("[法条]刑法第264条", [f"{XF}/art264"]),
    ("《民法典》第1165条第1款", [f"{MFD}/art1165/para1"]),
    ("《中华人民共和国劳动合同法》第三十九条第（二）项", ["cn/中华人民共和国劳动合同法/art39/item2"]),
    ("《合同法》第107条", ["cn/中华人民共和国合同法/art107"]),
    ("最高人民法院关于审理劳动争议案件适用法律问题的解释（一） 第三十二条",
     ["cn/最高人民法院关于审理劳动争议案件适用法律问题的解释(一)/art32"]),
    ("《民事诉讼法》(2017修正)第119条", ["cn/中华人民共和国民事诉讼法/art119"]),
    ("法律依据：《民法典》第五百七十七条；《民法典》第五百八十四条。", [f"{MFD}/art577", f"{MFD}/art584"]),
    # names answers give that no document carries: the PRC before a short name, colloquial interpretation names
    ("《中华人民共和国破产法》第五十八条", ["cn/中华人民共和国企业破产法/art58"]),
    ("《婚姻法司法解释二》第24条", ["cn/最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释(二)/art24"]),
    ("《民间借贷司法解释》第二十六条", ["cn/最高人民法院关于审理民间借贷案件适用法律若干问题的规定/art26"]),
]

LCL = "cn/中华人民共和国劳动合同法"

# Continuations and bare articles (cn/link.py, docs/keys.md "Continuations"): 本条/同条 are the article cited just
# before, in the same line; 前款 its paragraph before the one the text quotes, else the article; an English bare article
# the Chinese law named last; a bare 第X条 in a list the paragraph naming the law introduces. Nothing where the text
# does not say: 前款 on a later line or in the citation's own sentence (a statute's own), a lettered point, two acts.
CONTINUATIONS = [
    ("《民法典》第一百八十八条第一款规定诉讼时效期间为三年。前款规定的期间自权利人知道或者应当知道权利受到损害之日起计算。",
     [f"{MFD}/art188/para1", f"{MFD}/art188"]),
    ("《民法典》第一百八十八条第二款规定：“前款规定的诉讼时效期间自权利人知道之日起计算。”",
     [f"{MFD}/art188/para2", f"{MFD}/art188/para1"]),
    ("《劳动合同法》第十四条规定了无固定期限劳动合同。本条第二款列举了应当订立的情形。",
     [f"{LCL}/art14", f"{LCL}/art14/para2"]),
    ("《劳动合同法》第三十九条第一款规定了过失性辞退。同条第一款第（三）项规定了严重失职。",
     [f"{LCL}/art39/para1", f"{LCL}/art39/para1/item3"]),
    ("根据《劳动合同法》，有下列情形之一的，应当订立无固定期限劳动合同：\n\n1. 劳动者在该用人单位连续工作满十年的"
     "（第十四条第二款第（一）项）；\n\n2. 连续订立二次固定期限劳动合同的（第十四条第二款第（三）项）。",
     [LCL, f"{LCL}/art14/para2/item1", f"{LCL}/art14/para2/item3"]),
    ("Under the PRC Civil Code, rescission lapses after ninety days (Article 152(1)(1)).",
     [f"{MFD}/art152/para1/item1"]),
    ("Article 577 of the PRC Civil Code governs breach. Article 584(1) sets the measure of damages.",
     [f"{MFD}/art577", f"{MFD}/art584/para1"]),
    # unbound
    ("前款规定的期间自权利人知道之日起计算。", []),
    ("检察人员有《中华人民共和国民事诉讼法》第四十四条规定情形之一的，应当自行回避。\n前款规定，适用于书记员。",
     ["cn/中华人民共和国民事诉讼法/art44"]),
    ("《中华人民共和国监察法》第十五条第二项规定的人员，对其违法行为依照前款规定处理。",
     ["cn/中华人民共和国监察法/art15/item2"]),
    ("《民法典》第一百八十八条第一款规定：“前款规定的期间…”",
     [f"{MFD}/art188/para1"]),   # no paragraph before the first
    ("《民法典》第五条规定了自愿原则，这是基本条件。", [f"{MFD}/art5"]),
    ("Under the PRC Civil Code, processing needs consent (Art. 9(2)(a)).", []),
    ("Under the GDPR and the PRC Civil Code, consent matters (Article 9).", []),
    ("根据《劳动合同法》，有下列情形之一的，应当订立无固定期限劳动合同。\n\n第十四条第二款另有规定。", [LCL]),
]

NEGATIVE = [
    "这是第一次。",
    "他提出了三条意见。",
    "第二条被采纳。",
    "2021年3月1日起施行。",
    "第一，第二，第三。",
    "《红楼梦》第一回",
    "本法自公布之日起施行。",
    "上述规定",
    "（2021年）",
    "第一千零七十九",
]

TABLE = DESIGN + TITLES + NUMBERS + UNITS + CASES + ENGLISH + MODEL_FORMS
