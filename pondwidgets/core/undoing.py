"""Undo from a board, or at a shared table: a person takes back their own last decision
and the bots' after it, never another person's and never past a reveal (``undo_floor``).
One rule for both, so a board's button and a table server agree."""

from __future__ import annotations

from collections.abc import Collection

from .game import Game


def take_back(game: Game, own: Collection[int], bots: Collection[int]) -> tuple[int, str | None]:
    """How many decisions an undo by the person of the seats ``own`` takes back (their
    last one and the decisions of the ``bots`` seats after it), and why it may not (None
    when it may)."""
    history = game.history
    count = 0  # the bots' decisions since the last person's
    while count < len(history) and history[-1 - count][0] in bots:
        count += 1
    if count == len(history):
        return 0, "there is no move of yours to take back"
    seat = history[-1 - count][0]
    if seat not in own:
        return 0, (f"the last decision was {game.seat_name(seat)}'s: only their own "
                   f"board may take it back")
    if len(history) - count - 1 < game.undo_floor:
        return 0, ("something hidden was shown since your move (a tile turned over, a "
                   "card drawn, a die rolled), and nobody may peek and take it back")
    return count + 1, None
