"""The surface every game shares (pondwidgets/core/README.md#a-game), on Croak!."""

from __future__ import annotations

import random
import re

import pytest

from pondwidgets.core import (
    BadArgument,
    BadNotation,
    BotDriver,
    BotError,
    GameError,
    IllegalMove,
    RandomBot,
    simulate,
    win_rate,
)
from pondwidgets.core.clock import ManualClock
from pondwidgets.croak import CroakBot, CroakGame, Move

from ..support import state


def played(game, decisions, seed=0):
    """``game`` after up to ``decisions`` random decisions, a second apart if its clock is a
    ManualClock (so that saves, which carry the decisions' times, compare exactly)."""
    chooser = random.Random(seed)
    while len(game.history) < decisions and not game.is_over:
        if isinstance(game.clock, ManualClock):
            game.clock.advance(1)
        game.play(chooser.choice(game.legal_moves()))
    return game


def replayed(game, decisions):
    """A fresh game with the same options, seed and start time, given the first
    ``decisions`` at the times they were made."""
    twin = CroakGame(**game.options, seed=game.seed, position=game.position,
                     clock=ManualClock(game.started))
    for (seat, move), time in zip(game.history[:decisions], game.times, strict=False):
        twin.play_at(time, move, seat)
    return twin


@pytest.fixture
def game():
    return played(CroakGame(3, seed=12, clock=ManualClock()), 9)


# -- play ------------------------------------------------------------------------------
def test_play_takes_a_move_object_or_its_notation(game):
    by_object, by_text = game.copy(), game.copy()
    move = game.legal_moves()[0]
    assert isinstance(move, Move)
    assert by_object.play(move) == move
    assert by_text.play(str(move)) == move
    assert state(by_object) == state(by_text)


def test_play_takes_an_explicit_seat(game):
    seat = game.current_player
    move = game.legal_moves()[0]
    game.play(move, seat)
    assert game.history[-1] == (seat, move)


def test_playing_for_the_wrong_seat_is_refused_and_changes_nothing(game):
    seat = game.current_player
    other = (seat + 1) % game.players
    before = state(game)
    with pytest.raises(IllegalMove, match=r"not .*'s turn"):
        game.play(game.legal_moves()[0], other)
    assert state(game) == before


@pytest.mark.parametrize("seat", [-1, 3, 99, True, "0", 1.0, "0" * 1_000_000])
def test_a_seat_that_does_not_exist_is_refused(game, seat):
    before = state(game)
    with pytest.raises(IllegalMove, match="not a seat of this game") as caught:
        game.play(game.legal_moves()[0], seat)
    assert len(str(caught.value)) < 300
    assert state(game) == before


def test_play_after_the_game_is_over_is_refused():
    game = played(CroakGame(2, seed=3, max_turns=20), 10_000)
    assert game.is_over
    before = state(game)
    for move in ("pass", "Q a1-b2", Move("pass")):
        with pytest.raises(IllegalMove, match="the game is over"):
            game.play(move)
    assert state(game) == before


BAD_NOTATION = [
    "", " ", "Q", "pass pass", "Q a1", "Q a1-b2-c3", "K a1-b2", "q a1-b2", "Q a1b2",
    "Q z9-a1", "Q a0-a1", "Q a9-a1", "Q a1-b22", "x", "x one", "x -1", "x ١",
    "Q a1–b2",          # an en dash
    "Ｑ ａ１-ｂ２",        # full-width letters
    "Q a¹-b2", "Q a١-b2",  # superscript and Arabic-Indic digits
    "S \x00-\x00", "\ud800", "🐸 a1-b2", "Q a1-b2\n" * 50, "x" * 1_000_000,
    "Q " + "a1-b2" * 200_000,
]


@pytest.mark.parametrize("text", BAD_NOTATION, ids=range(len(BAD_NOTATION)))
def test_malformed_notation_is_refused_and_changes_nothing(game, text):
    before = state(game)
    calls = []
    game.subscribe(calls.append)
    with pytest.raises(BadNotation) as caught:  # not an IllegalMove: no move was read
        game.play(text)
    assert isinstance(caught.value, ValueError) and not isinstance(caught.value, IllegalMove)
    assert len(str(caught.value)) < 300  # huge input is never echoed in full
    assert state(game) == before
    assert calls == []


@pytest.mark.parametrize("text", ["S h1-a8", "Q a1-a1", "x 7", "pass"])
def test_well_formed_but_illegal_moves_say_why(game, text):
    before = state(game)
    with pytest.raises(IllegalMove) as caught:
        game.play(text)
    assert str(caught.value) and not isinstance(caught.value, BadNotation)
    assert state(game) == before


WRONG_TYPES = [None, 42, 3.5, {"kind": "pass"}, ["pass"], b"pass", ("pass",), object()]


@pytest.mark.parametrize("move", WRONG_TYPES, ids=range(len(WRONG_TYPES)))
def test_a_move_of_the_wrong_type_is_refused(game, move):
    with pytest.raises(IllegalMove):
        game.play(move)


