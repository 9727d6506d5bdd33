"""``Guarded``: a student's bot whose mistakes are said, naming it, while the game goes
on (issue "Bots that teach" item 2)."""

from __future__ import annotations

from pondwidgets.core import BotDriver, Guarded, RandomBot, simulate
from tests.core.test_search import Nim


def takes_four(game, seat):
    return 4  # never legal: take 1, 2 or 3


def divides(game, seat):
    return 1 // 0


def takes_one(game, seat):
    return "1"  # the notation is as good as the move


def test_a_refused_move_is_said_naming_the_bot_and_a_legal_move_is_played(capsys):
    game = Nim(stones=5, seed=0)
    guarded = Guarded(takes_four, seed=1)
    BotDriver(game, {0: guarded, 1: RandomBot(2)}).run()
    assert game.is_over  # the game went on to its end
    said = capsys.readouterr().out.splitlines()
    assert said[0] == ("The bot takes_four at seat 0 (Ada) chose 4, which the rules refuse: "
                       "that move is not among the legal moves now. A random legal move "
                       "is played instead.")
    assert guarded.faults[0] == said[0][0].lower() + said[0][1:said[0].index(". A random")]
    assert all(move in (1, 2, 3) for seat, move in game.history)


def test_an_exception_is_said_with_its_type_and_message(capsys):
    game = Nim(stones=3, seed=0)
    guarded = Guarded(divides, seed=1)
    assert guarded(game, 0) in (1, 2, 3)
    assert capsys.readouterr().out.startswith(
        "The bot divides at seat 0 (Ada) raised ZeroDivisionError: integer division or "
        "modulo by zero. A random legal move is played instead.")


def test_a_good_bot_plays_exactly_as_itself(capsys):
    game = Nim(stones=9, seed=0)
    guarded = Guarded(takes_one)
    assert guarded(game, 0) == "1" and not guarded.faults
    assert capsys.readouterr().out == ""


def test_only_the_first_faults_are_printed_and_all_are_kept(capsys):
    guarded = Guarded(takes_four)
    results = simulate(lambda s: Nim(stones=12, seed=s), [guarded, RandomBot()], games=3)
    assert len(results) == 3
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and lines[-1].endswith("(Further faults are kept in .faults, "
                                                  "not printed.)")
    assert len(guarded.faults) > 3


def test_it_is_named_as_the_bot_it_guards():
    from pondwidgets.core.bots import bot_name

    assert bot_name(Guarded(takes_four)) == "takes_four"
