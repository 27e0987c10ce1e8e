"""Games: the list, a new game, the scoreboard (a page, or JSON), the history, handing over.
Everything game-specific comes from the game's pages and rules (companion/registry.py)."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata

from flask import (Blueprint, abort, current_app, flash, jsonify, make_response, redirect,
                   render_template, request, session, url_for)
from markupsafe import Markup
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from . import attempts, rooms
from .derived import derived, kept_standings, live_region
from .extensions import db
from .history import describe_log
from .live import version_of
from .models import (HANDOVER_CODE_LENGTH, JOIN_CODE_LENGTH, NAME_MAX, Game, Play, read_code,
                     shown_code)
from .registry import PAGES, startable
from .rules.base import MAX_ID, Standings, whole_number
from .rules.log import REMATCH, Play as LogPlay, rematch as rematch_id
from .web import (NotScorekeeper, Recent, commit, cookie_name, is_scorekeeper, keep_token,
                  load_game, new_nonce, qr, qr_svg, render, scorekeeper_game)

bp = Blueprint("games", __name__)

#: Name fields on the new-game form: the most seats any game has.
SEATS = max(p.rules.seats[1] for p in startable())
#: How many games a phone remembers (its session cookie stays small).
REMEMBERED = 40
#: A game among this many of the phone's latest stays where it is in the list when opened
#: again: its session cookie is not sent anew (a third of a KB) each time the phone goes back
#: and forth between the games of an evening. (The home page lists them by age anyway.)
RECENT = 10


def remembered() -> list[int]:
    """The ids of the games this phone started or opened, latest first (but for those already
    among the RECENT latest; its session keeps them; anything else there is ignored)."""
    ids = session.get("games")
    return [g for g in ids if isinstance(g, int) and not isinstance(g, bool)
            and 0 < g <= MAX_ID] if isinstance(ids, list) else []


def remember(game: Game) -> None:
    """This phone started or opened the game: its home page lists it, and it is the last to be
    forgotten (one of the phone's RECENT latest already: left where it is)."""
    known = remembered()
    if game.id not in known[:RECENT]:
        session["games"] = [game.id, *(g for g in known if g != game.id)][:REMEMBERED]
        session.permanent = True


@bp.get("/")
def home():
    """This phone's games (those it started or opened), in progress and finished, newest
    first, and a field for a game's code. Other tables' games are not listed: a game is
    reached by its address or its code."""
    return render_template("home.html", **your_games())


@bp.get("/sw.js")
def service_worker():
    """The service worker, from the site's root so that it may keep every page (static/sw.js,
    naming the files it keeps by their hashed names: assets.py), asked again on each visit."""
    from .assets import serve

    response = serve("sw.js", offline_page)  # its plain name: revalidated, never kept for good
    response.headers["Cache-Control"] = "no-cache"
    return response


def offline_page() -> dict:
    """The offline page as the service worker keeps it (static/sw.js: OFFLINE): rendered for no
    one (no session, no flashed message), with the policy every page carries."""
    from . import CONTENT_SECURITY_POLICY

    with current_app.test_request_context("/offline"):
        html = render_template("offline.html", kept=True)
    # (it runs no script: what only scripts read goes, the lighter the worker's own file)
    html = re.sub(r' (hx-boost|data-scripts)="[^"]*"', "", html)
    return {"html": html, "csp": CONTENT_SECURITY_POLICY}


@bp.get("/offline")
def offline():
    """What a phone shows for a page it never kept, when it has no connection."""
    return render_template("offline.html")


def remembered_games() -> list[tuple[Game, Standings]]:
    """The games this phone started or opened, newest first, with their players and their
    standings (kept per version: derived.kept_standings)."""
    known = remembered()
    games = list(db.session.scalars(
        select(Game).where(Game.id.in_(known)).options(selectinload(Game.players))
        .order_by(Game.id.desc()))) if known else []
    return list(zip(games, kept_standings(games)))


def your_games() -> dict:
    listed = remembered_games()
    return dict(playing=[(g, t) for g, t in listed if not t.finished],
                finished=[(g, t) for g, t in listed if t.finished])


def read_new_game(form) -> tuple[dict, dict]:
    """The new-game form as (values, errors)."""
    errors: dict[str, str] = {}
    pages = PAGES.get(form.get("ruleset", ""))
    rules = pages.rules if pages else None
    settings = {}
    if pages is None:
        errors["ruleset"] = "Choose a game: " + ", ".join(p.rules.name for p in startable()) + "."
    else:
        settings, errors = pages.read_settings(form)
    names: list[str] = []
    dealer = None
    for i in range(SEATS):
        name = " ".join(form.get(f"name-{i}", "").split())
        if not name:
            continue
        if len(name) > NAME_MAX:
            errors[f"name-{i}"] = f"Keep names to {NAME_MAX} characters."
        elif any(unicodedata.category(c).startswith("C") for c in name):
            errors[f"name-{i}"] = "Names cannot hold control characters."
        elif name.casefold() in (n.casefold() for n in names):
            errors[f"name-{i}"] = "Two players have this name: tell them apart."
        if form.get("dealer") == str(i):
            dealer = len(names)
        names.append(name)
    fewest, most = rules.seats if rules else (2, SEATS)
    if not fewest <= len(names) <= most:
        errors["players"] = (f"A game needs {fewest} to {most} players: type their names in "
                             "seat order.")
    elif rules and rules.players_problem(settings, len(names)):
        errors["players"] = rules.players_problem(settings, len(names))
    elif dealer is None:
        errors["dealer"] = pages.first_question if pages else "Choose who deals first."
    return {"ruleset": rules and rules.key, "names": names, "dealer": dealer,
            "settings": settings}, errors


def new_game_page(form, errors: dict, key: str | None):
    """The new-game page: with no game chosen (or an unknown one), the list of games, each a
    link to its own form; with one, that game's form alone (its seats, who deals or plays
    first, its settings), so the page is drawn at its final size with or without scripts."""
    pages = PAGES.get(key or "")
    if pages is None:
        return render_template("new_game.html", pages=None, games=startable(), form={},
                               errors=errors)
    values = {s.key: s.default for s in pages.rules.settings}
    if form:
        read, _ = pages.read_settings({k: v for k, v in form.items()
                                       if not errors.get(k)})
        values.update(read)
    return render_template("new_game.html", pages=pages, games=startable(), form=form,
                           errors=errors, seats=pages.rules.seats[1],
                           summary=pages.settings_summary(values),
                           rules_open=any(k.startswith("setting-") for k in errors))


@bp.route("/games/new", methods=["GET", "POST"])
def new():
    """Start a game: which one (a page of its own), then the players in seat order, the first
    dealer and the game's settings."""
    if request.method != "POST":
        return new_game_page({}, {}, request.args.get("game"))
    values, errors = read_new_game(request.form)
    if errors:
        return new_game_page(request.form, errors, values["ruleset"]), 422
    rooms.check_new_game()
    game, token = Game.start(values["ruleset"], values["names"], values["dealer"],
                             values["settings"])
    db.session.add(game)
    commit()
    remember(game)
    return keep_token(redirect(url_for("games.show", game_id=game.public_id), 303), game, token)


@bp.post("/games/<game:game_id>/rematch")
def rematch(game_id: str):
    """Play again: a new game of the same game, players and settings, the deal passed to the
    left, kept by the phones that keep this one's score. It is recorded on this game, once:
    a second tap, or the other phone keeping score, opens that same game."""
    old = scorekeeper_game(game_id)
    token = request.cookies.get(cookie_name(old))
    game = rematch_of(old)
    if game is None:
        rooms.check_new_game()
        game = old.rematch()
        db.session.add(game)
        # the play's fixed one-time id lets the database keep one rematch per game
        db.session.add(Play(game_id=old.id, kind=REMATCH, data={"game": game.public_id},
                            nonce=REMATCH))
        try:
            commit()
            flash(f"A new game of {old.rules.name} with the same players.")
        except IntegrityError:  # another tap (or phone) started it a moment ago
            db.session.rollback()
            game = rematch_of(old)
    if game is None:  # the rematch's one-time id taken by a forged form: nothing to open
        flash("No rematch was started: try again.")
        return redirect(url_for("games.show", game_id=game_id), 303)
    remember(game)
    response = redirect(url_for("games.show", game_id=game.public_id), 303)
    if not game.token_matches(token):
        flash("The rematch was started by the phone that kept score: ask it to hand over "
              "to keep score here.")
        return response
    return keep_token(response, game, token)


def rematch_of(game: Game) -> Game | None:
    """The game this game's table went on to play, if one was started."""
    found = db.session.scalar(select(Play.data).where(
        Play.game_id == game.id, Play.kind == REMATCH).order_by(Play.id).limit(1))
    public_id = rematch_id([LogPlay(0, REMATCH, found)]) if found is not None else None
    if public_id is None:
        return None
    return db.session.scalar(select(Game).where(Game.public_id == public_id))


def game_context(game: Game, form=None, version: int | None = None, **extra) -> dict:
    """What the game page shows; `form` holds an entry form being corrected. Derived once per
    version of the game (companion/derived.py): the plays are read only when it changed."""
    form = form or {}
    seen = derived(game, version)
    context = dict(game=game, rules=game.rules, pages=game.pages, settings=game.rule_settings,
                   standings=seen.standings, names=game.names, version=seen.version,
                   scorekeeper=is_scorekeeper(game), nonce=form.get("nonce") or new_nonce(),
                   undo=seen.undo, form=form, errors={}, saved=seen.saved,
                   preview=preview_of(game, form, seen.standings), chart=seen.chart,
                   rematch=seen.rematch,
                   answers=lambda kind=None: game.rules.answers(kind or game.rules.row_kind,
                                                                seen.standings))
    context.update(extra)
    if not (form or extra):  # the page as every phone sees it: its live region is kept
        context["live"] = live_region(seen, context)
    return context


def preview_of(game: Game, values, standings: Standings | None = None):
    """What the entry form shows beside each player as it is filled in."""
    return game.pages.preview(values, len(game.players), game.rule_settings,
                              standings or game.standings())


@bp.get("/games/<game:game_id>")
def show(game_id: str):
    """The scoreboard, the rounds so far and, for the scorekeeper, the next round. A phone's
    refresh of the live region (htmx) is answered 304 when the game has not changed since
    the version it holds; a game that did not change since any phone asked is not derived
    again (companion/derived.py)."""
    found = version_of(game_id)
    if found is None:
        abort(404)
    row, version = found
    if request.headers.get("HX-Request") and not request.headers.get("HX-Boosted"):
        game = db.session.get(Game, row)
        etag = f"{version}-{int(is_scorekeeper(game))}"
        if etag in request.if_none_match:
            return _revalidated(make_response("", 304), etag)
        context = game_context(load_game(game_id, plays=False), version=version)
        region = context["live"]
        if context["scorekeeper"] and context["pages"].follows_outside_live:  # out of band
            region += Markup(render_template(context["pages"].follows_outside_live, out_of_band=True, **context))
        response = make_response(region)
        response.vary.add("HX-Request")
        return _revalidated(response, etag)
    game = load_game(game_id, plays=False)
    remember(game)
    return render("game.html", "_live.html", **game_context(game, version=version))


@bp.get("/games/<game:game_id>/qr.svg")
def qr_code(game_id: str):
    """The QR code of the game's address, for the share box: an image of its own, asked for
    only when the box is opened (loading="lazy" in a closed <details>), so that no game page
    carries its bytes on every load."""
    game = load_game(game_id, plays=False)
    svg = qr_svg(url_for("games.show", game_id=game.public_id, _external=True))
    response = make_response(svg)
    response.mimetype = "image/svg+xml"
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response


@bp.get("/games/<game:game_id>/share")
def share(game_id: str):
    """How another phone joins the game (its code, a QR code of its address): the inside of
    the share box on the game's page, asked for when the box is opened (htmx), or a page of
    its own (a phone without scripts)."""
    game = load_game(game_id, plays=False)
    if request.headers.get("HX-Request") and not request.headers.get("HX-Boosted"):
        response = make_response(render_template("_share_body.html", game=game))
    else:
        response = make_response(render_template("share.html", game=game))
    response.vary.add("HX-Request")
    return response


@bp.app_errorhandler(NotScorekeeper)
def only_watching(refused: NotScorekeeper):
    """A phone that handed over tried to change the game (a page left open): nothing is
    saved, and it sees the game as it now does, watching, with why. What it typed stays
    on the phone (companion.js keeps drafts and shows them on a watching page)."""
    context = game_context(refused.game, lost=True)
    return render_template("game.html", **context), 403


def _revalidated(response, etag: str):
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"  # the phone asks every time; 304 is cheap
    response.vary.add("Cookie")
    return response


@bp.get("/games/<id:old_id>")
def legacy_address(old_id: int):
    """A game's address from before public ids (/games/12). A phone that knew the game (it
    opened it, or keeps its score) is sent to the new address, its scorekeeping with it;
    any other phone gets a 404, so old addresses cannot be paged through."""
    game = db.session.get(Game, old_id)
    token = request.cookies.get(f"game_{old_id}")  # its name and path were the old id's
    if game is None or not (old_id in remembered() or game.token_matches(token)):
        abort(404)
    response = redirect(url_for("games.show", game_id=game.public_id), 303)
    return keep_token(response, game, token) if game.token_matches(token) else response


#: History's entries a page: a game of thousands (an import) shows the latest, and links
#: to the earlier pages, instead of rendering megabytes at every look.
HISTORY_PAGE = 500
#: Games whose History entries a process keeps, by game and version: History asked for again
#: and again (a phone left on it, a script, any page number) costs a lookup and a slice until
#: the game changes, since every page is cut from the same entries.
_histories = Recent(16)


@bp.get("/games/<game:game_id>/history")
def history(game_id: str):
    """Every entry ever made in this game, undone ones included, oldest first, in pages of
    HISTORY_PAGE (the latest page unless another is asked for)."""
    found = version_of(game_id)
    if found is None:
        abort(404)
    key = (game_id, found[1])  # the public id: random, so unique even across databases
    entries = _histories.get(key)
    if entries is None:
        game = load_game(game_id)
        entries = describe_log(game, derived(game).standings)  # standings kept per version
        _histories.put(key, entries)
    else:
        game = load_game(game_id, plays=False)
    pages = max(1, -(-len(entries) // HISTORY_PAGE))
    asked = whole_number(request.args.get("page"), low=1)
    page = asked if asked is not None and asked <= pages else pages
    first = (page - 1) * HISTORY_PAGE
    kept = dict(entries=entries[first:first + HISTORY_PAGE], page=page, pages=pages,
                first=first + 1, total=len(entries))
    return render_template("history.html", game=game, **kept)


@bp.get("/games/<game:game_id>.json")
def standings_json(game_id: str):
    """The standings as JSON, for scripts and a scoreboard on a TV: anyone with the address."""
    game = load_game(game_id)
    standings = game.standings()
    names = game.names
    sides = game.rules.sides(names, standings)  # players, or teams
    response = jsonify({
        "id": game.public_id, "ruleset": game.rules.key, "name": game.rules.name,
        "settings": game.rule_settings, "players": names,
        "totals": dict(zip(sides, standings.totals)), "finished": standings.finished,
        "leaders": [sides[s] for s in standings.leaders],
        "winners": [sides[s] for s in standings.winners],
        "losers": [sides[s] for s in standings.losers],
        "dealer": names[standings.dealer] if standings.dealer is not None else None,
        "rows": [row.as_json() for row in standings.rows],
        "unread_plays": list(standings.unread)})
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/games/<game:game_id>/handover", methods=["GET", "POST"])
def handover(game_id: str):
    """Hand the scorekeeping to another phone (a flat battery): a code and a link that work
    once, for ten minutes; the scorekeeper picks whether this phone keeps scoring too.
    POST makes a new code (the last one stops working); GET shows it again, for a reload."""
    game = scorekeeper_game(game_id)
    if request.method == "POST":
        keep = request.form.get("keep") == "both"
        session["handover"] = sealed(game.id, game.offer_handover(keep=keep))
        commit()
        return redirect(url_for("games.handover", game_id=game.public_id), 303)
    code = unsealed(game.id, session.get("handover"))
    if not game.handover_open(code):
        return render_template("handover.html", game=game, link=None)
    link = url_for("games.take_over", game_id=game.public_id, code=code, _external=True)
    return render_template("handover.html", game=game, link=link, code=shown_code(code),
                           keeps=game.handover_keeps, qr=qr(link))


def _pad(game_id: int, nonce: str) -> bytes:
    key = current_app.secret_key
    return hmac.new(key.encode() if isinstance(key, str) else key,
                    f"handover {game_id} {nonce}".encode(), hashlib.sha256).digest()


def sealed(game_id: int, code: str) -> list:
    """The handover code as this phone's session keeps it, to show it again on a reload:
    sealed with a key only the server holds (the cookie can be read by whoever holds it)."""
    nonce = secrets.token_hex(8)
    pad = _pad(game_id, nonce)
    return [game_id, nonce, bytes(a ^ b for a, b in zip(code.encode(), pad)).hex()]


def unsealed(game_id: int, kept) -> str | None:
    """The code `sealed` kept for this game, or None (another game's, none, or not ours)."""
    if not (isinstance(kept, list) and len(kept) == 3 and kept[0] == game_id
            and all(isinstance(k, str) for k in kept[1:]) and len(kept[2]) <= 64):
        return None
    try:
        secret = bytes.fromhex(kept[2])
    except ValueError:
        return None
    code = bytes(a ^ b for a, b in zip(secret, _pad(game_id, kept[1])))
    return read_code(code.decode("ascii", "replace")) or None


@bp.route("/games/<game:game_id>/take/<code>", methods=["GET", "POST"])
def take_over(game_id: str, code: str):
    """Keep score for this game on this phone, with the code the scorekeeper's phone showed."""
    game = load_game(game_id)
    code = read_code(code)
    if request.method != "POST":  # a link preview (GET or HEAD) must not use the code up
        return render_template("take_over.html", game=game, code=code,
                               keeps=game.handover_keeps and game.handover_open(code))
    keeps = game.handover_keeps
    token = game.take_over(code)
    if token is None:
        return render_template(
            "error.html", code=403, message="This code has expired or was already used.",
            detail="Ask the phone keeping score for a new one: Hand over, at the foot of the game."), 403
    commit()
    remember(game)
    flash("This phone keeps score now" + (", and so does the phone that offered it." if keeps else
          ". The phone that kept score until now only watches."))
    return keep_token(redirect(url_for("games.show", game_id=game.public_id), 303), game, token)


#: Codes matching no game that one address may type in ten minutes (attempts.py: counted in
#: the database, for every worker and server at once): a phone that mistypes a few is not
#: slowed, one that tries codes by the thousand is stopped (a join code is a key to read a game).
JOIN_TRIES = 20


@bp.get("/join")
def join():
    """A code typed on the home page: a game's join code opens it to watch; a handover code
    asks whether to keep score for its game here. A phone that typed too many codes matching
    no game waits a few minutes (JOIN_TRIES)."""
    address = request.remote_addr
    if attempts.blocked("join", address, JOIN_TRIES):
        return render_template("home.html", join_error=(
            "Too many codes from this phone matched no game: wait ten minutes, or open the "
            "game from the scorekeeper’s QR code."), code="", **your_games()), 429
    code = read_code(request.args.get("code"))
    if len(code) == JOIN_CODE_LENGTH:
        game = db.session.scalar(select(Game).where(Game.join_code == code))
        if game is not None:
            return redirect(url_for("games.show", game_id=game.public_id), 303)
    elif len(code) == HANDOVER_CODE_LENGTH:
        game = db.session.scalar(select(Game).where(
            Game.handover_hash == Game.handover_digest(code)))
        if game is not None and game.handover_open(code):
            return redirect(url_for("games.take_over", game_id=game.public_id, code=code), 303)
    typed = (request.args.get("code") or "")[:40]
    if typed.strip():
        attempts.add("join", address)
    return render_template("home.html", join_error=(
        f"No game has the code “{typed}”. A code to watch has 6 characters; a code to "
        "keep score, 8 (it works for ten minutes)." if typed.strip() else
        "Type the code shown on the scorekeeper’s phone."), code=typed,
        **your_games()), 422
