"""Boards sharing one game (docs/design.md#boards: several widgets on one game stay in sync, and
the game has one bot driver): whose decisions a board may take back, bots that fail or
never finish, one timer whichever boards show the game, and boards that are freed."""

from __future__ import annotations

import asyncio
import gc
import itertools
import time
import weakref

import pytest

from pondwidgets.core import BotsStopped, ManualClock, RandomBot
from pondwidgets.croak import CroakBoard, CroakBot, CroakGame

from ..board_messages import move, send, showing, unchanged, until
from .racing import Forever, TapBoard

REEDS = "shallow/reeds"


def open_pond():
    """Blue (c3, Servant c4) and Green (f6, Servant f7) among face-up Reeds: no move turns
    a tile over, so the undo floor stays at 0."""
    tiles = {sq: REEDS for sq in ("d3", "d4", "d5", "e6", "e7", "g6", "g7")}
    position = {"frogs": [{"queen": "c3", "servants": ["c4"]},
                          {"queen": "f6", "servants": ["f7"]}],
                "tiles": tiles, "face_up": list(tiles)}
    return CroakGame(2, seed=1, position=position)


def undo(board):
    send(board, {"type": "undo", "decisions": board.view["decisions"]})


# -- undo takes back only the board's own decisions ----------------------------------------
def test_a_board_takes_back_only_its_own_seats_decisions():
    """With one board per person, undo on Blue's board must not take back Green's move."""
    game = open_pond()
    blue, green = CroakBoard(game, seat=0), CroakBoard(game, seat=1)
    move(blue, "S c4-d4")
    move(green, "S f7-e7")
    assert blue.view["can_undo"] is False and green.view["can_undo"] is True
    unchanged(blue, lambda: undo(blue), "the last decision was Green's")
    undo(green)
    assert [str(m) for _, m in game.history] == ["S c4-d4"]
    assert blue.view["can_undo"] is True and green.view["can_undo"] is False
    undo(blue)
    assert game.history == []


def test_a_table_board_takes_back_any_person_seat_but_not_past_the_bots():
    game = open_pond()
    table = CroakBoard(game)  # hot-seat: both seats are people
    move(table, "S c4-d4")
    move(table, "S f7-e7")
    undo(table)
    undo(table)
    assert game.history == [] and table.view["can_undo"] is False


def test_can_undo_in_the_view_is_exactly_what_python_accepts():
    """The JS draws the undo button from ``view.can_undo``; a message for an undo the board
    does not offer is refused, at every step of a game against a bot."""
    game = CroakGame(2, seed=5, max_turns=40)
    board = CroakBoard(game, seat=0, bots={1: RandomBot(2)})
    chooser = RandomBot(3)
    while not game.is_over:
        before = game.to_dict()
        if board.view["can_undo"]:
            undo(board)
            assert game.to_dict() != before and board.error == {}
        else:
            unchanged(board, lambda: undo(board))
        if game.is_over or board.view["playing"] is None:
            break
        move(board, str(chooser(game, 0)))
        board.run_bots()


# -- bots that fail --------------------------------------------------------------------------
def broken(game, seat):
    return 1 / 0


async def failed(game):
    """A showing board on ``game`` whose bot (Green) raises, once Blue has moved."""
    board = CroakBoard(game, seat=0, bots={1: broken}, bot_delay=0)
    showing(board)
    move(board, "S b1-c2")
    await until(lambda: board.error)
    return board


def test_a_bot_that_raises_shows_on_the_board_names_itself_and_the_game_waits():
    async def scenario():
        game = CroakGame(2, seed=3)
        board = await failed(game)
        text = board.error["text"]
        assert "broken" in text and "seat 1 (Green)" in text
        assert "ZeroDivisionError" in text and "The game waits for Green" in text
        assert len(game.history) == 1 and game.seats_to_act == (1,)
        await asyncio.sleep(0.05)
        assert board.error["text"] == text  # reported once, not retried in a loop
        # Python takes over the seat: the game goes on, and the bot is tried again.
        game.play("S h7-g6", 1)
        assert len(game.history) == 2 and board.view["playing"] == 0
        board.close()

    asyncio.run(scenario())


