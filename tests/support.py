"""What many test files share, written once: ``state`` (everything observable about a
game, to say it was left exactly as it was), ``near`` (a simulation's tolerance) and
``watching`` (a bot that checks each of its own choices)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence


def seats(game) -> list[int | None]:
    """The spectator and every seat."""
    return [None, *range(game.players)]


def state(game):
    """Everything observable about a game, for before/after comparisons: its save, log,
    undo floor, end, who acts, every seat's view and the legal moves of each seat to act."""
    return (game.to_dict(), list(game.log), game.undo_floor, game.is_over, game.winners,
            game.seats_to_act, [game.view(seat) for seat in seats(game)],
            {seat: [str(m) for m in game.legal_moves(seat)] for seat in game.seats_to_act})


def near(samples: Sequence[float], p, sd: float | None = None, k: float = 4.5) -> bool:
    """Whether the mean of ``samples`` is within ``k`` standard errors of ``p``: every
    simulation's tolerance, 4.5 standard errors, a false alarm about once in 150,000 runs.
    ``sd`` is the samples' standard deviation; by default a chance's, from ``p``."""
    n = len(samples)
    p = float(p)
    if sd is None:
        sd = math.sqrt(p * (1 - p))
    return abs(sum(samples) / n - p) <= k * sd / math.sqrt(n)


def watching(bot_class: type, kind: Callable[[str], str] = lambda move: move.split()[0]):
    """``bot_class``, checking that each of its choices is among the legal moves, and
    counting them in ``bot.chosen`` by the ``kind`` of their notation (by default, the
    move's first word)."""

    class Watched(bot_class):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.chosen: dict[str, int] = {}

        def __call__(self, game, seat):
            move = super().__call__(game, seat)
            text = str(move)
            assert text in {str(m) for m in game.legal_moves(seat)}, (text, game.log[-5:])
            self.chosen[kind(text)] = self.chosen.get(kind(text), 0) + 1
            return move

    Watched.__name__ = Watched.__qualname__ = f"Watched{bot_class.__name__}"
    return Watched
