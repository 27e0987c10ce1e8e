"""The scripts made small by terser (tools/minify, installed by make install), which also
renames each function's local names (rjsmin cannot): about a sixth less on the wire.

One run of Node for every script, when the app starts; each result is kept on disk under its
source's hash, in terser's own folder (emptied when terser is installed again), so a second
start, or gunicorn's second worker, runs none. Without Node or terser, or for a script terser
cannot read, assets.py minifies with rjsmin: the app never depends on Node to start.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

TOOL = Path(__file__).resolve().parents[1] / "tools" / "minify"
SCRIPT = TOOL / "minify.mjs"
INSTALLED = TOOL / "node_modules" / "terser"
CACHE = TOOL / "node_modules" / ".cache" / "companion"
TIMEOUT_SECONDS = 60

log = logging.getLogger(__name__)


def terser(scripts: dict[str, str]) -> dict[str, str]:
    """Those of `scripts` ({name: source}) that terser minified, {name: code}; the others
    (no Node, no terser, a script it cannot read) are left out."""
    if not INSTALLED.is_dir() or not SCRIPT.is_file() or not shutil.which("node"):
        return {}
    recipe = SCRIPT.read_bytes()
    kept = {name: CACHE / f"{hashlib.sha256(recipe + source.encode()).hexdigest()}.js"
            for name, source in scripts.items()}
    done = {name: path.read_text("utf-8") for name, path in kept.items() if path.is_file()}
    todo = {name: source for name, source in scripts.items() if name not in done}
    if not todo:
        return done
    try:
        run = subprocess.run(["node", str(SCRIPT)], input=json.dumps(todo), capture_output=True,
                             text=True, cwd=TOOL, timeout=TIMEOUT_SECONDS, check=True)
        made = json.loads(run.stdout)
    except (OSError, subprocess.SubprocessError, ValueError) as err:
        log.warning("terser did not run (%s): the scripts are minified by rjsmin", err)
        return done
    if run.stderr:
        log.warning("terser could not read a script, minified by rjsmin: %s", run.stderr.strip())
    for name, code in made.items():
        if name in todo and isinstance(code, str):
            done[name] = code
            _keep(kept[name], code)
    return done


def _keep(path: Path, code: str) -> None:
    """Written whole or not at all (two workers may write the same file at once)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent,
                                         delete=False) as out:
            out.write(code)
        os.replace(out.name, path)
    except OSError as err:  # a read-only install: minified again at the next start
        log.info("could not keep %s: %s", path.name, err)
