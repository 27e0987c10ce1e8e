"""What a phone downloads, kept small: the static files under names that change with their
content, minified and compressed once when the app starts, cached by the phone for good; the
pages compressed as they are sent; and each page's scripts, only those it uses.

- `url_for('static', filename='companion.css')` names the file with its content's hash
  (/static/companion.3f2a9c0b1d.css). That name is answered from memory with
  `Cache-Control: public, max-age=31536000, immutable`: a phone that has it never asks again,
  and a new version has a new name. The plain name (an icon the manifest names, an old page
  kept offline asking a file it names by an older hash) gets the current file, revalidated.
- JavaScript is minified by terser (companion/minify.py: Node, installed by make install) or
  else rjsmin, CSS by rcssmin; every text file is compressed with brotli
  (when the phone accepts it and the module is installed) or gzip, once, at start.
- Text files name the others by their hashed names too (the manifest's icons, the service
  worker's list of files to keep): "/static/<name>" in them is rewritten.
- htmx and companion.js, which every page runs, come as one file (every-page.js).
- A page loads the feature scripts its content uses (FEATURES: a marker in the page's HTML
  names the script), in the <head>; a page reached through htmx (a boosted link, whose <head>
  is not used) lists them on <main data-scripts> and companion.js loads those it lacks.
- Likewise its stylesheets: companion.css on every page, and the feature stylesheets its
  content uses (STYLES), linked at the top of its <main> (a page reached through htmx shows
  once they have loaded: companion.js).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from flask import Flask, Response, abort, current_app, request, url_for
from markupsafe import Markup, escape

from companion import minify

try:  # brotli is smaller by a fifth; without it, gzip (every phone's browser takes both)
    import brotli
except ImportError:  # pragma: no cover - installed with the app (pyproject.toml)
    brotli = None
try:
    import rjsmin
except ImportError:  # pragma: no cover
    rjsmin = None
try:
    import rcssmin
except ImportError:  # pragma: no cover
    rcssmin = None

#: Feature scripts, in the order they run, and what in a page's HTML shows it uses each. A
#: script a part of a page needs only once it is used is named on the part instead
#: (data-on-use: companion.js loads it at the part's first touch), so that a first load comes in
#: 30 KB: a scan's photo field names scan.js, FEZ's word and lay-off forms and timer fez.js.
FEATURES = {
    "scan.js": ('class="scan-card', 'class="card-pick'),
    "table-seat.js": ("data-table-seat",),
    "hand-and-foot.js": ('class="stepper',),
    "new-game.js": ('class="summary-values"',),
    "game.js": ("data-draft", 'id="live"', "data-watching"),
    # (kept.js: game.js loads it when plays wait to be sent, or a watching phone kept some)
}
#: Feature stylesheets, after companion.css (what every page uses), and what in a page's HTML
#: shows it uses each: linked at the top of its <main>, so that a page reached through htmx
#: (whose <head> is not used) brings them too (companion.js shows it once they have loaded).
STYLES = {
    "scan.css": ('class="scan-result',),
    "fez.css": ("fez-", 'class="chips', "ink-r", "ink-b", "inked", "start-timer", "layoff-letters",
                "round-title"),
    "hand-and-foot.css": ("hand-and-foot", "stepper", "team-", "hf-rounds", "open-check",
                          "left-cards", "drew22", 'class="counts'),
    "poker.css": ("poker-", "pots", "last-deal", "deal-so-far", "void-deal", " acting", 'class="tag'),
    "family.css": ("zaps", "zap-values", "card-values", "to-100", "challenge-word"),
    "lookup.css": ("verdict-card", "best-words", "house-words", 'class="definition'),
    "stats.css": ('class="stats', "player-stats", "stats-wrap"),
    "admin.css": ("admin-list", "admin-totals"),
    "pages.css": ('class="join', 'class="games', "chosen-game", "new-game", "table-rules",
                  'class="history', "handover-code"),
}
#: Always loaded, first (htmx, then what every page uses): sent as one file, EVERY_PAGE_FILE
#: (one answer's headers less on every first load; each is served on its own too).
EVERY_PAGE = ("htmx-2.0.11.min.js", "companion.js")
EVERY_PAGE_FILE = "every-page.js"
#: Sent as they are stored, or compressed: what compresses.
TEXT = {".js", ".css", ".svg", ".webmanifest", ".html", ".txt", ".json"}
FOREVER = "public, max-age=31536000, immutable"
#: Smaller bodies are sent as they are: compression would save less than its header costs.
SMALLEST = 512
#: brotli's quality for answers made as they are asked: a page loaded whole (a new phone's
#: first load, a reload) at 10, about 8% smaller than at 5 for some 7 ms more of the server's
#: time (FEZ's scorekeeper page: 3.5 KB, not 3.8); the parts htmx asks for (a boosted link's
#: page, a live region, a preview: most answers, all from a phone that has the files) at 5.
WHOLE_PAGE_QUALITY, PART_QUALITY = 10, 5
#: A page's indents and blank lines, sent as one line break (where whitespace is not kept as
#: it is written: no <pre>, <textarea>; a page's scripts are files of their own).
INDENT = re.compile(r"\n[ \t\r\n]+")
PREFORMATTED = re.compile(r"<(pre|textarea)\b", re.I)
COMPRESSED = {"text/html", "application/json", "text/plain", "text/csv", "text/javascript",
              "application/javascript", "text/css", "image/svg+xml", "application/manifest+json"}


@dataclass
class Asset:
    name: str  # companion.css
    hashed: str  # companion.3f2a9c0b1d.css
    mimetype: str
    body: bytes
    gzip: bytes | None = None
    brotli: bytes | None = None


def _hashed(name: str, digest: str) -> str:
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.{digest}.{ext}" if dot else f"{name}.{digest}"


def _minified(name: str, text: str, by_terser: dict[str, str]) -> str:
    if name in by_terser:
        return by_terser[name]
    if name.endswith(".min.js"):
        return text
    if name.endswith(".js") and rjsmin:
        return rjsmin.jsmin(text)
    if name.endswith(".css") and rcssmin:
        return rcssmin.cssmin(text)
    return text


def _compressed(asset: Asset) -> None:
    if Path(asset.name).suffix not in TEXT or len(asset.body) < SMALLEST:
        return
    asset.gzip = gzip.compress(asset.body, 9, mtime=0)
    if brotli:
        asset.brotli = brotli.compress(asset.body, quality=11)


class Assets:
    """The static folder's files as served: by name and by hashed name."""

    def __init__(self, folder: Path):
        self.by_name: dict[str, Asset] = {}
        self.filled: dict[str, Asset] = {}  # (fill)
        files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))
        texts = {}
        for path in files:
            name = path.relative_to(folder).as_posix()
            data = path.read_bytes()
            if path.suffix in TEXT:
                texts[name] = data.decode("utf-8")
            else:
                self._add(name, data)
        # (htmx's own .min.js too: terser's compression, true as !0 and the like, takes a
        # sixteenth more off it, a fiftieth on the wire)
        by_terser = minify.terser({name: text for name, text in texts.items()
                                   if name.endswith(".js")})
        texts = {name: _minified(name, text, by_terser) for name, text in texts.items()}
        if all(name in texts for name in EVERY_PAGE):
            texts[EVERY_PAGE_FILE] = "\n;\n".join(texts[name] for name in EVERY_PAGE)
        # Text files name binary files and each other: those named are hashed first (a file
        # that names one that names it back would never settle: none does).
        pending = dict(texts)
        while pending:
            ready = [n for n, t in pending.items()
                     if not any(f"/static/{other}" in t for other in pending if other != n)]
            for name in ready or list(pending):
                self._add(name, self.rewritten(pending.pop(name)).encode("utf-8"))
        for asset in self.by_name.values():
            _compressed(asset)
        self.by_hash = {a.hashed: a for a in self.by_name.values()}

    def fill(self, asset: Asset, values) -> Asset:
        """`asset` with what the server knows in place of its __OFFLINE_PAGE__ (kept)."""
        values = {k: INDENT.sub("\n", v) if isinstance(v, str) else v for k, v in values.items()}
        body = asset.body.replace(b"__OFFLINE_PAGE__", json.dumps(values, separators=(",", ":"))
                                  .encode("utf-8"))
        digest = hashlib.sha256(body).hexdigest()[:10]
        filled = Asset(asset.name, _hashed(asset.name, digest), asset.mimetype, body)
        _compressed(filled)
        self.filled[asset.name] = filled
        return filled

    def _add(self, name: str, body: bytes) -> None:
        digest = hashlib.sha256(body).hexdigest()[:10]
        kind = ("application/manifest+json" if name.endswith(".webmanifest")
                else "text/javascript" if name.endswith(".js")
                else mimetypes.guess_type(name)[0] or "application/octet-stream")
        self.by_name[name] = Asset(name, _hashed(name, digest), kind, body)

    def rewritten(self, text: str) -> str:
        """"/static/<name>" in a text file, as the file's hashed name."""
        def hashed(match):
            asset = self.by_name.get(match.group(1))
            return f"/static/{asset.hashed}" if asset else match.group(0)

        return re.sub(r"/static/([\w./-]+)", hashed, text)

    def find(self, filename: str) -> tuple[Asset | None, bool]:
        """The asset a static URL asks for, and whether it is its current hashed name."""
        if filename in self.by_hash:
            return self.by_hash[filename], True
        if filename in self.by_name:
            return self.by_name[filename], False
        # an older version's hashed name (a page kept offline): the current file
        stem = re.sub(r"\.[0-9a-f]{10}(\.[^.]+)$", r"\1", filename)
        return self.by_name.get(stem), False


