"""Croak! probability exercises: exact answers from the rules model, checkers, simulations.

Each exercise has

- an exact answer computed here from the rulebook's tile table and the rules model
  (``CroakGame.chance_odds``, counting), never typed in as a number — or, where no formula
  gives it, an estimate from a large seeded simulation, with a tolerance, shipped as a
  constant (a slow test plays its games again), so a checker answers at once;
- a checker, ``check_<name>(answer)``, that shows feedback and returns a ``Verdict``;
- a simulation, ``simulate_<name>(n, seed)``, that deals or plays ``n`` seeded games with
  the rules model itself and returns one sample per game (1 for yes, 0 for no), ready for
  :func:`pondwidgets.core.exercises.plot_convergence`.

The notebooks are ``notebooks/croak/03-probability.ipynb`` (students) and
``notebooks/solutions/croak-03-probability.ipynb`` (teachers).
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from math import comb

from ..core.arguments import checked, games, items, rule, simulation_seed, whole
from ..core.bots import RandomBot
from ..core.exercises import Exercise
from ..core.playing import Plays
from ..core.simulate import seeds, simulate
from .rules import CroakGame
from .tiles import INDEX, LILY, NEIGHBOURS, PIKE, SETUPS, SQUARES, TILE_COUNTS

__all__ = [
    "EXERCISES", "PIKE_ENDINGS", "REVEALED", "check_lily_chain", "check_pike_after_reveals",
    "check_pike_at_start", "check_pike_endings", "check_pike_next_to_queen",
    "check_queen_first_step", "lily_chain_lengths", "revealed_position",
    "simulate_lily_chain", "simulate_pike_after_reveals", "simulate_pike_at_start",
    "simulate_pike_endings", "simulate_pike_next_to_queen", "simulate_queen_first_step",
]

DEEP = ("deep-a", "deep-b")
QUEEN_START = SETUPS[2][0][0]  # a1: Blue's Queen
QUEEN_STEP = "b2"  # her only legal first jump: her Servants stand on b1 and a2
PADS = rule(whole, 0, 64, "a number of Lily Pads")  # a chain's length, as an argument
# Exercise 2: four deep-A tiles lying face up, none of them a Pike.
REVEALED = {"c3": "deep-a/lily-pad", "d4": "deep-a/reeds", "e5": "deep-a/mosquito",
            "f6": "deep-a/log"}


def _total(front: str) -> int:
    """How many tiles of the box have that front, all backs together."""
    return sum(counts[front] for counts in TILE_COUNTS.values())


BOX = sum(sum(counts.values()) for counts in TILE_COUNTS.values())  # 64 tiles


# -- 1. A deep-water tile at the start --------------------------------------------------
def pike_at_start_exact() -> Fraction:
    """The chance that a face-down deep-A tile is a Pike before anything is turned over:
    the rules model's own odds for a fresh pond."""
    return CroakGame(2, seed=0).chance_odds("deep-a")[PIKE]


@checked(deals=games, seed=simulation_seed)
def simulate_pike_at_start(deals: int = 2000, seed: int = 1) -> list[int]:
    """Deal ``deals`` ponds; in each, is the first deep-water tile (in reading order,
    a1, b1, …, h8) a Pike? One 1 or 0 per deal."""
    return [pike_at_start_trial(game_seed) for game_seed in seeds(deals, seed)]


def pike_at_start_trial(game_seed: int) -> int:
    """One deal of :func:`simulate_pike_at_start`: 1 when its first deep tile is a Pike."""
    game = CroakGame(2, seed=game_seed)
    first = next(i for i, back in enumerate(game.backs) if back in DEEP)
    return int(game.fronts[first] == PIKE)


# -- 2. After some deep-A tiles are turned over -----------------------------------------
def revealed_position() -> dict:
    """The start of a 2-player game with the four :data:`REVEALED` deep-A tiles face up."""
    frogs = [{"queen": queen, "servants": list(servants)} for queen, servants in SETUPS[2]]
    return {"frogs": frogs, "tiles": dict(REVEALED), "face_up": list(REVEALED)}


def pike_after_reveals_exact() -> Fraction:
    """The chance that a face-down deep-A tile is a Pike once the :data:`REVEALED` tiles
    lie face up, from the rules model's ``chance_odds`` on that position."""
    return CroakGame(2, seed=0, position=revealed_position()).chance_odds("deep-a")[PIKE]


@checked(deals=games, seed=simulation_seed)
def simulate_pike_after_reveals(deals: int = 2000, seed: int = 2) -> list[int]:
    """Deal ``deals`` ponds with the :data:`REVEALED` tiles in place (the other 60 tiles
    shuffled by each seed); is the first face-down deep-A tile a Pike?"""
    return [pike_after_reveals_trial(game_seed) for game_seed in seeds(deals, seed)]


def pike_after_reveals_trial(game_seed: int) -> int:
    """One deal of :func:`simulate_pike_after_reveals`."""
    game = CroakGame(2, seed=game_seed, position=revealed_position())
    first = next(i for i, back in enumerate(game.backs)
                 if back == "deep-a" and SQUARES[i] not in REVEALED)
    return int(game.fronts[first] == PIKE)


