"""Croak! probability exercises: each exact answer against an independent count from the
rulebook's table, the checkers' feedback, and the simulations (reproducible, and close to
the exact answers)."""

import math
import subprocess
import sys
from fractions import Fraction
from itertools import permutations

import pytest

from pondwidgets.croak import CroakGame
from pondwidgets.croak import exercises as ex

# The rulebook's table, typed in again here (not read from the package): shallow, deep A,
# deep B. "Males" are six tiles in the shallows and three in each deep back.
TABLE = {
    "lily-pad": (6, 4, 4), "mosquito": (4, 2, 2), "mud": (4, 0, 0), "pike": (0, 2, 2),
    "reeds": (10, 3, 3), "males": (6, 3, 3), "log": (2, 2, 2),
}
BOX = [kind for kind, counts in TABLE.items() for _ in range(sum(counts))]  # the 64 fronts


def deep_a(kind):
    return TABLE[kind][1]


def test_the_box_holds_64_tiles():
    assert len(BOX) == 64


# -- each exact answer, counted independently -------------------------------------------
def test_pike_at_start_is_pikes_over_deep_a_tiles():
    deep_a_tiles = sum(deep_a(k) for k in TABLE)
    assert ex.pike_at_start_exact() == Fraction(deep_a("pike"), deep_a_tiles) == Fraction(1, 8)


def test_pike_after_reveals_removes_the_four_tiles_seen():
    assert len(ex.REVEALED) == 4
    assert not any(t.endswith("/pike") for t in ex.REVEALED.values())
    left = sum(deep_a(k) for k in TABLE) - len(ex.REVEALED)
    assert ex.pike_after_reveals_exact() == Fraction(deep_a("pike"), left) == Fraction(1, 6)


def test_pike_after_reveals_position_shows_the_four_tiles():
    game = CroakGame(2, seed=3, position=ex.revealed_position())
    fronts = {t["square"]: t["front"] for t in game.view()["tiles"] if t["front"]}
    assert fronts == {sq: tile.split("/")[1] for sq, tile in ex.REVEALED.items()}


def test_queen_first_step_counts_every_tile_b2_may_hold():
    # Before anything is seen, b2 is equally likely to hold each of the 64 tiles.
    safe = sum(front != "pike" for front in BOX)
    assert ex.queen_first_step_exact() == Fraction(safe, len(BOX)) == Fraction(15, 16)


def test_the_queen_has_one_first_jump():
    queen_moves = [str(m) for m in CroakGame(2, seed=9).legal_moves(0) if str(m)[0] == "Q"]
    assert queen_moves == ["Q a1-b2"]


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_lily_chain_counts_ordered_draws(k):
    # The tiles she turns over are like draws without replacement from the box.
    draws = list(permutations(range(len(BOX)), k)) if k <= 2 else None
    if draws is not None:
        hits = sum(all(BOX[i] == "lily-pad" for i in d) for d in draws)
        expected = Fraction(hits, len(draws)) if draws else Fraction(1)
    else:
        expected = Fraction(math.perm(14, k), math.perm(64, k))
    assert ex.lily_chain_exact(k) == expected
    assert ex.lily_chain_exact() == Fraction(13, 288)


def test_lily_chain_refuses_chains_it_cannot_answer_exactly():
    with pytest.raises(ValueError):
        ex.lily_chain_exact(4)


def test_pike_next_to_queen_enumerates_every_deal_of_the_three_squares():
    pike = [front == "pike" for front in BOX]
    hits = total = 0
    for a, b, c in permutations(range(len(BOX)), 3):  # the tiles on a2, b1, b2
        total += 1
        hits += pike[a] or pike[b] or pike[c]
    assert total == 64 * 63 * 62
    assert ex.pike_next_to_queen_exact() == Fraction(hits, total) == Fraction(1861, 10416)


# -- the checkers --------------------------------------------------------------------------
RIGHT = {
    "pike_at_start": [Fraction(1, 8), "1/8", " 2 / 16 ", "Fraction(1, 8)"],
    "pike_after_reveals": [Fraction(2, 12), "1/6", "2/12"],
    "queen_first_step": [Fraction(15, 16), "15/16", "60/64"],
    "lily_chain": [Fraction(14, 64) * Fraction(13, 63), "13/288", "182/4032"],
    "pike_next_to_queen": [Fraction(7444, 41664), "1861/10416"],
}
WRONG = {  # typical mistakes (7/8 for the Queen's jump is another reading: see below)
    "pike_at_start": "1/16", "pike_after_reveals": "1/8", "queen_first_step": "31/32",
    "lily_chain": "7/32", "pike_next_to_queen": "3/16",
}


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_checker_accepts_the_right_answer_in_several_forms(name, capsys):
    check = ex.EXERCISES[name]
    for form in RIGHT[name]:
        assert check(form)
        assert "Correct" in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(WRONG))
