"""Helpers for the variants notebook (``notebooks/froop/02-variants.ipynb``): bots' games
by variant, combination of variants and number of players. Everything is seeded, so a
notebook shows the same numbers on every run (Speed and Panic are played in simulated
time: nothing waits).

Nothing here imports Jupyter; ``bar_chart`` and ``length_chart`` import matplotlib when
they are called."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any

from ..core.arguments import (
    checked,
    finite,
    game_options,
    games,
    instance,
    items,
    one_of,
    results,
    rule,
    simulation_seed,
    text,
    whole,
)
from ..core.errors import BadArgument, brief
from ..core.exercises import bar_chart, confidence_interval
from ..core.plotting import plot, pyplot
from ..core.simulate import GameResult, simulate, win_rate
from .cards import CARDS, HAND_SIZE
from .rules import FroopGame

# The arguments' checks (BadArgument naming the argument), shared by the helpers below.
PLAYERS = rule(whole, FroopGame.PLAYERS[0], FroopGame.PLAYERS[-1], "a number of players")


def _decision(value: Any, name: str) -> Any:
    """One entry of ``game.history``: ``(seat, move)``."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise BadArgument(f"{name} is a decision, (seat, move) as game.history holds them, "
                          f"not {brief(value)}")
    return value


def _variants(value: Any, name: str) -> dict:
    """Variants by name, each its options: ``{"Speed": {"speed": True}}``."""
    if not isinstance(value, dict) or not value:
        raise BadArgument(f"{name} is a dictionary of variants by name, each its options "
                          f"({{'Speed': {{'speed': True}}}}), not {brief(value)}")
    for label, options in value.items():
        text(label, f"{name}: a variant's name", 40)
        game_options(options, f"{name}[{label!r}]", FroopGame)
    return value


def _lengths(value: Any, name: str) -> dict:
    """Each player count's game lengths, as :func:`lengths_by_players` gives them."""
    if not isinstance(value, dict) or not value or not all(
            isinstance(n, int) and not isinstance(n, bool) and isinstance(v, list | tuple)
            and v and all(finite(x) for x in v) for n, v in value.items()):
        raise BadArgument(f"{name} is each player count's game lengths, as "
                          f"lengths_by_players() gives them, not {brief(value)}")
    return value

__all__ = ["OPTIONS", "Summary", "allowed", "average", "bar_chart", "bot_games",
           "length_chart", "lengths_by_players", "pairs", "turns", "variant_table",
           "wins_by_seat"]

# The rulebook's variants by name, each an option of FroopGame: read from its declaration.
OPTIONS = {option.variant: option.name for option in FroopGame.OPTIONS if option.variant}


@checked(options=rule(instance, dict, "a dictionary of options"))
def allowed(options: dict) -> bool:
    """Whether FroopGame takes these options together (its declared exclusions: everything
    but Panic with Speed)."""
    return FroopGame.OPTIONS.allowed(options)


def pairs() -> dict[str, dict]:
    """Every allowed pair of variants, by name (``"Cutthroat + Marathon"``): its options."""
    return {f"{a} + {b}": {OPTIONS[a]: True, OPTIONS[b]: True}
            for a, b in combinations(OPTIONS, 2)
            if allowed({OPTIONS[a]: True, OPTIONS[b]: True})}


@checked(history=rule(items, _decision, 0, 10**7, "a game's history, (seat, move) pairs"))
def turns(history: Sequence[tuple[int, object]]) -> int:
    """How many turns a game's decisions (``game.history``, ``(seat, move)`` pairs) make:
    a turn is one seat's decisions in a row, as the turn always passes to another seat.
    (In Panic there are no turns: every seat may act at any time, so this counts how
    often the acting seat changed.)"""
    return 1 + sum(1 for a, b in pairwise(history) if a[0] != b[0]) if history else 0


@dataclass(frozen=True)
class Summary:
    """One simulated game, at its end: its turns (:func:`turns`), the cards laid and drawn
    during the game, the seconds it lasted (simulated; 0 without Speed or Panic), whether
    it ended blocked (nobody could play on an empty pile) and the Marathon points."""

    turns: int
    laid: int
    drawn: int
    seconds: float
    blocked: bool
    points: tuple[int, ...]


def _summary(game: FroopGame) -> Summary:
    pile_at_deal = len(CARDS) - HAND_SIZE * game.players - 1
    return Summary(turns(game.history), len(game.froop) - 1, pile_at_deal - len(game.pile),
                   round(game.last_time - game.started, 3),
                   game.result.startswith("Nobody can play"), tuple(game.points))