# -- 3. The Queen's first jump ------------------------------------------------------------
def queen_first_step_exact() -> Fraction:
    """The chance that b2 is not a Pike, over all deals: by the law of total probability
    over the three backs, P(back) × P(Pike | back), each from the rules model's odds."""
    fresh = CroakGame(2, seed=0)
    pike = sum((Fraction(sum(TILE_COUNTS[back].values()), BOX)
                * fresh.chance_odds(back).get(PIKE, Fraction(0)) for back in TILE_COUNTS),
               Fraction(0))
    return 1 - pike


def queen_step_on_back(back: str) -> Fraction:
    """Exercise 3's other readings: the chance that b2 is not a Pike when its ``back``
    (``"shallow"``, ``"deep-a"`` or ``"deep-b"``) is known, from the rules model's odds."""
    return 1 - CroakGame(2, seed=0).chance_odds(back).get(PIKE, Fraction(0))


@checked(games=games, seed=simulation_seed)
def simulate_queen_first_step(games: int = 2000, seed: int = 3) -> list[int]:
    """Play Blue's Queen a1–b2 in ``games`` seeded games: 1 when the tile she lands on
    at b2 is not a Pike."""
    return [queen_first_step_trial(game_seed) for game_seed in seeds(games, seed)]


def queen_first_step_trial(game_seed: int) -> int:
    """One game of :func:`simulate_queen_first_step`."""
    game = CroakGame(2, seed=game_seed)
    game.play(f"Q {QUEEN_START}-{QUEEN_STEP}")
    return int(game.view()["tiles"][INDEX[QUEEN_STEP]]["front"] != PIKE)


# -- 4. Lily Pad chains -------------------------------------------------------------------
@checked(at_least=rule(whole, 0, 3, "a number of Lily Pads"))
def lily_chain_exact(at_least: int = 2) -> Fraction:
    """The chance that the Queen's first jump (a1–b2) bounces off at least ``at_least``
    Lily Pads in a row, for ``at_least`` up to 3.

    Every square she may bounce to is still face down, whichever she picks, so each tile
    she turns over is like the next tile drawn from the 64 - k not yet seen. A chain of 3
    can never be stuck (every pad she can reach near a1 has an open neighbour), so the
    product is exact; for longer chains a frog could rarely be boxed in among pads it
    already bounced off, and only the simulation answers.
    """
    if not 0 <= at_least <= 3:
        raise ValueError("the exact chance is given for chains of 0 to 3 Lily Pads")
    lily = _total(LILY)
    chance = Fraction(1)
    for k in range(at_least):
        chance *= Fraction(lily - k, BOX - k)
    return chance


@checked(games=games, seed=simulation_seed)
def lily_chain_lengths(games: int = 2000, seed: int = 4) -> list[int]:
    """Play Blue's Queen a1–b2 in ``games`` seeded games and let her bounce at random
    (a seeded ``RandomBot``) until she lands on something that is not a Lily Pad: the
    number of Lily Pads she bounced off, one per game."""
    return [lily_chain_trial(game_seed) for game_seed in seeds(games, seed)]


def lily_chain_trial(game_seed: int) -> int:
    """One game of :func:`lily_chain_lengths`: the Lily Pads of its chain."""
    game = CroakGame(2, seed=game_seed)
    bot = RandomBot(game_seed)
    game.play(f"Q {QUEEN_START}-{QUEEN_STEP}")
    while game.view()["phase"] == "bounce":
        game.play(bot(game, 0), 0)
    # nothing else is face up yet: the face-up Lily Pads are the chain (a pad where the
    # Queen is boxed in, and stops without bouncing, counts too)
    return sum(t["front"] == LILY for t in game.view()["tiles"])


@checked(games=games, seed=simulation_seed, at_least=PADS)
def simulate_lily_chain(games: int = 2000, seed: int = 4, at_least: int = 2) -> list[int]:
    """1 for each game of :func:`lily_chain_lengths` whose chain had ``at_least`` pads."""
    return [int(n >= at_least) for n in lily_chain_lengths(games, seed)]


# -- 5. A Pike next to the Queen at the start ----------------------------------------------
def pike_next_to_queen_exact() -> Fraction:
    """The chance that at least one of the three tiles around Blue's Queen at a1 (a2, b1,
    b2) is a Pike: 1 minus the chance that none is, choosing 3 tiles of the 64."""
    around = len(NEIGHBOURS[INDEX[QUEEN_START]])
    pikes = _total(PIKE)
    return 1 - Fraction(comb(BOX - pikes, around), comb(BOX, around))


@checked(deals=games, seed=simulation_seed)
def simulate_pike_next_to_queen(deals: int = 2000, seed: int = 5) -> list[int]:
    """Deal ``deals`` ponds: 1 when a Pike lies next to a1."""
    return [pike_next_to_queen_trial(game_seed) for game_seed in seeds(deals, seed)]


