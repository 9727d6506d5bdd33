"""The Rapidcroco board's message path (docs/design.md#boards), through ipywidgets' real
message router ``_handle_msg`` — the way a browser's messages arrive: arrests by click,
several people racing at one screen, bad input, bots, and what the board may never be
sent.

Most games start from a set layout with the criteria turned: the suspect is a1, whose arm
points off the grid, so a1 is the culprit; b1 holds another Croc (a wrong arrest), and
seat 0 holds the Croc whose home is f6.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from pondwidgets.rapidcroco import RapidBot, RapidcrocoBoard, RapidcrocoGame
from pondwidgets.rapidcroco.cards import BY_NAME
from pondwidgets.rapidcroco.declaration import SITES

from ..board_messages import move, send, unchanged, until
from .helpers import game_from, hand, name_at

ROWS = ("<^????", "??????", "??????", "??????", "??????", "?????.")


def race(players=2, **options):
    """A game in the race of round 1: a1 is the culprit, b1 a wrong arrest, and seat 0
    holds one Croc."""
    return game_from(*ROWS, hands={0: ["?"]}, suspect="a1", players=players, **options)


def texts(legal):
    """The notation of each legal move a view sends (each sent as its data)."""
    return [m["text"] for m in legal]


def keys(value):
    """Every dictionary key anywhere in a JSON-like value."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


# -- clicks reach the game ---------------------------------------------------------------
def test_an_arrest_click_reaches_the_game_and_the_view_follows():
    game = race()
    board = RapidcrocoBoard(game, seat=1)
    culprit = name_at(game, "a1")
    move(board, "arrest a1")
    assert [(s, str(m)) for s, m in game.history] == [(1, "arrest a1")]
    assert hand(game, 1) == [culprit]
    assert board.view["phase"] == "deal" and board.view["decisions"] == 1
    assert board.view["last"]["culprit"]["name"] == culprit
    assert board.view["last"]["path"] == ["a1"] and board.view["last"]["winner"] == 1
    assert board.error == {}


def test_a_hand_croc_is_arrested_by_its_name():
    game = race()
    board = RapidcrocoBoard(game, seat=1)
    held = hand(game, 0)[0]
    move(board, f"arrest {held}")
    assert str(game.history[-1][1]) == f"arrest {held}"
    assert board.view["players"][1]["wrong"] is True  # not the culprit


def test_the_dealer_turns_the_criteria_from_the_board():
    game = RapidcrocoGame(["Ada", "Bob"], seed=4)
    board = RapidcrocoBoard(game, seat=0)
    assert board.view["phase"] == "deal" and texts(board.view["legal"]) == ["reveal"]
    assert board.view["criteria"] is None
    move(board, "reveal")
    assert board.view["phase"] == "race" and len(board.view["criteria"]) == 5
    assert {c["trait"] for c in board.view["criteria"]} == {"gender", "skin", "build",
                                                            "glasses", "hat"}


def test_a_wrong_arrest_shows_in_the_view():
    game = race(players=["Ada", "Bob", "Cy"])
    board = RapidcrocoBoard(game, seat=1)
    wrong = name_at(game, "b1")
    move(board, "arrest b1")
    view = board.view
    assert view["phase"] == "race"  # Ada and Cy race on
    assert [p["wrong"] for p in view["players"]] == [False, True, False]
    assert any(f"Bob arrests {wrong} (b1)" in e and "wrong!" in e for e in view["events"])
    assert view["prompt"] == "Wrong arrest: you may not arrest again this round."
    assert view["legal"] == [] and view["people"] == []
    assert view["last"] is None  # nothing about the culprit until the round is decided
    unchanged(board, lambda: move(board, "arrest a1"), "not your turn")


def test_give_up_from_the_board():
    game = race(players=["Ada", "Bob", "Cy"])
    board = RapidcrocoBoard(game, seat=2)
    move(board, "pass")
    assert board.view["players"][2]["passed"] is True
    assert "Cy gives up this round." in board.view["events"]


