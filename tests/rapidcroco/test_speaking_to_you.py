"""A board speaks to its own person as "you" ("Your turn: …", "… you win!"); every other
board, and the log, keep the players' names: ``prompt(seat)`` is the status line as that
seat reads it (``pondwidgets/core/README.md``)."""

from __future__ import annotations

from pondwidgets.core import ManualClock
from pondwidgets.rapidcroco import RapidBot, RapidcrocoBoard, RapidcrocoGame

from ..speaking import played_out, status


def test_the_dealer_reads_you_on_their_own_board():
    game = RapidcrocoGame(["Ada", "Bob"], seed=1, clock=ManualClock())
    assert status(RapidcrocoBoard, game, 0) == "You turn the criteria to start round 1."
    assert status(RapidcrocoBoard, game, 1) == "Ada turns the criteria to start round 1."


def test_the_winner_reads_you_win_and_everyone_else_the_name():
    game = played_out(RapidcrocoGame(["Ada", "Bob"], seed=1, clock=ManualClock()), RapidBot)
    assert game.winners == (0,)
    assert status(RapidcrocoBoard, game, 0) == "You have 3 Crocs and win!"
    assert status(RapidcrocoBoard, game, 1) == "Ada has 3 Crocs and wins!"
    assert status(RapidcrocoBoard, game, None) == "Ada has 3 Crocs and wins!"
    assert game.log[-1] == "Ada has 3 Crocs and wins!"


def test_after_the_last_round_the_winner_reads_you_too():
    game = played_out(RapidcrocoGame(["Ada", "Bob", "Cy"], seed=1, clock=ManualClock(),
                                     max_rounds=1), RapidBot)
    assert game.winners == (2,)
    assert status(RapidcrocoBoard, game, 2) == \
        "1 round played: you hold the most Crocs and win."
    assert status(RapidcrocoBoard, game, 0) == \
        "1 round played: Cy holds the most Crocs and wins."


def test_at_a_screen_several_people_share_the_dealer_keeps_their_name():
    game = RapidcrocoGame(["Ada", "Bob"], seed=1, clock=ManualClock())
    assert status(RapidcrocoBoard, game, None) == "Ada turns the criteria to start round 1."
    assert status(RapidcrocoBoard, game, None, bots={1: RapidBot()}) == \
        "You turn the criteria to start round 1."