def accepted(encodings: str) -> list[str]:
    """The encodings a request's Accept-Encoding allows, best first.

    >>> accepted("gzip, deflate, br, zstd"), accepted("gzip;q=0"), accepted("")
    (['br', 'gzip'], [], [])
    """
    allowed = set()
    for part in encodings.lower().split(","):
        token, _, params = part.strip().partition(";")
        if token in ("br", "gzip") and not re.search(r"q\s*=\s*0(\.0*)?\s*$", params):
            allowed.add(token)
    return [e for e in ("br", "gzip") if e in allowed]


def serve(filename: str, fill=None):
    """A static file: from memory, compressed when the phone takes it; its hashed name cached
    for good, any other name revalidated. `fill`: for a file that holds __OFFLINE_PAGE__ (the
    service worker), what goes there (a callable answering JSON's values), made once."""
    assets: Assets = current_app.extensions["assets"]
    asset, current = assets.find(filename)
    if asset is None:
        abort(404)
    if fill is not None:
        asset = assets.filled.get(asset.name) or assets.fill(asset, fill())
    body, encoding = asset.body, None
    for choice in accepted(request.headers.get("Accept-Encoding", "")):
        if (found := getattr(asset, "brotli" if choice == "br" else "gzip")) is not None:
            body, encoding = found, choice
            break
    if asset.name.endswith((".js", ".css")):
        # (named with no charset: a script or stylesheet is read in its page's, UTF-8, and a
        # service worker always in UTF-8; 15 bytes less on each)
        response = Response(body, content_type=asset.mimetype)
    else:
        response = Response(body, mimetype=asset.mimetype)
        if asset.mimetype.startswith("text/") or asset.mimetype.endswith("json"):
            response.charset = "utf-8"
    if encoding:
        response.headers["Content-Encoding"] = encoding
    if asset.gzip is not None:
        response.headers["Vary"] = "Accept-Encoding"
    if current:
        response.headers["Cache-Control"] = FOREVER
    else:
        response.headers["Cache-Control"] = "no-cache"
        response.set_etag(asset.hashed)
        response.make_conditional(request)
    response.static_file = True  # no page headers (the policy is for pages)
    return response


