"""The rules and the word judge are pure: no web, database or image library anywhere in what
they import, so a rule is tested in milliseconds and read without the app."""

from pathlib import Path

import pytest

import companion
from tests.helpers import IMPURE, imports

PACKAGE = Path(companion.__file__).parent
PURE = sorted([*(PACKAGE / "rules").glob("*.py"), *(PACKAGE / "words").glob("*.py")])
@pytest.mark.parametrize("path", PURE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_rules_and_words_import_nothing_impure(path):
    for level, module in imports(path):
        if level == 0:
            assert module.split(".")[0] not in IMPURE + ("companion",), f"{path.name} imports {module}"
        elif level == 2:  # from ..x: only the other pure package
            assert module.split(".")[0] in ("rules", "words"), f"{path.name} imports ..{module}"