@pytest.mark.parametrize("move", WRONG_TYPES, ids=range(len(WRONG_TYPES)))
def test_a_move_of_the_wrong_type_changes_nothing(game, move):
    before = state(game)
    with pytest.raises(IllegalMove):
        game.play(move)
    assert state(game) == before


def test_a_plain_tuple_equal_to_a_legal_move_is_refused_or_played(game):
    move = game.legal_moves()[0]
    before = state(game)
    try:
        game.play(tuple(move))
    except IllegalMove:
        assert state(game) == before
    else:
        assert game.history[-1][1] == move


@pytest.mark.parametrize("move", [Move("jump", "Q", -1, -1), Move("teleport"),
                                  Move("eliminate", victim=-5), Move("jump", "K", 0, 9)],
                         ids=str)
def test_a_hand_made_move_object_that_is_not_legal_is_refused(game, move):
    before = state(game)
    with pytest.raises(IllegalMove):
        game.play(move)
    assert state(game) == before


@pytest.mark.parametrize("move", [Move("jump", "Q", 200, 0), Move("jump", "Q", 0, 64),
                                  Move("jump", "Q", "a1", "b2")],
                         ids=["src 200", "dst 64", "names not indexes"])
def test_a_hand_made_move_object_off_the_board_is_refused(move):
    game = CroakGame(2, seed=1)  # Blue to move, her Queen on a1 (index 0)
    with pytest.raises(IllegalMove):
        game.play(move)


@pytest.mark.parametrize("move", [Move("jump", "S", 1.0, 10.0), Move("jump", "S", True, 10)],
                         ids=["floats", "a bool"])
def test_a_look_alike_of_a_legal_move_is_played_as_the_legal_move(move):
    """Floats equal to a legal move's squares once passed the legality check and then
    raised TypeError; the game plays the rules' own move object, and saves it."""
    game = CroakGame(2, seed=1)
    assert game.play(move) is game.history[0][1]
    assert str(game.history[0][1]) == "S b1-c2"
    assert CroakGame.from_dict(game.to_dict()).history == game.history


# -- seats ----------------------------------------------------------------------------
def test_current_player_and_seats_to_act_agree():
    game = CroakGame(4, seed=2, max_turns=30)
    chooser = random.Random(2)
    while not game.is_over:
        assert game.seats_to_act == (game.current_player,)
        for seat in range(4):
            if seat != game.current_player:
                assert game.legal_moves(seat) == []
                assert game.view(seat)["legal"] == []
        assert game.legal_moves(game.current_player) == game.legal_moves()
        game.play(chooser.choice(game.legal_moves()))
    assert game.seats_to_act == () and game.current_player is None
    assert all(game.legal_moves(seat) == [] for seat in range(4))


def test_legal_moves_for_a_seat_that_does_not_exist_is_refused(game):
    with pytest.raises(IllegalMove):
        game.legal_moves(7)


# -- undo -----------------------------------------------------------------------------
def test_undo_goes_back_exactly_one_decision():
    game = played(CroakGame(3, seed=5, memory=True, clock=ManualClock()), 25, seed=1)
    original = game.copy()
    while game.history:
        n = len(game.history)
        game.undo()
        assert len(game.history) == n - 1
        assert state(game) == state(replayed(original, n - 1))  # earlier times kept too
    assert state(game) == state(CroakGame(**game.options, seed=game.seed))


def test_undo_with_nothing_to_undo_is_refused():
    game = CroakGame(2, seed=1)
    before = state(game)
    with pytest.raises(GameError, match="no decision to undo"):
        game.undo()
    assert state(game) == before


def test_undo_then_the_same_move_gives_the_same_game(game):
    move = game.legal_moves()[-1]
    game.play(move)
    after = state(game)
    game.undo()
    game.play(move)
    assert state(game) == after


def test_undo_floor_is_the_number_of_decisions_up_to_the_last_reveal():
    for memory in (False, True):
        game = CroakGame(2, seed=9, memory=memory, max_turns=40)
        chooser = random.Random(9)
        floor = 0
        assert game.undo_floor == 0
        while not game.is_over:
            seen = len(game.log)
            game.play(chooser.choice(game.legal_moves()))
            if any(re.search(r"is turned face up", e) for e in game.log[seen:]):
                floor = len(game.history)
            assert game.undo_floor == floor
            assert game.view()["undo_floor"] == floor
        assert floor > 0


def test_undo_floor_survives_undo():
    game = played(CroakGame(2, seed=9, max_turns=40), 30)
    total = len(game.history)
    floors = [replayed(game, n).undo_floor for n in range(total + 1)]
    assert len(set(floors)) > 3  # several reveals along the way
    for n in range(total, 0, -1):
        game.undo()
        assert game.undo_floor == floors[n - 1] <= n - 1


