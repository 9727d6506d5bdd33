"""Froop!'s class experiments (pondwidgets/froop/experiments.py): each is the probability
notebook's own simulation, game by game. Its samples are the values the notebook's cell
plots, run from the cell's own code; each value is one a game can give; its exact (or
reference) answer is what the samples estimate; and every simulation the notebook plots
is one of them."""

import re
import statistics
from functools import cache
from pathlib import Path

import pytest

from pondwidgets.froop.experiments import EXPERIMENTS, LEAST_TURNS, MOST_TURNS
from tests.notebook_cells import cell_of, code_cells

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "froop" / "03-probability.ipynb"
# Each experiment's cell: a piece of its source found in no other cell, the name the cell
# gives its number of games, and the seed it simulates from.
CELLS = {
    "start_fits": ("samples = start_fits_trials(", "TRIALS", 2),
    "first_draw": ("samples = first_draw_trials(", "TRIALS", 3),
    "play_again": ("matches = again_trials(", "TRIALS", 4),
    "game_length": ("lengths = length_games(", "GAMES", 5),
}
# Cells that print the interval of the values an experiment's cell made before them.
SUMMARIES = {
    'interval_text(samples, answer, "Ada must draw': "first_draw",
    'interval_text(lengths, None, "turns in a 4-player game"': "game_length",
}
# Cells that chart simulations but are no experiment: not one value per game.
SKIPPED = {
    "match_comparison(games=GAMES": "a bar chart of two policies (random play and "
                                    "FroopBot), shares over all the cards laid",
    "variants.lengths_by_players(": "a chart by player count",
}
OTHER_SEED = 987
SMALL = 200


def plots(source: str) -> bool:
    return "plot_convergence(" in source or "interval_text(" in source


@cache
def cell_values(name: str, games: int, seed: int) -> tuple[int, ...]:
    """The values the experiment's notebook cell plots, running the cell's own code after
    the notebook's imports, with ``games`` games and ``seed``."""
    piece, count, _ = CELLS[name]
    source, changed = re.subn(rf"^{count} = \d+", f"{count} = {games}",
                              cell_of(code_cells(NOTEBOOK), piece), flags=re.M)
    source, seeded = re.subn(r"\bseed=\d+", f"seed={seed}", source)
    assert changed == seeded == 1, source
    plotted = []
    namespace = {"__name__": "notebook"}
    exec(code_cells(NOTEBOOK)[0], namespace)  # the notebook's imports
    namespace.update(answer=None, plot_convergence=lambda values, *_, **__: plotted.append(
        list(values)))
    exec(source, namespace)
    assert len(plotted) == 1, source
    return tuple(plotted[0])


@cache
def samples(name: str, games: int, seed: int) -> tuple[int, ...]:
    return tuple(EXPERIMENTS[name].samples(games, seed))


@pytest.mark.parametrize("name", CELLS)
@pytest.mark.parametrize("which", ["the notebook's seed", "another seed"])
def test_an_experiment_is_the_notebooks_simulation(name, which):
    seed = CELLS[name][2] if which == "the notebook's seed" else OTHER_SEED
    assert samples(name, SMALL, seed) == cell_values(name, SMALL, seed)


@pytest.mark.parametrize("name", CELLS)
def test_every_value_is_one_a_game_can_give(name):
    experiment = EXPERIMENTS[name]
    values = samples(name, SMALL, CELLS[name][2]) + samples(name, SMALL, OTHER_SEED)
    assert all(experiment.value_ok(value) for value in values)


def test_a_game_length_is_a_whole_number_of_turns_the_rules_allow():
    experiment = EXPERIMENTS["game_length"]
    assert experiment.bounds == (LEAST_TURNS, MOST_TURNS) == (2, 391)
    assert not experiment.value_ok(1) and not experiment.value_ok(16.5)


@pytest.mark.parametrize("name", [n for n, e in EXPERIMENTS.items() if e.exercise])
def test_the_samples_estimate_the_checkers_answer(name):
    """At the notebook's own seed and number of games, within 4 standard errors."""
    source = cell_of(code_cells(NOTEBOOK), CELLS[name][0])
    games = int(re.search(rf"^{CELLS[name][1]} = (\d+)", source, re.M).group(1))
    values = samples(name, games, CELLS[name][2])
    mean, error = statistics.mean(values), statistics.stdev(values) / len(values) ** 0.5
    exact = EXPERIMENTS[name].exact()
    assert exact is not None and abs(mean - exact[0]) <= 4 * error


def test_every_simulation_the_notebook_plots_is_an_experiment():
    assert set(CELLS) == set(EXPERIMENTS)
    cells = code_cells(NOTEBOOK)
    for piece, name in SUMMARIES.items():  # its values: the latest the experiment's cell made
        values = re.search(r"interval_text\((\w+)", piece).group(1)
        before = cells[:cells.index(cell_of(code_cells(NOTEBOOK), piece))]
        makers = [source for source in before if re.search(rf"^{values} = ", source, re.M)]
        assert makers[-1] == cell_of(code_cells(NOTEBOOK), CELLS[name][0])
    for piece in SKIPPED:
        assert not plots(cell_of(code_cells(NOTEBOOK), piece))
    covered = [piece for piece, *_ in CELLS.values()] + list(SUMMARIES)
    for source in filter(plots, cells):
        assert any(piece in source for piece in covered), source