def pike_next_to_queen_trial(game_seed: int) -> int:
    """One deal of :func:`simulate_pike_next_to_queen`."""
    fronts = CroakGame(2, seed=game_seed).fronts
    return int(any(fronts[i] == PIKE for i in NEIGHBOURS[INDEX[QUEEN_START]]))


# -- 6. How random games end (simulation only) ---------------------------------------------
_PIKE_EATS_QUEEN = re.compile(r"^A Pike at [a-h][1-8] eats .*'s Queen!$")
REFERENCE_GAMES, REFERENCE_SEED = 3000, 2024
LIMIT = 100_000  # decisions a game may take: simulate's own


def _ended_by_pike(game: CroakGame) -> int:
    return int(any(_PIKE_EATS_QUEEN.match(line) for line in game.log))


@checked(games=games, seed=simulation_seed)
def simulate_pike_endings(games: int = 1000, seed: int = 6) -> list[int]:
    """Play ``games`` 2-player games between two ``RandomBot``\\s (seeded): 1 when the
    game ended with a Queen eaten by a Pike, 0 when a rival captured her."""
    results = simulate(_two_players, [RandomBot(), RandomBot()], games, seed=seed,
                       measure=_ended_by_pike)
    return [r.value for r in results]


def _two_players(game_seed: int) -> CroakGame:
    return CroakGame(2, seed=game_seed)


def pike_endings_trial(game_seed: int) -> int:
    """One game of :func:`simulate_pike_endings`, played as ``simulate`` plays it."""
    plays = Plays(_two_players, [RandomBot(), RandomBot()], _ended_by_pike, LIMIT)
    value: int = plays.game(game_seed).value
    return value


def pike_endings_estimate() -> float:
    """The model's estimate for exercise 6, from :data:`REFERENCE_GAMES` seeded games: what
    :data:`PIKE_ENDINGS` holds."""
    samples = simulate_pike_endings(REFERENCE_GAMES, REFERENCE_SEED)
    return sum(samples) / len(samples)


# pike_endings_estimate(), shipped: its games take seconds (longer in a browser), and their
# seeds fix the result. A slow test plays them again and compares (tests/croak).
PIKE_ENDINGS = 2646 / 3000


# -- the checkers ----------------------------------------------------------------------------
# A hint points at the method, never at the arithmetic that gives the answer.
check_pike_at_start = Exercise("pike_at_start", pike_at_start_exact, hints=[
    "Look at the rulebook's table: how many tiles have a deep-water back A, and how many "
    "of them are Pikes?",
    "Every deep-A tile is face down, and each is equally likely to be the one Blue looks "
    "at: favourable cases over all cases.",
])
check_pike_after_reveals = Exercise("pike_after_reveals", pike_after_reveals_exact, hints=[
    "The four tiles you can see are not Pikes, so both Pikes are still face down.",
    "Only the deep-A tiles still face down count now: how many are left?",
])
check_queen_first_step = Exercise(
    "queen_first_step", queen_first_step_exact,
    assumes="over all deals, without looking at b2's back: b2 may have any of the three "
            "backs",
    readings={"you already know that b2 has a deep-water back":
              lambda: queen_step_on_back("deep-a"),
              "you already know that b2 has a shallow-water back":
              lambda: queen_step_on_back("shallow")},
    hints=[
        "b2 may have any of the three backs. No Pike lives in the shallows.",
        "Add up over the backs: the chance of each back times the chance of a Pike with "
        "that back. Or count the Pikes among all the tiles at once.",
    ])
check_lily_chain = Exercise("lily_chain", lily_chain_exact, hints=[
    "First: what is the chance that b2 is a Lily Pad? Count the Lily Pads of all backs.",
    "Like drawing tiles from a bag without putting them back: whichever square she bounces "
    "to, the second tile comes from the tiles not yet seen. Multiply the two chances.",
])
check_pike_next_to_queen = Exercise("pike_next_to_queen", pike_next_to_queen_exact, hints=[
    "It is easier to find the chance that none of the three tiles is a Pike.",
    "Count the sets of three tiles with no Pike among them, and all the sets of three "
    "tiles: comb(n, k) counts the ways to choose k of n.",
])
check_pike_endings = Exercise(
    "pike_endings", PIKE_ENDINGS, tolerance=0.03,
    estimate_note=f"from {REFERENCE_GAMES:,} seeded games",
    hints=["Run the simulation below and read the estimate it settles on.",
           "Use more games: the band around the estimate narrows as 1/√(games)."])

EXERCISES = {ex.name: ex for ex in (
    check_pike_at_start, check_pike_after_reveals, check_queen_first_step, check_lily_chain,
    check_pike_next_to_queen, check_pike_endings)}


@checked(lengths=rule(items, PADS, what="a list of chain lengths"))
def chain_table(lengths: list[int]) -> str:
    """A small text table of how many games had each chain length."""
    counts = Counter(lengths)
    return "\n".join(f"{f'{k} Lily Pad' + ('s:' if k != 1 else ':'):<13}{counts[k]:>5} "
                     f"game{'s' if counts[k] != 1 else ''}" for k in range(max(counts) + 1))
