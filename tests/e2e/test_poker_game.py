"""Three deals of ZOOT! Poker for four players, kept on the scorekeeper's phone (390x844) with
the buttons a player taps: a bet nobody calls (won unseen), an all-in for less than a bet (a
main pot and a side pot, decided by words) and a showdown of wild-card words that tie.

Rules (zoot-poker.txt, as NOTES.md reads it):
- antes go in first; seats act in turn from the dealer's left: check, bet, call, raise (to a
  total, by at least the last bet or raise: this table's choice), fold, all-in; an interval
  ends when the bets are matched;
- a bet nobody calls wins the pot unseen (the uncalled bet goes back to its bettor);
- an all-in for less makes a main pot and a side pot, one per contribution level; a folded
  seat's chips stay in, but it cannot win;
- at the showdown each word of 7 letters is worth its ZOOT card values: vowels 1, V W X Y 10,
  J Q Z 20, other letters 3, a wild (?) 0; a wrong length or no word is worth 0; each pot goes
  to the best value among its seats, equal values split it, the odd chip to the first winner
  clockwise from the dealer's left;
- the deal passes to the left; stacks carry over.
Settings: 200 chips each, ante 5, two intervals, no limit, check-raise allowed, 2 wilds, a
raise at least the last bet or raise more.
Ann, Bo, Cy, Di sit clockwise; Ann deals first. Every expected number below is worked out by
hand from those rules, not read from the app.
"""

import re
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import choose_game, tap_and_type
from .screens import Scoreboard, words

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Bo", "Cy", "Di"]
ANN, BO, CY, DI = range(4)
SHOTS = Path("/tmp/poker")

shoot = partial(phone.shoot, folder=SHOTS)


def note(name: str, text: str) -> None:
    """One more line beside a screenshot's notes."""
    with (SHOTS / f"{name}.txt").open("a") as notes:
        notes.write(text + "\n")


def seats(*who: int) -> str:
    """A regex for names listed: "Ann, Bo and Cy" (or "Ann and Bo and Cy")."""
    names = [re.escape(NAMES[s]) for s in who]
    if len(names) == 1:
        return names[0]
    return r"(?:,\s*|\s+and\s+)".join(names[:-1]) + r"\s+and\s+" + names[-1]


class Poker(Scoreboard):
    """The poker board and the betting form on one phone."""

    # --- the board
    def expect_stacks(self, *stacks: int) -> None:
        expect(self.page.locator(".totals .name")).to_have_text(NAMES)
        expect(self.page.locator(".totals .total")).to_have_text([str(s) for s in stacks])

    def expect_pots(self, total: int, *pots: tuple[int, tuple[int, ...]]) -> None:
        """'In the pot: N for ...' when there is one pot; else 'In the pot: N', then each pot
        ('Main pot', 'Side pot 1', ...) and who may win it."""
        heading = self.page.locator(".pots h2")
        if len(pots) == 1:
            expect(heading).to_have_text(re.compile(rf"^\s*In the pot:\s{total}\s+for\s+{seats(*pots[0][1])}\s*$"))
            expect(self.page.locator(".pots li")).to_have_count(0)
            return
        expect(heading).to_have_text(words(f"In the pot: {total}"))
        labels = ["Main pot"] + [f"Side pot {i}" for i in range(1, len(pots))]
        expect(self.page.locator(".pots li")).to_have_text(
            [re.compile(rf"^\s*{label}:\s*{amount}\s+for\s+{seats(*who)}\s*$")
             for label, (amount, who) in zip(labels, pots)])

    def expect_put(self, text: str) -> None:
        """What each seat has put in this deal (below the buttons, on the scorekeeper's phone)."""
        expect(self.page.locator(".deal-so-far .put-in")).to_have_text(words(text))

    @property
    def last_deal(self):
        return self.page.locator(".last-deal")

    # --- the betting form
    @property
    def to_act(self):
        return self.page.locator(".poker-act .to-act")

    def expect_turn(self, seat: int, text: str, buttons: list[str],
                    amount: str | None = None) -> None:
        """Whose turn, what the line says, the buttons offered (check / call / fold / all-in,
        with their amounts), and the bet or raise field's label "(least to most)"."""
        expect(self.status).to_contain_text(f"{NAMES[seat]} to act.")
        expect(self.to_act).to_have_text(words(text))
        expect(self.page.locator(".poker-act .toggles button")).to_have_text(buttons)
        field = self.page.locator(".poker-act .word-row label")
        if amount is None:
            expect(field).to_have_count(0)
        else:
            expect(field).to_have_text([amount])

    def tap(self, button: str) -> None:
        self.page.locator(".poker-act").get_by_role("button", name=button, exact=True).tap()

    def wager(self, action: str, amount: int) -> None:
        """Bet or Raise to: type what the seat's bet comes to, tap the button beside it."""
        tap_and_type(self.page.locator(f"#amount-{action.split()[0].lower()}"), str(amount))
        self.tap(action)


