"""The package's version (its own module, so that any module can read it without importing the package's
facade)."""

__version__ = "0.1.0"
