"""A class experiment's statistics (pondwidgets/core/README.md, "Class experiments"): a
result's tally is its count, sum and sum of squares; tallies add, so the class's estimate
comes from the pooled counts, and its interval is the one the notebooks' plots draw for
the same games put together. Never the average of estimates of different sizes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pondwidgets.core.estimates import confidence_interval
from pondwidgets.core.experiments import CHANCE, MEAN, Experiment, Tally, experiments, pool
from pondwidgets.croak.experiments import EXPERIMENTS as CROAK

results = st.lists(st.lists(st.integers(0, 40), min_size=1, max_size=60), min_size=1,
                   max_size=12)


@given(results)
def test_the_pooled_figures_are_those_of_every_game_put_together(sent):
    everything = [value for result in sent for value in result]
    pooled = pool(Tally.of(result) for result in sent)
    assert pooled == Tally.of(everything)
    assert pooled.mean == Fraction(sum(everything), len(everything))
    if len(everything) > 1:
        assert pooled.interval() == pytest.approx(confidence_interval(everything), abs=1e-9)


def test_pooling_is_not_averaging_the_estimates():
    # Ada played 10 games and won 1; Bob 1,000 and won 500: the class won 501 of 1,010.
    ada, bob = Tally.of([1] + [0] * 9), Tally.of([1] * 500 + [0] * 500)
    assert pool([ada, bob]).mean == Fraction(501, 1010)
    assert pool([ada, bob]).mean != (ada.mean + bob.mean) / 2


def test_a_tally_of_no_games_has_no_estimate():
    with pytest.raises(ValueError, match="no games"):
        Tally().interval()


def test_an_experiment_says_what_it_is_and_checks_its_values():
    pike = CROAK["pike_at_start"]
    assert pike.id == "croak/pike_at_start"
    assert pike.exact() == (0.125, "1/8 ≈ 0.1250")
    assert [pike.value_ok(v) for v in (0, 1, 2, True, 1.0, -1)] == [True, True, False,
                                                                    False, False, False]
    assert pike.counts([1, 0, 1]) == {"successes": 2}
    mean = Experiment("croak", "x", "?", pike.trial, kind=MEAN, bounds=(0, 9))
    assert mean.counts([3, 0, 4]) == {"count": 3, "sum": 7, "squares": 25}
    endings = CROAK["pike_endings"]  # its checker's answer is the model's own estimate
    assert endings.exact()[1].startswith("≈ 0.8820, the model's estimate from 3,000")


def test_a_game_declares_each_experiment_once_and_of_its_kind():
    trial = CROAK["pike_at_start"].trial
    with pytest.raises(ValueError, match="kind is"):
        Experiment("croak", "x", "?", trial, kind="median")
    with pytest.raises(ValueError, match="give 1 or 0"):
        Experiment("croak", "x", "?", trial, kind=CHANCE, bounds=(0, 6))
    with pytest.raises(ValueError, match="bounds"):
        Experiment("croak", "x", "?", trial, kind=MEAN, bounds=(3, 3))
    one = Experiment("croak", "x", "?", trial)
    with pytest.raises(ValueError, match="two experiments"):
        experiments(one, one)
    with pytest.raises(ValueError, match="all of that game"):
        experiments(one, Experiment("froop", "y", "?", trial))
