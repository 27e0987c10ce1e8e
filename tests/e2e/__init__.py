"""End-to-end browser tests (a package, so that this conftest does not shadow tests/conftest.py
for the unit tests that `from conftest import ...`)."""
