"""A board speaks to its own person as "you" ("Your turn: …", "… you win!"); every other
board, and the log, keep the players' names: ``prompt(seat)`` is the status line as that
seat reads it (``pondwidgets/core/README.md``)."""

from __future__ import annotations

from pondwidgets.croak import CroakBoard, CroakBot, CroakGame

from ..speaking import played_out, status


def test_the_player_to_act_reads_your_turn_on_their_own_board():
    game = CroakGame(["Ada", "Bob"], seed=1)
    assert status(CroakBoard, game, 0) == \
        "Your turn: move one of your frogs to a square next to it."
    assert status(CroakBoard, game, 1) == "Ada: move one of your frogs to a square next to it."
    # A board for every seat: alone against a bot, the person reads it as theirs; at a
    # screen two people share, the line names whose turn it is.
    assert status(CroakBoard, game, None, bots={1: CroakBot()}).startswith("Your turn: ")
    assert status(CroakBoard, game, None).startswith("Ada: ")


def test_the_winner_reads_you_win_and_everyone_else_the_name():
    game = played_out(CroakGame(["Ada", "Bob"], seed=1), CroakBot)
    assert game.winners == (1,)
    assert status(CroakBoard, game, 1) == "The game is over: you win!"
    assert status(CroakBoard, game, 0) == "The game is over: Bob wins!"
    assert status(CroakBoard, game, None) == "The game is over: Bob wins!"  # a spectator
    assert game.log[-1] == "Bob wins: the last Queen in the pond!"


def test_the_view_says_whom_it_speaks_to():
    """``view["you"]``: the seat the board's lines call "you" (the JS reads it too)."""
    game = CroakGame(["Ada", "Bob"], seed=1)
    assert CroakBoard(game, seat=1).view["you"] == 1  # Bob's board, on Ada's turn
    assert CroakBoard(game).view["you"] is None  # a screen two people share
    assert CroakBoard(CroakGame(2), bots={1: CroakBot()}).view["you"] == 0  # one person
