"""Each game's screen on the scorekeeper's phone, in a player's words, for the games whose
round form is not FOOT!'s (phone.Table): the family game's (`Family`) and Hand and Foot's
(`HandAndFoot`), with the labels of its steppers. A test names the players it started with."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phone import tap_and_type


class Scoreboard:
    """What every game's screen shows above its form: the totals strip and the status line."""

    def __init__(self, page):
        self.page = page

    @property
    def totals(self):
        return self.page.locator(".totals .total")

    @property
    def status(self):
        return self.page.locator("#scoreboard .status")


class Family(Scoreboard):
    """The family game's round form and scoreboard on one phone."""

    def __init__(self, page, names: list[str]):
        super().__init__(page)
        self.names = names

    def seat(self, seat: int):
        return self.page.locator("#round-form fieldset.player").nth(seat)

    def went_out(self, seat: int) -> None:
        radio = self.seat(seat).get_by_label("Went out: won the round")
        radio.tap()
        expect(radio).to_be_checked()

    def points(self, seat: int):
        return self.page.locator(f"#points-{seat}")

    def cards(self, seat: int):
        return self.page.locator(f"#cards-{seat}")

    def zap(self, seat: int, label: str):
        return self.page.get_by_label(f"{label} cards left in {self.names[seat]}’s hand")

    def hand(self, seat: int):
        """The points shown beside a hand as the form is filled in (the htmx preview)."""
        return self.page.locator(f"#hand-{seat}")

    def expect_hand(self, seat: int, points: int) -> None:
        expect(self.hand(seat)).to_have_text(re.compile(rf"^\s*{points}\s*pts\s*$"))

    def enter_points(self, winner: int, points: dict[int, int]) -> None:
        """Tick who went out, type the points left in every other hand, and wait until the
        preview beside each hand shows them."""
        self.went_out(winner)
        for seat, pts in points.items():
            tap_and_type(self.points(seat), str(pts))
        self.expect_hand(winner, 0)
        for seat, pts in points.items():
            self.expect_hand(seat, pts)

    def save(self, number: int) -> None:
        self.page.get_by_role("button", name=f"Save round {number}").tap()

    def to_100(self):
        return self.page.locator("ul.to-100 li")

    def round_row(self, number: int):
        return self.page.locator(f"#round-{number}")

    def round_scores(self, number: int):
        return self.round_row(number).locator("td .score")

    @property
    def now(self):
        return self.page.locator("#scoreboard .card.now")


# The stepper labels: cards melded score plus, cards left minus.
CLEAN, DIRTY = "Clean (500)", "Dirty (300)"
JOKERS, DEUCES, ACES = "Jokers (50)", "Deuces (20)", "Aces (20)"
HIGH, LOW = "6s to Kings (10)", "4s and 5s (5)"
LEFT_JOKERS, LEFT_DEUCES, LEFT_ACES = "Jokers (−50)", "Deuces (−20)", "Aces (−20)"
LEFT_HIGH, LEFT_LOW = "6s to Kings (−10)", "4s and 5s (−5)"
RED3, BLACK3 = "Red 3s (−500)", "Black 3s (0)"

def words(text: str) -> re.Pattern:
    """The whole of an element's text, however it wraps."""
    return re.compile(r"^\s*" + r"\s+".join(map(re.escape, text.split())) + r"\s*$")


def signed(n: int) -> re.Pattern:
    """A total as the scoreboard shows it: a negative one with the minus sign, never a hyphen."""
    return re.compile(rf"^\s*{'−' if n < 0 else ''}{abs(n)}\s*$")


class HandAndFoot(Scoreboard):
    """The Hand and Foot round form and scoreboard on one phone."""

    def __init__(self, page, names: list[str]):
        super().__init__(page)
        self.names = names

    # --- the round form
    def team(self, team: int):
        return self.page.locator("#round-form fieldset.team").nth(team)

    def count(self, team: int, label: str):
        return self.team(team).get_by_label(label, exact=True)

    def step(self, team: int, label: str, times: int) -> None:
        """Tap + (times > 0) or − (times < 0) beside a count, as often as it takes."""
        button = self.team(team).get_by_role(
            "button", name=f"{'One more' if times > 0 else 'One fewer'}: {label}", exact=True)
        for _ in range(abs(times)):
            button.tap()

    def steps(self, team: int, counts: dict[str, int]) -> None:
        """Step every count up from empty, then check what each field reads."""
        for label, n in counts.items():
            self.step(team, label, n)
        for label, n in counts.items():
            expect(self.count(team, label)).to_have_value(str(n))

    def went_out(self, team: int) -> None:
        radio = self.team(team).get_by_label("Went out (+100)")
        radio.tap()
        expect(radio).to_be_checked()

    def drew_22(self, seat: int) -> None:
        box = self.page.get_by_label(f"{self.names[seat]} drew exactly 22")
        box.tap()
        expect(box).to_be_checked()

    def live(self, team: int):
        """The team's round as it adds up on screen while the form is filled in."""
        return self.page.locator(f"#team-points-{team}")

    def expect_live(self, team: int, total: int, books: int, meld: int, out: int = 0,
                    exactly_22: int = 0, left: int = 0, problem: str = "") -> None:
        """The figure, its breakdown and (before saving) what would keep it from saving."""
        text = f"{'−' if total < 0 else ''}{abs(total)} this round books {books} · meld {meld}"
        text += f" · out {out}" if out else ""
        text += f" · 22 cards {exactly_22}" if exactly_22 else ""
        text += f" · left −{left}" if left else ""
        text += f" {problem}" if problem else ""
        expect(self.live(team)).to_have_text(words(text))

    def save(self, number: int) -> None:
        self.page.get_by_role("button", name=re.compile(rf"^Save round {number}\b")).tap()

    # --- the scoreboard
    def heading(self, number: int, minimum: int):
        return self.page.get_by_role("heading", name=f"Round {number}: open with {minimum}",
                                     exact=True)

    def expect_totals(self, ac: int, bd: int) -> None:
        expect(self.totals).to_have_text([signed(ac), signed(bd)])

    def round_row(self, number: int):
        return self.page.locator(f"#round-{number}")

    def round_cell(self, number: int, team: int):
        return self.round_row(number).locator("td").nth(team)

    def expect_round(self, number: int, minimum: int, *cells: tuple[int, list[str]]) -> None:
        """A round's row: "at <minimum>", then per team its total and its breakdown."""
        expect(self.round_row(number).locator("th")).to_contain_text(f"at {minimum}")
        expect(self.round_row(number).locator("td .score")).to_have_text(
            [signed(total) for total, _ in cells])
        for team, (_, parts) in enumerate(cells):
            items = self.round_cell(number, team).locator("small")
            expect(items).to_have_text(parts)