# -- several people at one screen --------------------------------------------------------
def test_people_racing_at_one_screen_each_send_their_seat():
    game = race(players=["Ada", "Bob", "Cy"])
    board = RapidcrocoBoard(game, bots={2: RapidBot(seed=1)})
    assert board.view["people"] == [0, 1] and board.view["playing"] == 0
    # Each person's own legal moves: Ada may not arrest the Croc she holds; Bob may.
    held = f"arrest {hand(game, 0)[0]}"
    assert held not in texts(board.view["legal_of"]["0"])
    assert held in texts(board.view["legal_of"]["1"])
    assert set(board.view["legal_of"]) == {"0", "1"}  # never the bot's seat
    unchanged(board, lambda: move(board, "arrest b1"), "several people may act now")
    move(board, "arrest b1", seat=1)  # Bob pressed L, then clicked b1: wrong
    assert game.history[-1][0] == 1 and board.view["players"][1]["wrong"] is True
    assert board.view["people"] == [0]  # Ada alone: no seat needed any more
    move(board, "arrest a1")
    assert game.history[-1][0] == 0 and board.view["last"]["winner"] == 0


@pytest.mark.parametrize(("seat", "fragment"), [
    (2, "not a seat this board may play"),   # a bot's seat
    (3, "not a seat this board may play"),   # no such seat
    (-1, "not a seat this board may play"),
])
def test_a_seat_outside_people_is_refused(seat, fragment):
    board = RapidcrocoBoard(race(players=3), bots={2: RapidBot(seed=1)})
    unchanged(board, lambda: move(board, "arrest a1", seat=seat), fragment)


def test_a_seat_board_plays_only_its_own_seat():
    board = RapidcrocoBoard(race(), seat=0)
    assert board.view["people"] == [0]
    unchanged(board, lambda: move(board, "arrest a1", seat=1), "not a seat this board may play")


def test_an_undo_after_everyone_gave_up_is_refused_and_the_culprit_stays_won():
    """The board hides its undo button, but an undo message was still accepted after the
    round ended with the culprit shown: the race resumed and the player who had seen the
    culprit arrested it. A race board offers no undo, and Python refuses one."""
    game = race()
    board = RapidcrocoBoard(game)
    send(board, {"type": "move", "move": "pass", "decisions": 0, "seat": 0})
    send(board, {"type": "move", "move": "pass", "decisions": 1, "seat": 1})
    assert board.view["last"]["culprit"]["site"] == "a1"
    assert board.view["can_undo"] is False
    unchanged(board, lambda: send(board, {"type": "undo", "decisions": 2}),
              "this board has no undo")
    assert board.view["phase"] == "deal"


def test_a_hippo_or_an_own_croc_is_refused_not_counted_wrong():
    game = game_from("<H????", *ROWS[1:], hands={0: ["?"]}, suspect="a1")
    board = RapidcrocoBoard(game, seat=0)
    unchanged(board, lambda: move(board, "arrest b1"), "holds a Hippo")
    unchanged(board, lambda: move(board, f"arrest {hand(game, 0)[0]}"), "already yours")
    assert board.view["players"][0]["wrong"] is False


def test_a_request_from_before_a_rivals_wrong_arrest_still_counts():
    """In a race a rival's decision does not change who the culprit is (Game.fresh)."""
    game = race(players=3)
    board = RapidcrocoBoard(game)
    seen = board.view["decisions"]
    move(board, "arrest b1", seat=2)  # a rival errs meanwhile
    assert board.view["decisions"] == seen + 1
    move(board, "arrest a1", seat=0, decisions=seen)  # the picture Ada was looking at
    assert board.error == {} and board.view["last"]["winner"] == 0


def test_a_request_from_a_previous_round_is_stale():
    game = race()
    board = RapidcrocoBoard(game)
    seen = board.view["decisions"]  # round 1's race
    move(board, "arrest a1", seat=0)
    move(board, "reveal")  # Ada deals round 2
    assert board.view["phase"] == "race" and board.view["round"] == 2
    unchanged(board, lambda: move(board, "pass", seat=1, decisions=seen), "moved on")
    unchanged(board, lambda: move(board, "reveal", decisions=seen + 1), "moved on")


