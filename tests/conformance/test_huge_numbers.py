"""Numbers that no float holds, in every game (``cases.CASES``): ``10**400`` is a whole
number, so it passes ``isinstance(x, int)``, but ``math.isfinite(10**400)`` and
``float(10**400)`` raise ``OverflowError``. Each is refused with the error the contract
documents: ``IllegalMove`` for a decision's time (``play_at``), ``BadArgument`` for a
constructor's or a clock's argument, ``BadSave`` for a save, and the game is unchanged."""

from __future__ import annotations

import pytest

from pondwidgets.core import BadArgument, BadSave, BotDriver, IllegalMove, ManualClock, RandomBot
from pondwidgets.core.game import _digest
from pondwidgets.froop import FroopBot
from pondwidgets.rapidcroco import RapidBot
from pondwidgets.splashdown import SplashBot

from ..support import state
from .cases import CASES, json_round_trip

HUGE = 10**400
every_case = pytest.mark.parametrize("case", CASES)


def _resealed(save: dict) -> dict:
    """A save changed and sealed again, as a student editing its JSON could."""
    body = {k: v for k, v in save.items() if k != "digest"}
    return {**body, "digest": _digest(body)}


def _played(case, decisions: int = 6):
    """A game a few decisions in, not over."""
    game = case.new(seed=5)
    for _ in range(decisions):
        seat = game.seats_to_act[0]
        game.clock.advance(0.5)
        for move in game.legal_moves(seat):
            after = game.copy()
            after.play(move, seat)
            if not after.is_over:
                game = after
                break
    return game


@every_case
def test_a_decision_time_no_float_holds_is_an_illegal_move(case):
    game = _played(case)
    seat = game.seats_to_act[0]
    move = game.legal_moves(seat)[0]
    before = state(game)
    for time in (HUGE, -HUGE, 1e300, float("inf"), float("nan")):
        with pytest.raises(IllegalMove, match="seconds"):
            game.play_at(time, move, seat)
        assert state(game) == before


@every_case
def test_a_clock_or_a_pace_no_float_holds_is_a_bad_argument(case):
    with pytest.raises(BadArgument, match="finite number of seconds"):
        case.new(clock=ManualClock(HUGE))
    game = _played(case)
    before = state(game)
    with pytest.raises(BadArgument, match="finite number of seconds"):
        game.clock.advance(HUGE)
    with pytest.raises(BadArgument, match="finite number of seconds"):
        game.clock.advance_to(HUGE)
    with pytest.raises(BadArgument, match="pace"):
        BotDriver(game, {game.seats_to_act[0]: RandomBot(1)}, pace=HUGE)
    assert state(game) == before


@every_case
def test_a_resealed_save_with_a_number_no_float_holds_is_a_bad_save(case):
    """Every number of a save, options included (Froop!'s ``countdown``: Speed's seconds),
    replaced by 10**400 and sealed again: refused, never an OverflowError."""
    save = json_round_trip(_played(case).to_dict())
    numbers = [name for name, value in save["options"].items()
               if isinstance(value, int | float) and not isinstance(value, bool)]
    for name in numbers:
        for huge in (HUGE, -HUGE):
            with pytest.raises(BadSave, match=name):
                type(case.new()).from_dict(_resealed({**save,
                                                      "options": {**save["options"],
                                                                  name: huge}}))
    seat, move, _ = save["decisions"][0]
    for entry in ([seat, move, HUGE], [HUGE, move, 1.0], [seat, move, -HUGE]):
        with pytest.raises(BadSave, match="decision 1 of the save"):
            type(case.new()).from_dict(_resealed({**save, "decisions": [entry]}))


@pytest.mark.parametrize(("bot", "argument"), [
    (FroopBot, "look"), (FroopBot, "per_card"), (FroopBot, "spread"), (RapidBot, "look"),
    (RapidBot, "pause"), (RapidBot, "error_rate"), (SplashBot, "caution"),
    (SplashBot, "reach"), (SplashBot, "wariness")])
def test_a_bots_number_no_float_holds_is_a_bad_argument(bot, argument):
    """The games' bots take numbers too (a reaction time, a weight): 10**400 was an
    OverflowError (FroopBot, SplashBot) or a bot whose every delay raised (RapidBot)."""
    for huge in (HUGE, float("nan"), True):
        with pytest.raises(BadArgument, match=argument):
            bot(1, **{argument: huge})
