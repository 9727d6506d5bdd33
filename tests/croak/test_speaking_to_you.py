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
    # At one screen, the person whose turn it is reads it as theirs.
    assert status(CroakBoard, game, None).startswith("Your turn: ")


def test_the_winner_reads_you_win_and_everyone_else_the_name():
    game = played_out(CroakGame(["Ada", "Bob"], seed=1), CroakBot)
    assert game.winners == (1,)
    assert status(CroakBoard, game, 1) == "The game is over: you win!"
    assert status(CroakBoard, game, 0) == "The game is over: Bob wins!"
    assert status(CroakBoard, game, None) == "The game is over: Bob wins!"  # a spectator
    assert game.log[-1] == "Bob wins: the last Queen in the pond!"
