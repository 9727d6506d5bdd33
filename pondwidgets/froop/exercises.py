"""Froop! probability exercises: exact answers by counting cards and the places they fit
(with ``Fraction``), checkers, and simulations with the rules model.

Each exercise has

- an exact answer computed here, never typed in as a number: the deck counted symbol by
  symbol, and the places a card fits found by this module's own small search over the
  cells (:func:`fits`), independent of the rules model's index of patterns — or, where no
  formula gives it (bots playing whole games), an estimate from a large seeded
  simulation, with a tolerance, shipped as a constant (:data:`LENGTH_ESTIMATE`: a test
  marked ``slow`` plays the games again and compares);
- a checker, ``check_<name>(answer)``, that shows feedback and returns a ``Verdict``;
- a simulation that deals or plays seeded games with the rules model itself
  (:class:`~pondwidgets.froop.FroopGame`), one sample per game, ready for
  :func:`pondwidgets.core.exercises.plot_convergence`, and its one game alone,
  ``<name>_trial(game_seed)`` in ``simulations.py``, for a class's experiments
  (``experiments.py``).

The exact answers and the simulations are computed apart: the counts read only the
cards and the rule "a card covers at least two visible symbols, each matching"; the
simulations let the rules model shuffle, deal and decide what is legal. When both agree,
both are right.

Exercises 2 and 3 come in steps a student can follow without writing the whole loop:
one pair of cards (:func:`places`), one starting card (the student's own
``count_fitting``, checked by :func:`check_count_fitting`, over :func:`other_cards`),
then every starting card, with :func:`fitting_cards` doing the tedious count; and a hand
of two cards (:func:`no_fit_exact`, checked by ``check_pair_draw``) before a hand of 7.

The notebooks are ``notebooks/froop/03-probability.ipynb`` (students) and
``notebooks/solutions/froop-03-probability.ipynb`` (teachers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb
from typing import Any

from ..core.arguments import checked, items, optional, rule, whole
from ..core.errors import BadArgument, brief
from ..core.exercises import (
    Exercise,
    Feedback,
    Verdict,
    bar_chart,
    confidence_interval,
    interval_text,
)
from ..core.words import listed
from .cards import CARDS, HAND_SIZE, laid_argument, letters_argument, name_of
from .lessons import SIX
from .simulations import (
    AGAIN_HAND,
    AGAIN_POSITION,
    LENGTH_ESTIMATE,
    REFERENCE_GAMES,
    again_trials,
    first_draw_trials,
    length_estimate,
    length_games,
    match_comparison,
    start_fits_trials,
)

__all__ = [
    "AGAIN_HAND", "AGAIN_POSITION", "EXAMPLE_START", "EXERCISES", "LENGTH_ESTIMATE", "SYMBOLS",
    "BlankLeft", "___", "again_exact", "again_trials", "arrangements", "bar_chart",
    "card_then_place_exact", "check_count_fitting", "check_deck_size", "check_first_draw",
    "check_game_length", "check_pair_draw", "check_play_again", "check_start_fits",
    "check_three_symbols", "confidence_interval", "count_feedback", "deck", "deck_size_exact",
    "first_draw_exact", "first_draw_trials", "fits", "fitting_cards", "interval_text",
    "length_estimate", "length_games", "match_comparison", "match_exact", "no_fit_exact",
    "other_cards", "picture", "places", "start_fits_exact", "start_fits_trials",
    "three_symbols_exact"
]

SYMBOLS = "BFHS"  # bat wing, flower, heart, smiley
DECK = len(CARDS)  # 84
# The arguments' checks (BadArgument naming the argument), shared by the helpers below.
FROOP = rule(items, laid_argument, 1, 10_000, "a list of cards as laid")
CELL = rule(whole, -10**6, 10**6, "a cell's column or row, a whole number")


def _cells_argument(value: Any, name: str, some: bool = False) -> dict:
    """Visible cells as :func:`picture` gives them: ``{(x, y): symbol}`` (``some``: at
    least one)."""
    if not isinstance(value, dict) or (some and not value) or not all(
            isinstance(k, tuple) and len(k) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in k)
            and isinstance(s, str) and len(s) == 1 for k, s in value.items()):
        raise BadArgument(f"{name} is the visible cells, {{(x, y): symbol}} as picture() "
                          f"gives them{' (one or more)' * some}, not {brief(value)}")
    return value


# -- Blanks to fill in ----------------------------------------------------------------------------
class BlankLeft(Exception):
    """A blank ``___`` was used before it was filled in."""


class _Blank:
    """``___``: a blank in a notebook's code, for the student to fill in. The code around
    it runs, so the notebook runs clean; any use of the blank itself (a sum, a count, a
    division, a test) stops with words saying what to do, not a puzzling error."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "___ (a blank to fill in)"

    def _stop(self, *args: Any) -> Any:
        raise BlankLeft("a blank ___ is still in the code: fill it in, run its cell again, "
                        "then run this one")

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _stop
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = _stop
    __index__ = __int__ = __float__ = __bool__ = __iter__ = __len__ = _stop


