"""Every game Companion knows, one line each: its pages, which carry its rules. Pure.

A game is its rules module (companion/rules/<game>.py), its pages module
(companion/pages/<game>.py), its templates (templates/games/<template>/), its tests, and one
line in GAMES below. Views, the lookup page and `words check --game` read this registry; none
of them names a game.
"""

from __future__ import annotations

from .pages.base import Pages
from .pages.family import FamilyPages
from .pages.fez import FezPages
from .pages.foot import FootPages
from .pages.hand_and_foot import HandAndFootPages
from .pages.poker import PokerPages
from .rules.base import Ruleset
from .rules.family import FAMILY
from .rules.fez import FEZ
from .rules.foot import FOOT, ZOOT
from .rules.hand_and_foot import HAND_AND_FOOT
from .rules.poker import POKER
from .words.judge import WordRules

#: The games, in the new-game page's order.
GAMES: tuple[Pages, ...] = (
    FootPages(FOOT),
    FootPages(ZOOT),
    FamilyPages(FAMILY),
    FezPages(FEZ),
    HandAndFootPages(HAND_AND_FOOT),
    PokerPages(POKER),
)

PAGES: dict[str, Pages] = {pages.rules.key: pages for pages in GAMES}
RULESETS: dict[str, Ruleset] = {key: pages.rules for key, pages in PAGES.items()}


def startable() -> list[Pages]:
    """The games Companion keeps score for, in the new-game page's order: every game with
    pages (the word judge alone could know more)."""
    return list(GAMES)


def lookup_choices() -> dict[str, tuple[str, WordRules]]:
    """The lookup page's games: choice key -> (label, word rules), every game's."""
    return {choice: (label, r.word_rules(r.settings_of(settings)))
            for r in RULESETS.values() for choice, label, settings in r.lookups}


def word_rules_for(choice: str) -> WordRules:
    """The word rules of a lookup choice ("foot", "family4", "poker5" ...).

    >>> word_rules_for("family4").min_length, word_rules_for("poker5").max_length
    (4, 5)
    """
    return lookup_choices()[choice][1]
