"""A log from elsewhere (an imported game) replayed play by play through the checks of the
forms that make each play. Pure.

A play in the log holds data its form once made. Replayed against the standings of the plays
before it, each play is turned back into the values its form would send (a round: the
pages' round_values of the row it makes; a play of the game's own: play_form), read again
by the same reader the form uses, and must come out the same, with no error. So whatever a
form refuses is refused here, with the form's reason, and whatever a form could not make (a
key no form sends, a word of 60 letters) cannot be carried in by a file. A game's checks
added to its readers apply here with nothing more to do.

Glossary
- before / after: the standings of the log up to a play, without it and with it.
- Refused: why a play cannot be part of the game, its place in the log and its kind named.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Mapping, Sequence

from ..rules.base import REJECTED, STANDS, Standings
from ..rules.log import (DELETE, EDIT, HOUSE_ADD, HOUSE_LIST, HOUSE_REMOVE, UNDO, VOID, Play,
                         active_plays, undoable)
from .base import Pages

CHALLENGE = "challenge"  # every word game's challenge kind (companion/challenges.py)
#: A word a house rule allows or refuses, and what may be said of it (companion/house.py).
HOUSE_WORD = re.compile(r"[A-Z]{1,30}")
DEFINITION_MAX = 300
LIST_NAME_MAX = 40  # a word list's name (companion/house.py's import of a list)
JUDGE_TEXT_MAX = 500  # the judge's reason or source kept with a challenge


#: The most plays that change the standings a log may hold to be replayed, when its game
#: derives its standings from the whole log only: each play's standings are derived again from
#: every play before it, so n plays cost about n²/2 plays read, and 500 plays about 3 s for
#: the slowest game here. Plays that change no standings (house rules) do not count. A game
#: whose standings go on play by play (replays_in_steps) reads the whole log again only for a
#: void (which may cancel any earlier play): those reads count, to the same total.
REPLAY_PLAYS = 500
REPLAY_WORK = REPLAY_PLAYS * (REPLAY_PLAYS + 1) // 2  # plays read, all derivations together
PAUSE_EVERY = 20  # plays replayed between two pauses of check_log


class TooLong(ValueError):
    """A log that would ask more than REPLAY_WORK plays read; the position of the first play
    past it."""


class Refused(ValueError):
    """Why the play at `position` (1 for the log's first) cannot be part of the game."""

    def __init__(self, position: int, what: str, reason: str):
        super().__init__(f"Play {position} ({what}): {reason}")
        self.position, self.reason = position, reason


def check_log(pages: Pages, settings: Mapping, names: Sequence[str], first_dealer: int,
              plays: Sequence[Play], pause: Callable[[], None] = lambda: None) -> None:
    """Raise Refused for the first play of `plays` that no form of the game could have made
    where it stands in the log. The standings are derived once per play; `pause` is called
    every PAUSE_EVERY plays (a server lets other requests run there)."""
    if not pages.rules.replays_in_steps:  # its work is known before any is done: refuse at once
        scoring = [n for n, p in enumerate(plays, start=1)
                   if p.kind not in (HOUSE_ADD, HOUSE_REMOVE, HOUSE_LIST)]
        if len(scoring) > REPLAY_PLAYS:
            raise TooLong(scoring[REPLAY_PLAYS])
    players = len(names)
    log: list[Play] = []
    before = pages.rules.standings(settings, players, first_dealer, log)
    work = scoring = 0  # plays read by derivations from the whole log; plays not house rules
    for position, play in enumerate(plays, start=1):
        if position % PAUSE_EVERY == 0:
            pause()
        if play.kind in (HOUSE_ADD, HOUSE_REMOVE, HOUSE_LIST):
            after = before  # no game's standings read the house rules
        else:
            scoring += 1
            if not pages.rules.replays_in_steps or play.kind == VOID:
                work += scoring
            if work > REPLAY_WORK:
                raise TooLong(position)
            after = pages.rules.standings_after(settings, players, first_dealer, log, play, before)
        try:
            reason = play_problem(pages, settings, names, log, play, before, after)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            # data of the right shape that a reader still cannot take, as `understood` says
            reason = "the game’s rules cannot read it: no form would have saved it."
        if reason:
            raise Refused(position, kind_name(pages, play), reason)
        log.append(play)
        before = after


def kind_name(pages: Pages, play: Play) -> str:
    """A play's kind as a player says it: "a round", "an undo", "an edit of a round".

    >>> from companion.registry import PAGES
    >>> [kind_name(PAGES["poker"], Play(1, k, d)) for k, d in (("deal", {}), ("action", {}),
    ...  ("void", {"reason": "undo"}), ("house-add", {}))]
    ['a deal', 'an action', 'an undo', 'a house rule']
    """
    if play.kind == pages.rules.row_kind:
        named = pages.row_name
    elif play.kind == EDIT:
        named = f"edit of a {pages.row_name}"
    elif play.kind == VOID:
        named = "undo" if isinstance(play.data, Mapping) and play.data.get("reason") == UNDO else "delete"
    elif play.kind in (HOUSE_ADD, HOUSE_REMOVE):
        named = "house rule"
    elif play.kind == HOUSE_LIST:
        named = "choice of word list"
    else:
        named = play.kind.replace("-", " ")[:20]
    if named.endswith("values"):  # the card values: one play sets them all
        return f"the {named}"
    return f"{'an' if named[:1] in 'aeiou' else 'a'} {named}"


def play_problem(pages: Pages, settings: Mapping, names: Sequence[str], log: Sequence[Play],
                 play: Play, before: Standings, after: Standings) -> str | None:
    """Why no form could have made `play` after `log`, in a player's words; None if one could.
    The form's own reason comes first; then whether the rules can place the play at all (a
    round the rules cannot read has no values to fill a form with: that comes first)."""
    unplaced = "the game’s rules cannot place it here: no form would have saved it."
    if play.kind in (pages.rules.row_kind, EDIT) and play.id in after.unread:
        return unplaced
    return _form_problem(pages, settings, names, log, play, before, after) or (
        unplaced if after.unread else None)  # (or, through it, an earlier play)


def _form_problem(pages: Pages, settings: Mapping, names: Sequence[str], log: Sequence[Play],
                  play: Play, before: Standings, after: Standings) -> str | None:
    """The checks of the form that makes a play of this kind, on this play."""
    data = play.data
    if play.kind == pages.rules.row_kind:
        if before.finished:
            return "the game was over: no more can be entered."
        row = pages.rules.editable(after, play.id)
        return _made(pages, names, before, data,
                     _read_round(pages, settings, len(names), before, row, None))
    if play.kind == EDIT:
        row_id = data.get("round")
        if pages.rules.editable(before, row_id) is None:
            return f"it edits a {pages.row_name} that is not in the game."
        made, errors = _read_round(pages, settings, len(names), before,
                                   pages.rules.editable(after, row_id), row_id)
        return _made(pages, names, before, data, ({"round": row_id, **made}, errors))
    if play.kind == VOID:
        return _void_problem(pages, log, data, before)
    if play.kind == CHALLENGE and pages.rules.words and play.kind in pages.rules.kinds:
        return _challenge_problem(pages, names, data, before)
    if play.kind in pages.forms:
        form = pages.play_form(play.kind, data, before)
        return _made(pages, names, before, data, pages.read_play(play.kind, form, before))
    if play.kind in (HOUSE_ADD, HOUSE_REMOVE, HOUSE_LIST):
        return _house_problem(play.kind, data)
    return "no form of the game makes it."


def _read_round(pages: Pages, settings: Mapping, players: int, before: Standings, row,
                round_id: int | None) -> tuple[dict, dict]:
    """The round form filled in with a row's values (none: the form is empty), read and
    checked as the round form is (checked_round, as companion/rounds.py reads it)."""
    values = pages.round_values(row) if row is not None else {}
    return pages.checked_round(values, players, settings, before, round_id)


def _canonical(value: Any) -> str:
    """Data as JSON writes it, so that true and 1, or keys in another order, compare right."""
    return json.dumps(value, sort_keys=True, ensure_ascii=True)


def _made(pages: Pages, names: Sequence[str], before: Standings, data: Mapping,
          read: tuple[dict, dict]) -> str | None:
    """Why the form's reading of a play is not the play: the form's errors, or what the
    play holds that the form would not have made of it."""
    made, errors = read
    if errors:
        return reasons(pages, names, before, errors)
    if _canonical(made) == _canonical(data):
        return None
    extra = [k for k in data if k not in made]
    if extra:
        return f"it holds “{str(extra[0])[:20]}”, which no form of the game saves."
    differs = next((k for k in made if k not in data or _canonical(made[k]) != _canonical(data[k])), None)
    if differs is None:
        return "it is not what the form would have saved."
    return (f"its {str(differs)[:20]} ({_short(data.get(differs))}) is not what the form would "
            f"have saved ({_short(made[differs])}).")


def _short(value: Any) -> str:
    """A value of a play, as JSON, cut to a few characters."""
    written = _canonical(value)
    return written if len(written) <= 24 else written[:23] + "…"


def reasons(pages: Pages, names: Sequence[str], standings: Standings, errors: Mapping) -> str:
    """A form's errors as one sentence, each named by the player or team its field is for
    ("word-1": Bo's word), or by the card ("value-A": the card A).

    >>> from companion.registry import PAGES
    >>> foot = PAGES["foot"].rules
    >>> reasons(PAGES["foot"], ["Ann", "Bo"], foot.standings(foot.defaults(), 2, 0, []),
    ...         {"word-1": "A FOOT! word has 5 letters.", "round": "Nope."})
    'Bo: A FOOT! word has 5 letters. Nope.'
    """
    sides = pages.rules.sides(list(names), standings)
    said = []
    for field, reason in errors.items():
        found = re.fullmatch(r"([a-z]+)-(\w+)", str(field))
        who = None
        if found and found.group(2).isdigit():
            index = int(found.group(2))
            pool = sides if found.group(1) == "team" else names
            who = pool[index] if index < len(pool) else None
        elif found:
            who = found.group(2)
        said.append(f"{who}: {reason}" if who else str(reason))
    return " ".join(dict.fromkeys(said))


def _void_problem(pages: Pages, log: Sequence[Play], data: Mapping, before: Standings) -> str | None:
    """An undo takes back the last entry Undo offers; a delete, a row the rules let be
    deleted or a house rule in force (companion/rounds.py and house.py)."""
    target, reason = data.get("play"), data.get("reason")
    if set(data) != {"play", "reason"} or reason not in (UNDO, DELETE):
        return "it is not an undo or a delete as Companion saves them."
    active = active_plays(log)
    if not any(p.id == target for p in active):
        return "it takes back an entry that is not in force."
    if reason == UNDO:
        offered = undoable(active)
        if not offered or offered[-1].id != target:
            return "Undo takes back only the last entry; this one was not the last."
        return None
    house_rule = any(p.id == target and p.kind in (HOUSE_ADD, HOUSE_REMOVE) for p in active)
    if not (house_rule or pages.rules.deletable(before, target)):
        return f"it deletes an entry that is not a {pages.row_name} or a house rule."
    return None


def _challenge_problem(pages: Pages, names: Sequence[str], data: Mapping,
                       before: Standings) -> str | None:
    """The challenge form (companion/challenges.py): the word it names, who challenged and the
    verdict, read by the rules; the judge's verdict kept beside it."""
    judged = data.get("judge")
    args = {k: str(v) for k, v in data.items()
            if k not in ("challenger", "verdict", "judge", "late")}
    target = pages.rules.challenge_target(before, args)
    if target is None:
        return pages.no_challenge
    challenger = data.get("challenger")
    made, errors = pages.rules.challenge_data(
        before, target, challenger if isinstance(challenger, int) and not isinstance(challenger, bool) else None,
        data.get("verdict") if isinstance(data.get("verdict"), str) else "",
        confirmed=data.get("late") is True)  # the page's "challenge it anyway", ticked
    if judged is not None:
        if not (isinstance(judged, Mapping) and set(judged) == {"verdict", "reason", "source"}
                and judged["verdict"] in (STANDS, REJECTED)
                and all(v is None or (isinstance(v, str) and len(v) <= JUDGE_TEXT_MAX)
                        for v in (judged["reason"], judged["source"]))):
            return "the judge’s verdict it keeps is not one the judge gives."
        made = {**made, "judge": judged}
    return _made(pages, names, before, data, (made, errors))


def _house_problem(kind: str, data: Mapping) -> str | None:
    """The house page's forms: a word of letters A–Z with at most a short definition; a
    word list chosen by its id and name."""
    if kind in (HOUSE_ADD, HOUSE_REMOVE):
        word, definition = data.get("word"), data.get("definition")
        if not isinstance(word, str) or not HOUSE_WORD.fullmatch(word):
            return "a house rule’s word is one word of letters A–Z (at most 30)."
        if set(data) != ({"word", "definition"} if kind == HOUSE_ADD else {"word"}):
            return "it holds what the house rules page does not save."
        if definition is not None and not (isinstance(definition, str) and definition
                                           and definition == definition.strip()
                                           and len(definition) <= DEFINITION_MAX):
            return f"a house rule’s definition is at most {DEFINITION_MAX} characters."
        return None
    name = data.get("name")
    if set(data) != {"list", "name", "list_only"} or not isinstance(data["list_only"], bool):
        return "it holds what the house rules page does not save."
    if name is not None and not (isinstance(name, str) and 0 < len(name) <= LIST_NAME_MAX
                                 and name.isprintable()):
        return f"a word list’s name is 1 to {LIST_NAME_MAX} characters, none of them control characters."
    return None
