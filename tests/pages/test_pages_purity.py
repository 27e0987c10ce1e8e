"""The pages are pure like the rules (no web, database or image library): a form is read and
checked in milliseconds, without the app. The rules never import the pages (tests/rules/
test_purity.py keeps them to rules and words)."""

from pathlib import Path

import pytest

import companion
from tests.helpers import IMPURE, imports

PACKAGE = Path(companion.__file__).parent
PAGES = sorted((PACKAGE / "pages").glob("*.py"))
@pytest.mark.parametrize("path", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_pages_import_only_the_rules_and_the_words(path):
    for level, module in imports(path):
        if level == 0:
            assert module.split(".")[0] not in IMPURE + ("companion",), f"{path.name} imports {module}"
        elif level == 2:  # from ..x: the pure packages below
            assert module.split(".")[0] in ("rules", "words"), f"{path.name} imports ..{module}"
