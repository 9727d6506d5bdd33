"""New game and Save in a real browser (issue 11): the shared frame's two buttons reach
Python, the decisions counter starts again, and the save lands beside the notebook (the
server's root) under the name the board shows."""

from __future__ import annotations

import json
import re

from tests.browser.harness import expect
from tests.browser.test_croak_board import croak, square


def test_new_game_starts_again_and_save_writes_the_file_it_names(notebook, sandbox):
    nb = notebook(croak())
    square(nb.board, "c3").click()
    square(nb.board, "c4").click()
    expect(nb.board).to_have_attribute("data-decisions", "1")

    new_game = nb.board.locator("[data-role=new-game]")
    new_game.click()  # a game is under way: the first click only asks
    expect(new_game).to_have_text("Sure? Start again")
    assert nb.py.value("len(game.history)") == 1
    new_game.click()
    expect(nb.board).to_have_attribute("data-decisions", "0")
    expect(new_game).to_have_text("New game")
    assert nb.py.value("[len(game.history), game.seed != 7, board.game is game]") == \
        [0, True, True]

    nb.board.locator("[data-role=save]").click()
    notice = nb.board.locator("[data-role=notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("download it before the session ends")
    name = re.match(r"Saved as (\S+\.pondsave\.json):", notice.inner_text()).group(1)
    assert re.fullmatch(r"croak-\d{4}-\d{2}-\d{2}-\d{4}(-\d+)?\.pondsave\.json", name)
    saved = sandbox.root / name
    assert saved.exists()
    assert json.loads(saved.read_text())["digest"] == nb.py.value('game.to_dict()["digest"]')
    saved.unlink()
    assert not [line for line in nb.console if line.startswith("pageerror")], nb.console
