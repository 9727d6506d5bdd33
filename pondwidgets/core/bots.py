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
    """Lets the bot seats of one game act when the rules say they may.

    ``run()`` is the synchronous mode, for scripts, tests and notebooks: it plays bot
    decisions until a person must act or the game is over, so outputs are the same on
    every run. (The boards drive the same ``step()`` from the kernel's asyncio loop.)
    """

    def __init__(self, game: Game, bots: Mapping[int, Bot]):
        for seat in bots:
            game._check_seat(seat)
        self.game = game
        self.bots = dict(bots)

    def bot_to_act(self) -> int | None:
        """A bot seat that may act now, if any."""
        return next((s for s in self.game.seats_to_act if s in self.bots), None)

    def step(self) -> bool:
        """Let one bot make one decision; False when no bot may act."""
        seat = self.bot_to_act()
        if seat is None:
            return False
        bot = self.bots[seat]
        move = bot(self.game, seat)
        try:
            self.game.play(move, seat)
        except IllegalMove as err:
            raise IllegalMove(f"the bot {bot!r} at seat {seat} chose {brief(str(move))}: {err}") \
                from None
        return True

    def run(self, max_decisions: int | None = None) -> int:
        """Play bot decisions until a person must act, the game ends, or ``max_decisions``
        have been made; returns how many were made."""
        made = 0
        while (max_decisions is None or made < max_decisions) and self.step():
            made += 1
        return made
