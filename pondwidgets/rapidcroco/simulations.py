"""Rapidcroco's simulations for the probability exercises: seeded games dealt with the rules
model, the criteria turned (the model's own draw) and the arms followed with the rules'
:func:`~pondwidgets.rapidcroco.culprit`, one sample per game (ready for
:func:`pondwidgets.core.exercises.plot_convergence`), and the estimates of the reference
walks. ``exercises.py`` offers them to students.

Each walk simulation plays one game at a time from that game's seed alone (its
``<name>_trial(game_seed)``), so a class experiment (``experiments.py``) can play any one
of its games again by itself."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

from ..core.arguments import checked, flag, games, items, rule, simulation_seed, whole
from ..core.simulate import seeds
from .culprit import CulpritPath, culprit
from .exact import FIRST_THREE
from .rules import RapidcrocoGame

REFERENCE_GAMES, REFERENCE_SEED = 20_000, 2024


# -- 1. Five criteria, one Croc -----------------------------------------------------------
@checked(deals=games, seed=simulation_seed)
def simulate_three_criteria(deals: int = 2000, seed: int = 2) -> list[int]:
    """Deal ``deals`` games and turn the criteria; pick a Croc at random on the grid (a
    pick drawn apart from the deal): 1 when it matches the first three criteria faces."""
    return [three_criteria_trial(game_seed) for game_seed in seeds(deals, seed)]


def three_criteria_trial(game_seed: int) -> int:
    """One deal of :func:`simulate_three_criteria`. Its pick comes from the game's seed
    alone (a generator of its own), so any one deal can be played again by itself."""
    game = RapidcrocoGame(2, seed=game_seed)
    game.play("reveal")
    crocs = [card for card in game.view()["grid"] if card["kind"] == "croc"]
    card = random.Random(f"{game_seed} pick").choice(crocs)
    criteria = game.criteria
    assert criteria is not None  # turned by the reveal
    turned = criteria[:len(FIRST_THREE)]
    return int(all(card[t] == face for t, face in zip(FIRST_THREE, turned, strict=True)))


# -- the walks of a whole deal ---------------------------------------------------------------
@checked(games=games, seed=simulation_seed, wrap=flag)
def deal_walks(games: int = 2000, seed: int = 0, wrap: bool = False) -> list[CulpritPath]:
    """Deal ``games`` seeded games (Advanced 1 when ``wrap``), turn the criteria (the rules
    model's uniform draw of the suspect) and follow the arms with the rules' ``culprit()``:
    one walk per game."""
    return [deal_walk(game_seed, wrap) for game_seed in seeds(games, seed)]


def deal_walk(game_seed: int, wrap: bool = False) -> CulpritPath:
    """One game of :func:`deal_walks`: the walk of the game dealt from ``game_seed``."""
    game = RapidcrocoGame(2, seed=game_seed, wrap=wrap)
    game.play("reveal")
    site = game.suspect_site()
    assert site is not None  # a new deal: every Croc is on the grid
    return culprit(game.grid_text(), site, game.variant)


def moves(walk: CulpritPath) -> int:
    """How many times a finger following the walk moves to another card (0 when the
    suspect points straight off the grid)."""
    return len(walk.sites) - 1


@checked(wrap=flag)
@cache
def reference_walks(wrap: bool = False) -> tuple[CulpritPath, ...]:
    """The walks the estimates come from: :data:`REFERENCE_GAMES` seeded games
    (computed once, the first time an estimate is needed)."""
    return tuple(deal_walks(REFERENCE_GAMES, REFERENCE_SEED, wrap))


def _share(walks: Sequence[CulpritPath], test: Callable[[CulpritPath], bool]) -> float:
    return sum(map(test, walks)) / len(walks)


def _is_suspect(walk: CulpritPath) -> bool:
    return walk.culprit == walk.sites[0]


def _first_is_hippo(walk: CulpritPath) -> bool:
    return walk.reason == "hippo" and len(walk.sites) == 2


def _meets_hippo(walk: CulpritPath) -> bool:
    return walk.reason == "hippo"


# -- 2. How long is a walk? ----------------------------------------------------------------
@checked(games=games, seed=simulation_seed, wrap=flag)
def walk_moves(games: int = 2000, seed: int = 2, wrap: bool = False) -> list[int]:
    """The number of moves of each walk of :func:`deal_walks`."""
    return [walk_moves_trial(game_seed, wrap) for game_seed in seeds(games, seed)]


def walk_moves_trial(game_seed: int, wrap: bool = False) -> int:
    """One game of :func:`walk_moves`: the moves of its walk."""
    return moves(deal_walk(game_seed, wrap))


@checked(wrap=flag)
def mean_moves_estimate(wrap: bool = False) -> float:
    """The model's estimate of the mean number of moves, from the reference walks."""
    walks = reference_walks(wrap)
    return sum(map(moves, walks)) / len(walks)


@checked(counts=rule(items, rule(whole, 0, 100, "a number of moves"), what="a list of move counts"))
def moves_table(counts: Sequence[int]) -> str:
    """A small text chart of how many walks made each number of moves."""
    tally = Counter(counts)
    width = max(tally.values())
    return "\n".join(f"{k:>2} move{'s' if k != 1 else ' '} {tally[k]:>6} "
                     f"{'█' * round(30 * tally[k] / width)}"
                     for k in range(max(tally) + 1))


# -- 3. Is the suspect the culprit? ---------------------------------------------------------
@checked(games=games, seed=simulation_seed, wrap=flag)
def simulate_straight_off(games: int = 2000, seed: int = 7, wrap: bool = False) -> list[int]:
    """1 for each dealt walk that ends where it starts, without a move: the suspect's arm
    points off the grid."""
    return [straight_off_trial(game_seed, wrap) for game_seed in seeds(games, seed)]


def straight_off_trial(game_seed: int, wrap: bool = False) -> int:
    """One game of :func:`simulate_straight_off`: 1 when its walk makes no move."""
    return int(moves(deal_walk(game_seed, wrap)) == 0)


@checked(games=games, seed=simulation_seed, wrap=flag)
def simulate_suspect_is_culprit(games: int = 2000, seed: int = 7,
                                wrap: bool = False) -> list[int]:
    """1 for each dealt walk whose culprit is the suspect itself (the Croc the criteria
    pick): off the grid at once, a Hippo, or the walk coming back to it."""
    return [suspect_is_culprit_trial(game_seed, wrap) for game_seed in seeds(games, seed)]


def suspect_is_culprit_trial(game_seed: int, wrap: bool = False) -> int:
    """One game of :func:`simulate_suspect_is_culprit`: 1 when the suspect is the culprit."""
    return int(_is_suspect(deal_walk(game_seed, wrap)))


@checked(wrap=flag)
def suspect_is_culprit_estimate(wrap: bool = False) -> float:
    return _share(reference_walks(wrap), _is_suspect)


# -- 4. Meeting a Hippo ---------------------------------------------------------------------
@checked(games=games, seed=simulation_seed, wrap=flag)
def simulate_first_hippo(games: int = 2000, seed: int = 5, wrap: bool = False) -> list[int]:
    """1 for each dealt walk whose very first look lands on a Hippo."""
    return [first_hippo_trial(game_seed, wrap) for game_seed in seeds(games, seed)]


def first_hippo_trial(game_seed: int, wrap: bool = False) -> int:
    """One game of :func:`simulate_first_hippo`: 1 when its first look is a Hippo."""
    return int(_first_is_hippo(deal_walk(game_seed, wrap)))


@checked(games=games, seed=simulation_seed, wrap=flag)
def simulate_hippo_walk(games: int = 2000, seed: int = 5, wrap: bool = False) -> list[int]:
    """1 for each dealt walk that reaches a Hippo, at any step."""
    return [hippo_walk_trial(game_seed, wrap) for game_seed in seeds(games, seed)]


def hippo_walk_trial(game_seed: int, wrap: bool = False) -> int:
    """One game of :func:`simulate_hippo_walk`: 1 when its walk reaches a Hippo."""
    return int(_meets_hippo(deal_walk(game_seed, wrap)))


@checked(wrap=flag)
def hippo_walk_estimate(wrap: bool = False) -> float:
    return _share(reference_walks(wrap), _meets_hippo)


# -- 5. Advanced 1: the arms wrap around -----------------------------------------------------
@checked(games=games, seed=simulation_seed)
def compare_variants(games: int = 3000, seed: int = 6) -> str:
    """A table of the same measures for the standard game and Advanced 1 (wrap), each
    from ``games`` seeded deals (the same deals for both: only the rule differs)."""
    columns = {"standard": deal_walks(games, seed), "wrap": deal_walks(games, seed, True)}
    rows = [
        ("culprit is the suspect", lambda w: _share(w, _is_suspect)),
        ("walk meets a Hippo", lambda w: _share(w, _meets_hippo)),
        ("first look is a Hippo", lambda w: _share(w, _first_is_hippo)),
        ("ends off the grid", lambda w: _share(w, lambda p: p.reason == "edge")),
        ("ends on a Croc pointed at twice",
         lambda w: _share(w, lambda p: p.reason == "twice")),
        ("mean number of moves", lambda w: sum(map(moves, w)) / len(w)),
        ("longest walk (moves)", lambda w: max(map(moves, w))),
    ]
    lines = [f"{f'{games:,} deals':<32}{'standard':>10}{'wrap':>10}"]
    for label, measure in rows:
        values = [measure(columns[v]) for v in ("standard", "wrap")]
        lines.append(f"{label:<32}" + "".join(
            f"{v:>10}" if isinstance(v, int) else f"{v:>10.3f}" for v in values))
    return "\n".join(lines)


__all__ = [
    "REFERENCE_GAMES",
    "REFERENCE_SEED",
    "compare_variants",
    "deal_walk",
    "deal_walks",
    "first_hippo_trial",
    "hippo_walk_estimate",
    "hippo_walk_trial",
    "mean_moves_estimate",
    "moves",
    "moves_table",
    "reference_walks",
    "simulate_first_hippo",
    "simulate_hippo_walk",
    "simulate_straight_off",
    "simulate_suspect_is_culprit",
    "simulate_three_criteria",
    "straight_off_trial",
    "suspect_is_culprit_estimate",
    "suspect_is_culprit_trial",
    "three_criteria_trial",
    "walk_moves",
    "walk_moves_trial",
]