___ = _Blank()


def _has_blank(fn: Any) -> bool:
    """Whether ``fn``'s own code (or a function defined inside it) uses ``___``."""
    codes = [getattr(fn, "__code__", None)]
    while codes:
        code = codes.pop()
        if code is None:
            continue
        if "___" in code.co_names:
            return True
        codes += [c for c in code.co_consts if hasattr(c, "co_names")]
    return False


# -- 1. Why 84 cards? ------------------------------------------------------------------------
@checked(symbols=optional(rule(whole, 1, 4, "a number of symbols")))
def arrangements(symbols: int | None = None) -> list[str]:
    """Every way to fill the 2 × 2 cells of a card, in reading order, with the four
    symbols (4⁴ = 256 in all), keeping those that use exactly ``symbols`` different
    symbols (None: every one)."""
    every = ("".join(cells) for cells in product(SYMBOLS, repeat=4))
    return [a for a in every if symbols is None or len(set(a)) == symbols]


def three_symbols_exact() -> int:
    """How many arrangements use exactly three different symbols, by counting choices: the
    symbol that appears twice (4 ways), the two others (3 pairs of the 3 left), the two
    cells the double takes (C(4, 2) = 6), and the order of the two others (2)."""
    return 4 * 3 * comb(4, 2) * 2


def deck_size_exact() -> int:
    """How many cards: the arrangements with at least three symbols (4! with four, and
    :func:`three_symbols_exact` with three), each card being two of them — itself and its
    180° turn, never the same (that needs the top-left to equal the bottom-right and the
    top-right the bottom-left: at most two symbols)."""
    return (24 + three_symbols_exact()) // 2


def deck() -> list[str]:
    """The deck built from the arrangements: each with at least three symbols, named by the
    smaller (alphabetically) of it and its 180° turn, once. The same list as ``CARDS``."""
    names = {min(a, a[::-1]) for a in arrangements() if len(set(a)) >= 3}
    return sorted(names)


# -- Where a card fits: this module's own search ----------------------------------------------
def _cells(letters: str, x: int, y: int) -> dict[tuple[int, int], str]:
    return {(x, y): letters[0], (x + 1, y): letters[1], (x, y + 1): letters[2],
            (x + 1, y + 1): letters[3]}


@checked(froop=FROOP)
def picture(froop: Sequence) -> dict[tuple[int, int], str]:
    """The visible cells of a Froop (cards as laid, ``(letters, x, y)``, in order): the last
    card over a cell shows its symbol."""
    cells: dict[tuple[int, int], str] = {}
    for letters, x, y in froop:
        cells.update(_cells(letters, x, y))
    return cells


@checked(cells=_cells_argument, letters=letters_argument, x=CELL, y=CELL)
def fits(cells: dict, letters: str, x: int, y: int) -> int:
    """How many symbols ``letters`` matches laid at ``x, y`` on the visible ``cells``: 2 to
    4, or 0 when it may not lie there (fewer than two covered, or one that differs)."""
    covered = 0
    for cell, symbol in _cells(letters, x, y).items():
        shown = cells.get(cell)
        if shown is not None:
            if shown != symbol:
                return 0
            covered += 1
    return covered if covered >= 2 else 0


_fits = fits.__wrapped__  # unchecked, for the loops below: their arguments are their own


