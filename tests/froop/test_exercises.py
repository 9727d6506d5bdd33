"""Froop! probability exercises (pondwidgets/froop/exercises.py): each exact answer against an
independent count and against the rules model's own legal plays and odds, the checkers'
feedback, and the simulations (reproducible, and within a stated tolerance of the exact
answers)."""

import math
from collections import Counter
from fractions import Fraction
from math import comb

from pondwidgets.froop import CARDS, FroopGame
from pondwidgets.froop import exercises as ex
from pondwidgets.froop.cards import name_of


def near(samples, p, sd=None, k=4.5):
    """Whether the mean of ``samples`` is within ``k`` standard errors of ``p`` (4.5
    standard errors: a false alarm about once in 150,000 runs)."""
    n = len(samples)
    p = float(p)
    if sd is None:
        sd = math.sqrt(p * (1 - p))
    return abs(sum(samples) / n - p) <= k * sd / math.sqrt(n)


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
    assert 12 < ex.check_game_length.answer < 22


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