def test_a_guarded_bots_mistake_shows_on_the_board_and_the_game_goes_on(capsys):
    """``Guarded``: the bot's mistake is said on the board, naming it (its print reaches
    no cell when the bots play from the kernel's loop), and a random legal move is made
    in its place."""
    from pondwidgets.core import Guarded

    async def scenario():
        game = CroakGame(2, seed=3)
        board = CroakBoard(game, seat=0, bots={1: Guarded(broken, seed=1)}, bot_delay=0)
        showing(board)
        move(board, "S b1-c2")
        await until(lambda: len(game.history) == 2)  # the game went on
        assert board.error["text"] == (
            "The bot broken at seat 1 (Green) raised ZeroDivisionError: division by zero. "
            "A random legal move was played instead.")
        assert board.view["playing"] == 0  # Blue's turn again
        move(board, next(str(m) for m in game.legal_moves(0) if _hands_over(game, m)))
        await until(lambda: board.error)  # the bot's next mistake, said again
        assert board.error["serial"] == 2 and "The bot broken" in board.error["text"]
        board.close()

    asyncio.run(scenario())


def _hands_over(game, move):
    """Whether Blue's ``move`` ends Blue's turn (no bounce to follow, say)."""
    twin = game.copy()  # the same generator: the same tiles turn up
    twin.play(move, 0)
    return twin.seats_to_act == (1,)


def test_running_the_board_cell_again_with_a_fixed_bot_goes_on():
    """A student fixes the bot and runs the cell that made the board again: the new board
    replaces the old one on the same game, seats the fixed bot, and the game goes on."""
    async def scenario():
        game = CroakGame(2, seed=3)
        old = await failed(game)
        new = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)}, bot_delay=0)
        assert old.comm is None  # closed: replaced
        showing(new)
        await until(lambda: len(game.history) == 2)
        assert new.view["playing"] == 0 and new.error == {}
        new.close()

    asyncio.run(scenario())


def test_a_bot_whose_delay_raises_is_reported_and_the_move_still_stands():
    class BadDelay:
        def delay(self, game, seat):
            raise ValueError("no idea")

        def __call__(self, game, seat):
            return game.legal_moves(seat)[0]

    async def scenario():
        game = CroakGame(2, seed=3)
        board = CroakBoard(game, seat=0, bots={1: BadDelay()}, bot_delay=0)
        showing(board)
        move(board, "S b1-c2")  # the person's move is played; the bot is reported
        assert len(game.history) == 1
        assert "BadDelay at seat 1 (Green) failed in delay(): ValueError" in \
            board.error["text"]
        board.close()

    asyncio.run(scenario())


# -- bots alone never run for ever -----------------------------------------------------------
def test_run_bots_ends_when_only_bots_remain_and_they_never_finish():
    """croak/02-variants: three players, two CroakBots; once the person is out, bots alone
    may dodge each other for ever. run_bots() stops at the driver's limit and says so."""
    board = TapBoard(Forever(), seat=None, bots={0: RandomBot(1), 1: RandomBot(2)})
    with pytest.warns(BotsStopped, match="1,000 decisions in a row"):
        assert board.run_bots() == 1000
    assert not board.game.is_over
    with pytest.warns(BotsStopped):  # asked again, they play on
        assert board.run_bots() == 1000


def test_three_player_croak_with_two_bots_ends_after_the_person_is_out():
    position = {"frogs": [{"queen": None}, {"queen": "c3"}, {"queen": "f6"}]}
    game = CroakGame(3, seed=0, position=position)
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1), 2: CroakBot(seed=2)})
    with pytest.warns(BotsStopped):  # two lone Queens that never meet
        board.run_bots()
    assert len(game.history) == 1000


def test_a_showing_board_stops_its_bots_at_the_limit_and_says_so():
    async def scenario():
        board = TapBoard(Forever(), bots={0: RandomBot(1), 1: RandomBot(2)},
                             bot_delay=0)
        board.driver.limit = 30
        showing(board)
        await until(lambda: board.error)
        assert "30 decisions in a row" in board.error["text"]
        await asyncio.sleep(0.05)
        assert len(board.game.history) == 30
        board.close()

    asyncio.run(scenario())


