"""A board speaks to its own person as "you" ("Your turn: …", "… you win!"); every other
board, and the log, keep the players' names: ``prompt(seat)`` is the status line as that
seat reads it (``pondwidgets/core/README.md``)."""

from __future__ import annotations

from pondwidgets.keckefrosche import KeckeBoard, KeckeBot, KeckeGame

from ..speaking import played_out, status


def test_the_player_to_act_reads_your_turn_on_their_own_board():
    game = KeckeGame(["Ada", "Bob"], seed=1)
    assert status(KeckeBoard, game, 0) == ("Your turn: you may throw away a frog (onto its "
                                           "own biotope) or a stork, or draw a card now.")
    assert status(KeckeBoard, game, 1) == ("Ada: you may throw away a frog (onto its own "
                                           "biotope) or a stork, or draw a card now.")
    assert status(KeckeBoard, game, None, bots={1: KeckeBot()}).startswith("Your turn: ")
    assert status(KeckeBoard, game, None).startswith("Ada: ")  # a screen two people share


def test_the_winner_reads_you_win_and_everyone_else_the_name():
    game = played_out(KeckeGame(["Ada", "Bob"], seed=5), KeckeBot)
    assert game.winners == (1,)
    assert status(KeckeBoard, game, 1) == "The game is over: you win!"
    assert status(KeckeBoard, game, 0) == "The game is over: Bob wins!"
    assert status(KeckeBoard, game, None) == "The game is over: Bob wins!"
    assert game.log[-1].startswith("The game is over: Bob wins with ")
