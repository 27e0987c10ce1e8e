"""Every game Companion knows, in one registry. Pure.

A game is one module here (its rules, settings, play kinds and standings), its templates in
templates/games/<key>/, its tests, and one line below. Views, the lookup page and
`words check --game` read this registry; none of them names a game.
"""

from __future__ import annotations

from ..words.judge import WordRules
from .base import Ruleset
from .family import FAMILY
from .fez import FEZ
from .foot import FOOT, ZOOT
from .hand_and_foot import HAND_AND_FOOT
from .poker import POKER

RULESETS: dict[str, Ruleset] = {r.key: r for r in (FOOT, ZOOT, FAMILY, FEZ, HAND_AND_FOOT, POKER)}


def startable() -> list[Ruleset]:
    """The games Companion keeps score for, in the new-game page's order."""
    return [r for r in RULESETS.values() if r.startable]


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
