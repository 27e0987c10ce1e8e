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
from flask.cli import with_appcontext

from .words.judge import GAMES, Judge, rules_for


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
@click.option("--game", type=click.Choice(GAMES), default="foot", show_default=True)
@click.option("--length", type=int, default=None,
              help="ZOOT!/Poker word length (7 or 5), or the family game's minimum (3 or 4).")
@click.option("--json", "as_json", is_flag=True, help="One JSON array of verdicts.")
@click.argument("word", nargs=-1, required=True)
@with_appcontext
def check(game: str, length: int | None, as_json: bool, word: tuple[str, ...]) -> None:
    """Judge each WORD by the game's rules. Exits 1 when any word is not allowed."""
    try:
        judge = Judge(Path(current_app.config["WORD_STORE"]))
    except FileNotFoundError as e:
        raise click.ClickException(f"{e}: run `make install` to build it.") from None
    rules = rules_for(game, length)
    verdicts = [judge.check(w, rules) for w in word]
    if as_json:
        click.echo(json.dumps([v.as_json() for v in verdicts], ensure_ascii=False))
    else:
        for v in verdicts:
            points = "" if v.points is None else f" · {v.points} points"
            click.echo(f"{v.word}\t{'allowed' if v.valid else 'NOT allowed'}\t{v.reason} "
                       f"· {v.source}{points}")
            if v.definition:
                click.echo(f"\t{v.definition.splitlines()[0]}")
    sys.exit(0 if all(v.valid for v in verdicts) else 1)
