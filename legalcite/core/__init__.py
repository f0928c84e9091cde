"""Shared mechanisms with no jurisdiction knowledge: scanning, parsing, linking dispatch and data tables. Readers
and writers live in :mod:`legalcite.io`."""