@checked(cells=rule(_cells_argument, True), card=letters_argument)
def places(cells: dict, card: str) -> list[tuple[str, int, int, int]]:
    """Every place ``card`` fits, either way up: ``(letters as laid, x, y, match)``. Only the
    blocks touching the visible cells can cover two of them."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    found = []
    for letters in (card, card[::-1]):
        for x in range(min(xs) - 1, max(xs) + 1):
            for y in range(min(ys) - 1, max(ys) + 1):
                match = _fits(cells, letters, x, y)
                if match:
                    found.append((letters, x, y, match))
    return found


_places = places.__wrapped__


@checked(start=letters_argument)
def other_cards(start: str) -> list[str]:
    """The 83 cards other than ``start`` (spelled either way up), by name: the cards a
    player may hold when ``start`` starts the Froop."""
    return [card for card in CARDS if card != name_of(start)]


@checked(start=letters_argument)
@cache
def fitting_cards(start: str) -> int:
    """How many of the 83 other cards fit somewhere on a Froop of the single card
    ``start`` (as laid at 0,0), either way up: what a student's ``count_fitting`` counts
    (:func:`check_count_fitting`), remembered once counted."""
    cells = _cells(start, 0, 0)
    return sum(1 for card in other_cards.__wrapped__(start) if _places(cells, card))


# The starting card of exercises 2 and 3's small steps: one starting card before all 84.
EXAMPLE_START = "HSBF"
# The student's count_fitting is tried on these: the example, a card of the other kind
# (30 fit it, 33 fit HSBF) and one spelled by its name.
_COUNT_TRIES = (EXAMPLE_START, "BBFH", "BFHS")


def count_feedback(fn: Any = None) -> Feedback:
    """The :class:`Feedback` on a student's ``count_fitting(start)`` (how many of the 83
    other cards fit the starting card ``start``), without showing it: it is tried on a few
    starting cards and compared with :func:`fitting_cards`."""
    if fn is None or fn is Ellipsis:
        return Feedback("unanswered", "Not answered yet: fill in the blank ___ in "
                        "count_fitting above, run that cell, then run this one again.")
    if not callable(fn):
        return Feedback("wrong", f"{brief(fn)} is not a function: pass the function itself, "
                        f"check_count_fitting(count_fitting), without brackets after its name.")
    blank = Feedback("unanswered", "Not answered yet: count_fitting still has a blank ___. "
                     "Fill it in, run that cell, then run this one again.")
    if _has_blank(fn):
        return blank
    for start in _COUNT_TRIES:
        try:
            got = fn(start)
        except BlankLeft:
            return blank
        except Exception as err:  # the student's own code: say what it raised
            return Feedback("wrong", f"count_fitting({start!r}) stopped with an error: "
                            f"{type(err).__name__}: {brief(err)}")
        right = fitting_cards(start)
        if isinstance(got, bool) or not isinstance(got, int):
            return Feedback("wrong", f"count_fitting({start!r}) gave {brief(got)}: it should "
                            f"give a whole number, how many cards fit.")
        if got == right:
            continue
        froop = _cells(start, 0, 0)
        if got == right + 1:
            hint = ("did it count the starting card itself? other_cards(start) leaves it "
                    "out.")
        elif got == sum(len(_places(froop, card)) for card in other_cards.__wrapped__(start)):
            hint = "it counts places: count each card once, however many places it fits."
        else:
            hint = ("a card fits when places(froop, card) lists at least one place: add 1 "
                    "for each such card.")
        return Feedback("wrong", f"Not quite: count_fitting({start!r}) gave {got}, and that "
                        f"is not how many of the 83 other cards fit {start}.\nHint: {hint}")
    return Feedback("correct", f"Correct! count_fitting agrees with the package's "
                    f"fitting_cards on {listed(list(_COUNT_TRIES))}.")


def check_count_fitting(fn: Any = None) -> Verdict:
    """Check a student's ``count_fitting(start)``: how many of the 83 other cards fit the
    starting card ``start``. Shows the feedback (:func:`count_feedback`); the verdict is
    true when it counts right."""
    feedback = count_feedback(fn)
    feedback.show()
    return Verdict(feedback.correct)


# -- 2. A card that fits the starting card -----------------------------------------------------
def start_fits_exact() -> Fraction:
    """The chance that a card, drawn at random from the 83 others, fits on the starting
    card (itself drawn at random): each of the 84 × 83 ordered pairs equally likely."""
    return Fraction(sum(fitting_cards(start) for start in deck()), DECK * (DECK - 1))


# -- 3. Drawing on the first turn --------------------------------------------------------------
HAND = rule(whole, 0, DECK - 1, "a number of cards")


@checked(start=letters_argument, hand=HAND)
def no_fit_exact(start: str = EXAMPLE_START, hand: int = 2) -> Fraction:
    """The chance that none of ``hand`` cards, dealt from the 83 others, fits the starting
    card ``start``: the hands drawn only from the 83 − k cards that do not fit (k:
    :func:`fitting_cards`), C(83 − k, hand) of the C(83, hand)."""
    return Fraction(comb(DECK - 1 - fitting_cards(start), hand), comb(DECK - 1, hand))


@checked(hand=HAND)
def first_draw_exact(hand: int = HAND_SIZE) -> Fraction:
    """The chance that none of the first player's ``hand`` cards fits the starting card, so
    that the game opens with a draw: :func:`no_fit_exact` for each starting card, averaged
    over the 84, each as likely."""
    return sum((no_fit_exact.__wrapped__(start, hand) for start in deck()), Fraction(0)) / DECK


# -- 4. Play again? -----------------------------------------------------------------------------
@checked(froop=FROOP, hand=rule(items, letters_argument, 1, DECK, "a list of cards"))
def match_exact(froop: Sequence = SIX, hand: Sequence[str] = AGAIN_HAND) -> dict[int, Fraction]:
    """The match size of one of ``hand``'s plays on ``froop`` picked at random, each legal
    play (a card, a way up and a place) equally likely: ``{2: …, 3: …, 4: …}``."""
    cells = picture(froop)
    matches = Counter(m for card in hand for *_, m in _places(cells, card))
    total = sum(matches.values())
    if not total:
        raise BadArgument(f"hand: none of {brief(hand)} fits anywhere on this froop")
    return {k: Fraction(matches[k], total) for k in (2, 3, 4)}


def again_exact() -> Fraction:
    """The chance that a play picked at random from Ada's legal plays matches 3 or 4
    symbols, so that she may play again."""
    odds = match_exact()
    return odds[3] + odds[4]


def card_then_place_exact() -> Fraction:
    """Exercise 4 read another way: Ada picks one of her cards that fit, each as likely,
    then one of its places: the chance it matches 3 or 4 symbols."""
    cells = picture(SIX)
    shares = [Fraction(sum(m >= 3 for *_, m in found), len(found))
              for found in (_places(cells, card) for card in AGAIN_HAND) if found]
    return sum(shares, Fraction(0)) / len(shares)


# -- The checkers ---------------------------------------------------------------------------------
# A hint points at the method, never at the arithmetic that gives the answer.
check_three_symbols = Exercise(
    "three_symbols", three_symbols_exact, probability=False, hints=[
        "Choose in steps: which symbol appears twice, which two others appear once, which "
        "two cells the doubled symbol takes, and how the two others fill the last two.",
        "Try one small case by hand first: list every arrangement of H, H, S and B. Each "
        "choice of one step goes with every choice of the others, so the steps multiply."])
check_deck_size = Exercise(
    "deck_size", deck_size_exact, probability=False, hints=[
        "Start from the arrangements that can be cards: those with four different symbols "
        "and those with exactly three (your last answer).",
        "Turn one card 180° and read its letters: how many of those arrangements show that "
        "one card? Can an arrangement be its own turn?"])
check_start_fits = Exercise(
    "start_fits", start_fits_exact, hints=[
        "Think of pairs: (the starting card, the other card). Every such pair is as likely: "
        "how many pairs are there, and in how many does the other card fit?",
        "Not every starting card is fitted by as many cards: add up the counts of every "
        "starting card (fitting_cards counts one), then divide by the number of pairs."],
    assumes="a random starting card, and one card picked at random from the 83 others",
    readings={f"the starting card were always {EXAMPLE_START}":
              lambda: Fraction(fitting_cards(EXAMPLE_START), DECK - 1),
              "the question were whether any one of Ada's 7 cards fits":
              lambda: 1 - first_draw_exact()})
check_pair_draw = Exercise(
    "pair_draw", no_fit_exact, hints=[
        "Deal the two cards one after the other: the first must be one of the cards that "
        "do not fit, and then so must the second, from the cards left.",
        "Multiply the two chances, or count hands with comb: the hands of two cards that "
        "do not fit, out of all the hands of two of the 83 cards."])
check_first_draw = Exercise(
    "first_draw", first_draw_exact, hints=[
        "Start with one starting card, as for the pair: Ada must draw when all 7 of her "
        "cards are among the cards that do not fit it. Count those hands with comb.",
        "The number of cards that fit is not the same for every starting card: work out the "
        "chance for each starting card, then average, each starting card as likely."],
    assumes="a random starting card, any of the 84, each as likely",
    readings={f"the starting card were always {EXAMPLE_START}":
              lambda: no_fit_exact(EXAMPLE_START, HAND_SIZE)})
check_play_again = Exercise(
    "play_again", again_exact, hints=[
        "List Ada's legal plays — each card, each way up, each place — with how many symbols "
        "each covers: click her cards on the board, or ask game.match_of(card, x, y).",
        "Every legal play is as likely: the chance is the share of her plays that match "
        "3 or 4 symbols."],
    assumes="every legal play (a card, a way up and a place) as likely as any other",
    readings={"Ada first picked one of her cards that fit, then one of its places":
              card_then_place_exact})
check_game_length = Exercise(  # (a function: "Not answered yet" then asks for a decimal)
    "game_length", lambda: LENGTH_ESTIMATE, tolerance=1.0, probability=False,
    estimate_note=f"from {REFERENCE_GAMES:,} seeded games",
    hints=["Run the simulation above and read where the blue curve settles: turns, one "
           "player's go each, not rounds.",
           "Use more games (raise GAMES): the confidence interval narrows as 1/√(games)."])

EXERCISES = {ex.name: ex for ex in (
    check_three_symbols, check_deck_size, check_start_fits, check_pair_draw,
    check_first_draw, check_play_again, check_game_length)}