@checked(players=PLAYERS, games=games, seed=simulation_seed, options=rule(game_options, FroopGame))
def bot_games(players: int = 2, games: int = 100, seed: int = 1, *, bots=None,
              **options) -> list[GameResult]:
    """``games`` seeded games of ``players`` ``FroopBot``\\s (or the ``bots`` given, one per
    seat), dealt by the rules, with ``options`` (``cutthroat=True``, …). Each result's
    ``value`` is the game's :class:`Summary`."""
    if bots is None:
        from .bots import FroopBot

        bots = [FroopBot() for _ in range(players)]
    return simulate(lambda s: FroopGame(players, seed=s, **options), bots, games=games,
                    seed=seed, measure=_summary)


@checked(results=results, what=rule(one_of, ("turns", "laid", "drawn", "seconds", "blocked")))
def average(results: Sequence[GameResult], what: str = "turns") -> float:
    """The mean over simulated games (:func:`bot_games` results) of ``what``: ``"turns"``,
    ``"laid"``, ``"drawn"``, ``"seconds"`` or ``"blocked"`` (the share of blocked
    games)."""
    return sum(float(getattr(r.value, what)) for r in results) / len(results)


@checked(results=results, players=PLAYERS)
def wins_by_seat(results: Sequence[GameResult], players: int) -> list[float]:
    """Each seat's share of the games won (a shared win counts for each), seat 0 first."""
    return [win_rate(results, seat) for seat in range(players)]


@checked(variants=_variants, players=PLAYERS, games=games, seed=simulation_seed)
def variant_table(variants: dict[str, dict], players: int = 2, games: int = 60,
                  seed: int = 1) -> str:
    """One line per variant (name: options): the average turns, cards laid, cards drawn and
    seconds (simulated; ``-`` without Speed or Panic) of ``games`` seeded games of
    ``players`` FroopBots."""
    lines = [f"{'variant':24} {'turns':>6} {'laid':>6} {'drawn':>6} {'seconds':>8}"]
    for name, options in variants.items():
        results = bot_games(players, games, seed, **options)
        seconds = average(results, "seconds")
        shown = f"{seconds:8.1f}" if seconds else f"{'-':>8}"
        lines.append(f"{name:24} {average(results, 'turns'):6.1f} "
                     f"{average(results, 'laid'):6.1f} {average(results, 'drawn'):6.1f} "
                     f"{shown}")
    return "\n".join(lines)


@checked(players=rule(items, PLAYERS, 1, 100, "a list of player counts"), games=games,
         seed=simulation_seed, options=rule(game_options, FroopGame))
def lengths_by_players(players: Sequence[int] = range(2, 11), games: int = 60,
                       seed: int = 1, **options) -> dict[int, list[int]]:
    """For each player count, the turns of ``games`` seeded games of FroopBots."""
    return {n: [r.value.turns for r in bot_games(n, games, seed, **options)]
            for n in players}


@checked(lengths=_lengths, title=text, ylabel=text)
@plot
def length_chart(lengths: dict[int, Sequence[float]], title: str = "How long a game of "
                 "FroopBots lasts", ylabel: str = "turns per game"):
    """The average of each player count's ``lengths`` (``lengths_by_players``) with its 95%
    confidence interval, and the average per player (rounds) on a second axis; returns the
    matplotlib figure, which a notebook shows."""
    plt = pyplot()

    counts = list(lengths)
    means, halves = [], []
    for n in counts:
        mean, low, high = confidence_interval(list(lengths[n]))
        means.append(mean)
        halves.append((high - low) / 2)
    fig, ax = plt.subplots(figsize=(6.4, 3.4), layout="constrained")
    ax.errorbar(counts, means, yerr=halves, marker="o", color="#0072b2", capsize=3,
                label="turns per game (95% interval)")
    ax.set_xlabel("players")
    ax.set_ylabel(ylabel)
    ax.set_xticks(counts)
    ax.set_ylim(0, max(m + h for m, h in zip(means, halves, strict=True)) * 1.15)
    ax.grid(alpha=0.3)
    rounds = ax.twinx()
    rounds.plot(counts, [m / n for m, n in zip(means, counts, strict=True)], marker="s",
                color="#d55e00", linestyle="--", label="rounds (turns per player)")
    rounds.set_ylabel("rounds")
    rounds.set_ylim(0, math.ceil(max(m / n for m, n in zip(means, counts, strict=True))) + 1)
    handles = ax.get_legend_handles_labels()
    more = rounds.get_legend_handles_labels()
    ax.legend(handles[0] + more[0], handles[1] + more[1], loc="lower right",
              fontsize="small")
    ax.set_title(title)
    plt.close(fig)  # shown once, as the returned value, not again by the inline backend
    return fig
