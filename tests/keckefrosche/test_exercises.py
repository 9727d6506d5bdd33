"""Kecke Frösche probability exercises (pondwidgets/keckefrosche/exercises.py): each exact
answer against an independent count and against the rules model's own odds, the checkers'
feedback, and the simulations (reproducible, and within a stated tolerance of the exact
answers)."""

import json
import math
import re
import subprocess
import sys
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

import pytest

from pondwidgets.keckefrosche import KeckeGame
from pondwidgets.keckefrosche import exercises as ex

from ..support import near

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
STUDENTS = NOTEBOOKS / "keckefrosche" / "03-probability.ipynb"
TEACHERS = NOTEBOOKS / "solutions" / "keckefrosche-03-probability.ipynb"


def test_the_exact_answers():
    assert ex.pair_exact() == Fraction(6, 43)
    assert ex.bang_exact() == 1 - Fraction(55 * 54 * 53, 61 * 60 * 59) == Fraction(1951, 7198)
    assert ex.storks_dealt_exact(4) == Fraction(4, 5)
    assert ex.chips_mean_exact(3) == 6
    assert ex.chips_seven_exact() == Fraction(19, 55)


def test_pair_chance_is_the_models_draw_odds():
    game = KeckeGame(2, position=ex.PAIR_POSITION, seed=1)
    odds = game.chance_odds("draw")
    assert sum(odds.values()) == 1 and game.view()["pile"] == 43
    assert sum(odds.get(k, 0) for k in ex.row_ends(ex.PAIR_POSITION["displays"][0])) == \
        ex.pair_exact()
    assert ex.row_ends(ex.PAIR_POSITION["displays"][0]) == {"water-1", "water-3", "bank-2",
                                                             "dike-4"}
    assert all(odds.get(k, 0) == Fraction(n, 43) for k, n in ex.unseen(ex.PAIR_POSITION).items())


def test_bang_chance_by_counting_orders():
    # the chance that the first bang frog comes at draw i, summed over i = 1..6
    first = sum(Fraction(comb(61 - i, 2), comb(61, 3)) for i in range(1, 7))
    assert first == ex.bang_exact()
    assert KeckeGame(2, seed=3).chance_odds("draw")["bang"] == Fraction(3, 61)
    assert ex.bang_exact(pile=10, bangs=3, draws=8) == 1


def test_storks_dealt_by_listing_small_deals():
    # With a bang frog replaced, each dealt card is one of the 60 others: the chance of a
    # stork per seat is 12/60, by symmetry; the same from two seats' ordered pairs.
    cards = ["stork"] * 12 + ["frog"] * 48
    pairs = [(a, b) for a, b in product(range(60), repeat=2) if a != b]
    mean = Fraction(sum((cards[a] == "stork") + (cards[b] == "stork") for a, b in pairs),
                    len(pairs))
    assert mean == ex.storks_dealt_exact(2) == Fraction(2, 5)


def test_chips_by_listing_values():
    values = sorted(ex.CHIPS)
    assert values == [1] * 4 + [2] * 4 + [3] * 4
    assert KeckeGame(2, seed=0).chance_odds("chip") == {v: Fraction(1, 3) for v in (1, 2, 3)}
    ways = 4 + comb(4, 2) * 4 + comb(4, 2) * 4 + 4 * comb(4, 2)
    assert ex.chips_seven_exact() == Fraction(ways, comb(12, 3))


def test_simulations_are_seeded_and_agree_with_the_exact_answers():
    pair = ex.pair_trials(1500, seed=11)
    assert pair == ex.pair_trials(1500, seed=11)
    assert near(pair, ex.pair_exact())
    bang = ex.bang_trials(1500, seed=12)
    assert near(bang, ex.bang_exact())
    storks = ex.stork_deal_trials(1500, seed=13)
    sd = math.sqrt(4 * 0.2 * 0.8 * 56 / 59)  # hypergeometric variance
    assert near(storks, ex.storks_dealt_exact(4), sd=sd)
    chips = ex.chip_trials(800, seed=14)
    assert all(len(c) == 3 and set(c) <= {1, 2, 3} for c in chips)
    assert near([sum(c) for c in chips], 6, sd=math.sqrt(3 * 2 / 3 * 9 / 11))
    assert near([int(sum(c) >= 7) for c in chips], ex.chips_seven_exact())


