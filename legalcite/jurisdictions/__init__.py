"""One module per jurisdiction: its ``EXTRACTOR`` (anchor + parse of a short window) and optional ``link``.
Registered in :data:`legalcite.scan.JURISDICTIONS`."""
