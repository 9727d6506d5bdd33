"""The shared board's "New game" and "Save" (issue 11): a new seed with the same options,
seats and bots; a save file beside the notebook that never overwrites, and resumes."""

from __future__ import annotations

import json
import os
import re

import pytest

from pondwidgets.core import BadSave, GameError, ManualClock, saves
from pondwidgets.core.saves import SAVE_SUFFIX, read_save
from pondwidgets.core.widget import MESSAGES, Board
from pondwidgets.croak import CroakBoard, CroakBot, CroakGame
from pondwidgets.games import GAMES, load_game, resume
from pondwidgets.rapidcroco import RapidcrocoBoard, RapidcrocoGame

from ..board_messages import move, send, unchanged

NAME = re.compile(r"^croak-\d{4}-\d{2}-\d{2}-\d{4}(-\d+)?" + re.escape(SAVE_SUFFIX) + "$")


@pytest.fixture
def game():
    return CroakGame(["Ada", "Bob"], seed=3, memory=True, clock=ManualClock())


def new_game(board):
    send(board, {"type": "new_game", "decisions": board.view["decisions"]})


def save(board):
    send(board, {"type": "save"})


def test_the_protocol_names_both_messages():
    assert MESSAGES["new_game"] == {"decisions": int}
    assert MESSAGES["save"] == {}


# -- New game -----------------------------------------------------------------------------
def test_a_new_game_keeps_options_seats_and_bots_and_changes_the_seed(game):
    bot = CroakBot(seed=1)
    board = CroakBoard(game, seat=0, bots={1: bot}, pike_odds=True)
    move(board, "S b1-c2")
    board.run_bots()
    seed, options = game.seed, dict(game.options)
    assert board.view["decisions"] >= 2
    new_game(board)
    assert board.error == {}
    assert board.game is game  # started again in place: a notebook's `game` follows
    assert game.seed != seed and game.options == options and game.history == []
    assert board.seat == 0 and board.bots == {1: bot} and board.driver.bots == {1: bot}
    assert board.options == {"pike_odds": True}
    assert game.names == ["Ada", "Bob"] and game.memory
    assert board.view["decisions"] == 0 and board.view["playing"] == 0
    assert board.view == {**board.view, **game.view(0)}  # the new game's picture only
    assert board.view["events"] == [game.log[0]]  # nothing of the old game is resent
    # It plays on (a bounce is a decision too), and the bot answers. Another seed, set
    # here: on some shuffles the first legal move loses Ada's last frog and ends the game.
    board.new_game(seed=11)
    while board.view["playing"] == 0:
        move(board, board.view["legal"][0]["text"])
    assert not game.is_over and board.run_bots() >= 1


def test_the_new_seed_is_fresh_each_time_and_never_shown(game):
    board = CroakBoard(game, seat=None)
    seeds = set()
    for _ in range(5):
        new_game(board)
        seeds.add(game.seed)
        assert str(game.seed) not in json.dumps(board.view)
        assert str(game.seed) not in repr(board)
    assert len(seeds) == 5


def test_a_new_game_differs_but_python_may_name_its_seed(game):
    board = CroakBoard(game, seat=0)
    board.new_game(seed=11)
    assert game.to_dict()["seed"] == 11
    assert game.text() == CroakGame(["Ada", "Bob"], seed=11, memory=True).text()
    with pytest.raises(GameError, match="whole number"):
        board.new_game(seed="11")


def test_every_board_on_the_game_moves_to_the_new_game(game):
    blue, green = CroakBoard(game, seat=0), CroakBoard(game, seat=1)
    move(blue, "S b1-c2")
    new_game(green)
    assert blue.view["decisions"] == green.view["decisions"] == 0
    assert blue.view["playing"] == 0 and blue.view["legal"]


