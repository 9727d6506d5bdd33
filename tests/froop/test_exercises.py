"""Froop! probability exercises (pondwidgets/froop/exercises.py): each exact answer against an
independent count and against the rules model's own legal plays and odds, the checkers'
feedback, and the simulations (reproducible, and within a stated tolerance of the exact
answers)."""

import math
from collections import Counter, defaultdict
from fractions import Fraction
from math import comb

import pytest

from pondwidgets.froop import CARDS, FroopGame
from pondwidgets.froop import exercises as ex
from pondwidgets.froop.cards import name_of

from ..support import near


def fitting_by_the_model(start: str) -> int:
    """How many of the other cards the rules model finds a legal play for on ``start``."""
    others = [c for c in CARDS if c != name_of(start)]
    game = FroopGame(2, position={"froop": [[start, 0, 0]], "hands": [others[:1], others[1:2]]},
                     seed=0)
    return sum(1 for card in others if game.placements([card]))


def test_the_exact_answers():
    assert ex.three_symbols_exact() == 144
    assert ex.deck_size_exact() == 84
    assert ex.start_fits_exact() == Fraction(219, 581)
    assert ex.first_draw_exact() == Fraction(32722340, 1037979657)
    assert ex.again_exact() == Fraction(3, 8)
    assert ex.match_exact() == {2: Fraction(5, 8), 3: Fraction(1, 4), 4: Fraction(1, 8)}


def test_the_deck_by_listing_every_arrangement():
    every = ex.arrangements()
    assert len(every) == 4 ** 4
    by_symbols = Counter(len(set(a)) for a in every)
    # one symbol: 4; two: C(4, 2) pairs, each 2^4 - 2 ways to use both; three; four: 4!
    assert by_symbols == {1: 4, 2: comb(4, 2) * (2 ** 4 - 2), 3: 144, 4: 24}
    assert len(ex.arrangements(3)) == ex.three_symbols_exact()
    assert not [a for a in every if len(set(a)) >= 3 and a == a[::-1]]  # none its own turn
    assert ex.deck() == list(CARDS) and len(CARDS) == ex.deck_size_exact()


def test_fitting_cards_agree_with_the_rules_model():
    counts = Counter(ex.fitting_cards(start) for start in CARDS)
    assert counts == {30: 48, 33: 36}
    for start in (*CARDS[::7], "HSBF"):  # a sample of starting cards, and one turned
        assert ex.fitting_cards(start) == fitting_by_the_model(start), start
    assert ex.start_fits_exact() == Fraction(30 * 48 + 33 * 36, 84 * 83)


def test_the_first_draw_by_the_two_kinds_of_starting_card():
    none_fit = (48 * Fraction(comb(53, 7), comb(83, 7))
                + 36 * Fraction(comb(50, 7), comb(83, 7))) / 84
    assert ex.first_draw_exact() == none_fit
    assert ex.first_draw_exact(hand=1) == 1 - ex.start_fits_exact()  # one card: the same


def test_the_small_steps_of_exercises_2_and_3():
    """One starting card, then a hand of two: the steps a student takes before all 84
    starting cards and a hand of 7."""
    others = ex.other_cards(ex.EXAMPLE_START)
    assert len(others) == 83 and name_of(ex.EXAMPLE_START) not in others
    assert ex.other_cards(name_of(ex.EXAMPLE_START)) == others  # either way up
    k = fitting_by_the_model(ex.EXAMPLE_START)
    assert k == ex.fitting_cards(ex.EXAMPLE_START) == 33
    # Two cards of the 83 that do not fit, dealt one after the other.
    assert ex.no_fit_exact() == Fraction(83 - k, 83) * Fraction(82 - k, 82)
    assert ex.check_pair_draw.feedback(Fraction(83 - k, 83) * Fraction(82 - k, 82))[0]
    assert ex.first_draw_exact() == sum(ex.no_fit_exact(s, 7) for s in CARDS) / 84


def count_fitting(start):
    """A student's count, as the notebook's blank is filled in."""
    froop = ex.picture([(start, 0, 0)])
    count = 0
    for card in ex.other_cards(start):
        if ex.places(froop, card):
            count = count + 1
    return count


def with_the_start(start):
    """A common slip: the starting card counted too (it fits on itself)."""
    froop = ex.picture([(start, 0, 0)])
    return sum(1 for card in CARDS if ex.places(froop, card))


def places_counted(start):
    """Another: places counted instead of cards."""
    froop = ex.picture([(start, 0, 0)])
    return sum(len(ex.places(froop, card)) for card in ex.other_cards(start))


def with_a_blank(start):
    return ex.places(ex.picture([(start, 0, 0)]), ex.___)


def hiding_a_blank(start):
    return getattr(ex, "_" * 3) + 1  # a blank its code does not name: running it tells


def test_a_blank_left_in_the_code_says_so():
    """The notebook's code with blanks runs clean, and a blank used in a sum, a count, a
    division or a loop stops with words saying what to do."""
    for use in (lambda: 1 + ex.___, lambda: Fraction(1) / ex.___, lambda: comb(ex.___, 7),
                lambda: [card for card in ex.___], lambda: bool(ex.___)):
        with pytest.raises(ex.BlankLeft, match="fill it in"):
            use()


