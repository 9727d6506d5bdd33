"""Bots and the one bot driver every game uses.

A bot is any callable ``bot(game, seat)`` that returns a legal move (an object or its
notation) for that seat — a class like :class:`RandomBot`, or a plain function a student
writes. A bot that keeps its own random generator offers ``reseed(seed)`` so that
:func:`~pondwidgets.core.simulate.simulate` can make every game reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .errors import IllegalMove, brief
from .game import Game

Bot = Callable[[Game, int], Any]


class RandomBot:
    """Picks uniformly among the legal moves, with its own seeded generator."""

    def __init__(self, seed: int | None = None):
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: Game, seat: int):
        return self.rng.choice(game.legal_moves(seat))

    def __repr__(self) -> str:
        return "RandomBot()"


class BotDriver:
    """Lets the bot seats of one game act when the rules and their timing say so.

    Each bot seat that may act gets a *plan*: a time at which it will decide. A bot with
    a ``delay(game, seat)`` method (a racing bot's reaction time) sets that time itself;
    any other bot takes ``pace`` seconds. A plan lasts while its seat may act — a rival's
    decision in a race does not restart anyone's thinking — and is dropped when the seat
    may no longer act. The earliest plan decides first.

    ``run()`` is the synchronous mode, for scripts, tests and notebooks: it plays the plans
    in order in *simulated* time (each decision is stamped with its planned time, and a
    ``ManualClock`` is moved along), so outputs are the same on every run and nothing
    sleeps. The boards call ``refresh`` and ``step`` from the kernel's asyncio loop instead,
    at the real times.
    """

    def __init__(self, game: Game, bots: Mapping[int, Bot], pace: float = 0.0):
        for seat in bots:
            game._check_seat(seat)
        self.game = game
        self.bots = dict(bots)
        self.pace = pace
        self.plans: dict[int, float] = {}  # bot seat -> when it decides (clock seconds)
        # bot seat -> the decision count when its choice was refused: not planned again
        # until the game changes, so a faulty bot on a board does not retry in a loop
        self.refused: dict[int, int] = {}

    def refresh(self, now: float) -> float | None:
        """Drop the plans of seats that may no longer act, plan for bot seats that may
        (thinking from ``now``), and return the earliest planned time, if any."""
        acting = set(self.game.seats_to_act)
        for seat in [s for s in self.plans if s not in acting]:
            del self.plans[seat]
        decisions = len(self.game.history)
        for seat in sorted(acting & self.bots.keys() - self.plans.keys()):
            if self.refused.get(seat) == decisions:
                continue
            bot = self.bots[seat]
            delay = bot.delay(self.game, seat) if hasattr(bot, "delay") else self.pace
            self.plans[seat] = now + max(0.0, float(delay))
        return min(self.plans.values(), default=None)

    def bot_to_act(self) -> int | None:
        """The bot seat whose plan comes first (after a refresh), if any."""
        self.refresh(self.game.last_time)
        return min(self.plans, key=lambda s: (self.plans[s], s), default=None)

    def step(self, simulated: bool = False) -> bool:
        """Let the bot whose plan comes first make one decision; False when no bot may act.
        ``simulated``: stamp the decision with its planned time (and move a ManualClock
        there) rather than read the clock."""
        seat = self.bot_to_act()
        if seat is None:
            return False
        due = self.plans.pop(seat)
        bot = self.bots[seat]
        if simulated and hasattr(self.game.clock, "advance_to"):
            self.game.clock.advance_to(due)
        move = bot(self.game, seat)
        try:
            if simulated:
                self.game.play_at(due, move, seat)
            else:
                self.game.play(move, seat)
        except IllegalMove as err:
            self.refused[seat] = len(self.game.history)
            raise IllegalMove(f"the bot {bot!r} at seat {seat} chose {brief(str(move))}: {err}") \
                from None
        return True

    def run(self, max_decisions: int | None = None) -> int:
        """Play bot decisions, in simulated time, until a person must act, the game ends,
        or ``max_decisions`` have been made; returns how many were made."""
        made = 0
        self.refused.clear()  # asked again, a faulty bot is tried (and reported) again
        while (max_decisions is None or made < max_decisions) and self.step(simulated=True):
            made += 1
        return made
