"""What the games' tests of "you" share: a game played to its end by bots, and the status
line each kind of board shows on it (a board for one seat, a board for every seat)."""

from __future__ import annotations

from pondwidgets.core import BotDriver


def played_out(game, bot_class):
    """``game`` played to its end by the game's own bots, one a seat (seeded)."""
    BotDriver(game, {seat: bot_class(seed=seat + 1) for seat in range(game.players)}).run()
    assert game.is_over
    return game


def status(board_class, game, seat, bots=None):
    """The status line (the view's prompt) of a new board for ``seat`` (None: a board for
    every seat no bot plays) with ``bots``, closed again."""
    board = board_class(game, seat=seat, bots=bots)
    try:
        return board.view["prompt"]
    finally:
        board.close()
