"""Shared mechanisms with no jurisdiction knowledge: scanning, parsing, linking dispatch, and the one reader
and writer of JSON Lines every command uses."""
