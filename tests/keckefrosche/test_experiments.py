"""Kecke Frösche's class experiments (pondwidgets/keckefrosche/experiments.py): each one's
games are those of its notebook cell, played one by one from their seeds (run here as the
cell itself, its sizes made small), every value one a game can give, and the class's
estimate where a checker holds the answer agrees with it."""

import math
import re
import statistics
from pathlib import Path

import pytest

from pondwidgets.core.simulate import seeds
from pondwidgets.keckefrosche.experiments import EXPERIMENTS
from tests.notebook_cells import cell_of, code_cells

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
STUDENTS = NOTEBOOKS / "keckefrosche" / "03-probability.ipynb"
TEACHERS = NOTEBOOKS / "solutions" / "keckefrosche-03-probability.ipynb"
# Each experiment's cell (a piece of its source found in no other cell), and the
# experiment's share of that cell's games. Exercise 5's cell plays its keeper at seat 0 in
# the first half of its games, from its seed, and at seat 1 in the second, from seed + 1;
# the experiment seats the keeper by its game seed's parity, so its games are the cell's
# games whose seed has the parity of their half.
CELLS = {
    "pair_next": "pair_trials(",
    "bang_within": "bang_trials(",
    "storks_dealt": "stork_deal_trials(",
    "chips_mean": "[sum(c) for c in chips]",
    "chips_seven": "int(sum(c) >= 7)",
    "keeper_wins": "plot_convergence(keeper_wins(results)",
}
# The cell whose simulation plays the games, with their seed, where it is another one:
# the chips of exercise 4 are played once, and both its cells read them.
SIMULATED = {"chips_seven": "chips = chip_trials("}
KEEPER = "keeper_wins"
# Cells that estimate from per-game values but are no experiment: none in this notebook
# (the keeper's table, by seat, draws no plot of its own and is the keeper's experiment).
SKIPPED: dict[str, str] = {}
PLOTTING = re.compile(r"\b(?:plot_convergence|interval_text)\(")
SMALL = 200


def sizes():
    """The notebook's own sizes: ``{"GAMES": 2000, "KEEPER_GAMES": 600}``."""
    cell = cell_of(code_cells(STUDENTS), "KEEPER_GAMES =")
    return {name: int(n) for name, n in re.findall(r"^(\w+) = (\d+)", cell, re.M)}


def seed_of(name):
    """The simulation seed of the experiment's cell, as the notebook has it."""
    cell = cell_of(code_cells(STUDENTS), SIMULATED.get(name, CELLS[name]))
    (seed,) = re.findall(r"\bseed=(\d+)", cell)
    return int(seed)


def games_of(name):
    """The notebook's number of games for the experiment's cell."""
    cell = cell_of(code_cells(STUDENTS), SIMULATED.get(name, CELLS[name]))
    return sizes()["KEEPER_GAMES" if "KEEPER_GAMES" in cell else "GAMES"]


def run_cells(name, games, seed):
    """The per-game values the experiment's cell of the student notebook hands to
    plot_convergence or interval_text, that cell and the plotting cells above it run with
    ``games`` for each size, and ``seed`` for the seed of the cell that plays its games."""
    upto, simulated = CELLS[name], SIMULATED.get(name, CELLS[name])
    sources = code_cells(STUDENTS)
    handed = []
    space = {}
    exec(cell_of(sources, "from pondwidgets.keckefrosche.exercises import ("), space)
    space.update({size: games for size in sizes()}, answer=None, print=lambda *a: None,
                 plot_convergence=lambda values, *a, **k: handed.append(list(values)),
                 interval_text=lambda values, *a, **k: handed.append(list(values)))
    for source in sources:
        if PLOTTING.search(source):
            if simulated in source:
                source = re.sub(r"\bseed=\d+", f"seed={seed}", source)
            exec(source, space)
            if upto in source:
                return handed[-1]
    raise AssertionError(f"no plotting cell holds {upto!r}")


def keeper_seeds(games, seed):
    """The game seeds of the keeper's cell, in order, and the seat it plays each from."""
    return [(g, 0) for g in seeds(games - games // 2, seed)] + [
        (g, 1) for g in seeds(games // 2, seed + 1)]


def expected(name, games, seed):
    """The experiment's samples for its cell played with ``games`` and ``seed``."""
    experiment = EXPERIMENTS[name]
    if name != KEEPER:
        return experiment.samples(games, seed)
    return [experiment.trial(g) for g, seat in keeper_seeds(games, seed) if g % 2 == seat]


def share(name, values, games, seed):
    """The experiment's part of its cell's values: for the keeper, the games whose seed
    seats the keeper where the cell does."""
    if name != KEEPER:
        return values
    return [v for v, (g, seat) in zip(values, keeper_seeds(games, seed), strict=True)
            if g % 2 == seat]


@pytest.mark.parametrize("name", sorted(EXPERIMENTS))
def test_an_experiments_games_are_its_cells_games(name):
    for seed in (seed_of(name), 41):
        values = run_cells(name, SMALL, seed)
        assert expected(name, SMALL, seed) == share(name, values, SMALL, seed)


@pytest.mark.parametrize("name", sorted(EXPERIMENTS))
def test_every_game_gives_a_value_the_experiment_takes(name):
    experiment = EXPERIMENTS[name]
    values = expected(name, games_of(name), seed_of(name))
    assert values and all(experiment.value_ok(v) for v in values)


@pytest.mark.parametrize("name", sorted(n for n, e in EXPERIMENTS.items() if e.exercise))
def test_the_class_estimate_agrees_with_the_checkers_answer(name):
    experiment = EXPERIMENTS[name]
    values = expected(name, games_of(name), seed_of(name))
    exact = experiment.exact()
    assert exact is not None
    error = statistics.stdev(values) / math.sqrt(len(values))
    assert abs(statistics.mean(values) - exact[0]) <= 4 * error, (name, exact)


def test_every_cell_estimating_from_games_is_an_experiment():
    assert set(CELLS) == set(EXPERIMENTS)
    for path in (STUDENTS, TEACHERS):
        for piece in (*CELLS.values(), *SKIPPED):
            assert PLOTTING.search(cell_of(code_cells(path), piece)), piece
        for piece in SIMULATED.values():
            cell_of(code_cells(path), piece)
        for source in code_cells(path):
            if PLOTTING.search(source):
                assert any(piece in source for piece in (*CELLS.values(), *SKIPPED)), source