def start_a_game_of_zoot_poker(page, game):
    """The new game: ZOOT! Poker, 200 chips each, the other settings as they come."""
    page.goto("/")
    page.get_by_role("link", name="New game").tap()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    choose_game(page, "ZOOT! Poker")

    expect(page.locator("details.table-rules summary")).to_contain_text("as the rules sheet")
    page.locator("details.table-rules summary").tap()

    def setting(label: str):
        return page.locator("fieldset.setting", has=page.locator("legend", has_text=re.compile(f"^{re.escape(label)}")))

    setting("Chips each").get_by_label("200", exact=True).check()
    setting("The least raise").get_by_label("At least the last bet or raise more", exact=True).check()
    for label, value in (("Word length", "7-letter words"), ("Ante", "5"),
                         ("Betting intervals a deal", "2"), ("Limit", "No limit"),
                         ("Check-raise (sandbagging)", "Yes"), ("Wild cards in the deck", "2"),
                         ("A player with no chips may buy in again", "No")):
        expect(setting(label).get_by_label(value, exact=True)).to_be_checked()
    for i, name in enumerate(NAMES):
        tap_and_type(page.get_by_label(f"Player {i + 1}", exact=True), name)
    page.get_by_role("radio", name="deals").nth(ANN).tap()
    expect(page.get_by_role("radio", name="deals").nth(ANN)).to_be_checked()
    page.get_by_role("button", name="Start the game").tap()

    expect(page.get_by_role("heading", name="Deal 1", exact=True)).to_be_visible()
    expect(game.status).to_have_text(words("Next deal: Ann deals."))
    game.expect_stacks(200, 200, 200, 200)
    expect(page.get_by_text("Ann deals; antes of 5 go in.")).to_be_visible()

    # ============================================================================================


def deal_1_a_bet_nobody_calls(page, game):
    """Deal 1 (Ann deals): a bet nobody calls."""
    # Antes 5 each: 200 - 5 = 195 left each, 20 in the pot. Bo (Ann's left) acts first.
    page.get_by_role("button", name="Deal", exact=True).tap()
    expect(game.status).to_have_text(words("Deal 1: Ann dealt. Bo to act."))
    game.expect_stacks(195, 195, 195, 195)
    game.expect_pots(20, (20, (ANN, BO, CY, DI)))
    game.expect_put("Ann put in 5; Bo put in 5; Cy put in 5; Di put in 5")
    # Nothing bet yet: Bo may check, bet 1 (the least: no bet yet) to 195, or go all-in 195.
    game.expect_turn(BO, "Bo to act · 195 chips left · interval 1 of 2",
                     ["Check", "All-in 195"], amount="Bet (1 to 195)")
    shoot(page, "01-action-buttons")
    game.tap("Check")
    game.expect_turn(CY, "Cy to act · 195 chips left · interval 1 of 2",
                     ["Check", "All-in 195"], amount="Bet (1 to 195)")
    game.wager("Bet", 30)  # Cy: 195 - 30 = 165 left
    # Di owes 30; a raise puts in at least 30 + 30 = 60, at most her 195.
    game.expect_turn(DI, "Di to act: 30 to call · 195 chips left · interval 1 of 2",
                     ["Call 30", "Fold", "All-in 195"], amount="Raise to (60 to 195)")
    game.expect_stacks(195, 195, 165, 195)
    # 20 + 30; the antes are the only pot yet: Cy's bet is said apart until it is matched
    expect(page.locator(".pots h2")).to_have_text(words("In the pot: 50 for Ann, Bo, Cy and Di"))
    expect(page.locator(".pots .unmatched")).to_have_text(words("Cy’s bet not matched yet: 30"))
    shoot(page, "02-bet-pending")
    note("02-bet-pending", "pots while Cy's bet of 30 is unanswered: "
         + " | ".join(page.locator(".pots li").all_inner_texts()))
    game.tap("Call 30")  # Di: 165 left
    game.expect_turn(ANN, "Ann to act: 30 to call · 195 chips left · interval 1 of 2",
                     ["Call 30", "Fold", "All-in 195"], amount="Raise to (60 to 195)")
    game.tap("Fold")
    # Bo checked before the bet; check-raise is allowed, so he may still raise.
    game.expect_turn(BO, "Bo to act: 30 to call · 195 chips left · interval 1 of 2",
                     ["Call 30", "Fold", "All-in 195"], amount="Raise to (60 to 195)")
    game.tap("Fold")
    # Interval 1 over: Ann 5 (folded), Bo 5 (folded), Cy 35, Di 35: one pot of 80 for Cy and Di.
    game.expect_turn(CY, "Cy to act · 165 chips left · interval 2 of 2",
                     ["Check", "All-in 165"], amount="Bet (1 to 165)")
    game.expect_stacks(195, 195, 165, 165)
    game.expect_pots(80, (80, (CY, DI)))
    game.expect_put("Ann put in 5 (folded); Bo put in 5 (folded); Cy put in 35; Di put in 35")
    game.wager("Bet", 50)  # Cy: 165 - 50 = 115 left
    # Di owes 50: a raise is 100 to 165.
    game.expect_turn(DI, "Di to act: 50 to call · 165 chips left · interval 2 of 2",
                     ["Call 50", "Fold", "All-in 165"], amount="Raise to (100 to 165)")
    game.tap("Fold")


