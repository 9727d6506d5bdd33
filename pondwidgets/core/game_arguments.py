"""The arguments every game is made with, checked the same way in all five: its players (a
count or a list of names: ``take_players``, which ``Game`` binds as its method, ``game``
being the game), its seed and its clock, and the time a game resumes after."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from . import arguments
from .clock import Clock, SystemClock, seconds
from .errors import BadArgument, brief

if TYPE_CHECKING:
    from .game import Game

LONGEST_NAME = 40  # characters in a player's name


def take_players(game: Game, players: Any, default_names: Callable[[int], list[str]]) -> Any:
    """Check ``players`` — a count, or a list of names — against ``PLAYERS``, the same
    way in every game; set ``game.players`` and ``game.names`` (the names given, else
    ``default_names(count)``). Returns what the options keep: the count or the names.
    A game calls it first in its ``__init__``."""
    lowest, highest = game.PLAYERS[0], game.PLAYERS[-1]
    if isinstance(players, int) and not isinstance(players, bool):
        count, names = players, None
    elif isinstance(players, list | tuple) and players \
            and all(isinstance(p, str) for p in players):
        names = [p.strip() for p in players]
        count = len(names)
        if not all(0 < len(p) <= LONGEST_NAME for p in names):
            raise BadArgument(f"players: each player's name must have 1 to {LONGEST_NAME} "
                              f"characters, not {brief(players)}")
        if len({p.casefold() for p in names}) != count:
            raise BadArgument(f"players: the players' names must differ (each names one "
                              f"seat), not {brief(players)}")
    else:
        raise BadArgument(f"players must be a number ({lowest} to {highest}) or a list of "
                          f"names, not {brief(players)}")
    if count not in game.PLAYERS:
        raise BadArgument(f"players: {game.TITLE} is for {lowest} to {highest} players, "
                          f"not {brief(count)}")
    game.players = count
    game.names = names or list(default_names(count))
    return names or count


def game_seed(seed: Any) -> int:
    """A game's seed: the one given, checked, or a fresh one (None)."""
    checked = arguments.seed(seed)
    if checked is None:
        return random.SystemRandom().randrange(2**63)
    return checked


def game_clock(clock: Any) -> Clock:
    """A game's clock: the one given, if it has a ``now()``, or the system's (None)."""
    if clock is None:
        return SystemClock()
    if not callable(getattr(clock, "now", None)):
        raise BadArgument(f"clock is a clock, with a now() method (ManualClock(), "
                          f"SystemClock()), or None, not {brief(clock)}")
    return cast(Clock, clock)  # it has a now(); what it gives is checked when it is read


def clock_time(clock: Any) -> float:
    """The clock's time now, checked: a clock of a student's own may give anything."""
    try:
        return seconds(clock.now(), "a clock's time")
    except BadArgument as err:
        raise BadArgument(f"clock: {err}") from None


def elapsed_time(elapsed: Any) -> float:
    """``Game.resume``'s ``elapsed``: seconds since the last decision, 0 or more."""
    value = seconds(elapsed, "elapsed (the time since the last decision)")
    if value < 0:
        raise BadArgument(f"elapsed (the time since the last decision) is at least 0 "
                          f"seconds, not {brief(elapsed)}")
    return value
