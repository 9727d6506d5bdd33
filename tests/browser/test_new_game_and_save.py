"""New game and Save in a real browser (issue 11): the shared frame's two buttons reach
Python, the decisions counter starts again, and the save lands beside the notebook (the
server's root) under the name the board shows; the notice goes once the game moves on
(issue 23)."""

from __future__ import annotations

import json
import re

from tests.browser.harness import expect
from tests.browser.test_croak_board import croak, square


def test_new_game_starts_again_and_save_writes_the_file_it_names(notebook, sandbox):
    nb = notebook(croak())
    expect(nb.board.locator("[data-role=status]")).to_have_text(
        "Your turn: move one of your frogs to a square next to it.")  # Ada's own board
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

    # "Saved as …" speaks of the position saved: the next move takes it away.
    square(nb.board, "c3").click()
    square(nb.board, "c4").click()
    expect(nb.board).to_have_attribute("data-decisions", "1")
    expect(notice).to_be_hidden()
    new_game.click()
    new_game.click()
    expect(nb.board).to_have_attribute("data-decisions", "0")
    nb.board.locator("[data-role=save]").click()
    expect(notice).to_be_visible()
    new_game.click()  # nothing played since the start: no question asked
    expect(notice).to_be_hidden()
    assert not [line for line in nb.console if line.startswith("pageerror")], nb.console