def deal_1_is_won_unseen(page, game):
    """Won unseen: Cy's 50 nobody called goes back to him, and the pot of 80 is his."""
    # Cy 115 + 50 + 80 = 245; Ann 195, Bo 195, Di 165 (total 800).
    expect(game.status).to_have_text(words("Next deal: Bo deals."))
    game.expect_stacks(195, 195, 245, 165)
    expect(game.last_deal.locator("h2")).to_have_text("Deal 1")
    # who won it, and how much, in words; the uncalled bet said going back
    expect(game.last_deal.locator(".paid li")).to_have_text(
        [words("Cy won the pot of 80 unseen: everyone else folded"),
         words("Returned to Cy: 50 (nobody matched it)")])
    # "Who won what" counts the chips that came back to Cy: the pot of 80 and his uncalled 50.
    won_1 = game.last_deal.locator(".changes")
    # each seat's gain or loss on the deal: the antes lost, Cy up 45 (the pot of 80 less his 35)
    expect(won_1).to_have_text(words("On the deal: Ann −5 · Bo −5 · Cy +45 · Di −35"))
    shoot(page, "03-won-unseen")
    note("03-won-unseen", f"deal 1 won line: {won_1.inner_text()!r} (Cy won a pot of 80, "
         "took back his uncalled 50: net +50 on the deal)")

    # ============================================================================================


def deal_2_an_all_in_for_less_than_the_bet(page, game):
    """Deal 2 (Bo deals): an all-in for less than the bet: a main pot and a side pot."""
    # Antes 5: Ann 190, Bo 190, Cy 240, Di 160; 20 in. Cy (Bo's left) first.
    page.get_by_role("button", name="Deal", exact=True).tap()
    expect(game.status).to_have_text(words("Deal 2: Bo dealt. Cy to act."))
    game.expect_stacks(190, 190, 240, 160)
    game.expect_turn(CY, "Cy to act · 240 chips left · interval 1 of 2",
                     ["Check", "All-in 240"], amount="Bet (1 to 240)")
    game.wager("Bet", 40)  # Cy 200 left
    game.expect_turn(DI, "Di to act: 40 to call · 160 chips left · interval 1 of 2",
                     ["Call 40", "Fold", "All-in 160"], amount="Raise to (80 to 160)")
    game.tap("Call 40")  # Di 120 left
    game.expect_turn(ANN, "Ann to act: 40 to call · 190 chips left · interval 1 of 2",
                     ["Call 40", "Fold", "All-in 190"], amount="Raise to (80 to 190)")
    game.wager("Raise to", 180)  # Ann puts in 180 (a raise of 140): 10 left
    # Bo owes 180 of his 190; the least raise, 180 + 140 = 320, is beyond him: no raise field.
    game.expect_turn(BO, "Bo to act: 180 to call · 190 chips left · interval 1 of 2",
                     ["Call 180", "Fold", "All-in 190"])
    game.tap("Fold")
    # Cy owes 180 - 40 = 140 of his 200 (a raise would be 280: beyond him).
    game.expect_turn(CY, "Cy to act: 140 to call · 200 chips left · interval 1 of 2",
                     ["Call 140", "Fold", "All-in 200"])
    game.tap("Call 140")  # Cy 60 left
    # Di owes 140 but has 120: no call, only fold or all-in for less.
    game.expect_turn(DI, "Di to act: 140 to call · 120 chips left · interval 1 of 2",
                     ["Fold", "All-in 120"])
    game.tap("All-in 120")
    # In: Ann 185, Bo 5 (folded), Cy 185, Di 165 (all in) = 540.
    # Main pot, up to 165 a seat: 165 + 5 + 165 + 165 = 500, for Ann, Cy and Di;
    # side pot 1, above 165: 20 + 20 = 40, for Ann and Cy (Di cannot win it).
    game.expect_pots(540, (500, (ANN, CY, DI)), (40, (ANN, CY)))
    game.expect_put("Ann put in 185; Bo put in 5 (folded); Cy put in 185; Di put in 165 (all in)")
    game.expect_stacks(10, 190, 60, 0)
    # Interval 2: Cy (60) and Ann (10) may still bet; Di is all in.
    game.expect_turn(CY, "Cy to act · 60 chips left · interval 2 of 2",
                     ["Check", "All-in 60"], amount="Bet (1 to 60)")
    shoot(page, "04-side-pot")
    game.wager("Bet", 20)  # Cy 40 left
    game.expect_turn(ANN, "Ann to act: 20 to call · 10 chips left · interval 2 of 2",
                     ["Fold", "All-in 10"])
    game.tap("All-in 10")  # Ann 0 left: 10 of Cy's 20 is not called


