"""The rules-model contract of ``pondwidgets/core/README.md``, checked on every registered
game, variant and player count (``cases.CASES``), at every step of seeded random games.
OpenSpiel's game tests do the same for its games: one suite, every game."""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass, replace

import pytest

from pondwidgets.core import GameError, IllegalMove, ManualClock

from ..board_messages import send
from ..hidden_hands import Wire
from ..support import seats, state
from .cases import BASE_VIEW, CASES, json_round_trip, playout

pytestmark = pytest.mark.parametrize("case", CASES)

GARBAGE = ["", " ", "xyz", "a" * 100_000, "\x00", "Q", "arrest", "reveal reveal", "🐸",
           None, 3, 1.5, float("nan"), True, [], {}, ("move",), b"move", object()]
ODD_VALUES = [None, -1, 10**9, "", "zz", 1.5, True, (), "a" * 500, float("inf")]


def _with(move, name, value):
    """``move`` with one field set to ``value``: a move object a student could build."""
    if is_dataclass(move):
        return replace(move, **{name: value})
    return move._replace(**{name: value})


def _field_names(move) -> list[str]:
    return [f.name for f in fields(move)] if is_dataclass(move) else list(move._fields)


def _refused(game, move, seat) -> None:
    before = state(game)
    with pytest.raises(GameError) as refusal:
        game.play(move, seat)
    assert isinstance(refusal.value, ValueError)
    assert 0 < len(str(refusal.value)) < 400, str(refusal.value)[:400]
    assert state(game) == before


def test_every_legal_move_round_trips_through_its_notation(case):
    for game, _seat, _move in playout(case):
        for seat in game.seats_to_act:
            for move in game.legal_moves(seat):
                text = str(move)
                assert isinstance(move, game.MOVE) and 0 < len(text) <= 100
                assert game._parse(text) == move, text
                hash(move)  # moves are small immutable values


def test_playing_by_notation_or_by_object_is_the_same(case):
    for game, seat, move in playout(case):
        by_text = game.copy()
        assert by_text.play(str(move), seat) == move
        by_object = game.copy()
        by_object.play(move, seat)
        assert state(by_text) == state(by_object)


def test_refused_moves_change_nothing(case):
    rng = random.Random(1)
    for game, seat, move in playout(case):
        if len(game.history) % 7:
            continue  # every seventh step: the refusals are many
        for bad in GARBAGE:
            _refused(game, bad, seat)
        for other in set(range(game.players)) - set(game.seats_to_act):
            _refused(game, move, other)  # a seat that may not act now
        for bad_seat in (-1, game.players, "0", 1.0, True, None if len(game.seats_to_act) > 1
                         else game.players + 1):
            with pytest.raises(GameError):
                game.copy().play(move, bad_seat)
        legal = game.legal_moves(seat)
        for name in _field_names(move):
            for value in rng.sample(ODD_VALUES, 4):
                odd = _with(move, name, value)
                if odd in legal:
                    game.copy().play(odd, seat)
                else:
                    _refused(game, odd, seat)


def test_legal_moves_and_seats_agree(case):
    for game, _seat, _move in playout(case):
        acting = game.seats_to_act
        assert game.current_player == (acting[0] if len(acting) == 1 else None)
        for seat in range(game.players):
            assert bool(game.legal_moves(seat)) == (seat in acting)
        with pytest.raises(IllegalMove):
            game.legal_moves(game.players)
        # Between rounds someone starts the next one (a board's Next round waits on it).
        assert game.between_rounds in (True, False)
        assert not (game.between_rounds and (game.is_over or not acting))


def test_undo_equals_replay(case):
    for game, _seat, _move in playout(case):
        if not game.history:
            continue
        undone = game.copy()
        undone.undo()
        again = case.new(seed=game.seed, clock=ManualClock(game.started))
        for (seat, move), time in list(zip(game.history, game.times, strict=True))[:-1]:
            again.play_at(time, move, seat)
        again.clock.advance_to(undone.clock.now())  # a view may read it (a countdown)
        assert state(undone) == state(again)


def test_save_and_load_at_every_step_keep_the_game_and_it_goes_on_alike(case):
    for game, seat, move in playout(case):
        loaded = type(game).from_dict(json_round_trip(game.to_dict()),
                                      clock=ManualClock(game.last_time))
        assert state(loaded) == state(game)
        going_on = game.copy()  # the next decision, chance included, is the same in both
        going_on.play_at(game.last_time + 1, move, seat)
        loaded.play_at(game.last_time + 1, move, seat)
        assert state(loaded) == state(going_on)


def test_views_are_json_safe_and_hold_the_common_keys(case):
    for game, _seat, _move in playout(case):
        for seat in seats(game):
            view = game.view(seat)
            assert json_round_trip(view) == view
            assert view.keys() >= BASE_VIEW
            assert view["seat"] == seat and view["names"] == game.names
            # each legal move as data: its notation, its kind (declared) and its fields
            legal = game.legal_moves(seat) if seat is not None else []
            assert view["legal"] == [game.MOVES.data(m) for m in legal]
            assert [m["text"] for m in view["legal"]] == [str(m) for m in legal]
            assert {m["kind"] for m in view["legal"]} <= set(game.MOVES.kinds)
            assert isinstance(view["prompt"], str) and view["prompt"]
            assert isinstance(view["phase"], str) and view["phase"]


def _synced(board) -> dict:
    """A board's synced traits, but the references to other widgets (their ids)."""
    return {name: value for name, value in board.get_state().items()
            if not (isinstance(value, str) and value.startswith("IPY_MODEL_"))}