@pytest.mark.parametrize("how", ["board", "python"])
def test_a_new_game_after_the_bots_stopped_lets_them_play_again(how):
    game = CroakGame(2, seed=5, clock=ManualClock())
    board = CroakBoard(game, seat=None, bots={0: CroakBot(seed=1), 1: CroakBot(seed=2)})
    board.driver.limit = 3
    with pytest.warns(UserWarning):
        board.run_bots()
    assert board.driver.stopped
    if how == "board":
        board.new_game()
    else:
        game.restart()  # from Python: the board's table notices it all the same
    assert board.driver.stopped is None and board.driver.plans == {}
    with pytest.warns(UserWarning):
        assert board.run_bots() == 3


def test_a_stale_new_game_is_refused(game):
    board = CroakBoard(game, seat=0)
    move(board, "S b1-c2")
    unchanged(board, lambda: send(board, {"type": "new_game", "decisions": 0}), "moved on")
    unchanged(board, lambda: send(board, {"type": "new_game"}), "should be a int")
    unchanged(board, lambda: send(board, {"type": "new_game", "decisions": 1, "seed": 4}),
              "no field")


def test_a_new_game_in_a_race_keeps_its_options():
    game = RapidcrocoGame(3, seed=4, kid=True, clock=ManualClock())
    board = RapidcrocoBoard(game, seat=None)
    before = game.options
    new_game(board)
    assert board.error == {} and game.options == before and game.view()["decisions"] == 0


# -- Save -----------------------------------------------------------------------------------
def test_save_writes_a_loadable_file_named_after_the_game_and_the_time(game, tmp_path):
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)}, save_dir=tmp_path)
    move(board, "S b1-c2")
    board.run_bots()
    save(board)
    assert board.error == {}
    [path] = tmp_path.iterdir()
    assert NAME.match(path.name), path.name
    assert board.notice.startswith(f"Saved as {path.name}: download it before the session ends")
    assert json.loads(path.read_text()) == game.to_dict()
    loaded = load_game(path, clock=ManualClock())
    assert loaded.to_dict()["decisions"] == game.to_dict()["decisions"]
    assert loaded.text() == game.text()


def test_save_never_overwrites(game, tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "_stamp", lambda: "2026-12-01-1432")
    board = CroakBoard(game, seat=0, save_dir=tmp_path)
    paths = [board.save() for _ in range(3)]
    assert [p.name for p in paths] == [
        "croak-2026-12-01-1432.pondsave.json", "croak-2026-12-01-1432-2.pondsave.json",
        "croak-2026-12-01-1432-3.pondsave.json"]
    # A file someone put there under the next name stays as it was.
    taken = tmp_path / "croak-2026-12-01-1432-4.pondsave.json"
    taken.write_text("mine")
    assert board.save().name == "croak-2026-12-01-1432-5.pondsave.json"
    assert taken.read_text() == "mine"
    assert board.notice.startswith("Saved as croak-2026-12-01-1432-5.pondsave.json:")