def deal_2_shows_down_a_main_and_a_side_pot(page, game):
    """The betting is over: the showdown of Ann, Cy and Di (Bo folded)."""
    expect(game.status).to_have_text(words("Deal 2: Bo dealt. Showdown."))
    # 540 + 20 + 10 put in, but Cy's 10 that Ann's all-in for 10 could not match goes back
    # to him: it is in no pot. Main pot 500 for Ann, Cy, Di; side pot 40 + 10 + 10 = 60.
    game.expect_pots(560, (500, (ANN, CY, DI)), (60, (ANN, CY)))
    expect(page.locator(".pots .returned")).to_have_text(words("Returned to Cy: 10 (nobody matched it)"))
    showdown = page.locator("form", has=page.get_by_role("button", name="Pay the pots"))
    expect(showdown.locator("input.word")).to_have_count(3)
    expect(showdown.locator("label[for^='word-']")).to_have_text(["Ann", "Cy", "Di"])
    # WAXWORK: W10 A1 X10 W10 O1 R3 K3 = 38;  QUICKEN: Q20 U1 I1 C3 K3 E1 N3 = 32;
    # JAZZIER: J20 A1 Z20 Z20 I1 E1 R3 = 66.
    tap_and_type(showdown.get_by_label("Ann"), "waxwork")
    tap_and_type(showdown.get_by_label("Cy"), "QUICKEN")
    tap_and_type(showdown.get_by_label("Di"), "jazzier")
    shoot(page, "05-showdown-form")
    note("05-showdown-form", "pots on the showdown form (Cy's uncalled 10 goes back to him): "
         + " | ".join(page.locator(".pots li").all_inner_texts()))
    showdown.get_by_role("button", name="Pay the pots").tap()
    # Cy's uncalled 10 goes back: in Ann 195, Bo 5, Cy 195, Di 165.
    # Main pot 165 x 3 + 5 = 500 for Ann, Cy, Di: Di's 66 is best: Di +500.
    # Side pot 30 + 30 = 60 for Ann and Cy: Ann's 38 beats Cy's 32: Ann +60.
    # Stacks: Ann 0 + 60 = 60; Bo 190; Cy 40 + 10 = 50; Di 0 + 500 = 500 (total 800).
    expect(game.status).to_have_text(words("Next deal: Cy deals."))
    game.expect_stacks(60, 190, 50, 500)
    expect(game.last_deal.locator("h2")).to_have_text("Deal 2")
    expect(game.last_deal.locator(".shown li")).to_have_text(
        [words("Ann: WAXWORK worth 38"), words("Cy: QUICKEN worth 32"), words("Di: JAZZIER worth 66")])
    expect(game.last_deal.locator(".paid li")).to_have_text(
        [words("Main pot: 500 to Di"), words("Side pot 1: 60 to Ann"),
         words("Returned to Cy: 10 (nobody matched it)")])
    # Who won what: Ann the side pot 60, Di the main pot 500; Cy's 10 nobody called came back.
    won_2 = game.last_deal.locator(".changes")
    # on the deal: Ann 195 -> 60, Bo 195 -> 190, Cy 245 -> 50, Di 165 -> 500
    expect(won_2).to_have_text(words("On the deal: Ann −135 · Bo −5 · Cy −195 · Di +335"))
    shoot(page, "06-after-showdown")
    note("06-after-showdown", f"deal 2 won line: {won_2.inner_text()!r}")

    # ============================================================================================


