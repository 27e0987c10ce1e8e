"""Tables. A game's plays are append-only: edits and undos are new plays."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta, timezone

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .rules import RULESETS
from .rules.base import Ruleset, Standings
from .rules.log import Play as LogPlay

NAME_MAX = 24


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Game(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(16))
    # The table's choices; a setting missing here reads as its default (games started before
    # settings existed have none).
    settings: Mapped[dict | None] = mapped_column(JSON)
    first_dealer: Mapped[int]
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    # A one-time code that hands the scorekeeping to another phone, and until when it works.
    handover_hash: Mapped[str | None] = mapped_column(String(64))
    handover_until: Mapped[datetime | None]
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
                   edit_token_hash=_digest(token),
                   players=[Player(seat=i, name=n) for i, n in enumerate(names)])
        return game, token

    def token_matches(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(_digest(token), self.edit_token_hash)

    def offer_handover(self, minutes: int = 10) -> str:
        """A code that lets one other phone take over the scorekeeping, for a few minutes."""
        code = secrets.token_urlsafe(16)
        self.handover_hash = _digest(code)
        self.handover_until = _now() + timedelta(minutes=minutes)
        return code

    def handover_open(self, code: str | None) -> bool:
        """Whether `code` is the game's handover code and still works."""
        return bool(code and self.handover_hash and self.handover_until
                    and _now() < self.handover_until
                    and hmac.compare_digest(_digest(code), self.handover_hash))

    def take_over(self, code: str | None) -> str | None:
        """A new edit token for the phone that shows a valid handover code (the old phone's
        token stops working), or None. The code works once."""
        if not self.handover_open(code):
            return None
        token = secrets.token_urlsafe(32)
        self.edit_token_hash = _digest(token)
        self.handover_hash = self.handover_until = None
        return token

    @property
    def rules(self) -> Ruleset:
        return RULESETS[self.ruleset]

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


class WordListEntry(db.Model):
    list_id: Mapped[int] = mapped_column(ForeignKey("word_list.id", ondelete="CASCADE"),
                                         primary_key=True)
    word: Mapped[str] = mapped_column(String(30), primary_key=True)
    definition: Mapped[str | None] = mapped_column(String(500))