def test_twins_differing_only_in_hidden_information_look_the_same(case):
    """Hidden information never reaches a view or a board: at every step, a copy whose
    hidden information ``sample_hidden`` drew afresh gives every seat (and the spectator)
    the same view, legal moves and synced board traits; and the same decision played on
    both shows, at some step, that the sampler did change what was hidden (played on the
    acting seat's own sample, where its move is still its own: a hand redrawn for the
    spectator may no longer hold the card it plays)."""
    board_class = case.entry.board
    rng = random.Random(5)
    changed = False
    for game, seat, move in playout(case):
        for looking in seats(game):
            twin = game.sample_hidden(looking, rng)
            assert twin.view(looking) == game.view(looking)
            if looking is None:
                continue
            assert twin.legal_moves(looking) == game.legal_moves(looking)
            boards = [board_class(g, seat=looking) for g in (game, twin)]
            try:
                assert _synced(boards[0]) == _synced(boards[1])
            finally:
                for board in boards:
                    board.close()
        twin = game.sample_hidden(seat, rng)
        twin.play(move, seat)
        after = game.copy()
        after.play(move, seat)
        changed = changed or any(twin.view(s) != after.view(s) for s in seats(game))
    assert changed, "sample_hidden never changed anything the next decision showed"


def test_a_hot_seat_board_over_hidden_hands_saves_only_what_the_spectator_sees(case):
    """Over hidden hands a hot-seat board's synced traits, which JupyterLab saves in the
    notebook, are the spectator's at every step, before and after "I am ...": a twin whose
    hidden information was drawn afresh for the spectator gives the same traits. The view
    of the person who pressed goes apart (a custom message, never saved), only after the
    press, and holds only what they may see: it is the same on a twin drawn afresh for
    them."""
    board_class = case.entry.board
    rng = random.Random(7)
    hidden = pressed = 0
    for game, _seat, _move in playout(case):
        if not (board_class.TABLE_PLAY and game.hides_hands):
            continue
        try:
            board_class(game).close()
        except GameError:  # a hot-seat board this game refuses (Froop!'s Panic)
            return
        hidden += 1
        spectator = game.sample_hidden(None, rng)
        boards = [board_class(g) for g in (game, spectator)]
        wires = [Wire(b) for b in boards]
        person = boards[0].view["pass_to"]
        own = game.sample_hidden(person, rng) if person is not None else None
        if own is not None:
            boards.append(board_class(own))
            wires.append(Wire(boards[-1]))
        try:
            assert _synced(boards[0]) == _synced(boards[1])
            if person is None:
                continue
            for board in boards:
                send(board, {"type": "iam", "seat": person})
                assert board.error == {}, board.error
            assert _synced(boards[0]) == _synced(boards[1])  # the spectator's still
            assert boards[0].view["seat"] is None and boards[0].view["pass_to"] == person
            (private,) = wires[0].custom
            assert private["view"] == boards[0].shown_view
            assert private["view"]["seat"] == person
            assert wires[2].custom == [private]  # only what the person may see
            pressed += 1
        finally:
            for board in boards:
                board.close()
    if hidden:
        assert pressed, "no hot-seat board over hidden hands was ever handed to anyone"


def test_a_sampled_game_plays_forward_but_is_never_saved_or_undone(case):
    for game, seat, move in playout(case, decisions=3):
        twin = game.sample_hidden(seat, random.Random(0))
        twin.play(move, seat)
        with pytest.raises(GameError, match="sample"):
            twin.to_dict()
        with pytest.raises(GameError, match="sample"):
            twin.undo()


def test_restart_is_a_fresh_game_on_the_new_seed(case):
    """A board's "New game": the same object, started again on a new seed, is exactly the
    game a fresh start on that seed would be."""
    *_, (game, _seat, _move) = playout(case, decisions=12)  # a game some way in
    heard = []
    game.subscribe(heard.append)
    game.restart(seed=99)
    assert heard == [game]
    fresh = case.new(seed=99, clock=ManualClock(game.clock.now()))
    assert state(game) == state(fresh)


def test_a_countdowns_decision_comes_only_at_its_time_and_replays(case):
    """``Game.deadline`` (Froop!'s Speed): the rules' own decision is in no legal list,
    refused before its time (changing nothing), taken at it; a game with such decisions
    undoes and loads as any other. Games without a countdown have none."""
    rng = random.Random(3)
    game = case.new(seed=3)
    timed_out = 0
    for _ in range(40):
        if game.is_over:
            break
        due = game.deadline
        if due is None or rng.random() < 0.6:
            seat = rng.choice(game.seats_to_act)
            game.clock.advance(round(rng.uniform(0.1, 3.0), 3))
            game.play(rng.choice(game.legal_moves(seat)), seat)
            continue
        assert due.seat in game.seats_to_act and due.time > game.last_time
        assert due.move not in game.legal_moves(due.seat)
        _refused(game, due.move, due.seat)
        game.clock.advance_to(due.time)
        assert due.move not in game.legal_moves(due.seat)
        game.play(str(due.move), due.seat)
        timed_out += 1
        loaded = type(game).from_dict(json_round_trip(game.to_dict()),
                                      clock=ManualClock(game.last_time))
        assert state(loaded) == state(game)
        undone = game.copy()
        undone.undo()
        again = case.new(seed=3, clock=ManualClock(game.started))
        for (seat, move), time in list(zip(game.history, game.times, strict=True))[:-1]:
            again.play_at(time, move, seat)
        again.clock.advance_to(undone.clock.now())
        assert state(undone) == state(again)
    if "speed" not in case.options:
        assert timed_out == 0  # no countdown in this game or variant