def deal_3_a_bet_beyond_the_stack_is_refused(page, game):
    """Deal 3 (Cy deals): a bet beyond the stack refused, then a tie of wild-card words."""
    # Antes 5: Ann 55, Bo 185, Cy 45, Di 495; 20 in. Di (Cy's left) first.
    page.get_by_role("button", name="Deal", exact=True).tap()
    expect(game.status).to_have_text(words("Deal 3: Cy dealt. Di to act."))
    game.expect_stacks(55, 185, 45, 495)
    game.expect_pots(20, (20, (ANN, BO, CY, DI)))
    game.expect_turn(DI, "Di to act · 495 chips left · interval 1 of 2",
                     ["Check", "All-in 495"], amount="Bet (1 to 495)")
    game.tap("Check")
    game.expect_turn(ANN, "Ann to act · 55 chips left · interval 1 of 2",
                     ["Check", "All-in 55"], amount="Bet (1 to 55)")
    game.tap("Check")
    game.expect_turn(BO, "Bo to act · 185 chips left · interval 1 of 2",
                     ["Check", "All-in 185"], amount="Bet (1 to 185)")
    # Bo tries to bet 250, more than his 185: refused, with the reason, nothing saved.
    game.wager("Bet", 250)
    reason = page.locator("p.error", has_text="A bet here is 1 to 185 chips.")
    expect(reason).to_be_visible()
    shoot(page, "07-refused-bet")
    top = reason.bounding_box()["y"]
    note("07-refused-bet", f"after the refusal: scrollY {page.evaluate('scrollY')}; the reason's "
         f"top at {round(top)} px in an 844 px viewport: "
         f"{'in view' if 0 <= top < 844 else 'OUT OF VIEW'}; the amount field now reads "
         f"{page.locator('#amount-bet').input_value()!r}")
    assert 0 <= top < 844, "the refusal's reason is out of view"
    expect(page.locator(".poker-act .to-act")).to_contain_text("Bo to act")
    game.wager("Bet", 25)  # Bo 160 left
    game.expect_turn(CY, "Cy to act: 25 to call · 45 chips left · interval 1 of 2",
                     ["Call 25", "Fold", "All-in 45"])  # a raise: 50 or more, beyond his 45
    game.expect_stacks(55, 160, 45, 495)
    game.tap("Call 25")  # Cy 20 left
    # Di checked before Bo's bet: she may still call (or raise: 50 to 495).
    game.expect_turn(DI, "Di to act: 25 to call · 495 chips left · interval 1 of 2",
                     ["Call 25", "Fold", "All-in 495"], amount="Raise to (50 to 495)")
    game.tap("Call 25")  # Di 470 left
    game.expect_turn(ANN, "Ann to act: 25 to call · 55 chips left · interval 1 of 2",
                     ["Call 25", "Fold", "All-in 55"], amount="Raise to (50 to 55)")
    game.tap("Fold")
    # In: Ann 5 (folded), Bo 30, Cy 30, Di 30 = 95: one pot, for Bo, Cy and Di.
    game.expect_pots(95, (95, (BO, CY, DI)))
    # The refused bet of 250 left no trace: the actions so far, as the board lists them.
    expect(page.locator(".deal-so-far .actions-so-far")).to_have_text(
        words("Di checks · Ann checks · Bo bets 25 · Cy calls 25 · Di calls 25 · Ann folds"))
    game.expect_stacks(55, 160, 20, 470)


