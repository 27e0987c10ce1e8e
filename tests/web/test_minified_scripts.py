"""The scripts a phone downloads are minified by terser (companion/minify.py), which renames
each function's own names and so sends less than rjsmin; a script terser cannot read, or a
server with no Node, still serves every script (rjsmin's). Names shared between the files (a
page's scripts call each other's functions) are kept."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import rjsmin

from companion import minify
from companion.assets import EVERY_PAGE_FILE, Assets

STATIC = Path(__file__).resolve().parents[2] / "static"
SCRIPTS = ["game.js", "fez.js", "companion.js", "sw.js"]


def served(folder) -> dict[str, str]:
    assets = Assets(folder)
    return {name: a.body.decode() for name, a in assets.by_name.items() if name.endswith(".js")}


def test_terser_is_installed_where_make_install_puts_it():
    """make install (run by make test and make run) installs it: not finding it is a failure,
    never a silent fallback in the tests."""
    assert minify.INSTALLED.is_dir(), "tools/minify/node_modules/terser: run make install"


def test_every_script_is_sent_smaller_than_rjsmin_makes_it_and_still_parses(tmp_path):
    scripts = served(STATIC)
    for name in SCRIPTS:
        by_rjsmin = rjsmin.jsmin((STATIC / name).read_text())
        assert len(scripts[name]) < 0.9 * len(by_rjsmin), name
        path = tmp_path / name
        path.write_text(scripts[name].replace("__OFFLINE_PAGE__", "{}"))
        subprocess.run(["node", "--check", str(path)], check=True, capture_output=True)
    # a function's own names are shortened: game.js's `function draftKey(form)` takes one letter
    assert re.search(r"function draftKey\(\w\)", scripts["game.js"])


def test_htmx_is_sent_smaller_than_its_own_minified_file_and_still_defines_htmx(tmp_path):
    """terser's compression (true as !0, and the like) takes more off htmx's own .min.js."""
    shipped = (STATIC / "htmx-2.0.11.min.js").read_text()
    sent = served(STATIC)["htmx-2.0.11.min.js"]
    assert len(sent) < 0.97 * len(shipped)
    path = tmp_path / "htmx.js"
    path.write_text(sent)
    subprocess.run(["node", "--check", str(path)], check=True, capture_output=True)
    assert re.match(r"var htmx=", sent)  # the name every page's scripts call


def test_names_one_script_uses_from_another_are_kept():
    """kept.js and game.js call each other's functions, every script companion.js's
    onEveryPage: each is still declared under its name, and called by it."""
    scripts = served(STATIC)
    declared = scripts[EVERY_PAGE_FILE] + scripts["game.js"] + scripts["kept.js"]
    for name in ["onEveryPage", "saveDraft", "fillForm", "flashNote", "sendKept", "bringBack"]:
        assert re.search(rf"function {name}\(", declared), name
    assert "onEveryPage(" in scripts["fez.js"]
    assert "fillForm(" in scripts["kept.js"] and "sendKept(" in scripts["game.js"]


def test_a_script_terser_cannot_read_is_still_served_minified_by_rjsmin(tmp_path):
    (tmp_path / "good.js").write_text("function add(first, second) {\n  return first + second;\n}\n")
    (tmp_path / "odd.js").write_text("// a syntax newer than terser's\nlet x = 1 +;\n")
    scripts = served(tmp_path)
    assert scripts["good.js"] == "function add(n,d){return n+d}"
    assert scripts["odd.js"] == rjsmin.jsmin((tmp_path / "odd.js").read_text())


def test_a_server_without_node_serves_every_script_minified_by_rjsmin(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no node on this server's path
    (tmp_path / "good.js").write_text("function add(first, second) {\n  return first + second;\n}\n")
    scripts = served(tmp_path)
    assert scripts["good.js"] == rjsmin.jsmin((tmp_path / "good.js").read_text())
