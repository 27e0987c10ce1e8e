"""Tables. A game's plays are append-only: edits and undos are new plays."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .pages.base import Pages
from .registry import PAGES, RULESETS
from .rules.base import Ruleset, Standings
from .rules.log import Play as LogPlay

NAME_MAX = 24
#: The most plays one game keeps (an import's, a form's): a longer game is a new game.
MAX_PLAYS = 10_000


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: Letters for codes a player reads aloud or types: no 0/O, 1/I/L or U/V to mix up.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTWXYZ23456789"
JOIN_CODE_LENGTH = 6  # watch a game: 29^6, about 600 million codes
PUBLIC_ID_LENGTH = 12  # a game's address, /games/<public id>: 29^12, about 2^58
HANDOVER_CODE_LENGTH = 8  # keep score for it: one use, ten minutes


def new_code(length: int) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def new_public_id() -> str:
    """A game's id in its addresses: random, so that no table can page through the others'
    games (the database's own id stays inside the server)."""
    return new_code(PUBLIC_ID_LENGTH).lower()


def read_code(typed: str | None) -> str:
    """A code as typed (any case, spaces or dashes between groups) in its stored form, or ""
    when it holds anything else.

    >>> read_code(" abc-def "), read_code("ABC DEF2"), read_code("AB0"), read_code(None)
    ('ABCDEF', 'ABCDEF2', '', '')
    """
    code = "".join(str(typed or "").upper().replace("-", " ").split())
    return code if code and len(code) <= 12 and all(c in CODE_LETTERS for c in code) else ""


def shown_code(code: str) -> str:
    """A code in groups, as the screen shows it: ABC-DEF, ABCD-EFGH."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


#: The key of a game's settings that marks an imported copy: {"from": the original's public
#: id or None, "at": when it was imported}.
IMPORTED = "imported"


@dataclass(frozen=True)
class Imported:
    source: str | None  # the original game's public id (on whichever server exported it)
    at: datetime | None  # when it was imported


class Game(db.Model):
    __table_args__ = (UniqueConstraint("join_code", name="uq_game_join_code"),
                      UniqueConstraint("public_id", name="uq_game_public_id"))

    id: Mapped[int] = mapped_column(primary_key=True)  # never shown: addresses use public_id
    public_id: Mapped[str] = mapped_column(String(16), default=new_public_id)
    ruleset: Mapped[str] = mapped_column(String(16))
    # The table's choices; a setting missing here reads as its default (games started before
    # settings existed have none).
    settings: Mapped[dict | None] = mapped_column(JSON)
    first_dealer: Mapped[int]
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    # A second phone that keeps score too (a hand-off that kept the first phone).
    co_token_hash: Mapped[str | None] = mapped_column(String(64))
    # A one-time code that hands the scorekeeping to another phone, until when it works, and
    # whether the phone that offered it keeps scoring too.
    handover_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    handover_until: Mapped[datetime | None]
    handover_keeps: Mapped[bool | None]
    # What a watcher types on the home page to open this game (shown as ABC-DEF).
    join_code: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(default=_now)

    players: Mapped[list[Player]] = relationship(
        order_by="Player.seat", cascade="all, delete-orphan")
    plays: Mapped[list[Play]] = relationship(
        order_by="Play.id", cascade="all, delete-orphan")

    @classmethod
    def start(cls, ruleset: str, names: list[str], first_dealer: int,
              settings: dict | None = None) -> tuple[Game, str]:
        """A new game and the edit token that the creating phone keeps."""
        token = secrets.token_urlsafe(32)
        game = cls(ruleset=ruleset, first_dealer=first_dealer, settings=settings or {},
                   edit_token_hash=_digest(token), join_code=new_code(JOIN_CODE_LENGTH),
                   players=[Player(seat=i, name=n) for i, n in enumerate(names)])
        return game, token

    def rematch(self) -> Game:
        """The same game again: its players and settings, the deal passed to the left, kept
        by the phones that keep this one's score (their tokens open both)."""
        game, _ = Game.start(self.ruleset, self.names, self.standings().rematch_first,
                             dict(self.rule_settings))
        game.edit_token_hash, game.co_token_hash = self.edit_token_hash, self.co_token_hash
        game.public_id = new_public_id()  # now, not at the insert: the old game's log names it
        return game

    def token_matches(self, token: str | None) -> bool:
        if not token:
            return False
        digest = _digest(token)
        return any(hmac.compare_digest(digest, known)
                   for known in (self.edit_token_hash, self.co_token_hash) if known)

    def offer_handover(self, keep: bool = False, minutes: int = 10) -> str:
        """A code that lets one other phone keep score, for a few minutes; `keep`: this phone
        keeps scoring too."""
        code = new_code(HANDOVER_CODE_LENGTH)
        self.handover_hash = _digest(code)
        self.handover_until = _now() + timedelta(minutes=minutes)
        self.handover_keeps = keep
        return code

    @staticmethod
    def handover_digest(code: str) -> str:
        """How a handover code is stored (to find its game from the code alone)."""
        return _digest(code)

    def handover_open(self, code: str | None) -> bool:
        """Whether `code` is the game's handover code and still works."""
        return bool(code and self.handover_hash and self.handover_until
                    and _now() < self.handover_until
                    and hmac.compare_digest(_digest(code), self.handover_hash))

    def take_over(self, code: str | None) -> str | None:
        """A new edit token for the phone that shows a valid handover code, or None. The code
        works once. Unless the offer kept it, the phones that kept score until now only watch."""
        if not self.handover_open(code):
            return None
        token = secrets.token_urlsafe(32)
        if self.handover_keeps:
            self.co_token_hash = _digest(token)
        else:
            self.edit_token_hash, self.co_token_hash = _digest(token), None
        self.handover_hash = self.handover_until = self.handover_keeps = None
        return token

    @property
    def rules(self) -> Ruleset:
        return RULESETS[self.ruleset]

    @property
    def pages(self) -> Pages:
        """The game's pages: its forms, templates and scan screen (their rules are `rules`)."""
        return PAGES[self.ruleset]

    @property
    def imported(self) -> Imported | None:
        """Where and when the game was imported from, if it is an imported copy (the import
        notes it beside the settings, where the rules never look)."""
        note = (self.settings or {}).get(IMPORTED)
        if not isinstance(note, dict):
            return None
        source, when = note.get("from"), note.get("at")
        try:
            when = datetime.fromisoformat(when.removesuffix("Z")) if isinstance(when, str) else None
        except ValueError:
            when = None
        return Imported(source if isinstance(source, str) else None, when)

    @property
    def rule_settings(self) -> dict:
        """The game's settings, every one of them (defaults for those not stored)."""
        return self.rules.settings_of(self.settings)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def log(self) -> list[LogPlay]:
        return [LogPlay(p.id, p.kind, p.data) for p in self.plays]

    def standings(self) -> Standings:
        """Everything the game's screens show, derived by its rules from the log (once per
        request: the log does not change within one)."""
        cached = getattr(self, "_standings", None)
        if cached is None or cached[0] != len(self.plays):
            cached = self._standings = (len(self.plays), self.rules.standings(
                self.rule_settings, len(self.players), self.first_dealer, self.log()))
        return cached[1]


class Player(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"), index=True)
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(NAME_MAX))


class Play(db.Model):
    """One entry of a game's log; never updated or deleted."""

    __table_args__ = (UniqueConstraint("game_id", "nonce"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[dict] = mapped_column(JSON)
    # The form's one-time id: a replayed or double-tapped form is not saved twice.
    nonce: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(default=_now)


class WordList(db.Model):
    """A word list a table imported (for example Collins), to judge a game's words by: one
    game's (imported by its scorekeeper) or every game's (game_id None: imported by whoever
    runs the server, on the command line). Its words are written a chunk at a time and the
    list is used only once `complete`."""

    __table_args__ = (UniqueConstraint("game_id", "name", name="uq_word_list_game_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"),
                                                index=True)
    name: Mapped[str] = mapped_column(String(40))
    words: Mapped[int]  # while importing: the words written so far
    complete: Mapped[bool] = mapped_column(default=False, server_default=true())
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # While importing: when its last chunk was written. An import that stopped moving was
    # cut off (a crash, a restart): word_lists.clear_cut_off takes it away.
    progressed_at: Mapped[datetime | None]


class WordListEntry(db.Model):
    list_id: Mapped[int] = mapped_column(ForeignKey("word_list.id", ondelete="CASCADE"),
                                         primary_key=True)
    word: Mapped[str] = mapped_column(String(30), primary_key=True)
    definition: Mapped[str | None] = mapped_column(String(500))


class Attempt(db.Model):
    """How many times an address tried something counted (a code matching no game, a wrong
    admin secret) in one period of time: kept in the database, so every worker and every
    server behind the same database counts the same tries (companion/attempts.py)."""

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    period: Mapped[int] = mapped_column(primary_key=True, autoincrement=False, index=True)
    count: Mapped[int]


class AdminSession(db.Model):
    """A browser signed in to the admin view, by the digest of the token its session holds:
    signing out deletes the row, so a copy of the cookie stops working too."""

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=_now, index=True)
