"""A tiny hand-written corpus for the retrieval tests (paraphrases, not copied law texts)."""
from __future__ import annotations

from legalcite.corpora import CorpusUnit


def unit(key: str, heading: str, text: str, language: str) -> CorpusUnit:
    jur, work = key.split("/")[:2]
    return CorpusUnit(key=key, jurisdiction=jur, work=work, work_title=None, heading=heading, text=text,
                      language=language)


UNITS = [
    unit("de/bgb/s433", "Pflichten aus dem Kaufvertrag",
         "Der Verkäufer muss dem Käufer die Sache übergeben. Der Käufer muss den vereinbarten Kaufpreis zahlen.", "de"),
    unit("de/bgb/s823", "Schadensersatzpflicht",
         "Wer einen anderen an Körper oder Gesundheit verletzt, muss ihm den entstandenen Schaden ersetzen.", "de"),
    unit("de/bgb/s280", "Schadensersatz wegen Pflichtverletzung",
         "Verletzt der Schuldner eine Pflicht aus dem Schuldverhältnis, kann der Gläubiger Ersatz verlangen.", "de"),
    unit("de/kschg/s1", "Sozial ungerechtfertigte Kündigungen",
         "Die Kündigung eines Arbeitsverhältnisses ist unwirksam, wenn sie sozial ungerechtfertigt ist.", "de"),
    unit("de/stgb/s242", "Diebstahl",
         "Wer eine fremde bewegliche Sache einem anderen wegnimmt, wird mit Freiheitsstrafe bestraft.", "de"),
    unit("cn/中华人民共和国民法典/art577", "违约责任",
         "当事人一方不履行合同义务或者履行合同义务不符合约定的，"
         "应当承担继续履行、采取补救措施或者赔偿损失等违约责任。", "zh"),
    unit("cn/中华人民共和国民法典/art1079", "离婚",
         "夫妻一方要求离婚的，可以由有关组织进行调解或者直接向人民法院提起离婚诉讼。", "zh"),
    unit("cn/中华人民共和国刑法/art264", "盗窃罪",
         "盗窃公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。", "zh"),
    unit("cn/中华人民共和国劳动合同法/art39", "用人单位单方解除",
         "劳动者严重违反用人单位的规章制度的，用人单位可以解除劳动合同。", "zh"),
    unit("us/usc/t42/s1983", "Civil action for deprivation of rights",
         "Every person who, under color of any statute, deprives a citizen of rights secured by the Constitution "
         "shall be liable to the party injured.", "en"),
    unit("us-ca/lab/s1194", "Minimum wage",
         "An employee receiving less than the legal minimum wage may recover the unpaid balance of wages "
         "in a civil action.", "en"),
    unit("us-ca/fam/s2310", "Grounds for dissolution",
         "Dissolution of the marriage may be based on irreconcilable differences or permanent legal incapacity.", "en"),
]