# -- one driver, one timer -------------------------------------------------------------------
class Thinker(RandomBot):
    """A bot that draws its thinking time, as racing bots do: each plan asks ``delay``."""

    def __init__(self, seed, pace):
        super().__init__(seed)
        self.pace, self.asked = pace, 0

    def delay(self, game, seat):
        self.asked += 1
        return self.pace


@pytest.mark.parametrize("boards", [1, 2])
def test_boards_on_one_game_share_one_driver_and_keep_the_pace(boards):
    """Two boards seating the same bots once planned them twice (each board its own
    driver drawing its own thinking time, the bot acting at the sooner), so decisions
    skipped the pace. Whichever boards show the game, each bot decision is planned once."""
    pace = 0.04

    async def scenario():
        game = Forever(3, clock=ManualClock())  # seat 2, the person, never acts
        bots = {0: Thinker(1, pace), 1: Thinker(2, pace)}
        shown = [TapBoard(game, seat=seat, bots=bots) for seat in (2, None)[:boards]]
        assert len({id(board.driver) for board in shown}) == 1
        times = []
        game.subscribe(lambda _game: times.append(time.monotonic()))
        showing(*shown)
        await until(lambda: len(times) >= 8)
        for board in shown:
            board.close()
        asked = bots[0].asked + bots[1].asked
        assert asked in (len(game.history), len(game.history) + 1)  # + the plan pending
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert min(gaps) > pace * 0.8, gaps

    asyncio.run(scenario())


def test_a_new_board_for_the_same_seat_replaces_the_old_one():
    game = CroakGame(3, seed=3)
    first = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})
    other = CroakBoard(game, seat=2)  # another seat: both stay open
    assert other.view["bots"] == [1]
    again = CroakBoard(game, seat=0)  # the cell run again, now without the bot
    assert first.comm is None and other.comm is not None
    assert again.driver.bots == {}  # the closed board's bot left with it
    assert again.view["bots"] == [] and other.view["bots"] == []


def test_a_seat_played_by_a_person_on_one_board_cannot_get_a_bot_on_another():
    game = CroakGame(2, seed=3)
    CroakBoard(game, seat=1)
    with pytest.raises(ValueError, match="seat 1 is played by a person on another board"):
        CroakBoard(game, seat=0, bots={1: CroakBot()})


# -- closed boards are freed -----------------------------------------------------------------
def test_a_closed_or_replaced_board_lets_go_of_its_game_and_is_collected():
    game = CroakGame(2, seed=3)
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})
    replaced = weakref.ref(board)
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})  # the cell run again
    closed = weakref.ref(board)
    board.close()
    game_ref = weakref.ref(game)
    del board, game
    gc.collect()
    assert replaced() is None and closed() is None
    assert game_ref() is None


def test_closing_every_board_leaves_no_observer_on_the_game():
    game = CroakGame(2, seed=3)
    boards = [CroakBoard(game, seat=s) for s in (0, 1, None)]
    for board in boards:
        board.close()
    assert game._observers == []


def test_a_closed_board_closes_its_layout_widget_too():
    """ipywidgets gives every board a Layout widget, kept in its registry until closed."""
    from ipywidgets.widgets.widget import _instances

    CroakBoard(CroakGame(2), seat=0).close()  # the game's one Bundle, kept, is made first
    before = len(_instances)
    for seed in range(20):
        CroakBoard(CroakGame(2, seed=seed), seat=0).close()
    assert len(_instances) == before


def test_a_replaced_board_freed_later_leaves_the_new_boards_table_alone():
    """ipywidgets closes a widget again when it is freed; that late close of a replaced
    board once dropped the table of the board that replaced it, and its bots."""
    game = CroakGame(2, seed=3)
    CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})  # replaces it
    gc.collect()  # the first board is freed, and closed again
    assert board.driver.bots and len(game._observers) == 1
    move(board, "S b1-c2")
    assert board.run_bots() == 1


def test_a_board_refused_for_a_clash_leaves_the_board_it_would_replace_open():
    game = CroakGame(3, seed=3)
    CroakBoard(game, seat=2)
    first = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})
    with pytest.raises(ValueError, match="seat 2 is played by a person"):
        CroakBoard(game, seat=0, bots={2: CroakBot(seed=2)})
    assert first.comm is not None and first.driver.bots.keys() == {1}
