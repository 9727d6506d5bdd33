"""Rapidcroco's class experiments: each one plays the probability notebook's own simulation,
one game at a time from that game's seed (so the classroom's server can play any game of
a student's again), gives only values a game can give, and settles on its checker's
answer; together they cover every simulation the notebook plots."""

import re
from collections import Counter
from functools import cache

import pytest

from pondwidgets.core.experiments import MEAN, Tally
from pondwidgets.rapidcroco import exercises as ex
from pondwidgets.rapidcroco.experiments import EXPERIMENTS
from tests.answers import NOTEBOOKS
from tests.notebook_cells import code_cells

STUDENTS = NOTEBOOKS / "rapidcroco" / "03-probability.ipynb"
TEACHERS = NOTEBOOKS / "solutions" / "rapidcroco-03-probability.ipynb"
OTHER_SEED = 41

# Each experiment's cell of the notebook, by the simulation call it makes (its seed is the
# notebook's), and that call with n games and any seed.
CELLS = {
    "mean_moves": ("walk_moves(games=GAMES, seed=2)",
                   lambda n, seed: ex.walk_moves(games=n, seed=seed)),
    "straight_off": ("simulate_straight_off(games=GAMES, seed=7)",
                     lambda n, seed: ex.simulate_straight_off(games=n, seed=seed)),
    "suspect_is_culprit": ("simulate_suspect_is_culprit(games=GAMES, seed=7)",
                           lambda n, seed: ex.simulate_suspect_is_culprit(games=n, seed=seed)),
    "three_criteria": ("simulate_three_criteria(deals=GAMES, seed=2)",
                       lambda n, seed: ex.simulate_three_criteria(deals=n, seed=seed)),
    "first_hippo": ("simulate_first_hippo(games=GAMES, seed=5)",
                    lambda n, seed: ex.simulate_first_hippo(games=n, seed=seed)),
    "hippo_walk": ("simulate_hippo_walk(games=GAMES, seed=5)",
                   lambda n, seed: ex.simulate_hippo_walk(games=n, seed=seed)),
    "wrap_first_hippo": ("simulate_first_hippo(games=GAMES, seed=6, wrap=True)",
                         lambda n, seed: ex.simulate_first_hippo(games=n, seed=seed, wrap=True)),
    "wrap_mean_moves": ("walk_moves(games=GAMES, seed=6, wrap=True)",
                        lambda n, seed: ex.walk_moves(games=n, seed=seed, wrap=True)),
}
# The notebook's plotted simulations that are no class experiment, and why.
SKIPPED: dict[str, str] = {}
# Cells that plot or bound values another cell simulated: the solutions' interval of the
# walks' moves is that of the moves plotted just above it.
SAME_VALUES = {"interval_text(moves, None": "mean_moves"}
SHOWS_VALUES = re.compile(r"\b(?:plot_convergence|interval_text)\(")


def seed_of(name):
    return int(re.search(r"\bseed=(\d+)", CELLS[name][0]).group(1))


@cache
def notebook_games():
    (games,) = {int(m.group(1)) for source in code_cells(STUDENTS)
                for m in re.finditer(r"^GAMES = (\d+)$", source, re.MULTILINE)}
    return games


@cache
def notebook_samples(name):
    """The experiment's games at the notebook's seed and size."""
    return tuple(EXPERIMENTS[name].samples(notebook_games(), seed_of(name)))


@pytest.mark.parametrize("name", EXPERIMENTS)
@pytest.mark.parametrize("seed", ["notebook", OTHER_SEED])
def test_an_experiment_plays_the_notebooks_own_games(name, seed):
    seed = seed_of(name) if seed == "notebook" else seed
    simulation = CELLS[name][1]
    assert EXPERIMENTS[name].samples(200, seed) == simulation(200, seed)


@pytest.mark.parametrize("name", EXPERIMENTS)
def test_every_game_gives_a_value_the_experiment_accepts(name):
    experiment = EXPERIMENTS[name]
    values = notebook_samples(name)
    assert all(map(experiment.value_ok, values))
    # the lowest value is one a game gives (0 moves off the edge; with wrap, 1: an arm
    # always points at a card), and a mean's games give more than 1 or 0
    assert min(values) == experiment.bounds[0]
    assert (experiment.kind == MEAN) == (max(values) > 1)


@pytest.mark.parametrize("name", [n for n, e in EXPERIMENTS.items() if e.exercise])
def test_the_games_settle_on_the_checkers_answer(name):
    exact, _ = EXPERIMENTS[name].exact()
    assert EXPERIMENTS[name].exercise is ex.EXERCISES[name]
    _, low, high = Tally.of(notebook_samples(name)).interval(z=4)
    assert low <= exact <= high


@pytest.mark.parametrize("path", [STUDENTS, TEACHERS], ids=["students", "teachers"])
def test_the_experiments_cover_every_simulation_the_notebook_plots(path):
    assert set(CELLS) == set(EXPERIMENTS)
    calls = [*(call for call, _ in CELLS.values()), *SKIPPED]
    found = Counter()
    for source in filter(SHOWS_VALUES.search, code_cells(path)):
        matched = [call for call in [*calls, *SAME_VALUES] if call in source]
        assert len(matched) == 1, f"no one experiment (or skip) for the cell:\n{source}"
        found[matched[0]] += 1
    assert {call: found[call] for call in calls} == dict.fromkeys(calls, 1)