def deal_3_ends_in_a_tie_of_wild_card_words(page, game):
    """Interval 2: everyone checks (Di, then Bo, then Cy)."""
    game.expect_turn(DI, "Di to act · 470 chips left · interval 2 of 2",
                     ["Check", "All-in 470"], amount="Bet (1 to 470)")
    game.tap("Check")
    game.expect_turn(BO, "Bo to act · 160 chips left · interval 2 of 2",
                     ["Check", "All-in 160"], amount="Bet (1 to 160)")
    game.tap("Check")
    game.expect_turn(CY, "Cy to act · 20 chips left · interval 2 of 2",
                     ["Check", "All-in 20"], amount="Bet (1 to 20)")
    game.tap("Check")
    expect(game.status).to_have_text(words("Deal 3: Cy dealt. Showdown."))
    showdown = page.locator("form", has=page.get_by_role("button", name="Pay the pots"))
    expect(showdown.locator("label[for^='word-']")).to_have_text(["Bo", "Cy", "Di"])
    # QUI?ZES (a wild for the first Z): Q20 U1 I1 ?0 Z20 E1 S3 = 46;
    # JA?ZIER (a wild for a Z): J20 A1 ?0 Z20 I1 E1 R3 = 46; QUOTA has 5 letters: 0.
    # (Two Zs and two wilds in all, two Qs: one deck holds them.)
    tap_and_type(showdown.get_by_label("Bo"), "qui?zes")
    tap_and_type(showdown.get_by_label("Cy"), "quota")
    tap_and_type(showdown.get_by_label("Di"), "JA?ZIER")
    # each word valued as it is typed; the short one says why it is worth 0
    expect(page.locator("#points-1")).to_have_text(words("46 pts"))
    expect(page.locator("#points-3")).to_have_text(words("46 pts"))
    expect(page.locator("#note-2")).to_have_text("QUOTA has 5 letters, not 7: worth 0.")
    shoot(page, "08-showdown-wilds")
    showdown.get_by_role("button", name="Pay the pots").tap()
    # Bo and Di tie at 46: the pot of 95 splits 47 / 48, the odd chip to the first winner
    # clockwise from the dealer's (Cy's) left: Di. Di 470 + 48 = 518; Bo 160 + 47 = 207;
    # Cy 20; Ann 55 (total 800).
    expect(game.status).to_have_text(words("Next deal: Di deals."))
    game.expect_stacks(55, 207, 20, 518)
    expect(game.last_deal.locator(".shown li")).to_have_text(
        [words("Bo: QUI?ZES worth 46"), words("Cy: QUOTA worth 0"), words("Di: JA?ZIER worth 46")])
    # the split said: between how many, each share, and who had the odd chip, and why
    expect(game.last_deal.locator(".paid li")).to_have_text(
        [words("The pot: 95 split between Di and Bo: Di 48, Bo 47; the odd chip to Di, "
               "the first of them clockwise from the dealer’s left")])
    won_3 = game.last_deal.locator(".changes")
    # on the deal: Ann 60 -> 55, Bo 190 -> 207, Cy 50 -> 20, Di 500 -> 518 (Cy's QUOTA: 0)
    expect(won_3).to_have_text(words("On the deal: Ann −5 · Bo +17 · Cy −30 · Di +18"))
    shoot(page, "09-after-tie")
    note("09-after-tie", f"deal 3 won line: {won_3.inner_text()!r}")


def test_three_deals_of_zoot_poker_unseen_side_pot_and_showdown(page):
    game = Poker(page)
    start_a_game_of_zoot_poker(page, game)
    deal_1_a_bet_nobody_calls(page, game)
    deal_1_is_won_unseen(page, game)
    deal_2_an_all_in_for_less_than_the_bet(page, game)
    deal_2_shows_down_a_main_and_a_side_pot(page, game)
    deal_3_a_bet_beyond_the_stack_is_refused(page, game)
    deal_3_ends_in_a_tie_of_wild_card_words(page, game)


# ================================================================================================
# The scorekeeper's phone during the betting: a tap a turn, so the buttons come first.

PHONE_HEIGHT = 844
SHOTS_390 = Path("/tmp/poker-shots")


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not on the page"
    return found


def on_screen(locator) -> bool:
    """Wholly within the phone's screen as it is scrolled now."""
    b = box(locator)
    return b["y"] >= 0 and b["y"] + b["height"] <= PHONE_HEIGHT


def views(page, name: str) -> None:
    """The screen as the phone shows it, light and dark."""
    SHOTS_390.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SHOTS_390 / f"{name}-{scheme}.png"), caret="initial")
    page.emulate_media(color_scheme="light")


def test_the_betting_buttons_are_on_the_first_screen_above_the_chart_and_the_void(page):
    """Four players, 200 chips, ante 5; Ann deals. Deal 1 is won unseen (so the chart has a
    deal to draw); in deal 2 the buttons of the seat to act are on the first screen at
    390x844, above the chart and the deal's Void (behind its summary), and the box marked
    is the seat to act, said "to act"; the chip leader is said in words, not marked."""
    game = Poker(page)
    phone.Table(page).new_game("poker", NAMES)
    page.get_by_role("button", name="Deal", exact=True).tap()
    game.wager("Bet", 30)  # Bo
    for _ in range(3):  # Cy, Di, Ann fold: Bo wins the antes unseen
        phone.Table(page).settled()
        game.tap("Fold")
    expect(game.status).to_have_text(words("Next deal: Bo deals."))
    views(page, "poker-results-unseen")

    page.get_by_role("button", name="Deal", exact=True).tap()  # deal 2: Bo deals, Cy first
    phone.Table(page).settled()
    game.expect_turn(CY, "Cy to act · 190 chips left · interval 1 of 2",
                     ["Check", "All-in 190"], amount="Bet (1 to 190)")
    assert page.evaluate("scrollY") == 0
    buttons = page.locator(".poker-act button, .poker-act input:not([type=hidden])")
    for i in range(buttons.count()):
        assert on_screen(buttons.nth(i)), f"{buttons.nth(i).inner_text() or 'the amount'} is below the screen"
    last = max(box(buttons.nth(i))["y"] + box(buttons.nth(i))["height"] for i in range(buttons.count()))
    assert box(page.locator(".chart"))["y"] > last, "the chart is above the betting buttons"
    void = page.locator("summary", has_text="Void this deal")
    assert box(void)["y"] > last, "Void this deal is above the betting buttons"
    expect(page.get_by_role("button", name="Void deal 2")).to_be_hidden()  # behind its summary
    # the box marked is Cy's, and says so; Bo has the most chips, said in words, not marked
    expect(page.locator(".totals li.acting")).to_have_text(words("Cy 190 to act"))
    expect(page.locator(".totals li.leader")).to_have_count(0)
    expect(page.locator(".totals li", has_text="Bo")).to_have_text(words("Bo 210 most chips"))
    views(page, "poker-mid-deal")
    phone.shoot(page, "poker-mid-deal-whole", folder=SHOTS_390)


