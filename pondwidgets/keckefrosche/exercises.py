"""Kecke Frösche probability exercises: exact answers by counting cards (hypergeometric
counts, with ``Fraction``), checkers, and simulations with the rules model.

Each exercise has

- an exact answer computed here from the cards, never typed in as a number: what is
  still unseen (the 63 cards less every card face up), and how many ways to draw — or,
  where no formula gives it (two bots playing whole games), an estimate from a large
  seeded simulation, with a tolerance, shipped as a constant (:data:`KEEPER_ESTIMATE`: a
  slow test plays its games again);
- a checker, ``check_<name>(answer)``, that shows feedback and returns a ``Verdict``;
- a simulation that plays seeded games with the rules model itself
  (:class:`~pondwidgets.keckefrosche.KeckeGame`), one sample per game, ready for
  :func:`pondwidgets.core.exercises.plot_convergence`; its ``…_trial(game_seed)`` plays
  any one of those games alone (a class's server replays a student's games so:
  ``experiments.py``).

The exact answers and the simulations are computed apart: the counts read only the
position (the cards face up) and the rules as written in the README; the simulations let
the rules model shuffle, deal and draw. When both agree, both are right.

The notebooks are ``notebooks/keckefrosche/03-probability.ipynb`` (students) and
``notebooks/solutions/keckefrosche-03-probability.ipynb`` (teachers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product
from math import comb
from typing import Any

from ..core.arguments import (
    MOST,
    checked,
    games,
    instance,
    optional,
    results,
    rule,
    simulation_seed,
    whole,
)
from ..core.errors import BadArgument, brief
from ..core.exercises import Exercise, bar_chart, confidence_interval, interval_text
from ..core.playing import Plays
from ..core.simulate import GameResult, seeds, simulate
from .cards import BIOTOPES
from .lessons import _display, all_cards, deal
from .rules import KeckeGame

__all__ = [
    "CHIPS", "EXERCISES", "KEEPER_ESTIMATE", "PAIR_POSITION", "bang_exact", "bang_trials",
    "bar_chart", "check_bang_within", "check_chips_mean", "check_chips_seven",
    "check_pair_next", "check_stork_keeper", "check_storks_dealt", "chip_trials",
    "chips_mean_exact", "chips_seven_exact", "confidence_interval", "interval_text",
    "keeper_games", "keeper_table", "keeper_wins", "pair_exact", "pair_trials", "row_ends",
    "show_position", "stork_deal_trials", "storks_dealt_exact", "unseen"
]

CHIPS = (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)  # the twelve chips: docs/rules/keckefrosche.md#chips
DEALT_CARDS = 63  # the pile before the deal: 48 frogs, 12 storks, 3 bang frogs
# The arguments' checks (BadArgument naming the argument), shared by the helpers below.
PLAYERS = rule(whole, KeckeGame.PLAYERS[0], KeckeGame.PLAYERS[-1], "a number of players")
CARDS = rule(whole, 0, 1000, "a number of cards")
HELD = rule(whole, 0, len(CHIPS), "a number of chips")


def _position(value: Any, name: str) -> dict:
    """An explicit position (``deal(...)``), checked as the rules check one: BadPosition
    naming what is wrong with it."""
    if not isinstance(value, dict):
        raise BadArgument(f"{name} is a position (a dictionary, as deal() makes one), not "
                          f"{brief(value)}")
    displays = value.get("displays")
    players = len(displays) if isinstance(displays, list) and 2 <= len(displays) <= 4 else 2
    KeckeGame(players, seed=0, position=value)
    return value


def biotope_of(kind: str) -> str:
    """``"water-2"`` -> ``"water"``."""
    return kind.split("-", 1)[0]


# -- What nobody has seen -----------------------------------------------------------------
@checked(position=_position)
def unseen(position: dict) -> Counter:
    """The cards of an explicit position that nobody has seen: all 63 cards less every
    card face up (the displays, the biotopes' piles) and those in the box. Counted from
    the position alone; they are the draw pile's cards."""
    left = all_cards()
    for display in position["displays"]:
        for b in BIOTOPES:
            left.subtract(display.get(b, []))
        left["stork"] -= display.get("storks", 0)
    for cards in position["biotopes"].values():
        left.subtract(cards)
    box = position.get("box", {})
    left["stork"] -= box.get("storks", 0)
    left["bang"] -= box.get("bang", 0)
    return +left


@checked(display=_display)
def row_ends(display: dict) -> set[str]:
    """The kinds at the two ends of each of a display's rows: a drawn frog of one of them
    can be laid next to its twin."""
    return {row[i] for b in BIOTOPES if (row := display.get(b, [])) for i in (0, -1)}


# -- 1. The next card pairs ----------------------------------------------------------------
# Ada (seat 0) is to play, mid-game, two players. The pile (every card not shown) is
# shuffled by each game's seed.
PAIR_POSITION = deal(
    [{"water": ["water-1", "water-3"], "bank": ["bank-2"],
      "dike": ["dike-4", "dike-1", "dike-4"], "storks": 1},
     {"water": ["water-1"], "bank": ["bank-2", "bank-2"], "dike": ["dike-3"], "storks": 2}],
    {"water": ["water-3", "water-2"], "bank": ["bank-1"], "dike": ["dike-4", "stork"]},
    box={"storks": 1, "bang": 1})
del PAIR_POSITION["pile"]  # shuffled by the seed


@checked(position=optional(_position), seat=rule(whole, 0, 3, "a seat"))
def pair_exact(position: dict | None = None, seat: int = 0) -> Fraction:
    """The chance that the next card drawn is a frog that pairs with one of ``seat``'s row
    ends: the unseen copies of the end kinds over the unseen cards (the pile)."""
    position = position or PAIR_POSITION
    if seat >= len(position["displays"]):
        raise BadArgument(f"seat is a seat of the position (0 to "
                          f"{len(position['displays']) - 1}), not {seat}")
    pool = unseen(position)
    good = sum(pool[kind] for kind in row_ends(position["displays"][seat]))
    return Fraction(good, sum(pool.values()))


@checked(game=rule(instance, KeckeGame, "a Kecke Frösche game"))
def show_position(game: KeckeGame) -> str:
    """A game's table as text, from the view every seat sees: each display's rows (ends
    first and last), storks and chips, the biotopes' top cards, the pile and the box."""
    view = game.view()
    lines = []
    for player in view["players"]:
        rows = "   ".join(f"{b}: {' '.join(player['rows'][b]) or '-'}" for b in BIOTOPES)
        lines.append(f"{player['name']:6} {rows}   storks: {player['storks']}   "
                     f"chips: {player['chips']}")
    tops = "   ".join(f"{b['id']}: {b['top'] or '-'} ({b['count']} "
                      f"card{'' if b['count'] == 1 else 's'}"
                      f"{', blocked' if b['blocked'] else ''})" for b in view["biotopes"])
    lines.append(f"piles  {tops}")
    lines.append(f"draw pile: {view['pile']} cards   storks in the box: {view['box']}")
    return "\n".join(lines)


def _place(game: KeckeGame, seat: int) -> None:
    """Lay a waiting frog next to its twin if a row end shows one, else at the left."""
    view = game.view(seat)
    card = view["drawn"]["card"]
    row = view["players"][seat]["rows"][biotope_of(card)]
    game.play("right" if row and row[-1] == card else "left", seat)


@checked(trials=games, seed=simulation_seed)
def pair_trials(trials: int = 2000, seed: int = 1) -> list[int]:
    """``trials`` seeded games of the rules model from :data:`PAIR_POSITION`: Ada draws
    one card and lays it next to its twin if she can. 1 when she earned a chip, else 0."""
    return [pair_trial(game_seed) for game_seed in seeds(trials, seed)]


def pair_trial(game_seed: int) -> int:
    """One game of :func:`pair_trials`: 1 when Ada's card earned her a chip."""
    game = KeckeGame(2, position=PAIR_POSITION, seed=game_seed)
    before = game.view()["players"][0]["chips"]
    game.play("draw", 0)
    if game.view()["phase"] == "place":
        _place(game, 0)
    return int(game.view()["players"][0]["chips"] > before)


# -- 2. A bang frog soon --------------------------------------------------------------------
@checked(pile=CARDS, bangs=CARDS, draws=CARDS)
def bang_exact(pile: int = DEALT_CARDS - 2, bangs: int = 3, draws: int = 6) -> Fraction:
    """The chance that at least one of ``bangs`` bang frogs is among the next ``draws``
    cards of a shuffled pile of ``pile``: one less the chance that none is,
    C(pile − bangs, draws) / C(pile, draws)."""
    for name, value in (("bangs", bangs), ("draws", draws)):
        if value > pile:
            raise BadArgument(f"{name} is a number of cards from 0 to the pile's {pile}, not "
                              f"{value}")
    return 1 - Fraction(comb(pile - bangs, draws), comb(pile, draws))


def _bangs_out(game: KeckeGame) -> int:
    """How many bang frogs have left the game, from the view alone: every card not in the
    pile, a display, a biotope's pile or the box (storks) is a bang frog gone."""
    view = game.view()
    placed = (view["pile"] + view["box"] + sum(p["cards"] for p in view["players"])
              + sum(b["count"] for b in view["biotopes"]))
    return DEALT_CARDS - placed


@checked(trials=games, seed=simulation_seed, players=PLAYERS,
         draws=rule(whole, 0, 40, "a number of cards"))
def bang_trials(trials: int = 2000, seed: int = 2, players: int = 2,
                draws: int = 6) -> list[int]:
    """``trials`` seeded games of the rules model from the deal: every player in turn
    discards nothing and draws one card, ``draws`` cards in all. 1 when a bang frog came
    among them, else 0."""
    return [bang_trial(game_seed, players, draws) for game_seed in seeds(trials, seed)]


def bang_trial(game_seed: int, players: int = 2, draws: int = 6) -> int:
    """One game of :func:`bang_trials`: 1 when a bang frog came among its ``draws`` cards."""
    game = KeckeGame(players, seed=game_seed)
    for _ in range(draws):
        seat = game.current_player
        assert seat is not None  # turn by turn
        game.play("draw", seat)
        if game.view()["phase"] == "place":
            _place(game, seat)
    return int(_bangs_out(game) > 0)


# -- 3. Storks in the deal ----------------------------------------------------------------
@checked(players=PLAYERS)
def storks_dealt_exact(players: int = 4) -> Fraction:
    """The expected number of storks among the cards dealt to ``players`` players. A bang
    frog dealt is shuffled back and replaced, so each card dealt is as likely to be any of
    the 60 cards that are not bang frogs: 12 of them are storks, and expectations add."""
    return players * Fraction(12, DEALT_CARDS - 3)


@checked(trials=games, seed=simulation_seed, players=PLAYERS)
def stork_deal_trials(trials: int = 2000, seed: int = 3, players: int = 4) -> list[int]:
    """The storks dealt in ``trials`` seeded deals of the rules model."""
    return [stork_deal_trial(game_seed, players) for game_seed in seeds(trials, seed)]


def stork_deal_trial(game_seed: int, players: int = 4) -> int:
    """One deal of :func:`stork_deal_trials`: the storks dealt to ``players`` players."""
    return sum(p["storks"] for p in KeckeGame(players, seed=game_seed).view()["players"])


# -- 4. The chips ---------------------------------------------------------------------------
@checked(held=HELD)
def chips_mean_exact(held: int = 3) -> Fraction:
    """The expected total of ``held`` face-down chips: each is as likely to be any of the
    twelve, worth 2 on average, and expectations add."""
    return held * Fraction(sum(CHIPS), len(CHIPS))


@checked(held=HELD, at_least=rule(whole, 0, 36, "a number of points"))
def chips_seven_exact(held: int = 3, at_least: int = 7) -> Fraction:
    """The chance that ``held`` chips are worth ``at_least`` points or more: every set of
    ``held`` of the twelve chips, equally likely, listed."""
    hands = list(combinations(range(len(CHIPS)), held))
    good = sum(sum(CHIPS[i] for i in hand) >= at_least for hand in hands)
    return Fraction(good, len(hands))


def _chips_put_back(held: int, at_least: int) -> Fraction:
    """Exercise 4's other reading: ``held`` chips worth ``at_least`` or more if each were
    put back before the next is taken (each value 1, 2 or 3, whatever the others)."""
    values = sorted(set(CHIPS))
    sums = [sum(hand) for hand in product(values, repeat=held)]
    return Fraction(sum(total >= at_least for total in sums), len(sums))


# Ada discards a stork and a frog, so she draws three: the three last water-1s, each laid
# next to her water-1, each a chip. The pile holds only them: then the discarding phase.
CHIP_POSITION = deal(
    [{"water": ["water-1", "water-2"], "storks": 1}, {"bank": ["bank-3"], "storks": 0}],
    pile=("water-1", "water-1", "water-1"), rest="out")


def _finish(game: KeckeGame) -> None:
    """Play on to the end: everyone passes, or plays the first legal move when a pass is
    not one."""
    while not game.is_over:
        moves = [str(m) for m in game.legal_moves()]
        game.play("pass" if "pass" in moves else "done" if "done" in moves else moves[0])


@checked(trials=games, seed=simulation_seed)
def chip_trials(trials: int = 2000, seed: int = 4) -> list[list[int]]:
    """``trials`` seeded games of the rules model from ``CHIP_POSITION``: Ada earns three
    chips, and the game is played to its end, where the chips are turned over. The values
    of Ada's chips, game by game."""
    return [chip_trial(game_seed) for game_seed in seeds(trials, seed)]


def chip_trial(game_seed: int) -> list[int]:
    """One game of :func:`chip_trials`: the values of Ada's three chips, at its end."""
    game = KeckeGame(2, position=CHIP_POSITION, seed=game_seed)
    game.play("stork bank", 0)
    game.play("discard water 2", 0)
    while game.view()["phase"] == "place":
        _place(game, 0)
    _finish(game)
    return list(game.view()["players"][0]["chip_values"])


# -- 5. Keep the storks, or spend them? ----------------------------------------------------
KEEPER, SPENDER = 12, 0  # KeckeBot's keep_storks: keeps them all, or spends every one
LIMIT = 100_000  # decisions a game may take: simulate's own


@checked(keeper_seat=rule(whole, 0, 1, "a seat"))
def keeper_bots(keeper_seat: int = 0) -> list:
    """Two ``KeckeBot``\\s: the keeper (never spends a stork while collecting) at
    ``keeper_seat``, the spender (adds a stork to a discard whenever it can) at the other."""
    from .bots import KeckeBot

    bots = [KeckeBot(keep_storks=SPENDER), KeckeBot(keep_storks=SPENDER)]
    bots[keeper_seat] = KeckeBot(keep_storks=KEEPER)
    return bots


@checked(games=rule(whole, 2, MOST, "a number of games"), seed=simulation_seed)
def keeper_games(games: int = 400, seed: int = 5) -> list[GameResult]:
    """``games`` seeded two-player games of the keeper against the spender, the keeper at
    seat 0 in the first half and at seat 1 in the second (who starts matters). Each
    result's ``value`` is the keeper's seat."""
    results = []
    for keeper_seat, count, part in ((0, games - games // 2, seed), (1, games // 2, seed + 1)):
        def keeper(_game: KeckeGame, seat: int = keeper_seat) -> int:  # each result's value
            return seat

        results += simulate(_two_players, keeper_bots(keeper_seat), count, seed=part,
                            measure=keeper)
    return results


def _two_players(game_seed: int) -> KeckeGame:
    return KeckeGame(2, seed=game_seed)


def keeper_trial(game_seed: int, keeper_seat: int = 0) -> int:
    """One game of :func:`keeper_games`, played as ``simulate`` plays it, the keeper at
    ``keeper_seat`` (seat 0 for the first half of its games, 1 for the second, each half's
    seeds drawn from its own simulation seed): 1 when the keeper won, as
    :func:`keeper_wins` counts it."""
    result = Plays(_two_players, keeper_bots(keeper_seat), None, LIMIT).game(game_seed)
    return int(keeper_seat in result.winners)


@checked(results=results)
def keeper_wins(results: Sequence[GameResult]) -> list[int]:
    """1 for each game of :func:`keeper_games` the keeper won (alone or shared), else 0."""
    return [int(r.value in r.winners) for r in results]


@checked(results=results)
def keeper_table(results: Sequence[GameResult]) -> str:
    """The keeper's share of wins, by its seat and in all, with 95% confidence intervals."""
    lines = []
    for label, part in (("keeper at seat 0", [r for r in results if r.value == 0]),
                        ("keeper at seat 1", [r for r in results if r.value == 1]),
                        ("all games", list(results))):
        mean, low, high = confidence_interval(keeper_wins(part))
        lines.append(f"{label:17} {mean:.3f}  (95% CI {low:.3f} to {high:.3f}, "
                     f"{len(part)} games)")
    return "\n".join(lines)


REFERENCE_GAMES, REFERENCE_SEED = 2000, 1001
# keeper_estimate(), shipped: playing its games takes half a minute, and their seeds fix
# the result. A slow test plays them again and compares (tests/keckefrosche).
KEEPER_ESTIMATE = 0.219


def keeper_estimate() -> float:
    """The model's estimate for exercise 5, the keeper's share of wins, from
    ``REFERENCE_GAMES`` seeded games other than the notebook's: what
    :data:`KEEPER_ESTIMATE` holds."""
    games = keeper_games(REFERENCE_GAMES, seed=REFERENCE_SEED)
    return sum(keeper_wins(games)) / REFERENCE_GAMES


# -- The checkers ----------------------------------------------------------------------------
check_pair_next = Exercise(
    "pair_next", lambda: pair_exact(), hints=[
        "Which kinds of frog could Ada lay next to a twin? Only those at the two ends of "
        "her rows.",
        "For each of those kinds, count the copies you can see anywhere (both displays, "
        "under the biotopes' top cards too): the rest of its 4 copies are in the pile. "
        "How many cards are in the pile?"])
check_bang_within = Exercise(
    "bang_within", lambda: bang_exact(), hints=[
        "It is easier to find the chance that none of the 6 cards is a bang frog.",
        "Count the ways to choose 6 cards of the pile, and the ways to choose 6 that leave "
        "out all 3 bang frogs: comb(n, k) counts both."])
check_storks_dealt = Exercise(
    "storks_dealt", lambda: storks_dealt_exact(4), probability=False,
    assumes="the rules' deal: a bang frog dealt is shuffled back, and that player is "
            "dealt another card",
    readings={"a bang frog dealt is put aside and its player gets no card":
              4 * Fraction(12, DEALT_CARDS)},
    hints=[
        "Expectations add: find the chance that one player's card is a stork, and "
        "multiply by the number of players.",
        "A player never keeps a bang frog. Which cards can a player's card be, and how "
        "many of them are storks?"])
check_chips_mean = Exercise(
    "chips_mean", lambda: chips_mean_exact(3), probability=False, hints=[
        "What is one face-down chip worth on average? Nobody has seen it, so it is as "
        "likely to be any of the twelve chips.",
        "Expectations add, even for chips taken without putting back."])
check_chips_seven = Exercise(
    "chips_seven", lambda: chips_seven_exact(3, 7),
    assumes="three different chips of the twelve, like three drawn without putting back",
    readings={"each chip is 1, 2 or 3 with chance 1/3, whatever the other chips are (as "
              "if each chip were put back before the next is taken)": _chips_put_back(3, 7)},
    hints=[
        "Every set of three of the twelve chips is equally likely: count them all with "
        "comb, then count the sets worth 7 or more.",
        "List the values a set worth 7 or more can have, the largest first (3 + 3 + 3, "
        "…); for each, count the ways to pick its chips among the four of each value."])
check_stork_keeper = Exercise(
    "stork_keeper", KEEPER_ESTIMATE, tolerance=0.05,
    estimate_note=f"from {REFERENCE_GAMES:,} seeded games",
    hints=["Run the simulation above and read where the curve settles (the keeper's wins).",
           "Use more games: the confidence interval narrows as 1/√(games)."])

EXERCISES = {ex.name: ex for ex in (
    check_pair_next, check_bang_within, check_storks_dealt, check_chips_mean,
    check_chips_seven, check_stork_keeper)}
