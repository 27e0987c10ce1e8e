"""The word judge, on the real store built from SCOWL and WordNet."""

import csv
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.words.anagrams import LetterIndex
from companion.words import judge as judge_module
from companion.registry import word_rules_for
from companion.words.judge import House, Judge

EVAL_SET = Path(__file__).with_name("eval_words.tsv")
FOOT, ZOOT, FEZ, FAMILY = (word_rules_for(g) for g in ("foot", "zoot", "fez", "family"))


@pytest.fixture(scope="module")
def judge(word_store):
    return Judge(word_store)


def test_the_words_package_is_pure():
    """Loaded as a package of its own, it pulls in no web, database or image library."""
    words_dir = Path(judge_module.__file__).parent
    code = textwrap.dedent(f"""
        import importlib, importlib.util, sys
        spec = importlib.util.spec_from_file_location(
            "words", {str(words_dir / "__init__.py")!r},
            submodule_search_locations=[{str(words_dir)!r}])
        sys.modules["words"] = package = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(package)
        for name in ("judge", "store", "sources", "list_file"):
            importlib.import_module("words." + name)
        print(sorted(m for m in ("flask", "sqlalchemy", "cv2", "companion") if m in sys.modules))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("word, rules, valid, reason, source", [
    # standard but rare words, and inflections, are allowed
    ("XYLEM", FOOT, True, "in the word list (a less common word)", "the larger English word list"),
    ("oxbow", FOOT, True, "in the word list (a less common word)", "the larger English word list"),
    ("FJORD", FOOT, True, "in the word list (a less common word)", "the larger English word list"),
    ("QUOTA", FOOT, True, "in the word list (a common word)", "the common English word list"),
    ("JUMPED", FEZ, True, "in the word list (a common word)", "the common English word list"),
    ("JUMPING", ZOOT, True, "in the word list (a common word)", "the common English word list"),
    ("BOXES", FEZ, True, "in the word list (a common word)", "the common English word list"),
    # proper nouns, abbreviations, misspellings, non-words
    ("SARAH", FOOT, False, "proper noun: not allowed", "the list of names"),
    ("EGYPT", FOOT, False, "proper noun: not allowed", "the list of names"),
    ("NASA", FEZ, False, "abbreviation: not allowed", "the list of abbreviations"),
    ("RECIEVE", ZOOT, False, "not in the word list", "the English word list, common to rare words"),
    ("BLORF", FOOT, False, "not in the word list", "the English word list, common to rare words"),
    # characters no card carries
    ("R2D2", FEZ, False, "words have no digits", "the rules of every game"),
    ("X-RAY", FEZ, False, "hyphenated words are not allowed", "the rules of every game"),
    ("CAN'T", FEZ, False, "words with apostrophes are not allowed", "the rules of every game"),
    ("ÉCLAT", FOOT, False, "letters A–Z only (and ? for a wild card)", "the rules of every game"),
    ("STRAßE", FEZ, False, "letters A–Z only (and ? for a wild card)", "the rules of every game"),
    ("ЖУК", FEZ, False, "letters A–Z only (and ? for a wild card)", "the rules of every game"),
    ("JA\x07ZY", FOOT, False, "letters A–Z only", "the rules of every game"),
    ("", FOOT, False, "type a word", "the rules of every game"),
    ("A" * 10_000, FEZ, False, "too long to be a word", "the rules of every game"),
    # each game's length rule
    ("JAZZ", FOOT, False, "4 letters: words have exactly 5 in FOOT!", "the rules of FOOT!"),
    ("JAZZY", ZOOT, False, "5 letters: words have exactly 7 in ZOOT!", "the rules of ZOOT!"),
    ("JAZZIER", ZOOT, True, "in the word list (a less common word)", "the larger English word list"),
    ("JAZZY", word_rules_for("poker5"), True, "in the word list (a less common word)", "the larger English word list"),
    ("QI", FEZ, True, "in the word list (a rare word)", "the larger English word list"),
    ("A", FEZ, False, "too short: words have at least 2 letters in FEZ", "the rules of FEZ"),
    ("OX", FAMILY, False, "too short: words have at least 3 letters in the family game",
     "the rules of the family game"),
    ("FOX", word_rules_for("family4"), False,
     "too short: words have at least 4 letters in the family game", "the rules"),
    # the family game: no plurals, no slang
    ("CATS", FAMILY, False, "plural of CAT: no plurals in the family game", "the dictionary’s plurals"),
    ("MICE", FAMILY, False, "plural of MOUSE: no plurals in the family game", "the dictionary’s plurals"),
    ("NEWS", FAMILY, True, "in the word list (a common word)", "the common English word list"),
    ("GLASS", FAMILY, True, "in the word list (a common word)", "the common English word list"),
    ("WALKED", FAMILY, True, "in the word list (a common word)", "the common English word list"),  # inflections other than plurals
    ("GONNA", FAMILY, False, "slang or rude: not allowed in the family game", "the family game’s list of slang and rude words"),
    ("GONNA", FEZ, True, "in the word list (a common word)", "the common English word list"),
    # wild cards read as the word they make
    ("JA?ZY", FOOT, True, "reads as JAZZY: in the word list (a less common word)", "the larger English word list"),
    ("QU??K", FOOT, True, "reads as QUACK: in the word list (a common word)", "the common English word list"),
    ("QX??Z", FOOT, False, "no word fits these letters and wild cards", "the English word list, common to rare words"),
])
def test_verdicts(judge, word, rules, valid, reason, source):
    verdict = judge.check(word, rules)
    assert (verdict.valid, verdict.reason) == (valid, reason)
    assert verdict.source.startswith(source)
    # a player reads what decided in plain words, never a file name (the detail keeps that)
    assert not re.search(r"SCOWL|WordNet|english-|\.\d|sizes", verdict.source), verdict.source


def test_a_verdict_keeps_the_file_that_decided_as_its_detail(judge):
    assert judge.check("XYLEM", FOOT).detail == "SCOWL english-words.50"
    assert judge.check("SARAH", FOOT).detail.startswith("SCOWL english-upper")
    assert judge.check("RECIEVE", ZOOT).detail == "SCOWL, sizes up to 70"
    assert judge.check("CATS", FAMILY).detail.startswith("WordNet")
    assert judge.check("R2D2", FEZ).detail is None


def test_points_are_the_games_card_values(judge):
    assert judge.check("JAZZY", FOOT).points == 71
    assert judge.check("JA?ZY", FOOT).points == 51
    assert judge.check("FEZ", FEZ).points == 15  # F 4 + E 1 + Z 10
    assert judge.check("FEZ", FAMILY).points is None  # the family cards' points are the table's


def test_definitions_come_with_valid_words_and_are_never_required(judge):
    assert "woody part of plants" in judge.check("XYLEM", FOOT).definition
    assert judge.check("MICE", FEZ).definition.startswith("(plural of MOUSE) any of numerous small rodents")
    assert judge.check("CHINA", FOOT).definition.startswith("high quality porcelain")
    no_gloss = judge.check("THE", FEZ)
    assert no_gloss.valid and no_gloss.definition is None


def test_agreement_with_the_evaluation_set(judge):
    """A careful human judge labelled these words; the judge must agree on 98% of them."""
    rows = list(csv.DictReader(EVAL_SET.open(), delimiter="\t"))
    disagreements = [r["word"] for r in rows
                     if judge.check(r["word"], FEZ).valid != (r["valid"] == "1")]
    assert len(rows) > 400
    assert len(disagreements) / len(rows) <= 0.02, disagreements


def test_family_game_rejects_every_plural_in_the_evaluation_set(judge):
    rows = [r for r in csv.DictReader(EVAL_SET.open(), delimiter="\t")]
    plurals = [r["word"] for r in rows if r["category"] == "inflection-plural"]
    singular = [r["word"] for r in rows if r["category"] == "base-ends-in-s"]
    assert [w for w in plurals if judge.check(w, FAMILY).valid] == []
    assert [w for w in singular if len(w) >= 3 and not judge.check(w, FAMILY).valid] == []


class ListOf:
    """A word list held in a dict: the judge's WordList, as an imported list would be."""

    def __init__(self, name, entries):
        self.name, self.entries = name, entries

    def lookup(self, word):
        return (word in self.entries, self.entries.get(word))

    def playable(self, letters, wilds, shortest, longest):
        return LetterIndex(self.entries).playable(letters, wilds, shortest, longest)


def test_house_rules_add_and_remove_words(judge):
    house = House(added={"BLORF": "a family joke"}, removed=frozenset({"QUOTA"}))
    added = judge.check("BLORF", FOOT, house)
    assert (added.valid, added.reason, added.source, added.definition) == (
        True, "added by a house rule", "house rules", "a family joke")
    removed = judge.check("QUOTA", FOOT, house)
    assert (removed.valid, removed.reason) == (False, "removed by a house rule")


def test_an_imported_list_replaces_or_extends_the_built_in_one(judge):
    collins = ListOf("Collins (house list)", {"QWERT": "a made-up word", "JAZZY": None})
    only = House(word_list=collins, list_only=True)
    assert judge.check("QWERT", FOOT, only).source == "Collins (house list)"
    assert judge.check("QUOTA", FOOT, only).reason == "not in Collins (house list)"
    assert judge.check("JAZZY", FOOT, only).definition.startswith("resembling jazz")
    also = House(word_list=collins, list_only=False)
    assert judge.check("QUOTA", FOOT, also).valid and judge.check("QWERT", FOOT, also).valid


@pytest.mark.parametrize("hand, rules, best", [
    ("QUIZES?", ZOOT, ("QUIZZES", 46, "Z")),  # Q20 U1 I1 Z20 E1 S3, the wild as the 2nd Z: 0
    ("JAZZYE?", FOOT, ("JAZZY", 71, "")),
    # 3 vowels at 1, 4 consonants at 3: 15; of the anagrams, the commonest comes first
    ("AEINRST", ZOOT, ("NASTIER", 15, "")),
    ("QI", FEZ, ("QI", 11, "")),
])
def test_best_words_puts_the_best_scoring_word_first(judge, hand, rules, best):
    first = judge.best_words(hand, rules)[0]
    assert (first.word, first.points, first.wilds) == best


def test_best_words_follow_the_games_rules(judge):
    words = [s.word for s in judge.best_words("CATS", FAMILY, limit=50)]
    assert "CATS" not in words and "CAT" in words and "SCAT" in words
    assert "CATS" in [s.word for s in judge.best_words("CATS", FEZ, limit=50)]
    assert all(len(w) == 5 for w in (s.word for s in judge.best_words("CATSDOG?", FOOT, limit=50)))
    assert judge.best_words("XQZ", FOOT) == []
    house = House(removed=frozenset({"QUIZZES"}), added={"QUIZESZ": None})
    assert judge.best_words("QUIZES?", ZOOT, house)[0].word == "QUIZESZ"