@pytest.mark.parametrize(("fn", "kind", "says"), [
    (None, "unanswered", "fill in the blank ___"),
    (with_a_blank, "unanswered", "still has a blank ___"),
    (hiding_a_blank, "unanswered", "still has a blank ___"),
    (count_fitting, "correct", "agrees with the package's fitting_cards"),
    (with_the_start, "wrong", "did it count the starting card itself?"),
    (places_counted, "wrong", "it counts places"),
    (len, "wrong", "count_fitting('HSBF') gave 4"),
    (lambda start: "33", "wrong", "should give a whole number"),
    (lambda start: 1 / 0, "wrong", "ZeroDivisionError"),
    (33, "wrong", "33 is not a function"),
])
def test_a_students_count_fitting_is_checked_on_several_starting_cards(fn, kind, says):
    feedback = ex.count_feedback(fn)
    assert feedback.kind == kind and says in feedback.message, feedback.message
    assert bool(ex.check_count_fitting(fn)) == (kind == "correct")


def test_the_other_readings_get_their_own_words():
    """Where a question can be read two ways, the checker says which reading gave the
    number and which one the exercise means: no hint is spent on it."""
    k = ex.fitting_cards(ex.EXAMPLE_START)
    readings = [
        (ex.check_start_fits, Fraction(k, 83), "the starting card were always HSBF"),
        (ex.check_start_fits, 1 - ex.first_draw_exact(), "any one of Ada's 7 cards fits"),
        (ex.check_first_draw, Fraction(comb(83 - k, 7), comb(83, 7)),
         "the starting card were always HSBF"),
        (ex.check_play_again, Fraction(3, 10), "first picked one of her cards that fit"),
    ]
    for check, value, reading in readings:
        right, text = check.feedback(value)
        assert not right and "is the answer if " in text and reading in text, text
        assert f"This exercise means {check.assumes}." in text and "Hint" not in text


def test_picking_a_card_then_a_place_is_another_chance():
    """The rule (pondwidgets/froop/README.md, "The cards and the Froop"): a play is a card,
    a way up and a place. Picking one of Ada's cards that fit first, then one of its
    places, weighs the plays differently: by the rules model's own legal plays."""
    game = FroopGame(2, position=ex.AGAIN_POSITION, seed=1)
    by_card = defaultdict(list)
    for move in game.legal_moves(0):
        by_card[name_of(move.card)].append(game.match_of(move.card, move.x, move.y) >= 3)
    chance = sum(Fraction(sum(v), len(v)) for v in by_card.values()) / len(by_card)
    assert ex.card_then_place_exact() == chance == Fraction(3, 10) != ex.again_exact()


def test_play_again_is_the_models_match_odds():
    game = FroopGame(2, position=ex.AGAIN_POSITION, seed=1)
    assert game.chance_odds("match", 0) == {"2": Fraction(5, 8), "3": Fraction(1, 4),
                                             "4": Fraction(1, 8)}
    plays = {(str(m), game.match_of(m.card, m.x, m.y)) for m in game.legal_moves(0)}
    ours = {(f"{letters} at {x},{y}", match)
            for card in ex.AGAIN_HAND for letters, x, y, match in
            ex.places(ex.picture(ex.AGAIN_POSITION["froop"]), card)}
    assert plays == ours and len(plays) == 8


def test_simulations_are_seeded_and_agree_with_the_exact_answers():
    fits = ex.start_fits_trials(1500, seed=11)
    assert fits == ex.start_fits_trials(1500, seed=11)
    assert near(fits, ex.start_fits_exact())
    draws = ex.first_draw_trials(3000, seed=12)
    assert near(draws, ex.first_draw_exact())
    matches = ex.again_trials(1500, seed=13)
    assert set(matches) <= {2, 3, 4}
    assert near([int(m >= 3) for m in matches], ex.again_exact())
    assert near([int(m == 4) for m in matches], Fraction(1, 8))


def test_froopbots_choose_bigger_matches_than_chance():
    by_chance, chosen = ex.match_comparison(20, seed=3)
    assert math.isclose(sum(by_chance.values()), 1) and math.isclose(sum(chosen.values()), 1)
    assert chosen[3] + chosen[4] > by_chance[3] + by_chance[4]


def test_game_lengths():
    lengths = ex.length_games(4, 30, seed=3)
    assert lengths == ex.length_games(4, 30, seed=3) and min(lengths) >= 1
    assert near(lengths, ex.LENGTH_ESTIMATE, sd=math.sqrt(sum(
        (n - ex.LENGTH_ESTIMATE) ** 2 for n in lengths) / len(lengths)))
    assert ex.check_game_length.answer == ex.LENGTH_ESTIMATE


def test_the_game_length_checker_plays_no_game(monkeypatch):
    """Its reference is shipped: checking an answer, or none, never simulates (it took
    16 s)."""
    def no_games(*args, **kwargs):
        raise AssertionError("the checker played games")

    monkeypatch.setattr(ex, "length_games", no_games)
    assert not ex.check_game_length.feedback(None)[0]
    assert ex.check_game_length.feedback(round(ex.LENGTH_ESTIMATE, 1))[0]


@pytest.mark.slow
def test_the_shipped_game_length_is_the_reference_games():
    """LENGTH_ESTIMATE is the mean of the reference games, played again (half a minute)."""
    assert ex.length_estimate() == ex.LENGTH_ESTIMATE


def test_checkers_accept_the_answers_and_hint():
    assert ex.check_three_symbols.feedback(144)[0]
    assert ex.check_deck_size.feedback("84")[0]
    right, text = ex.check_deck_size.feedback(168)  # each card counted twice
    assert not right and "Hint" in text
    assert ex.check_start_fits.feedback("219/581")[0]
    assert ex.check_first_draw.feedback(Fraction(32722340, 1037979657))[0]
    assert ex.check_play_again.feedback("3/8")[0]
    right, text = ex.check_play_again.feedback("5/8")  # the chance of the opposite
    assert not right and "opposite" in text
    answer = ex.check_game_length.answer
    assert ex.check_game_length.feedback(round(answer, 1))[0]
    assert not ex.check_game_length.feedback(answer / 4)[0]  # rounds of 4 players, not turns
