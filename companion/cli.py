"""Command-line helpers: `flask --app companion address`, `... words check WORD...`."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import click
import segno
from flask import current_app
from sqlalchemy import select
from flask.cli import with_appcontext

from .extensions import db
from .models import shown_code, Game, WordList
from .web import commit
from .registry import lookup_choices, word_rules_for
from .words.judge import Judge


def lan_address() -> str:
    """This machine's address on the local network, as other phones see it."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            # Connecting a UDP socket only picks the outgoing interface: nothing is sent.
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


@click.command("address")
@click.option("--port", default=lambda: os.environ.get("PORT", "5000"), show_default="$PORT or 5000")
def address(port: str) -> None:
    """Print the address phones on the same Wi-Fi should open, with a QR code."""
    url = f"http://{lan_address()}:{port}/"
    click.echo(f"\nCompanion is at {url}  (phones on the same Wi-Fi: scan this)\n")
    segno.make(url, error="l").terminal(compact=True)
    click.echo()


@click.group("words")
def words() -> None:
    """The word judge."""


@words.command("check")
@click.option("--game", type=click.Choice(list(lookup_choices())), default=next(iter(lookup_choices())),
              show_default=True,
              help="The game, as the lookup page names it (poker5: 5-letter words; "
                   "family4: the adults' 4+ letters).")
@click.option("--json", "as_json", is_flag=True, help="One JSON array of verdicts.")
@click.argument("word", nargs=-1, required=True)
@with_appcontext
def check(game: str, as_json: bool, word: tuple[str, ...]) -> None:
    """Judge each WORD by the game's rules. Exits 1 when any word is not allowed."""
    try:
        judge = Judge(Path(current_app.config["WORD_STORE"]))
    except FileNotFoundError as e:
        raise click.ClickException(f"{e}: run `make install` to build it.") from None
    rules = word_rules_for(game)
    verdicts = [judge.check(w, rules) for w in word]
    if as_json:
        click.echo(json.dumps([v.as_json() for v in verdicts], ensure_ascii=False))
    else:
        for v in verdicts:
            points = "" if v.points is None else f" · {v.points} points"
            click.echo(f"{v.word}\t{'allowed' if v.valid else 'NOT allowed'}\t{v.reason} "
                       f"· {v.source}{f' ({v.detail})' if v.detail else ''}{points}")
            if v.definition:
                click.echo(f"\t{v.definition.splitlines()[0]}")
    sys.exit(0 if all(v.valid for v in verdicts) else 1)


@click.group("lists")
def lists() -> None:
    """Word lists for every game on this server (a game's scorekeeper imports its own)."""


@lists.command("show")
@with_appcontext
def show_lists() -> None:
    """Every imported list: whose it is, its words, and the room left."""
    from .word_lists import max_words, words_stored

    for wl, game in db.session.execute(
            select(WordList, Game.public_id).outerjoin(Game, Game.id == WordList.game_id)
            .order_by(WordList.game_id, WordList.name)):
        owner = "every game" if game is None else f"game {game}"
        state = "" if wl.complete else " (importing or being deleted)"
        click.echo(f"{wl.name}\t{wl.words:,} words\t{owner}{state}")
    click.echo(f"{words_stored():,} of {max_words():,} words taken (WORD_LISTS_MAX_WORDS).")


@lists.command("import")
@click.argument("name")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@with_appcontext
def import_list(name: str, path: str) -> None:
    """Import a .txt or .txt.gz list as NAME, for every game on this server."""
    from .word_lists import ImportRefused
    from .word_lists import import_list as store
    from .words.list_file import ListFileError

    name = " ".join(name.split())
    if not 1 <= len(name) <= 40 or not name.isprintable():
        raise click.ClickException("Name the list in 1 to 40 characters.")
    with open(path, "rb") as f:
        try:
            imported = store(f, path, name, None)
        except (ListFileError, ImportRefused) as e:
            raise click.ClickException(str(e)) from None
    click.echo(f"Imported {imported.words:,} words into “{name}”, for every game.")


