"""A game's own board on a shared table's game, from a CPython kernel: the server runs in a
thread of its own (its own event loop, on 127.0.0.1 and a free port), the students'
screens on the test's loop, as two kernels would. The boards are driven by the messages
their browser would send; what they show comes from the server alone (pondwidgets/tables/
README.md, "The same boards")."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Iterator

import pytest

from pondwidgets.tables import hall as hall_module
from pondwidgets.tables import screen as screens
from pondwidgets.tables.hall import Hall
from pondwidgets.tables.server import TableServer, serve

from .threads import on_a_thread

WAIT = 5.0  # seconds a change may take to reach a screen


@contextlib.contextmanager
def table_server() -> Iterator[tuple[str, object]]:
    """A table server on a thread of its own: its address, and its hall (to look at the
    real game: the test is the teacher)."""
    async def start() -> tuple[TableServer, Hall]:
        return serve(port=0)

    async def stop(served: tuple[TableServer, Hall]) -> None:
        await served[0].stop()

    with on_a_thread(start, stop) as (server, hall):
        yield f"http://127.0.0.1:{server.port}", hall


async def until(condition: Callable[[], object]) -> None:
    for _ in range(int(WAIT / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the screens never showed it")


def ask(board, **message) -> None:
    """What the board's browser sends when its person clicks."""
    board._on_browser_message(message)


async def _two_at_a_table(address, game="froop", **options):
    ada = screens.create(game, 2, name="Ada", server=address, **options)
    await until(lambda: ada.status_seen is not None)
    bob = screens.join(ada.code, name="Bob", server=address)
    await until(lambda: ada.board is not None and bob.board is not None)
    for screen in (ada, bob):
        ask(screen.board, type="start")
    await until(lambda: not ada.game.message["holding"])
    return ada, bob


async def _against_a_bot(address, game, bot):
    """Ada's two-seat table of ``game``, ``bot`` at seat 1, Start pressed on her board."""
    ada = screens.create(game, 2, name="Ada", server=address)
    await until(lambda: ada.status_seen is not None)
    ada.seat_bot(1, bot)
    await until(lambda: ada.board is not None)
    ask(ada.board, type="start")
    await until(lambda: not ada.game.message["holding"])
    return ada


def test_two_kernels_play_froop_each_board_showing_its_own_hand_only():
    async def scenario(address, hall):
        ada, bob = await _two_at_a_table(address)
        game = hall.tables[ada.code].game  # the real game, on the server
        screens_by_seat = (ada, bob)
        for _ in range(8):
            seat = game.seats_to_act[0]
            board = screens_by_seat[seat].board
            decisions = len(game.history)
            ask(board, type="move", move=board.view["legal"][0]["text"],
                decisions=board.view["decisions"])
            await until(lambda d=decisions: all(s.board.view["decisions"] == d + 1
                                                for s in screens_by_seat))
        for seat, screen in enumerate(screens_by_seat):
            view = screen.board.view
            assert view["hand"] == json.loads(json.dumps(game.view(seat)["hand"]))
            state = json.dumps(screen.board.get_state(), default=str)
            assert not any(f'"{card}"' in state for card in game.hands[1 - seat]
                           if card not in game.hands[seat])
            assert screen.token not in state and str(game.seed) not in state
        # a move out of turn, then an illegal one: each refused on its board, by name
        waiting = screens_by_seat[1 - game.seats_to_act[0]].board
        ask(waiting, type="move", move="draw", decisions=waiting.view["decisions"])
        assert "not your turn" in waiting.error["text"]
        mover = screens_by_seat[game.seats_to_act[0]].board
        ask(mover, type="move", move="HHHH at 99,99", decisions=mover.view["decisions"])
        await until(lambda: mover.error.get("text"))
        assert "HHHH is no card" in mover.error["text"]
        ask(mover, type="save")
        assert "saved once it is over" in mover.error["text"]
    run(scenario)


def test_undo_at_a_table_takes_back_your_own_decision_through_the_server():
    async def scenario(address, hall):
        ada, bob = await _two_at_a_table(address, "froop")
        game = hall.tables[ada.code].game
        board = ada.board

        def reveals_nothing(text):
            trial = game.copy()
            trial.play(text, 0)
            return trial.undo_floor == 0

        move = next(m["text"] for m in board.view["legal"] if reveals_nothing(m["text"]))
        ask(board, type="move", move=move, decisions=0)
        await until(lambda: board.view["decisions"] == 1)
        assert board.view["can_undo"]
        ask(bob.board, type="undo", decisions=1)
        assert "only their own board may take it back" in bob.board.error["text"]
        ask(board, type="undo", decisions=1)
        await until(lambda: board.view["decisions"] == 0)
        assert not game.history
    run(scenario)


