"""International treaties (``int``): the ECHR, CISG, Lugano and the other treaties of the Swiss classified
compilation; ECtHR judgments by application number.

Treaty articles are read by the Swiss extractor (the same article chains, the same SR table:
:mod:`legalcite.jurisdictions.ch.extract`); ``extract.py`` here reads ECtHR application numbers; ``data/treaties.json``
gives the treaties their English ids and names; ``printer.py`` prints keys back; ``snapshots.py`` reads the SR 0.*
rows of the Swiss snapshots.
"""
from legalcite.jurisdictions import Jurisdiction, KeyScheme, StoreRules, SubunitCheck as C

JURISDICTION = Jurisdiction(
    code="int", name="International treaties", languages=("en", "de", "fr", "it"),
    keys=KeyScheme(labels=("art", "par", "pt", "satz"), unit=("art",), lettered=("pt",)),
    store=StoreRules(subunits={"par": C.NUMBERED, "pt": C.POINTS, "satz": C.SENTENCES}))
