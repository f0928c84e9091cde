"""Shared mechanisms with no jurisdiction knowledge: scanning, parsing, linking dispatch, data tables, and the one
reader and writer of JSON Lines every command uses."""
