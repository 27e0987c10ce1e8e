"""FEZ: two-letter cards, flushes and stars. Pure.

Rules: shared/rules/fez.txt, read as shared/rules/NOTES.md settles it. The word judge knows
FEZ's words today; its scorekeeping comes with its own issue (the ruleset is not startable
until it has its templates and standings).
"""

from __future__ import annotations

from typing import Mapping

from ..words.judge import SCRABBLE_VALUES, WordRules
from .base import Ruleset


class FezRules(Ruleset):
    key = "fez"
    name = "FEZ"
    seats = (2, 6)
    lookups = (("fez", "FEZ · 2 letters or more", {}),)

    def word_rules(self, settings: Mapping) -> WordRules:
        # a hand holds six two-letter cards
        return WordRules("fez", "FEZ", 2, None, SCRABBLE_VALUES, hand_size=12)


FEZ = FezRules()
