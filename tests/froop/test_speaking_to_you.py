"""A board speaks to its own person as "you" ("Your turn: …", "… you win!"); every other
board, and the log, keep the players' names: ``prompt(seat)`` is the status line as that
seat reads it (``pondwidgets/core/README.md``)."""

from __future__ import annotations

from pondwidgets.froop import FroopBoard, FroopBot, FroopGame

from ..speaking import played_out, status


def test_the_player_to_act_reads_your_turn_on_their_own_board():
    game = FroopGame(["Ada", "Bob"], seed=1)
    assert status(FroopBoard, game, 0) == ("Your turn: lay a card so that it covers at least "
                                           "two symbols of the Froop, each one matching.")
    assert status(FroopBoard, game, 1) == "Ada's turn."
    assert status(FroopBoard, game, None) == "Ada's turn."  # before "I am Ada": the spectator's


def test_the_winner_reads_you_win_and_everyone_else_the_name():
    game = played_out(FroopGame(["Ada", "Bob"], seed=1), FroopBot)
    assert game.winners == (1,)
    assert status(FroopBoard, game, 1) == "You have no card left and win!"
    assert status(FroopBoard, game, 0) == "Bob has no card left and wins!"
    assert status(FroopBoard, game, None) == "Bob has no card left and wins!"
    assert game.log[-1] == game.result == "Bob has no card left and wins!"


def test_a_shared_marathon_win_reads_you_and_the_other_name():
    game = played_out(FroopGame(["Ada", "Bob", "Cy"], seed=1, marathon=True), FroopBot)
    assert game.winners == (0, 2)
    ending = "the Marathon is over (Ada 2, Bob 0, Cy 2). "
    assert status(FroopBoard, game, 2).endswith(ending + "You and Ada share the win with 2 "
                                                         "points!")
    assert status(FroopBoard, game, 1).endswith(ending + "Ada and Cy share the win with 2 "
                                                         "points!")


def test_under_strategic_everyone_reads_what_the_player_to_act_may_do():
    game = FroopGame(["Ada", "Bob"], seed=1, strategic=True)  # every hand face up
    assert status(FroopBoard, game, 1) == ("Ada: lay a card so that it covers at least two "
                                           "symbols of the Froop, each one matching.")
    assert status(FroopBoard, game, 0).startswith("Your turn: lay a card")