def test_a_bot_seat_plays_on_the_server_and_the_board_says_it_is_thinking(monkeypatch):
    monkeypatch.setattr(hall_module, "PACE", 0.3)

    async def scenario(address, hall):
        ada = await _against_a_bot(address, "keckefrosche", "KeckeBot")
        game = hall.tables[ada.code].game
        while game.seats_to_act == (0,):
            decisions = len(game.history)
            ask(ada.board, type="move", move=ada.board.view["legal"][-1]["text"],
                decisions=ada.board.view["decisions"])
            await until(lambda n=decisions: ada.board.view["decisions"] > n)
        await until(lambda: ada.board.view["thinking"])
        assert ada.board.view["thinking"] == "KeckeBot (a bot) is thinking…"
        await until(lambda: 0 in ada.board.view["to_act"] or ada.board.view["is_over"])
        assert any(seat == 1 for seat, _ in game.history)
    run(scenario)


def test_a_join_cell_with_no_server_says_so_in_one_sentence(capsys):
    screen = screens.join("KXBT", name="Ada", server="http://127.0.0.1:9")
    printed = capsys.readouterr().out.strip()
    assert screen is None and printed.count("\n") == 0
    assert printed.startswith("No table server answers at http://127.0.0.1:9")


def test_a_create_or_watch_cell_with_no_server_says_so_in_one_sentence(capsys):
    assert screens.create("froop", 2, name="Ada", server="127.0.0.1:9") is None
    assert screens.watch("KXBT", server="127.0.0.1:9") is None
    printed = capsys.readouterr().out.strip().split("\n")
    assert len(printed) == 2 and all(line.startswith("No table server answers at "
                                                     "http://127.0.0.1:9") for line in printed)


def test_a_join_code_the_server_does_not_know_is_said_so(capsys):
    async def scenario(address, hall):
        assert screens.join("ZZZZ", name="Ada", server=address) is None
        assert "says: there is no table ZZZZ: check the code." in capsys.readouterr().out
    run(scenario)


def run(scenario) -> None:
    with table_server() as (address, hall):
        asyncio.run(scenario(address, hall))


@pytest.fixture(autouse=True)
def _close_boards(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))  # the seats' tokens kept here
    yield
    from pondwidgets.core.table import _Table
    _Table._open.clear()


def test_a_countdown_at_a_table_is_the_servers_and_runs_out_there():
    """Froop!'s Speed at a table: the board shows the server's countdown, running from
    Start, counted down in the kernel between the server's messages; when it runs out the
    server makes the rules' decision for that seat, and every board shows it."""
    async def scenario(address, hall):
        ada, bob = await _two_at_a_table(address, speed=True, countdown=2)
        game = hall.tables[ada.code].game
        board = (ada, bob)[game.seats_to_act[0]].board
        countdown = board.view["countdown"]
        assert countdown["running"] and 1.0 <= countdown["left"] <= 2.0
        await asyncio.sleep(0.5)
        board._refresh()  # (the browser counts down by itself; a refresh asks Python)
        assert board.view["countdown"]["left"] <= countdown["left"] - 0.4
        await until(lambda: ada.board.view["decisions"] == 1 == bob.board.view["decisions"])
        assert str(game.history[0][1]) == "time"  # the rules decided it, on the server
    run(scenario)


def test_a_finished_tables_save_is_its_record_in_a_file_of_its_own(monkeypatch, tmp_path):
    """Save, once a table's game is over, writes its record (no seed) as a .pondrecord.json
    file; resume() says that a record tells what happened and resumes no game."""
    from pondwidgets.core import BadSave
    from pondwidgets.games import resume

    monkeypatch.setattr(hall_module, "PACE", 0.0)

    async def scenario(address, hall):
        ada = await _against_a_bot(address, "keckefrosche", "RandomBot")
        game = hall.tables[ada.code].game
        while not game.is_over:
            if 0 in game.seats_to_act:
                decisions = len(game.history)
                ask(ada.board, type="move", move=ada.board.view["legal"][-1]["text"],
                    decisions=ada.board.view["decisions"])
                await until(lambda n=decisions: ada.board.view["decisions"] > n
                            or game.is_over)
            await asyncio.sleep(0.005)
        await until(lambda: ada.game.record is not None)
        path = ada.board.save(tmp_path)
        assert path.name.startswith("keckefrosche-") and path.name.endswith(".pondrecord.json")
        text = path.read_text(encoding="utf-8")
        assert json.loads(text)["log"] == game.log and str(game.seed) not in text
        with pytest.raises(BadSave, match=r"is a shared table's record .* no game is resumed"):
            resume(path)
    run(scenario)
