"""Tables. A game's plays are append-only: edits and undos are new plays."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timezone

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .rules import foot

NAME_MAX = 24


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Game(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(16))
    first_dealer: Mapped[int]
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=_now)

    players: Mapped[list[Player]] = relationship(
        order_by="Player.seat", cascade="all, delete-orphan")
    plays: Mapped[list[Play]] = relationship(
        order_by="Play.id", cascade="all, delete-orphan")

    @classmethod
    def start(cls, ruleset: str, names: list[str], first_dealer: int) -> tuple[Game, str]:
        """A new game and the edit token that the creating phone keeps."""
        token = secrets.token_urlsafe(32)
        game = cls(ruleset=ruleset, first_dealer=first_dealer,
                   edit_token_hash=_digest(token),
                   players=[Player(seat=i, name=n) for i, n in enumerate(names)])
        return game, token

    def token_matches(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(_digest(token), self.edit_token_hash)

    @property
    def variant(self) -> foot.Variant:
        return foot.VARIANTS[self.ruleset]

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def log(self) -> list[foot.Play]:
        return [foot.Play(p.id, p.kind, p.data) for p in self.plays]

    def tally(self) -> foot.Tally:
        return foot.tally(len(self.players), self.first_dealer, self.log())


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
    """A word list the table imported (for example Collins), usable as a game's house list."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    words: Mapped[int]
    created_at: Mapped[datetime] = mapped_column(default=_now)


class WordListEntry(db.Model):
    __table_args__ = (Index("ix_word_list_entry_key", "list_id", "key"),)

    list_id: Mapped[int] = mapped_column(ForeignKey("word_list.id", ondelete="CASCADE"),
                                         primary_key=True)
    word: Mapped[str] = mapped_column(String(30), primary_key=True)
    key: Mapped[str] = mapped_column(String(30))  # the letters sorted: for "what could I have made?"
    definition: Mapped[str | None] = mapped_column(String(500))
