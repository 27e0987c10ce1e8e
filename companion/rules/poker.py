"""ZOOT! Poker: the bank, the betting and the pots, with a showdown decided by words. Pure.

Rules: shared/rules/zoot-poker.txt, read as shared/rules/NOTES.md settles it. The word judge
knows its words today (7 letters, or 5 as a table chooses); its betting comes with its own
issue (the ruleset is not startable until it has its templates and standings).
"""

from __future__ import annotations

from typing import Mapping

from ..words.judge import ZOOT_VALUES, WordRules
from .base import Ruleset, Setting


class PokerRules(Ruleset):
    key = "poker"
    name = "ZOOT! Poker"
    seats = (2, 8)
    settings = (Setting("length", "Word length", 7, {7: "7-letter words", 5: "5-letter words"}),)
    lookups = (("poker", "ZOOT! Poker · 7 letters", {"length": 7}),
               ("poker5", "ZOOT! Poker · 5 letters", {"length": 5}))

    def word_rules(self, settings: Mapping) -> WordRules:
        n = settings["length"]
        # as ZOOT!: the cards dealt, one drawn and a wild
        return WordRules("poker", self.name, n, n, ZOOT_VALUES, hand_size=9)


POKER = PokerRules()