@lists.command("delete")
@click.argument("name")
@with_appcontext
def delete_list(name: str) -> None:
    """Delete the server-wide list NAME (games that used it go back to the built-in list)."""
    from .word_lists import delete_list as drop

    list_id = db.session.scalar(select(WordList.id).where(WordList.game_id.is_(None),
                                                          WordList.name == name))
    if list_id is None:
        raise click.ClickException(f"No server-wide list is called “{name}” (see `lists show`).")
    drop(list_id)
    click.echo(f"Deleted “{name}”.")


@click.group("games")
def games() -> None:
    """Games on this server."""


@games.command("handover")
@click.argument("game_id", metavar="GAME")
@click.option("--port", default=lambda: os.environ.get("PORT", "5000"), show_default="$PORT or 5000")
@with_appcontext
def handover(game_id: str, port: str) -> None:
    """Print a link (valid ten minutes, once) that makes the phone opening it GAME's
    scorekeeper: for a scorekeeper's phone that was lost or went flat. GAME is the game's
    address, or its id in it (/games/<id>)."""
    public_id = game_id.rstrip("/").rsplit("/", 1)[-1].strip().lower()
    game = db.session.scalar(select(Game).where(Game.public_id == public_id[:16]))
    if game is None:
        raise click.ClickException(f"There is no game {game_id}.")
    code = game.offer_handover()
    commit()
    url = f"http://{lan_address()}:{port}/games/{game.public_id}/take/{code}"
    click.echo(f"\nOpen this on the phone that should keep score (within ten minutes):\n{url}\n"
               f"or type the code {shown_code(code)} under “Join a game” on its home page.\n")
    segno.make(url, error="m").terminal(compact=True)


@click.command("backup")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
@with_appcontext
def backup(path: str, force: bool) -> None:
    """Write a consistent copy of the whole database to FILE, while the server runs. SQLite:
    SQLite's online backup of the database file (a database file itself); PostgreSQL:
    `pg_dump -Fc` (restore it with pg_restore)."""
    import shutil
    import sqlite3
    import subprocess
    import tempfile
    from contextlib import closing

    from sqlalchemy.engine import make_url

    url = make_url(current_app.config["SQLALCHEMY_DATABASE_URI"])
    target = Path(path)
    if target.exists() and not force:
        raise click.ClickException(f"{path} exists: choose another name, or add --force to "
                                   "overwrite it.")
    # Written beside FILE under another name, then renamed: FILE is never half written.
    handle, partial = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    os.close(handle)
    try:
        if url.get_backend_name() == "sqlite":
            source = url.database
            if not source or source == ":memory:" or source.startswith("file:") \
                    or not Path(source).is_file():
                raise click.ClickException(f"No SQLite database file at {source!r}.")
            # The online backup copies every page in one step from one read snapshot: writes
            # made meanwhile (WAL) neither wait for it nor end up half in the copy.
            with closing(sqlite3.connect(source, timeout=30)) as src, \
                    closing(sqlite3.connect(partial)) as dst:
                src.backup(dst)
                dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
                games_count = dst.execute("SELECT count(*) FROM game").fetchone()[0]
            summary = f"{games_count:,} game{'' if games_count == 1 else 's'}"
        elif url.get_backend_name() == "postgresql":
            if shutil.which("pg_dump") is None:
                raise click.ClickException("pg_dump is not installed (apt-get install "
                                           "postgresql-client).")
            env = dict(os.environ)
            if url.password is not None:
                env["PGPASSWORD"] = str(url.password)  # not on the command line, where ps shows it
            plain = url.set(drivername="postgresql", password=None)
            done = subprocess.run(
                ["pg_dump", "--format=custom", "--file", partial,
                 "--dbname", plain.render_as_string(hide_password=False)],
                env=env, capture_output=True, text=True)
            if done.returncode:
                raise click.ClickException(f"pg_dump failed: {done.stderr.strip()}")
            summary = "pg_dump custom format (restore with pg_restore)"
        else:
            raise click.ClickException(f"Backups know SQLite and PostgreSQL, not "
                                       f"{url.get_backend_name()}.")
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    click.echo(f"Backed up the database to {target} ({summary}).")
