"""Croak!'s class experiments (pondwidgets/croak/experiments.py), checked against the
probability notebook: the values each one plays are those its cell plots (the cell's own
code run with a few games, at its seed and another); those values are a game's; at the
notebook's size they estimate the checker's answer; and the notebook plots no simulation
that is not one."""

import re
import statistics
from functools import cache
from pathlib import Path

import pytest

from pondwidgets.croak.experiments import EXPERIMENTS
from tests.notebook_cells import cell_of, code_cells

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "croak" / "03-probability.ipynb"
# Each experiment's cell: a piece of its source found in no other cell, and the name the
# cell gives its number of games.
CELLS = {
    "pike_at_start": ("simulate_pike_at_start(deals=GAMES", "GAMES"),
    "pike_after_reveals": ("simulate_pike_after_reveals(deals=GAMES", "GAMES"),
    "queen_first_step": ("simulate_queen_first_step(games=GAMES", "GAMES"),
    "lily_chain": ("lily_chain_lengths(games=BOUNCES", "BOUNCES"),
    "pike_next_to_queen": ("simulate_pike_next_to_queen(deals=GAMES", "GAMES"),
    "pike_endings": ("simulate_pike_endings(games=RANDOM_GAMES", "RANDOM_GAMES"),
}
OTHER_SEED = 987
SMALL = 150


def notebook_sizes() -> dict[str, int]:
    sizes = cell_of(code_cells(NOTEBOOK), "RANDOM_GAMES = ")
    return {name: int(n) for name, n in re.findall(r"^(\w+) = (\d+)", sizes, re.M)}


def seed_of(name: str) -> int:
    return int(re.search(r"\bseed=(\d+)", cell_of(code_cells(NOTEBOOK), CELLS[name][0])).group(1))


@cache
def cell_values(name: str, games: int, seed: int) -> tuple[int, ...]:
    """The values the experiment's cell plots, running the cell's own code after the
    notebook's imports, with ``games`` games and ``seed``."""
    piece, size = CELLS[name]
    source, seeded = re.subn(r"\bseed=\d+", f"seed={seed}", cell_of(code_cells(NOTEBOOK), piece))
    assert seeded == 1, source
    plotted: list[list[int]] = []
    namespace = {"__name__": "notebook", size: games, "answer": None}
    exec(cell_of(code_cells(NOTEBOOK), "from pondwidgets.croak.exercises import ("), namespace)
    namespace.update(plot_convergence=lambda values, *_, **__: plotted.append(list(values)),
                     print=lambda *_: None)
    exec(source, namespace)
    assert len(plotted) == 1, source
    return tuple(plotted[0])


@pytest.mark.parametrize("name", CELLS)
@pytest.mark.parametrize("which", ["the notebook's seed", "another seed"])
def test_an_experiment_is_the_notebooks_simulation(name, which):
    seed = seed_of(name) if which == "the notebook's seed" else OTHER_SEED
    assert tuple(EXPERIMENTS[name].samples(SMALL, seed)) == cell_values(name, SMALL, seed)


@pytest.mark.parametrize("name", CELLS)
def test_the_samples_are_values_a_game_gives_and_estimate_the_checkers_answer(name):
    """At the notebook's own seed and number of games, within 4 standard errors."""
    experiment = EXPERIMENTS[name]
    values = experiment.samples(notebook_sizes()[CELLS[name][1]], seed_of(name))
    assert all(experiment.value_ok(value) for value in values)
    mean, error = statistics.mean(values), statistics.stdev(values) / len(values) ** 0.5
    assert abs(mean - experiment.exact()[0]) <= 4 * error


def test_every_simulation_the_notebook_plots_is_an_experiment():
    assert set(CELLS) == set(EXPERIMENTS)
    plotted = [s for s in code_cells(NOTEBOOK) if "plot_convergence(" in s and "seed=" in s]
    cells = code_cells(NOTEBOOK)
    assert sorted(plotted) == sorted(cell_of(cells, piece) for piece, _ in CELLS.values())
