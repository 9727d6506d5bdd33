"""A board speaks to its own person as "you" ("Your turn: …", "… you win!"); every other
board, and the log, keep the players' names: ``prompt(seat)`` is the status line as that
seat reads it (``pondwidgets/core/README.md``)."""

from __future__ import annotations

from pondwidgets.core import BotDriver
from pondwidgets.splashdown import SplashBot, SplashdownBoard, SplashdownGame

from ..speaking import played_out, status


def test_the_player_to_act_reads_you_on_their_own_board():
    game = SplashdownGame(["Ada", "Bob"], seed=1, map="short")
    assert status(SplashdownBoard, game, 0) == \
        "You go first! Roll: you roll two dice and keep the higher."
    game.play("roll")
    assert status(SplashdownBoard, game, 0) == \
        "You rolled a 5. Pick a lily pad 1 to 5 steps away from Home, in any direction."
    assert status(SplashdownBoard, game, 1) == \
        "Ada: you rolled a 5. Pick a lily pad 1 to 5 steps away from Home, in any direction."
    BotDriver(game, {0: SplashBot(seed=1), 1: SplashBot(seed=2)}).run(3)  # to Ada's 2nd turn
    assert status(SplashdownBoard, game, 0) == \
        "Your turn: roll the die to see how far your frog may jump."
    assert status(SplashdownBoard, game, None, bots={1: SplashBot()}).startswith("Your turn: ")
    assert status(SplashdownBoard, game, None).startswith("Ada: ")  # a screen two people share


def test_the_winners_read_you_and_everyone_else_the_names():
    game = played_out(SplashdownGame(["Ada", "Bob"], seed=1), SplashBot)
    assert game.winners == (0,)
    assert status(SplashdownBoard, game, 0) == "The game is over: you win!"
    assert status(SplashdownBoard, game, 1) == "The game is over: Ada wins!"
    assert status(SplashdownBoard, game, None) == "The game is over: Ada wins!"
    shared = played_out(SplashdownGame(["Ada", "Bob"], seed=2), SplashBot)
    assert shared.winners == (0, 1)
    assert status(SplashdownBoard, shared, 1) == "The game is over: you and Ada share the win."
    assert status(SplashdownBoard, shared, None) == \
        "The game is over: Ada and Bob share the win."