# -- copy, subscribe, repr --------------------------------------------------------------
def test_copy_is_independent(game):
    twin = game.copy()
    assert state(twin) == state(game)
    before = state(game)
    played(twin, len(twin.history) + 10, seed=4)
    assert state(game) == before
    twin_before = state(twin)
    game.play(game.legal_moves()[0])
    assert state(twin) == twin_before


def test_copy_does_not_copy_observers(game):
    calls = []
    game.subscribe(calls.append)
    twin = game.copy()
    twin.play(twin.legal_moves()[0])
    assert calls == []


def test_subscribers_hear_play_and_undo_until_they_unsubscribe(game):
    heard = []
    unsubscribe = game.subscribe(lambda g: heard.append(len(g.history)))
    game.play(game.legal_moves()[0])
    assert heard == [10]
    game.undo()
    assert heard == [10, 9]
    with pytest.raises(IllegalMove):
        game.play("Q h1-a8")
    assert heard == [10, 9]  # a refused move changes nothing and tells nobody
    unsubscribe()
    game.play(game.legal_moves()[0])
    game.undo()
    assert heard == [10, 9]
    unsubscribe()  # a second time is harmless


def test_undo_notifies_once_not_once_per_replayed_decision(game):
    heard = []
    game.subscribe(heard.append)
    game.undo()
    assert len(heard) == 1


def test_repr_is_stable_and_has_no_memory_address():
    one, two = CroakGame(2, seed=6), CroakGame(2, seed=6)
    assert repr(one) == repr(two)
    assert not re.search(r"0x[0-9a-f]{4,}", repr(one))
    # Issue 9, item 7: the seed rebuilds every face-down tile, and a repr is saved in the
    # notebook as the board's text fallback; a drawn seed is secret, so no repr shows one.
    secret = CroakGame(2)
    assert str(secret.seed) not in repr(secret) and "seed" not in repr(secret)
    assert repr(Move("pass")) == "Move('pass')"
    assert "0x" not in repr(RandomBot(1)) and "0x" not in repr(CroakBot(1))


# -- bots, the driver, simulation -------------------------------------------------------
def test_bot_driver_stops_when_a_person_must_act():
    game = CroakGame(2, seed=4, max_turns=60)
    driver = BotDriver(game, {1: RandomBot(1)})
    assert game.current_player == 0
    assert driver.run() == 0  # the person at seat 0 moves first
    while not game.is_over:
        game.play(game.legal_moves()[0])
        if game.current_player == 1:
            made = driver.run()
            assert made >= 1
            assert game.is_over or game.current_player == 0
    assert driver.run() == 0


def test_bot_driver_run_honours_max_decisions():
    game = CroakGame(2, seed=4, max_turns=60)
    driver = BotDriver(game, {0: RandomBot(1), 1: RandomBot(2)})
    assert driver.run(max_decisions=5) == 5
    assert len(game.history) == 5


def test_bot_driver_refuses_a_seat_that_does_not_exist():
    with pytest.raises(BadArgument, match=r"bots: 2 is not a seat of this game \(seats 0"):
        BotDriver(CroakGame(2, seed=1), {2: RandomBot()})


def test_bot_driver_names_a_bot_that_plays_an_illegal_move():
    game = CroakGame(2, seed=1)
    driver = BotDriver(game, {0: lambda g, seat: "Q a1-h8"})
    with pytest.raises(BotError, match="<lambda> at seat 0 \\(Blue\\) chose 'Q a1-h8'"):
        driver.step()
    assert game.history == []


def test_a_student_function_can_be_a_bot():
    def first_move(game, seat):
        return str(game.legal_moves(seat)[0])

    game = CroakGame(2, seed=2, max_turns=30)
    BotDriver(game, {0: first_move, 1: first_move}).run()
    assert game.is_over


def new_game(seed):
    return CroakGame(2, seed=seed, max_turns=60)


def test_simulate_is_reproducible():
    first = simulate(new_game, [RandomBot(), CroakBot()], games=12, seed=7)
    again = simulate(new_game, [RandomBot(), CroakBot()], games=12, seed=7)
    other = simulate(new_game, [RandomBot(), CroakBot()], games=12, seed=8)
    assert first == again
    assert first != other
    assert len(first) == 12 and len({r.seed for r in first}) == 12
    for result in first:
        replay = new_game(result.seed)
        assert result.decisions > 0 and not replay.is_over


def test_simulate_measures_and_win_rate_counts():
    results = simulate(new_game, [RandomBot(), RandomBot()], games=20, seed=1,
                       measure=lambda g: g.turns)
    assert all(isinstance(r.value, int) and 1 <= r.value <= 60 for r in results)
    for seat in (0, 1):
        assert win_rate(results, seat) == sum(seat in r.winners for r in results) / 20
    draws = sum(not r.winners for r in results)
    assert win_rate(results, 0) + win_rate(results, 1) + draws / 20 == pytest.approx(1)


def test_simulate_needs_a_bot_for_every_seat():
    with pytest.raises(RuntimeError, match="every seat needs a bot"):
        simulate(new_game, [RandomBot()], games=1)
