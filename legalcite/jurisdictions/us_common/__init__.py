"""What US federal and California citations share: section and rule chains (``chain.py``, ``units.lark``) and
the reporters of reporters-db (``reporters.py``). Not a registered jurisdiction: the ``us`` and ``us_ca``
packages import it, never each other."""