def test_after_an_action_the_phone_stays_on_the_betting_buttons(page):
    """The scorekeeper has the page a little down, the buttons at hand; after each tap the
    page that answers is where the phone was: no jump to the top."""
    game = Poker(page)
    phone.Table(page).new_game("poker", NAMES)
    page.get_by_role("button", name="Deal", exact=True).tap()
    phone.Table(page).settled()
    game.expect_turn(BO, "Bo to act · 195 chips left · interval 1 of 2",
                     ["Check", "All-in 195"], amount="Bet (1 to 195)")
    buttons = page.locator(".poker-act .toggles button")
    for seat, action, then in ((BO, "Check", CY), (CY, "Check", DI)):
        page.evaluate("window.scrollTo(0, 150)")
        assert page.evaluate("scrollY") == 150
        where = box(game.to_act)["y"]
        game.tap(action)
        expect(game.to_act).to_contain_text(f"{NAMES[then]} to act")
        phone.Table(page).settled()
        assert page.evaluate("scrollY") == 150, f"the page jumped after {NAMES[seat]}'s {action}"
        assert abs(box(game.to_act)["y"] - where) < 60, "the betting buttons moved away"
        for i in range(buttons.count()):
            assert on_screen(buttons.nth(i))
    expect(page.locator(".totals li.acting")).to_have_text(words("Di 195 to act"))


def bo_all_in_to_a_showdown(page) -> Poker:
    """A new game's first deal: Bo all in, Cy calls, Di and Ann fold, each by a tap: the
    showdown between Bo and Cy."""
    game = Poker(page)
    phone.Table(page).new_game("poker", NAMES)
    page.get_by_role("button", name="Deal", exact=True).tap()
    for action in ("All-in 195", "Call 195", "Fold", "Fold"):  # Bo, Cy, Di, Ann
        phone.Table(page).settled()
        game.tap(action)
    return game


def test_each_showdown_word_is_valued_on_the_phone_as_it_is_typed(page):
    """Bo all in, Cy calls, Di and Ann fold: the showdown, reached by the last tap. Each word
    shows its value (from the server, the htmx preview FOOT!'s form uses) as it is typed, a
    word still short says so, and the pot is paid as the preview said. Then the results, as
    the phone shows them, light and dark."""
    game = bo_all_in_to_a_showdown(page)
    expect(game.status).to_have_text(words("Deal 1: Ann dealt. Showdown."))
    word = page.locator("#word-1")
    word.tap()
    word.press_sequentially("jaz", delay=40)  # Bo, still typing
    expect(page.locator("#points-1")).to_have_text(words("0 pts"))
    expect(page.locator("#note-1")).to_have_text("JAZ has 3 letters, not 7: worth 0.")
    word.press_sequentially("zier", delay=40)  # JAZZIER: 20+1+20+20+1+1+3 = 66
    expect(page.locator("#points-1")).to_have_text(words("66 pts"))
    expect(page.locator("#note-1")).to_have_text("")
    expect(word).to_have_value("jazzier")
    page.locator("#word-2").tap()
    page.locator("#word-2").press_sequentially("QUOTING", delay=40)  # Q20 U1 O1 T3 I1 N3 G3 = 32
    expect(page.locator("#points-2")).to_have_text(words("32 pts"))
    views(page, "poker-showdown")
    page.get_by_role("button", name="Pay the pots").last.tap()
    # 5 + 200 + 200 + 5 = 410, one pot for Bo and Cy: Bo's 66 takes it
    expect(game.status).to_have_text(words("Next deal: Bo deals."))
    game.expect_stacks(195, 410, 0, 195)
    expect(game.last_deal.locator(".paid li")).to_have_text([words("The pot: 410 to Bo")])
    views(page, "poker-results-showdown")