def compress(response):
    """A page (or JSON, CSV) compressed for a phone that takes it; event streams, files sent
    from disk, small bodies and answers already encoded are sent as they are."""
    if (getattr(response, "static_file", False) or response.direct_passthrough
            or response.is_streamed or response.status_code < 200 or response.status_code in (204, 304)
            or response.mimetype not in COMPRESSED or "Content-Encoding" in response.headers):
        return response
    body = response.get_data()
    response.vary.add("Accept-Encoding")
    if len(body) < SMALLEST:
        return response
    if response.mimetype == "text/html" and not PREFORMATTED.search(text := body.decode()):
        body = INDENT.sub("\n", text).encode()  # the templates' indents: one line break renders the same
    for choice in accepted(request.headers.get("Accept-Encoding", "")):
        if choice == "br" and brotli:
            whole = "HX-Request" not in request.headers and response.mimetype == "text/html"
            response.set_data(brotli.compress(body, quality=WHOLE_PAGE_QUALITY if whole else PART_QUALITY))
        elif choice == "gzip":
            response.set_data(gzip.compress(body, 6, mtime=0))
        else:
            continue
        response.headers["Content-Encoding"] = choice
        break
    return response


def page_scripts(html: str) -> list[str]:
    """The feature scripts a page's HTML uses, in their order (FEATURES)."""
    return [name for name, markers in FEATURES.items() if any(m in html for m in markers)]


def page_styles(html: str) -> list[str]:
    """The feature stylesheets a page's HTML uses (STYLES)."""
    return [name for name, markers in STYLES.items() if any(m in html for m in markers)]


def style_tags(names) -> Markup:
    return Markup("".join(f'<link rel="stylesheet" href="{escape(url_for("static", filename=n))}">'
                          for n in names))


def script_tags(names) -> Markup:
    return Markup("".join(f'<script src="{escape(url_for("static", filename=n))}" defer></script>\n  '
                          for n in names))


def script_urls(names) -> str:
    return " ".join(url_for("static", filename=n) for n in names)


def built(folder: Path) -> Assets:
    """The folder's files as served, built (minified, compressed at brotli's best) once for each
    version of them: an app made again in the same process (each test makes one) reuses them."""
    version = tuple(sorted((p.as_posix(), p.stat().st_mtime_ns, p.stat().st_size)
                           for p in folder.rglob("*") if p.is_file()))
    return _built(folder, version)


@lru_cache(maxsize=4)
def _built(folder: Path, version: tuple) -> Assets:
    return Assets(folder)


def register(app: Flask) -> None:
    assets = built(Path(app.static_folder))
    app.extensions["assets"] = assets

    @app.url_defaults
    def hashed_static(endpoint, values):
        if endpoint == "static" and (asset := assets.by_name.get(values.get("filename", ""))):
            values["filename"] = asset.hashed

    app.view_functions["static"] = serve
    app.after_request(compress)
    app.jinja_env.globals.update(page_scripts=page_scripts, script_tags=script_tags,
                                 page_styles=page_styles, style_tags=style_tags,
                                 script_urls=script_urls, every_page_file=EVERY_PAGE_FILE)