def test_checker_refuses_a_wrong_answer_with_a_hint(name, capsys):
    check = ex.EXERCISES[name]
    assert not check.check(WRONG[name])
    out = capsys.readouterr().out
    assert "Not quite" in out and "Hint:" in out
    assert "Correct" not in out


def test_the_complement_is_named(capsys):
    assert not ex.check_queen_first_step("1/16")
    assert "opposite event" in capsys.readouterr().out


# Exercise 3 asks over all deals; a student who takes b2's back as seen (as it is in a
# game) answers another question, and is told which one the exercise asks.
@pytest.mark.parametrize(("answer", "back"), [("7/8", "deep-water"), (1, "shallow-water")])
def test_a_known_back_is_another_reading(answer, back):
    check = ex.check_queen_first_step
    check.attempts = 0
    right, text = check.feedback(answer)
    assert not right and f"is the answer if you already know that b2 has a {back} back" in text
    assert "This exercise means over all deals, without looking at b2's back" in text
    assert "Hint:" not in text and check.attempts == 0
    assert ex.queen_step_on_back("deep-b") == ex.queen_step_on_back("deep-a") == Fraction(7, 8)


def test_pike_endings_accepts_answers_within_its_tolerance(capsys):
    estimate = ex.check_pike_endings.answer
    assert estimate == ex.PIKE_ENDINGS and 0.8 < estimate < 0.95
    assert ex.check_pike_endings(round(estimate, 2))
    assert "Correct" in capsys.readouterr().out
    assert not ex.check_pike_endings(estimate - 0.1)
    assert "Hint:" in capsys.readouterr().out
    assert ex.check_pike_endings(f"{estimate * 100:.1f}%")


# -- the simulations ----------------------------------------------------------------------
SIMULATIONS = [
    (ex.simulate_pike_at_start, ex.pike_at_start_exact),
    (ex.simulate_pike_after_reveals, ex.pike_after_reveals_exact),
    (ex.simulate_queen_first_step, ex.queen_first_step_exact),
    (ex.simulate_lily_chain, ex.lily_chain_exact),
    (ex.simulate_pike_next_to_queen, ex.pike_next_to_queen_exact),
]


@pytest.mark.parametrize(("simulation", "exact"), SIMULATIONS,
                         ids=[s.__name__ for s, _ in SIMULATIONS])
def test_simulation_is_reproducible_and_near_the_exact_answer(simulation, exact):
    n = 3000
    samples = simulation(n, seed=11)
    assert samples == simulation(n, seed=11)
    assert samples != simulation(n, seed=12) or float(exact()) in (0.0, 1.0)
    assert set(samples) <= {0, 1} and len(samples) == n
    p = float(exact())
    assert abs(sum(samples) / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n)


def test_lily_chain_lengths_match_the_exact_tail():
    lengths = ex.lily_chain_lengths(3000, seed=21)
    assert lengths == ex.lily_chain_lengths(3000, seed=21)
    for k in (1, 2):
        p = float(ex.lily_chain_exact(k))
        share = sum(n >= k for n in lengths) / len(lengths)
        assert abs(share - p) <= 4.5 * math.sqrt(p * (1 - p) / len(lengths))
    assert "0 Lily Pads" in ex.chain_table(lengths)


def test_pike_endings_simulation_is_reproducible_and_near_the_estimate():
    samples = ex.simulate_pike_endings(300, seed=5)
    assert samples == ex.simulate_pike_endings(300, seed=5)
    assert abs(sum(samples) / 300 - ex.PIKE_ENDINGS) < 0.08


@pytest.mark.slow
def test_the_shipped_estimate_is_the_models_own():
    # The checker holds this value instead of playing its games: the same seeds and the
    # same rules give it again.
    assert ex.pike_endings_estimate() == ex.PIKE_ENDINGS


def test_the_checkers_play_no_game():
    # Checking an answer (none, right or wrong) plays no game: a fresh kernel, where
    # nothing is computed yet.
    code = """if True:
        import pondwidgets.croak.exercises as ex
        def refuse(*args, **kwargs):
            raise AssertionError("a checker computed its reference value")
        ex.simulate = ex.simulate_pike_endings = refuse
        for answer in (None, ex.PIKE_ENDINGS, 0.5):
            ex.check_pike_endings.feedback(answer)
        for check in ex.EXERCISES.values():
            check.feedback(None)
    """
    subprocess.run([sys.executable, "-c", code], check=True)