def test_the_replay_option():
    board = RapidcrocoBoard(race(), seat=0)
    assert board.options == {"replay": True}
    send(board, {"type": "option", "name": "replay", "value": False})
    assert board.options == {"replay": False}
    assert RapidcrocoBoard(race(), replay=False).options == {"replay": False}
    with pytest.raises(TypeError, match="replay"):
        RapidcrocoBoard(race(), solve=True)


# -- bots --------------------------------------------------------------------------------
def test_run_bots_finishes_the_bots_race():
    game = RapidcrocoGame(["Ada", "Bob", "Cy"], seed=2)
    board = RapidcrocoBoard(game, seat=0, bots={1: RapidBot(seed=1, error_rate=0),
                                                2: RapidBot(seed=2, error_rate=0)})
    move(board, "reveal")
    assert board.view["phase"] == "race" and board.view["bots"] == [1, 2]
    # In simulated time the bots answer first, then the winner (a bot) deals the next
    # round: the bots race on until a person must act or, here, the game ends.
    assert board.run_bots() >= 3
    last = board.view["last"]
    assert board.view["phase"] == "over" and set(game.winners) <= {1, 2}
    assert last["winner"] in (1, 2) and last["explanation"]
    assert [seat for seat, _ in game.history].count(0) == 1  # Ada only dealt
    assert board.view["people"] == [] and board.view["legal"] == []


def test_bots_alone_play_a_whole_game_on_a_board():
    game = RapidcrocoGame(3, seed=5, target=2)
    board = RapidcrocoBoard(game, bots={s: RapidBot(seed=s) for s in range(3)})
    assert board.view["people"] == []
    board.run_bots()
    assert game.is_over and board.view["phase"] == "over"
    assert board.view["winners"] == list(game.winners)
    assert board.view["last"] is not None  # the last round, for its replay
    assert all(t >= 0 for t in game.times)


# -- between rounds: the result stays until a person asks for the next round ---------------
def quick_bot(seed=1):
    """A bot that arrests the culprit at once and deals at once."""
    return RapidBot(seed=seed, look=0, step=0, spread=0, error_rate=0, pause=0)


def next_round(board, decisions=None):
    send(board, {"type": "next_round",
                 "decisions": board.view["decisions"] if decisions is None else decisions})


def test_after_a_bots_win_its_next_round_waits_for_a_person():
    """Issue 11: a bot that won a round deals the next one only when a person presses
    Next round, however quick it is; then it deals at the board's pace."""
    async def scenario():
        game = RapidcrocoGame(["Ada", "Bob"], seed=3)
        board = RapidcrocoBoard(game, seat=0, bots={1: quick_bot()}, bot_delay=0)
        send(board, {"type": "ready"})
        assert board.view["next_round"] is None  # Ada deals round 1 herself
        move(board, "reveal")
        await until(lambda: game.between_rounds)  # Bob arrested the culprit, and deals
        assert game.last["winner"] == 1 and game.dealer == 1
        await asyncio.sleep(0.1)
        assert game.phase == "deal" and game.round == 1  # Bob waits, the result stays
        assert board.view["next_round"] == ("Press Next round (or N) when everyone is "
                                            "ready: Bob turns the criteria to start round 2.")
        assert board.view["thinking"] is None  # not "Bob is thinking": nobody is
        unchanged(board, lambda: move(board, "arrest a1"), "the round is over: press Next round")
        unchanged(board, lambda: next_round(board, decisions=0), "moved on")
        next_round(board)
        assert board.error == {}
        await until(lambda: game.round == 2)  # now Bob turns the criteria (and, being
        assert "Bob turns the criteria." in game.log  # so quick, wins round 2 as well)
        board.close()

    asyncio.run(scenario())


def test_bots_alone_go_from_round_to_round_by_themselves():
    """A table of bots only (a demonstration) never waits for a Next round."""
    async def scenario():
        game = RapidcrocoGame(["Ada", "Bob"], seed=3, max_rounds=3)
        board = RapidcrocoBoard(game, bots={0: quick_bot(0), 1: quick_bot(1)}, bot_delay=0)
        send(board, {"type": "ready"})
        await until(lambda: game.is_over)
        assert game.round == 3 and board.view["next_round"] is None
        board.close()

    asyncio.run(scenario())