def test_save_goes_to_the_working_directory_by_default(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = CroakBoard(game, seat=0).save()
    assert path.parent == tmp_path and NAME.match(path.name)


def test_save_dir_for_every_board(game, tmp_path, monkeypatch):
    monkeypatch.setattr(Board, "SAVE_DIR", str(tmp_path))
    assert CroakBoard(game, seat=0).save().parent == tmp_path


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root writes into a read-only folder")
def test_save_into_an_unwritable_folder_is_refused_cleanly(game, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        board = CroakBoard(game, seat=0, save_dir=locked)
        unchanged(board, lambda: save(board), "could not be saved", "locked")
        assert list(locked.iterdir()) == [] and board.notice == ""
    finally:
        locked.chmod(0o700)


def test_save_into_a_file_is_refused_cleanly(game, tmp_path):
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("mine")
    board = CroakBoard(game, seat=0, save_dir=not_a_folder)
    unchanged(board, lambda: save(board), "could not be saved", "notes.txt", "Not a directory")
    assert not_a_folder.read_text() == "mine" and board.notice == ""


def test_save_into_a_missing_folder_is_refused_cleanly(game, tmp_path):
    board = CroakBoard(game, seat=0, save_dir=tmp_path / "gone" / "away")
    unchanged(board, lambda: save(board), "could not be saved", "away")
    assert board.notice == ""


def test_the_saved_notice_stays_while_the_position_does(game, tmp_path):
    board = CroakBoard(game, seat=0, save_dir=tmp_path)
    save(board)
    send(board, {"type": "ready"})
    other = CroakBoard(game, seat=1)  # another board joining refreshes this one
    assert board.notice.startswith("Saved as ")
    other.close()


def test_the_saved_notice_goes_once_the_game_moves_on(game, tmp_path):
    """"Saved as …" speaks of the position saved: a decision, an undo and New game each
    leave it behind, so the notice goes (it stayed through a whole new game)."""
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)}, save_dir=tmp_path)
    save(board)
    move(board, "S b1-c2")
    assert board.notice == ""
    board.run_bots()
    save(board)
    new_game(board)
    assert len(game.history) == 0 and board.notice == ""
    # Onto a tile face up already: nothing is revealed, so the move may be taken back.
    position = {"frogs": [{"queen": "c3", "servants": ["c4"]}, {"queen": "f6"}],
                "tiles": {"d4": "shallow/reeds"}, "face_up": ["d4"]}
    board = CroakBoard(CroakGame(2, seed=1, position=position), seat=0, save_dir=tmp_path)
    move(board, "S c4-d4")
    save(board)
    send(board, {"type": "undo", "decisions": board.view["decisions"]})
    assert board.game.history == [] and board.notice == ""


# -- resume -----------------------------------------------------------------------------------
def test_resume_gives_the_game_s_own_board_where_the_save_left_it(game, tmp_path):
    board = CroakBoard(game, seat=0, save_dir=tmp_path)
    move(board, "S b1-c2")
    path = board.save()
    again = resume(path, seat=0, bots={1: CroakBot(seed=1)})
    assert isinstance(again, CroakBoard) and again.seat == 0
    assert again.game is not game and again.game.to_dict()["decisions"] == \
        game.to_dict()["decisions"]
    assert again.run_bots() >= 1  # Bob's bot answers in the resumed game
    again.close()


def test_every_registered_game_resumes(tmp_path):
    for name, entry in GAMES.items():
        board = entry.board(entry.game(2, seed=1), seat=None, save_dir=tmp_path)
        path = board.save()
        assert path.name.startswith(f"{name}-")
        assert type(load_game(path)) is entry.game
        board.close()


@pytest.mark.parametrize(("text", "fragments"), [
    ('{"format": "pondwidgets-save", "version": 2, "ga', ("not JSON", "line 1", "cut short")),
    ("[1, 2, 3]", ("not a pondwidgets save",)),
    ('{"name": "my notes"}', ("not a pondwidgets save",)),
    ("\udcff", ()),  # not text: written as bytes below
])
def test_a_damaged_or_foreign_file_names_the_problem(tmp_path, text, fragments):
    path = tmp_path / "broken.pondsave.json"
    if text == "\udcff":
        path.write_bytes(b"\xff\xfe\x00garbage")
        fragments = ("not text",)
    else:
        path.write_text(text)
    for load in (read_save, load_game, resume):
        with pytest.raises(BadSave) as caught:
            load(path)
        assert "broken.pondsave.json" in str(caught.value)
        for fragment in fragments:
            assert fragment in str(caught.value)


def test_a_changed_save_or_another_game_s_is_refused(game, tmp_path):
    path = CroakBoard(game, seat=0, save_dir=tmp_path).save()
    data = json.loads(path.read_text())
    data["seed"] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(BadSave, match="changed after it was written"):
        resume(path)
    data["game"] = "chess"
    path.write_text(json.dumps(data))
    known = re.escape(", ".join(sorted(GAMES)))  # every game the registry lists
    with pytest.raises(BadSave, match=rf"'chess'.*\(it has {known}\)"):
        load_game(path)


def test_a_missing_file_says_so(tmp_path):
    with pytest.raises(FileNotFoundError):
        resume(tmp_path / "nothing.pondsave.json")
