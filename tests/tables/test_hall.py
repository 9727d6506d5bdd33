"""A table server's hall, with no network: who may do what at a table, the views each
connection is sent, bots and countdowns on the server's clock, and the record of a game
(pondwidgets/tables/README.md)."""

from __future__ import annotations

import json

import pytest

from pondwidgets.games import GAMES
from pondwidgets.tables import hall as hall_module
from pondwidgets.tables import seating
from pondwidgets.tables.protocol import LONGEST_MESSAGE

from .halls import Room, against_a_bot, play_randomly

GAME_NAMES = list(GAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_connection_is_sent_its_own_seats_view_and_a_spectator_the_spectators(name):
    """At every step of a game played through the hall, each seat's last table message
    holds exactly ``game.view(seat)`` and a spectator's ``game.view(None)``: never a view
    of another seat."""
    room = Room()
    table, people = room.table(name)
    watcher = room.client()
    watcher.send(type="watch", code=table.code)
    game = table.game

    def check():
        for seat, person in enumerate(people):
            assert person.last()["seat"] == seat
            assert person.last()["view"] == json.loads(json.dumps(game.view(seat)))
        assert watcher.last()["seat"] is None
        assert watcher.last()["view"] == json.loads(json.dumps(game.view(None)))

    check()
    play_randomly(room, table, people, 40, check=check)
    assert game.is_over or len(game.history) == 40


def test_a_table_begins_when_every_seat_is_taken_and_every_person_pressed_start():
    room = Room()
    ada, bob = room.client(), room.client()
    ada.send(type="create", game="froop", players=2, name="Ada", options={})
    code = ada.last("joined")["code"]
    assert ada.last()["view"] is None  # a seat is free: no game yet
    ada.send(type="start")
    assert "the game begins once every seat is taken" in ada.refusal
    bob.send(type="join", code=code.lower(), name="Bob")  # a code in any case
    game = room.hall.tables[code].game
    assert game is not None and ada.last()["holding"] and bob.last()["holding"]
    to_act = game.seats_to_act[0]
    mover = (ada, bob)[to_act]
    mover.send(type="move", move=str(game.legal_moves(to_act)[0]), seen=0)
    assert "every player presses Start" in mover.refusal and not game.history
    ada.send(type="start")
    assert ada.last()["ready"] == [0] and ada.last()["holding"]
    bob.send(type="start")
    assert not bob.last()["holding"]
    mover.send(type="move", move=str(game.legal_moves(to_act)[0]), seen=0)
    assert len(game.history) == 1


def test_names_are_one_per_table_and_a_full_table_is_watched_not_joined():
    room = Room()
    table, _people = room.table("croak")
    late = room.client()
    late.send(type="join", code=table.code, name="Cy")
    assert "every seat at this table is taken" in late.refusal
    other = Room()
    creator = other.client()
    creator.send(type="create", game="croak", players=3, name="Ada", options={})
    code = creator.last("joined")["code"]
    twin = other.client()
    twin.send(type="join", code=code, name="  ADA ")
    assert "'ADA' is taken at this table" in twin.refusal
    for bad in ["", " ", "x" * 41, "Ada\nBob", "\x00"]:
        twin.send(type="join", code=code, name=bad)
        assert "a name has 1 to 40" in twin.refusal
    for bad in ["ABC", "ABCDE", "AB1D", "ABOD", "🐸🐸🐸🐸"]:
        twin.send(type="join", code=bad, name="Bob")
        assert "a join code is 4 letters" in twin.refusal


def _frozen(table):
    return None if table.game is None else json.dumps(table.game.to_dict())


@pytest.mark.parametrize("request_, reason", [
    ({"type": "move", "move": "draw", "seen": 0}, "it is not Bob's turn"),
    ({"type": "bot", "seat": 1, "bot": "RandomBot"}, "only the table's creator"),
    ({"type": "new_game", "seen": 0}, "only the table's creator"),
    ({"type": "undo", "seen": 0}, "no move of yours"),
    ({"type": "save"}, "saved once it is over"),
    ({"type": "next_round", "seen": 0}, "no round to start"),
    ({"type": "start"}, "nothing to start"),
    ({"type": "rejoin", "code": "ABCD", "token": "x"}, "no table ABCD"),
    ({"type": "move", "move": "draw", "seen": 5}, "moved on"),
    ({"type": "move", "move": "draw", "seen": True}, "is a whole number, not True"),
    ({"type": "move", "move": "draw"}, "is a whole number, not None"),
    ({"type": "move", "move": "draw", "seen": 0, "seat": 0}, "has no field ['seat']"),
    ({"type": "move", "move": "x" * 300, "seen": 0}, "at most 200 characters"),
    ({"type": "play"}, "no message has the type 'play'"),
    ([1, 2], "a message is a JSON object"),
])
def test_what_a_seat_may_not_do_is_refused_by_name_and_changes_nothing(request_, reason):
    """Kecke Frösche, Ada (seat 0, the creator) to play: Bob's connection tries what is
    not his to do."""
    room = Room()
    table, (ada, bob) = room.table("keckefrosche")
    assert table.game.seats_to_act == (0,)
    before = _frozen(table)
    sent = len(ada.got)
    bob.frame(json.dumps(request_))
    assert bob.got[-1]["type"] == "refused" and reason in bob.refusal, bob.refusal
    assert _frozen(table) == before and len(ada.got) == sent  # nobody else heard of it


def test_frames_that_are_no_message_at_all_are_refused():
    room = Room()
    table, (ada, _bob) = room.table("keckefrosche")
    before = _frozen(table)
    for frame, reason in [
            ("{", "a message is a JSON object"), (b"\xff\xfe", "a message is a JSON object"),
            ('{"type": "move", "move": "draw", "seen": NaN}', "numbers, not NaN"),
            ("[" * 100_000, "at most 4,096 bytes"), ("[" * 4000 + "]" * 4000, "at most"),
            ("[" * 2000 + "]" * 2000, "a message is a JSON object"),
            ("x" * (LONGEST_MESSAGE + 1), "at most 4,096 bytes")]:
        ada.frame(frame)
        assert reason in ada.refusal, (frame[:20], ada.refusal)
    assert _frozen(table) == before


def test_a_spectator_watches_and_may_do_nothing_else():
    room = Room()
    table, _people = room.table("froop")
    watcher = room.client()
    watcher.send(type="watch", code=table.code)
    before = _frozen(table)
    for request in [{"type": "move", "move": "draw", "seen": 0}, {"type": "undo", "seen": 0},
                    {"type": "start"}, {"type": "new_game", "seen": 0},
                    {"type": "bot", "seat": 0, "bot": "RandomBot"}]:
        watcher.send(**request)
        assert "spectator" in watcher.refusal or "creator" in watcher.refusal
    assert _frozen(table) == before
    assert "hand" not in watcher.last()["view"] or watcher.last()["view"]["hand"] is None


def test_undo_takes_back_only_your_own_last_decision_and_never_past_a_reveal():
    room = Room()
    table, (ada, bob) = room.table("croak")
    game = table.game
    move = game.legal_moves(0)[0]
    bob.send(type="undo", seen=0)
    assert "no move of yours" in bob.refusal
    ada.send(type="move", move=str(move), seen=0)
    bob.send(type="undo", seen=1)
    assert "only their own board may take it back" in bob.refusal and len(game.history) == 1
    if game.undo_floor < 1:  # a jump that turned no tile over
        ada.send(type="undo", seen=1)
        assert not game.history and ada.last()["view"]["decisions"] == 0
    else:
        ada.send(type="undo", seen=1)
        assert "nobody may peek and take it back" in ada.refusal


def test_a_race_has_no_undo():
    room = Room()
    table, (ada, bob) = room.table("froop", options={"panic": True})
    game = table.game
    seat = game.seats_to_act[0]
    person = (ada, bob)[seat]
    person.send(type="move", move=str(game.legal_moves(seat)[0]), seen=0)
    assert len(game.history) == 1 and person.last()["undo_why"] == "a race has no undo"
    person.send(type="undo", seen=1)
    assert "a race has no undo" in person.refusal and len(game.history) == 1


def _right_arrest(game, seat):
    """The arrest that wins the round for ``seat`` (tried on copies: the rules judge)."""
    for move in game.legal_moves(seat):
        trial = game.copy()
        trial.play(move, seat)
        if trial.log[-1].endswith("right!") or any(e.endswith("right!") for e in trial.log[-4:]):
            return move
    raise AssertionError("no arrest wins")


def test_racers_are_judged_in_the_order_their_decisions_reach_the_server():
    """Rapidcroco: both racers send the right arrest on the same picture; the first to
    arrive wins the round, stamped with the server's clock as it arrives, and the second,
    made on a picture the round's end outdated, is refused by name."""
    room = Room()
    table, (ada, bob) = room.table("rapidcroco")
    game = table.game
    ada.send(type="move", move="reveal", seen=0)
    assert game.phase == "race"
    seen = len(game.history)
    right = _right_arrest(game, 1)
    room.clock.advance(1.25)
    bob.send(type="move", move=str(right), seen=seen)
    assert game.history[seen] == (1, right) and game.times[seen] == room.clock.now()
    ada.send(type="move", move=str(right), seen=seen)
    assert "the game moved on while you were choosing" in ada.refusal


def test_bots_decide_on_the_servers_clock_at_the_tables_pace(monkeypatch):
    monkeypatch.setattr(hall_module, "PACE", 0.5)
    room = Room()
    table, ada = against_a_bot(room, "splashdown", "SplashBot")
    assert table.game is not None and ada.last()["seats"][1]["bot"] == "SplashBot"
    game = table.game
    while not game.is_over and len(game.history) < 30:
        if game.seats_to_act == (0,):
            ada.send(type="move", move=str(game.legal_moves(0)[0]), seen=len(game.history))
            continue
        due = room.hall.due()
        assert due is not None and due > room.clock.now()
        decisions = len(game.history)
        room.clock.advance_to(due - 0.01)
        room.tick()
        assert len(game.history) == decisions  # not yet
        room.clock.advance_to(due)
        room.tick()
        assert len(game.history) == decisions + 1 and game.history[-1][0] == 1
        assert ada.last()["view"]["decisions"] == decisions + 1


def test_bots_due_at_several_tables_at_once_decide_one_table_a_tick_when_asked():
    """The server asks for one table a tick (``tick(most=1)``), so that what students send
    is read between two bots' searches: each tick then moves one table on, in turn."""
    room = Room()
    tables = []
    for _ in range(3):
        table, ada = against_a_bot(room, "splashdown", "SplashBot")
        game = table.game
        assert game is not None
        while game.seats_to_act == (0,):  # Ada plays until the bot is to act
            ada.send(type="move", move=str(game.legal_moves(0)[0]), seen=len(game.history))
        tables.append(table)
    due = room.hall.due()  # (as the server asks after each change: the bots plan then)
    assert due is not None
    room.clock.advance_to(due)  # every bot is due now
    counts = [len(t.game.history) for t in tables]
    for step in range(1, 4):
        room.deliver(room.hall.tick(most=1))
        moved = [len(t.game.history) - n for t, n in zip(tables, counts, strict=True)]
        assert sorted(moved, reverse=True) == [1] * step + [0] * (3 - step)
    assert room.hall.due() > room.clock.now()  # nothing more until the next PACE


def test_only_the_creator_seats_bots_and_only_offered_bots_before_the_game_begins():
    room = Room()
    ada, bob = room.client(), room.client()
    ada.send(type="create", game="froop", players=3, name="Ada", options={})
    code = ada.last("joined")["code"]
    bob.send(type="join", code=code, name="Bob")
    bob.send(type="bot", seat=2, bot="RandomBot")
    assert "creator" in bob.refusal
    for seat, bot, reason in [(1, "RandomBot", "not a free seat"), (7, "RandomBot", "not a free"),
                              (2, "AlphaZero", "the bots offered here are RandomBot, FroopBot, "
                                                 "MCTSBot"),
                              (2, "os.system", "offered")]:
        ada.send(type="bot", seat=seat, bot=bot)
        assert reason in ada.refusal
    ada.send(type="bot", seat=2, bot="FroopBot")
    assert room.hall.tables[code].game is not None
    ada.send(type="bot", seat=2, bot="RandomBot")
    assert "the game has begun" in ada.refusal


def test_a_countdown_runs_out_on_the_servers_clock():
    room = Room()
    table, (ada, bob) = room.table("froop", options={"speed": True, "countdown": 5})
    game = table.game
    deadline = game.deadline
    assert deadline is not None and room.hall.due() == deadline.time
    person = (ada, bob)[deadline.seat]
    assert person.last()["countdown"]["left"] == 5.0
    room.clock.advance_to(deadline.time)
    room.tick()
    assert game.history[-1] == (deadline.seat, deadline.move)
    assert game.times[-1] == deadline.time


def test_a_games_record_is_given_only_at_its_end_and_holds_no_seed(monkeypatch):
    monkeypatch.setattr(hall_module, "PACE", 0.0)
    room = Room()
    table, ada = against_a_bot(room, "keckefrosche", "KeckeBot")
    game = table.game
    while not game.is_over:
        if 0 in game.seats_to_act:
            ada.send(type="save")
            assert "saved once it is over" in ada.refusal
            ada.send(type="move", move=str(game.legal_moves(0)[-1]), seen=len(game.history))
        room.clock.advance(0.1)
        room.tick()
    ada.send(type="save")
    record = ada.last("record")["record"]
    assert record["format"] == "pondwidgets-table-record"
    assert "seed" not in record and "digest" not in record
    assert str(game.seed) not in json.dumps(record)
    assert record["log"] == game.log and len(record["decisions"]) == len(game.history)
    assert record["names"] == ["Ada", "KeckeBot"]


def test_new_game_is_the_creators_and_starts_afresh_on_a_new_seed():
    room = Room()
    table, (ada, bob) = room.table("croak")
    game = table.game
    seed = game.seed
    ada.send(type="move", move=str(game.legal_moves(0)[0]), seen=0)
    bob.send(type="new_game", seen=1)
    assert "creator" in bob.refusal and len(game.history) == 1
    ada.send(type="new_game", seen=1)
    assert not game.history and game.seed != seed and ada.last()["holding"]
    assert str(seed) not in json.dumps(ada.got + bob.got)


def test_a_token_takes_its_seat_back_from_another_device():
    room = Room()
    table, (_ada, bob) = room.table("froop")
    again = room.client()
    again.send(type="rejoin", code=table.code, token=bob.token)
    assert again.last()["seat"] == 1 and again.last()["view"] == bob.last()["view"]
    assert "taken up on another device" in bob.refusal
    bob.send(type="start")
    assert "join a table first" in bob.refusal
    stranger = room.client()
    stranger.send(type="rejoin", code=table.code, token="not-a-token")
    assert "holds no seat" in stranger.refusal


def test_tokens_and_seeds_are_never_sent_but_to_their_own_connection():
    room = Room()
    table, people = room.table("froop", players=3)
    play_randomly(room, table, people, 10)
    for person in people:
        others = [json.dumps(m) for p in people if p is not person for m in p.got]
        assert not any(person.token in text for text in others)
    everything = json.dumps([m for p in people for m in p.got])
    assert str(table.game.seed) not in everything


@pytest.mark.parametrize("name, options, searched", [
    ("keckefrosche", {}, True), ("froop", {}, True), ("froop", {"panic": True}, False),
    ("rapidcroco", {}, False)])
def test_the_search_bot_sits_at_turn_based_tables_only_within_the_tables_budget(
        name, options, searched, monkeypatch):
    """MCTSBot searches turn-based play only, so a table whose game races does not offer
    it; where it sits it thinks TABLE_SIMULATIONS a decision, whatever a client asks."""
    monkeypatch.setattr(hall_module, "PACE", 0.0)
    room = Room()
    table, ada = against_a_bot(room, name, "MCTSBot", options)
    if not searched:
        assert "the bots offered here are RandomBot" in ada.got[-2]["reason"]
        assert "MCTSBot" not in ada.got[-2]["reason"].split(", not")[0]
        assert table.game is None
        return
    assert table.driver.bots[1].simulations == seating.TABLE_SIMULATIONS
    game = table.game
    for _ in range(20):
        if game.is_over:
            break
        if 0 in game.seats_to_act:
            ada.send(type="move", move=str(game.legal_moves(0)[0]), seen=len(game.history))
        else:
            room.tick()
    assert any(seat == 1 for seat, _ in game.history)
