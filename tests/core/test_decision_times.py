"""Each decision's time (pondwidgets/core/README.md#time): read from the game's injected
clock, saved as seconds since the start, kept by undo and carried on by a loaded game.
Never a real sleep."""

from __future__ import annotations

import copy
import json

import pytest

from pondwidgets.core import BadSave, GameError, IllegalMove, ManualClock
from pondwidgets.core.game import _digest
from pondwidgets.croak import CroakGame


def first(game):
    return game.legal_moves()[0]


def timed(clock, *gaps):
    """A Croak! game on ``clock``, one decision after each gap (seconds)."""
    game = CroakGame(2, seed=3, clock=clock)
    for gap in gaps:
        clock.advance(gap)
        game.play(first(game))
    return game


def offsets(game):
    return [time for _, _, time in game.to_dict()["decisions"]]


def test_decisions_carry_their_time_from_the_clock():
    """pondwidgets/core/README.md#saves: ``game.times`` parallels ``history``; a save
    holds seconds since the start, rounded to the millisecond."""
    clock = ManualClock(100)
    game = timed(clock, 1.5, 0.25, 1 / 3)
    assert game.started == 100
    assert game.times == [101.5, 101.75, 101.75 + 1 / 3]
    assert game.last_time == game.times[-1] == game.now
    assert offsets(game) == [1.5, 1.75, 2.083]
    assert game.to_dict()["version"] == 2


def test_undo_keeps_the_earlier_decisions_times():
    """docs/design.md#undo-floors: undo replays at the recorded times, so it agrees with a
    save and load."""
    clock = ManualClock()
    game = timed(clock, 1, 2, 4)
    game.undo()
    assert game.times == [1, 3] and offsets(game) == [1, 3]
    assert CroakGame.from_dict(game.to_dict(), clock=ManualClock(3)).times == [1, 3]
    game.play(first(game))
    assert game.times == [1, 3, 7]  # the clock's time now, not the undone one's


@pytest.mark.parametrize("time", ["1.5", None, True, -0.5, 1e9, [1]],
                         ids=["text", "null", "bool", "negative", "too-large", "list"])
def test_a_save_with_a_malformed_time_is_refused_naming_the_decision(time):
    """pondwidgets/core/README.md#saves: a bad time is refused like a bad move, at its
    decision; no game comes back with the decisions before it."""
    save = json.loads(json.dumps(timed(ManualClock(), 1, 1, 1, 1).to_dict()))
    save["decisions"][2][2] = time
    body = {k: v for k, v in save.items() if k != "digest"}
    save["digest"] = _digest(body)  # resealed: only the replay can catch it
    before = copy.deepcopy(save)
    with pytest.raises(BadSave, match=r"decision 3 of the save .*not a time in seconds"):
        CroakGame.from_dict(save)
    assert save == before


def test_a_save_whose_times_go_backwards_is_refused():
    """pondwidgets/core/README.md#saves: decisions are saved in the order they were made,
    so their times never fall."""
    save = json.loads(json.dumps(timed(ManualClock(), 1, 1, 1, 1).to_dict()))
    save["decisions"][2][2] = save["decisions"][1][2] - 0.5
    save["digest"] = _digest({k: v for k, v in save.items() if k != "digest"})
    with pytest.raises(BadSave, match=r"decision 3 of the save .*earlier than the decision"):
        CroakGame.from_dict(save)


def test_a_loaded_game_goes_on_after_its_last_decision():
    """pondwidgets/core/README.md#saves: a save from a long session, loaded on a clock that
    restarted (a new kernel), is moved to the new clock's time: its next decision comes
    after its last."""
    game = timed(ManualClock(5000), 1, 2)
    loaded = CroakGame.from_dict(game.to_dict(), clock=(clock := ManualClock()))
    assert loaded.times == [-2, 0] and offsets(loaded) == offsets(game) == [1, 3]
    clock.advance(2)
    loaded.play(first(loaded))
    assert loaded.times[-1] == 2 > loaded.times[-2]
    assert offsets(loaded) == [1, 3, 5]


def test_play_at_never_goes_earlier_than_the_last_decision():
    clock = ManualClock(10)
    game = timed(clock, 0)
    game.play_at(4, first(game))
    assert game.times == [10, 10]
    game.play_at(50, first(game))  # simulated time may run ahead of the clock...
    game.play(first(game))
    assert game.times == [10, 10, 50, 50]  # ...and the clock's decisions never go back


# -- bad times are refused, never stamped ----------------------------------------------------
@pytest.mark.parametrize("time", ["5", None, [5], True, float("nan"), float("inf"),
                                  -float("inf"), 1e300, 1e9])
def test_play_at_refuses_a_time_that_is_not_a_savable_number(time):
    """A NaN or an infinity once went onto the decision and the game could not be saved;
    1e300 was accepted and its own save refused on load; "5" and None raised TypeError."""
    clock = ManualClock()
    game = CroakGame(2, seed=3, clock=clock)
    before = game.to_dict()
    with pytest.raises(IllegalMove, match="second"):
        game.play_at(time, first(game))
    assert game.to_dict() == before
    game.play_at(1e9 - 1, first(game))  # the last moment a save can hold
    assert CroakGame.from_dict(json.loads(json.dumps(game.to_dict())), clock=clock)


@pytest.mark.parametrize("seconds", ["1", None, float("nan"), float("inf"), True])
def test_a_manual_clock_moves_only_by_finite_numbers(seconds):
    clock = ManualClock(2)
    for step in (clock.advance, clock.advance_to):
        with pytest.raises(GameError, match="finite number of seconds"):
            step(seconds)
    with pytest.raises(GameError, match="finite number of seconds"):
        ManualClock(seconds)
    with pytest.raises(GameError, match="backwards"):
        clock.advance(-1)
    assert clock.now() == 2


def test_a_clock_run_past_what_a_save_holds_refuses_the_decision():
    clock = ManualClock()
    game = CroakGame(2, seed=3, clock=clock)
    clock.advance(1e9)
    with pytest.raises(IllegalMove, match="cannot be saved"):
        game.play(first(game))
    assert game.history == []