def test_keeper_games_alternate_seats_and_the_table_reads():
    results = ex.keeper_games(20, seed=3)
    assert results == ex.keeper_games(20, seed=3)
    assert [r.value for r in results] == [0] * 10 + [1] * 10
    wins = ex.keeper_wins(results)
    assert set(wins) <= {0, 1}
    assert "all games" in ex.keeper_table(results)
    mean, low, high = ex.confidence_interval(wins)
    assert low <= mean <= high


def test_checkers_accept_the_answers_and_hint():
    assert ex.check_pair_next.feedback("6/43")[0]
    assert ex.check_storks_dealt.feedback(Fraction(4, 5))[0]
    right, text = ex.check_storks_dealt.feedback("3/4")
    assert not right and "Hint" in text
    assert ex.check_chips_mean.feedback(6)[0]
    assert ex.check_chips_seven.feedback("19/55")[0]
    assert ex.check_stork_keeper.feedback(0.2)[0]
    assert 0.05 < ex.check_stork_keeper.answer < 0.5  # the spender wins more often


def test_the_other_readings_are_told_apart_from_mistakes():
    # The deal as if a bang frog dealt left its player without a card: each card is any of
    # the 63 (README, "The cards"; the deal replaces a bang frog).
    right, text = ex.check_storks_dealt.feedback(4 * Fraction(12, 63))
    assert not right and "16/21" in text and "Hint" not in text
    assert "This exercise means the rules' deal: a bang frog dealt is shuffled back" in text
    # Chips as if each were put back: 333, three orders of 332, of 331 and of 322, of 27.
    assert ex._chips_put_back(3, 7) == Fraction(1 + 3 + 3 + 3, 27)
    right, text = ex.check_chips_seven.feedback("10/27")
    assert not right and "Hint" not in text
    assert "This exercise means three different chips of the twelve" in text


def test_the_keepers_reference_is_shipped_and_never_played_by_a_checker():
    # Every game played raises: checking an answer, or none, must not play one.
    script = ("import pondwidgets.core.simulate as s\n"
              "def played(*a, **k): raise AssertionError('a game was played')\n"
              "s.simulate = played\n"
              "from pondwidgets.keckefrosche import exercises as ex\n"
              "print(ex.check_stork_keeper.feedback(None)[1])\n"
              "print(ex.check_stork_keeper.feedback(0.2)[1])\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("Not answered yet") and "Correct!" in out
    assert ex.check_stork_keeper.answer == ex.KEEPER_ESTIMATE


@pytest.mark.slow
def test_the_shipped_keeper_estimate_is_what_its_games_give():
    assert ex.keeper_estimate() == ex.KEEPER_ESTIMATE, (
        "the keeper's games changed: set KEEPER_ESTIMATE to keeper_estimate()")


def cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell):
    return "".join(cell["source"])


def test_every_teachers_solution_shows_its_working_then_checks_it():
    checks = re.compile(r"^check_\w+\(answer\)", re.M)
    seen = []
    for i, cell in enumerate(cells(TEACHERS)):
        if cell["cell_type"] == "code" and checks.search(source(cell)):
            seen.append(checks.search(source(cell)).group(0))
            working = source(cells(TEACHERS)[i - 1])
            assert working.startswith("**Solution.**"), working  # the reasoning, just above
            assert not re.search(r"_exact\(", source(cell))  # not the package's own answer
    assert sorted(seen) == sorted(f"{name}(answer)" for name in
                                  ("check_" + n for n in ex.EXERCISES))


def test_every_think_about_it_has_an_answer_for_the_teacher():
    def thinks(path):
        return [source(c) for c in cells(path) if source(c).startswith("**Think about it.**")]
    students, teachers = thinks(STUDENTS), thinks(TEACHERS)
    assert students and len(students) == len(teachers)
    for question, answered in zip(students, teachers, strict=True):
        assert answered.startswith(question) and "*Answer:*" in answered
