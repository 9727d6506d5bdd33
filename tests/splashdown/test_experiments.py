"""Splash down's class experiments (pondwidgets/splashdown/experiments.py): each one plays,
game by game, exactly the simulation of its notebook cell, so a class's pooled games and a
student's own notebook agree and the server can replay any one game from its seed; every
value is one a game can give; and where a checker holds the answer, the notebook's own
games land near it."""

import re
from pathlib import Path

import pytest

from pondwidgets.core.experiments import MEAN, Tally
from pondwidgets.splashdown import exercises as ex
from pondwidgets.splashdown.experiments import EXPERIMENTS
from tests.notebook_cells import code_cells

NOTEBOOK = (Path(__file__).resolve().parents[2] / "notebooks" / "splashdown"
            / "03-probability.ipynb")

# Each experiment's cell of the notebook: a piece of its source found in it alone, and
# the notebook's number of games it is drawn from (the cells of ``rolls`` and ``trials``
# reuse the games of the cell before them).
CELLS = {
    "first_roll_six": ("samples = [int(roll == 6) for roll in rolls]", "GAMES"),
    "first_roll_mean": ("interval_text(rolls,", "GAMES"),
    "push_mover": ("samples = [ada for ada, _ in trials]", "GAMES"),
    "push_hurt": ("hurt = [int(ada > 0) for ada, _ in trials]", "GAMES"),
    "push_pushed": ("pushed = [lost for _, lost in trials]", "GAMES"),
    "yellow_safe": ("three = yellow_lives_lost(landings=3", "GAMES"),
    "yellow_survive": ("six = yellow_lives_lost(landings=6", "GAMES"),
    "home_in_four": ("samples = home_within(turns, 4)", "TRIPS"),
    "home_long": ("at_home = [int(t is not None) for t in long_turns]", "TRIPS"),
    "thief_win": ("plot_convergence(wins(results, 1)", "BOT_GAMES"),
}

# The cells that show a simulation but not one value per game: no experiment for them.
SKIPPED = {
    "roll_chart(rolls, my_odds)": "a bar chart of the six rolls' shares, not one estimate",
    "home_chart(turns, home_chances(12))": "a chart by number of turns k, not one estimate",
    "thief_table(games=BOT_GAMES, seed=6)": "a table comparing the variants, with and "
                                            "without the fly thief, and both bots",
}

# The notebook's own expression for each experiment's values, for ``n`` games from
# ``seed``, and the seed its cell uses.
NOTEBOOK_VALUES = {
    "first_roll_six": (lambda n, seed: [int(roll == 6) for roll in
                                        ex.first_rolls(games=n, seed=seed)], 1),
    "first_roll_mean": (lambda n, seed: ex.first_rolls(games=n, seed=seed), 1),
    "push_mover": (lambda n, seed: [ada for ada, _ in ex.push_trials(trials=n, seed=seed)],
                   3),
    "push_hurt": (lambda n, seed: [int(ada > 0) for ada, _ in
                                   ex.push_trials(trials=n, seed=seed)], 3),
    "push_pushed": (lambda n, seed: [lost for _, lost in ex.push_trials(trials=n, seed=seed)],
                    3),
    "yellow_safe": (lambda n, seed: [int(lost == 0) for lost in
                                     ex.yellow_lives_lost(landings=3, trials=n, seed=seed)],
                    4),
    "yellow_survive": (lambda n, seed: [int(lost < 5) for lost in
                                        ex.yellow_lives_lost(landings=6, trials=n, seed=seed)],
                       4),
    "home_in_four": (lambda n, seed: ex.home_within(ex.runner_turns(games=n, seed=seed), 4),
                     5),
    "home_long": (lambda n, seed: [int(t is not None) for t in
                                   ex.runner_turns(games=n, seed=seed, pond="long")], 5),
    "thief_win": (lambda n, seed: ex.wins(ex.thief_games(games=n, seed=seed, fly_thief=True),
                                          1), 6),
}


def notebook_games(name: str) -> int:
    """The number of games the notebook's settings cell gives ``name`` (``GAMES = 2000``)."""
    found = [int(m.group(1)) for source in code_cells(NOTEBOOK)
             for m in re.finditer(rf"^{name} = ([\d_]+)", source, re.MULTILINE)]
    assert len(found) == 1, name
    return found[0]


EACH = pytest.mark.parametrize("name", list(EXPERIMENTS))


@EACH
@pytest.mark.parametrize("seed", ["the notebook's", 2026])
def test_an_experiment_plays_the_notebooks_own_games(name, seed):
    values, notebook_seed = NOTEBOOK_VALUES[name]
    seed = notebook_seed if seed == "the notebook's" else seed
    n = 30 if name in ("thief_win", "home_long") else 200  # whole trips and games are slower
    assert EXPERIMENTS[name].samples(n, seed) == values(n, seed)


@EACH
def test_every_value_is_one_a_game_can_give(name):
    experiment = EXPERIMENTS[name]
    samples = experiment.samples(100, 7)
    assert all(experiment.value_ok(v) for v in samples)
    assert not experiment.value_ok(experiment.bounds[1] + 1)
    assert not experiment.value_ok(float(samples[0]))


@EACH
def test_the_notebooks_games_land_near_the_checkers_answer(name):
    experiment = EXPERIMENTS[name]
    assert experiment.exercise is not None  # every exercise here has a checker
    _, seed = NOTEBOOK_VALUES[name]
    samples = experiment.samples(notebook_games(CELLS[name][1]), seed)
    _, low, high = Tally.of(samples).interval(z=4)
    assert low <= experiment.exact()[0] <= high


def test_the_means_are_the_mean_exercises():
    means = {name for name, e in EXPERIMENTS.items() if e.kind == MEAN}
    assert means == {"first_roll_mean", "push_mover", "push_pushed"}
    assert all(not EXPERIMENTS[name].exercise.probability for name in means)


def test_every_per_game_estimate_of_the_notebook_is_an_experiment():
    cells = code_cells(NOTEBOOK)
    assert set(CELLS) == set(EXPERIMENTS)
    for piece, _ in [*CELLS.values(), *((piece, None) for piece in SKIPPED)]:
        assert sum(piece in source for source in cells) == 1, piece
    for source in cells:
        if "plot_convergence(" in source or "interval_text(" in source:
            named = [name for name, (piece, _) in CELLS.items() if piece in source]
            assert len(named) == 1, source