def test_next_round_is_refused_when_nobody_waits_for_it():
    game = RapidcrocoGame(["Ada", "Bob"], seed=3)
    board = RapidcrocoBoard(game, seat=0, bots={1: quick_bot()})
    unchanged(board, lambda: next_round(board), "there is no round to start now")
    move(board, "reveal")
    unchanged(board, lambda: next_round(board), "there is no round to start now")  # a race
    # A person won: she deals the next round herself, with her own button.
    move(board, f"arrest {game.path.culprit}")
    assert game.between_rounds and game.dealer == 0
    assert board.view["next_round"] is None and texts(board.view["legal"]) == ["reveal"]
    unchanged(board, lambda: next_round(board), "there is no round to start now")


def test_run_bots_and_python_play_on_between_rounds():
    """The hold is the live board's: run_bots() in a notebook is a person asking."""
    game = RapidcrocoGame(["Ada", "Bob"], seed=3)
    board = RapidcrocoBoard(game, seat=0, bots={1: quick_bot()})
    move(board, "reveal")
    # Bob arrests at once, deals round 2 and wins every race in simulated time.
    board.run_bots()
    assert game.round == 3 and game.is_over and game.winners == (1,)


def test_repr_is_stable():
    board = RapidcrocoBoard(RapidcrocoGame(2, seed=3), seat=0, bots={1: RapidBot()})
    assert repr(board).startswith("<RapidcrocoBoard for seat 0, bots at [1]: <RapidcrocoGame")
    assert "0x" not in repr(board)


# -- what the board is never sent --------------------------------------------------------
def test_during_a_race_the_view_never_holds_the_path_or_the_culprit():
    game = race(players=["Ada", "Bob", "Cy"])
    board = RapidcrocoBoard(game, bots={2: RapidBot(seed=3, error_rate=1)})
    sent = []
    board.observe(lambda change: sent.append(change["new"]), names=["view"])
    racing = [board.view]
    move(board, "arrest b1", seat=1)  # Bob errs
    racing += [v for v in sent if v["phase"] == "race"]
    assert len(racing) >= 2
    for view in racing:
        assert not keys(view) & {"path", "culprit", "suspect", "reason", "explanation"}
        assert view["last"] is None
        assert "a1" not in {c.get("site") for c in view["criteria"]}  # faces only
        json.dumps(view)  # JSON-safe


def test_the_race_view_does_not_depend_on_who_the_culprit_is():
    """The same table with another culprit inside the game: the board sees no difference."""
    game = race(players=3)
    board = RapidcrocoBoard(game)
    before = json.dumps(board.view, sort_keys=True)
    other = BY_NAME[name_at(game, "b1").lower()].number
    game.culprit = other  # what only the rules model knows
    game.path = game.path._replace(sites=("a1", "b1"), culprit="b1", reason="twice")
    board._refresh()
    assert json.dumps(board.view, sort_keys=True) == before
    assert BY_NAME[name_at(game, "a1").lower()].number != other


def test_before_the_reveal_the_view_holds_no_criteria():
    """Two games on the same table with different seeds: their criteria differ once
    turned, but before that their boards are sent the very same view."""
    table = RapidcrocoGame(2, seed=9).to_position()
    boards = [RapidcrocoBoard(RapidcrocoGame(2, seed=seed, position=table)) for seed in (1, 2)]
    assert boards[0].view == boards[1].view
    assert boards[0].view["criteria"] is None and boards[0].view["phase"] == "deal"
    for board in boards:
        move(board, "reveal")
    criteria = [board.view["criteria"] for board in boards]
    assert criteria[0] != criteria[1]
    assert [c["face"] for c in criteria[0]] == list(boards[0].game.criteria)


def test_sites_of_the_grid_are_in_row_major_order():
    """The board draws view.grid in order: a1 top-left, f6 bottom-right."""
    board = RapidcrocoBoard(race(turns=True), seat=0)
    grid = board.view["grid"]
    assert [cell["site"] for cell in grid] == list(SITES)
    assert grid[0]["kind"] == "croc" and grid[0]["arm"] == "left"
    assert grid[-1]["kind"] == "empty"
    assert all(cell["turn"] in range(4) for cell in grid)
