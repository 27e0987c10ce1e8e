"""Players' stats across the games this phone knows: games played and won, a round's average,
the best word laid, the longest run of wins. Only the games this phone started or opened (its
session's list, at most games.REMEMBERED) are counted: never every game on the server."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from flask import Blueprint, render_template

from .games import remembered_games
from .models import Game
from .registry import RULESETS
from .rules.base import Standings


@dataclass
class GameStats:
    """One player's record in one game (FOOT!, FEZ ...)."""

    name: str  # the game's
    words: bool  # the game records words (a best word can be shown)
    played: int = 0
    won: int = 0
    rounds: int = 0  # rounds (deals) counted for the average
    points: int = 0  # what those rounds changed the player's total by, added up
    best: tuple[int, str] | None = None  # (points, word)

    @property
    def average(self) -> float | None:
        return self.points / self.rounds if self.rounds else None

    @property
    def average_text(self) -> str:
        """The average as the page shows it: one decimal when it has one, a true minus.

        >>> [GameStats("FOOT!", True, rounds=r, points=p).average_text for r, p in
        ...  ((5, 249), (1, 1170), (2, -200), (0, 0))]
        ['49.8', '1170', '−100', '—']
        """
        if self.average is None:
            return "—"
        shown = f"{self.average:.1f}".removesuffix(".0")
        return shown.replace("-", "−")


@dataclass
class PlayerStats:
    name: str  # as typed in the latest game
    games: dict[str, GameStats] = field(default_factory=dict)  # by ruleset key
    streak: int = 0  # the longest run of finished games won, in the order they were started

    def game(self, key: str) -> GameStats:
        if key not in self.games:
            rules = RULESETS[key]
            self.games[key] = GameStats(rules.name, bool(rules.words))
        return self.games[key]


def player_stats(games: Iterable[tuple[Game, Standings]]) -> list[PlayerStats]:
    """Everyone who sat at these games, by name (Ann and ANN are one player), in alphabetical
    order. A team's score (Hand and Foot) counts for each of its players; a tie for the win
    is a win for each."""
    players: dict[str, PlayerStats] = {}
    runs: dict[str, int] = {}
    for game, standings in sorted(games, key=lambda gs: (gs[0].created_at, gs[0].id)):
        rules = game.rules
        settings, names = game.rule_settings, game.names
        start, after = rules.progress(settings, len(names), standings)
        sides = rules.side_seats(len(names), standings)
        words = rules.words_laid(standings)
        for side, seats in enumerate(sides):
            for seat in seats:
                key = names[seat].casefold()
                player = players.setdefault(key, PlayerStats(names[seat]))
                player.name = names[seat]  # the latest spelling
                line = player.game(game.ruleset)
                line.played += 1
                won = standings.finished and side in standings.winners
                line.won += won
                before = start
                for totals in after:
                    line.rounds += 1
                    line.points += totals[side] - before[side]
                    before = totals
                for word_seat, word, points in words:
                    if word_seat == seat and (line.best is None or points > line.best[0]):
                        line.best = (points, word)
                if standings.finished:
                    runs[key] = runs.get(key, 0) + 1 if won else 0
                    player.streak = max(player.streak, runs[key])
    order = list(RULESETS)
    for player in players.values():
        player.games = dict(sorted(player.games.items(), key=lambda kv: order.index(kv[0])))
    return sorted(players.values(), key=lambda p: (p.name.casefold(), p.name))


bp = Blueprint("stats", __name__)


@bp.get("/stats")
def stats():
    """Who played what, who won, and the best words, over the games this phone knows."""
    games = [(game, standings) for game, standings in remembered_games() if counted(game, standings)]
    return render_template("stats.html", players=player_stats(games), games=len(games))


def counted(game: Game, standings: Standings) -> bool:
    """Whether a game counts as played: something was played in it (an unplayed rematch is
    not), and it is not an imported copy (its original is counted where it was played)."""
    return bool(standings.rows) and game.imported is None