def test_after_a_deal_is_paid_the_next_deal_is_on_the_first_screen(page):
    """Bo all in, Cy calls, Di and Ann fold: a showdown, paid. The scorekeeper's next tap is
    Deal: it is on the first screen at 390x844, above the last deal's results, which are still
    there to read below it."""
    game = bo_all_in_to_a_showdown(page)
    page.locator("#word-1").fill("JAZZIER")  # 66
    page.locator("#word-2").fill("QUOTING")  # 32
    page.get_by_role("button", name="Pay the pots").last.tap()
    expect(game.status).to_have_text(words("Next deal: Bo deals."))
    phone.Table(page).settled()
    page.evaluate("window.scrollTo(0, 0)")
    deal = page.get_by_role("button", name="Deal", exact=True)
    assert on_screen(deal), f"Deal is below the first screen (its top at {round(box(deal)['y'])} px)"
    assert box(game.last_deal)["y"] > box(deal)["y"], "the last deal's results are above Deal"
    # the results are still all there, below
    expect(game.last_deal.locator(".shown li")).to_have_text(
        [words("Bo: JAZZIER worth 66"), words("Cy: QUOTING worth 32")])
    expect(game.last_deal.locator(".paid li")).to_have_text([words("The pot: 410 to Bo")])
    expect(game.last_deal.locator(".changes")).to_be_visible()
    views(page, "poker-next-deal")
    phone.shoot(page, "poker-next-deal-whole", folder=SHOTS_390)


# ================================================================================================
# Two phones keep score: the last deal's card on each follows what the other records.

def test_the_last_deal_follows_what_the_other_scorekeepers_phone_records(page, new_phone):
    """Both phones keep score. On the first, Bo's word is typed at the showdown when the
    second phone pays the pots: the first phone keeps what was typed (and says the game
    changed), and its last deal's card shows the deal the other phone ended, as its
    scoreboard does. Then the second phone deals and Di's bet is won unseen: the first
    phone's card shows that deal, not the one before."""
    one = Poker(page)
    url = phone.Table(page).new_game("poker", NAMES)
    code = phone.hand_over(page, "Both phones keep score")
    other = new_phone("second scorekeeper")
    phone.type_code(other, phone.as_typed(code))
    other.get_by_role("button", name="Keep score here").tap()
    expect(other).to_have_url(url)
    two = Poker(other)
    page.goto(url)

    two_table = phone.Table(other)
    other.get_by_role("button", name="Deal", exact=True).tap()
    for action in ("All-in 195", "Call 195", "Fold", "Fold"):  # Bo, Cy, Di, Ann
        two_table.settled()
        two.tap(action)
    expect(one.status).to_have_text(words("Deal 1: Ann dealt. Showdown."))  # followed
    page.locator("#word-1").fill("JAZZ")  # the first phone starts typing Bo's word

    other.locator("#word-1").fill("JAZZIER")  # 66
    other.locator("#word-2").fill("QUOTING")  # 32
    other.get_by_role("button", name="Pay the pots").last.tap()
    expect(two.status).to_have_text(words("Next deal: Bo deals."))
    expect(one.status).to_have_text(words("Next deal: Bo deals."))
    expect(page.locator("#word-1")).to_have_value("JAZZ")  # what was typed is kept
    expect(one.last_deal).to_have_count(1)
    expect(one.last_deal.locator("h2")).to_have_text(words("Deal 1"))
    expect(one.last_deal.locator(".paid li")).to_have_text([words("The pot: 410 to Bo")])
    views(page, "poker-two-phones-showdown-paid-elsewhere")
    phone.shoot_light_and_dark(page, "poker-last-deal-paid-elsewhere", folder=Path("/tmp/finish42-shots"))

    # the first phone reloads (its typing dropped); the second deals, Di bets and Ann and Bo
    # fold: Di wins unseen
    page.goto(url)
    expect(one.last_deal.locator("h2")).to_have_text(words("Deal 1"))
    other.get_by_role("button", name="Deal", exact=True).tap()
    two_table.settled()
    expect(two.status).to_contain_text("Di to act.")  # Cy, out of chips, sits out
    two.wager("Bet", 10)
    for action in ("Fold", "Fold"):  # Ann, Bo
        two_table.settled()
        two.tap(action)
    expect(two.status).to_contain_text("Next deal:")
    expect(one.status).to_have_text(two.status.inner_text())
    expect(one.last_deal).to_have_count(1)
    expect(one.last_deal.locator("h2")).to_have_text(words("Deal 2"))
    expect(one.last_deal).to_contain_text("unseen")
    phone.shoot_light_and_dark(page, "poker-last-deal-won-unseen-elsewhere", folder=Path("/tmp/finish42-shots"))
