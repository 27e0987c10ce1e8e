"""The rules and the word judge are pure: no web, database or image library anywhere in what
they import, so a rule is tested in milliseconds and read without the app."""

import ast
from pathlib import Path

import pytest

import companion

PACKAGE = Path(companion.__file__).parent
PURE = sorted([*(PACKAGE / "rules").glob("*.py"), *(PACKAGE / "words").glob("*.py")])
IMPURE = ("flask", "flask_sqlalchemy", "flask_wtf", "flask_migrate", "sqlalchemy", "werkzeug",
          "jinja2", "cv2", "PIL")


def imports(path: Path) -> list[tuple[int, str]]:
    """(level, module) of every import: level 0 absolute, 1 `.x`, 2 `..x`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


@pytest.mark.parametrize("path", PURE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_rules_and_words_import_nothing_impure(path):
    for level, module in imports(path):
        if level == 0:
            assert module.split(".")[0] not in IMPURE + ("companion",), f"{path.name} imports {module}"
        elif level == 2:  # from ..x: only the other pure package
            assert module.split(".")[0] in ("rules", "words"), f"{path.name} imports ..{module}"
