"""Save under Voilà, which shows no files: the board asks for its save as a download
(``{"type": "save", "download": true}``), and Python sends the save to that board's
browser once, by a custom message, instead of writing a file beside the notebook."""

from __future__ import annotations

import json
import re

import pytest

from pondwidgets.core import ManualClock, saves
from pondwidgets.core.saves import SAVE_SUFFIX
from pondwidgets.croak import CroakBoard, CroakBot, CroakGame
from pondwidgets.froop import FroopBoard, FroopGame

from ..board_messages import move, send, unchanged

NAME = re.compile(r"^croak-\d{4}-\d{2}-\d{2}-\d{4}" + re.escape(SAVE_SUFFIX) + "$")


@pytest.fixture
def game():
    return CroakGame(["Ada", "Bob"], seed=3, memory=True, clock=ManualClock())


def sent_by(board, monkeypatch):
    sent = []
    monkeypatch.setattr(board, "send", lambda content, buffers=None: sent.append(content))
    return sent


def downloads(sent):
    return [m for m in sent if isinstance(m, dict) and m.get("type") == "download"]


def test_a_download_is_the_save_itself_and_writes_no_file(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)}, save_dir=tmp_path)
    move(board, "S b1-c2")
    board.run_bots()
    sent = sent_by(board, monkeypatch)
    send(board, {"type": "save", "download": True})
    assert board.error == {}
    [download] = downloads(sent)
    assert NAME.match(download["name"]), download["name"]
    assert json.loads(download["text"]) == game.to_dict()
    loaded = CroakGame.from_dict(json.loads(download["text"]), clock=ManualClock())
    assert loaded.history == game.history and loaded.text() == game.text()
    assert list(tmp_path.iterdir()) == []  # nothing beside the notebook
    assert board.notice == (f"Downloaded {download['name']}: "
                            "it is in your browser's downloads.")


def test_the_download_is_named_as_a_save_file_is(game, tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "_stamp", lambda: "2026-12-01-1432")
    board = CroakBoard(game, seat=0, save_dir=tmp_path)
    sent = sent_by(board, monkeypatch)
    send(board, {"type": "save", "download": True})
    assert downloads(sent)[0]["name"] == board.save().name == "croak-2026-12-01-1432.pondsave.json"


def test_the_save_never_reaches_a_trait(tmp_path, monkeypatch):
    """The save holds what no view may (Froop!'s other hands, the pile, the seed): it goes
    by the one message the Save press asks for, so no widget state, which a notebook
    saves, holds it."""
    game = FroopGame(["Ada", "Bob", "Cleo"], seed=5, clock=ManualClock())
    board = FroopBoard(game, seat=0, save_dir=tmp_path)
    sent = sent_by(board, monkeypatch)
    send(board, {"type": "save", "download": True})
    [download] = downloads(sent)
    secret = json.dumps(game.to_dict()["seed"])
    assert secret in download["text"]
    state = json.dumps({k: v for k, v in board.get_state().items() if k != "_bundle"},
                       default=str)
    assert download["text"] not in state and f'"seed": {secret}' not in state


def test_without_download_save_writes_the_file_as_before(game, tmp_path, monkeypatch):
    board = CroakBoard(game, seat=0, save_dir=tmp_path)
    sent = sent_by(board, monkeypatch)
    send(board, {"type": "save", "download": False})
    [path] = tmp_path.iterdir()
    assert downloads(sent) == []
    assert board.notice == f"Saved as {path.name}: download it before the session ends."


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_download_field_that_is_not_true_or_false_is_refused(game, tmp_path, monkeypatch,
                                                                value):
    board = CroakBoard(game, seat=0, save_dir=tmp_path)
    sent = sent_by(board, monkeypatch)
    unchanged(board, lambda: send(board, {"type": "save", "download": value}),
              "'download'", "bool")
    assert downloads(sent) == [] and list(tmp_path.iterdir()) == [] and board.notice == ""


def test_the_downloaded_notice_goes_once_the_game_moves_on(game, tmp_path, monkeypatch):
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)}, save_dir=tmp_path)
    sent_by(board, monkeypatch)
    send(board, {"type": "save", "download": True})
    assert board.notice.startswith("Downloaded ")
    move(board, "S b1-c2")
    assert board.notice == ""
