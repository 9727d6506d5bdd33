"""The Rapidcroco board in a real browser: an arrest by click, key or keyboard reaches the
rules model, Python's arrests and refusals reach the page, a wrong arrest shows its
penalty, and a bot wins a round by itself.

Every race here starts from a set layout with the criteria turned: the suspect is a1,
whose arm points right, to b1, whose arm points off the grid, so b1 is the culprit and
a1 (the suspect itself: stopping too early) a wrong arrest; c1 holds a Hippo. When a hand
holds a Croc, f6 is its home.

The boards share one notebook, opened once for the module (a notebook takes about 7 s to
open; each board plays its own game, so the tests do not depend on one another).
"""

from __future__ import annotations

import re

import pytest

from tests.browser import harness
from tests.browser.harness import boards_notebook, expect

SETUP = '''\
from pondwidgets.rapidcroco import RapidBot, RapidcrocoBoard, RapidcrocoGame


def race(players=("Ada", "Bob"), hands=None, suspect="a1"):
    """Round 1 with the criteria turned: a1 > b1 ^ (b1 is the culprit), c1 a Hippo;
    f6 is the home of the one Croc a hand may hold."""
    f6 = "." if hands else "?"
    grid = [">^H???", "??????", "??????", "??????", "??????", "?????" + f6]
    position = {"grid": grid, "hands": hands or {}, "suspect": suspect}
    return RapidcrocoGame(list(players), seed=7, position=position)
'''

# The notebook's boards, one per cell after SETUP, each the cell's last expression.
BOARDS = {
    "click": "RapidcrocoBoard(race(), seat=0)",
    "wrong": 'RapidcrocoBoard(race(("Ada", "Bob", "Cy"), hands={0: ["?"]}), seat=0)',
    # pause=0: once it has won, the bot would deal the next round at once; the board
    # waits for a person to press Next round instead
    "bot": 'RapidcrocoBoard(RapidcrocoGame(["Ada", "Bob"], seed=3), seat=0, bots={1: '
           "RapidBot(seed=1, look=0.5, step=0.1, spread=0, error_rate=0, pause=0)}, "
           "bot_delay=0.3)",
    "table": "RapidcrocoBoard(race())",  # Ada and Bob race at one screen
    "keys": "RapidcrocoBoard(race(), seat=0)",
    "hippo": 'RapidcrocoBoard(race(hands={0: ["?"]}), seat=0)',
    "hand": 'RapidcrocoBoard(race(hands={1: ["Penelope"]}, suspect="Penelope"), seat=0)',
    "markup": 'RapidcrocoBoard(race(["<b>Ada</b>", "<img src=x onerror=alert(1)>"]))',
}
CULPRIT, SUSPECT, HIPPO = "b1", "a1", "c1"
IN_BOARD = "(board) => board.contains(document.activeElement)"


@pytest.fixture(scope="module")
def _notebook(lab, chromium, sandbox):
    with boards_notebook(lab, chromium, sandbox, "rapidcroco-boards", SETUP, BOARDS,
                         ".pw-board.pw-rapidcroco") as boards:
        yield boards


def name_at(nb, board: str, site: str) -> str:
    """The name of the Croc on ``site`` of the board kept in ``board``."""
    index = (int(site[1]) - 1) * 6 + "abcdef".index(site[0])
    return nb.py.value(f"{board}.game.view()['grid'][{index}]['name']")


def site(board, name):
    return board.locator(f'button[data-site="{name}"]')


def player(board, seat):
    return board.locator(f"[data-role=player][data-seat='{seat}']")


def hand_cards(board, seat):
    return player(board, seat).locator("[data-role=hand-card]")


def test_an_arrest_by_click_reaches_python_and_the_board_shows_the_path(nb):
    board = nb.board("click")
    culprit = name_at(nb, "click", CULPRIT)
    expect(board).to_have_attribute("data-phase", "race")
    expect(site(board, CULPRIT)).to_have_class(re.compile(r"\bis-target\b"))
    site(board, CULPRIT).click()
    expect(board).to_have_attribute("data-decisions", "1")
    assert nb.py.value("[len(click.game.hands[0]), click.game.history[-1][1].target, "
                       "click.game.log[-1], click.game.last['winner']]") == [
        1, CULPRIT, f"Ada takes {culprit}.", 0]
    # the board redraws: the Croc moves from the table to Ada's panel ...
    expect(board).to_have_attribute("data-phase", "deal")
    expect(site(board, CULPRIT)).to_have_attribute("data-kind", "empty")
    expect(hand_cards(board, 0)).to_have_count(1)
    expect(hand_cards(board, 0)).to_have_attribute("data-name", culprit)
    expect(player(board, 0).locator("[data-role=score]")).to_contain_text("Crocs: 1 of 3")
    expect(hand_cards(board, 1)).to_have_count(0)
    expect(board.locator("[data-role=events]")).to_contain_text(f"Ada takes {culprit}.")
    expect(board.locator("[data-role=status]")).to_have_text(
        "You turn the criteria to start round 2.")  # Ada's own board speaks to her
    # ... and the round is explained, its path replayed up to the culprit
    result = board.locator("[data-role=result]")
    expect(result).to_be_visible()
    expect(result.locator("[data-role=result-title]")).to_have_text(
        f"Round 1: you arrested the culprit, {culprit} ({CULPRIT}).")
    expect(result.locator("[data-role=explanation]")).to_have_text(
        f"{CULPRIT} points off the grid, so {CULPRIT} is the culprit.")
    expect(result.locator("[data-role=path]")).to_have_text(f"Path: {SUSPECT} → {CULPRIT}.")
    tag = site(board, CULPRIT).locator(".rc-culprit-tag")
    expect(tag).to_have_text("taken")
    expect(site(board, CULPRIT)).to_have_attribute(
        "aria-label", f"{CULPRIT}: empty site, step 2 of the path, where the culprit was: "
        f"captured")
    expect(site(board, SUSPECT)).to_have_attribute("aria-label",
                                                   re.compile(r", step 1 of the path$"))
    expect(board.locator(".rc-path .rc-path-line")).to_have_count(1)
    # "Replay the path" starts again from the suspect, on the table as it was decided:
    # the culprit back in its place and marked, then taken
    board.locator("[data-role=replay]").click()
    expect(tag).to_be_hidden()
    expect(site(board, CULPRIT)).to_have_attribute("data-kind", "croc")
    expect(tag).to_have_text("culprit")
    expect(site(board, CULPRIT)).to_have_attribute(
        "aria-label", re.compile(rf"^{CULPRIT}: {culprit}, .*, step 2 of the path, the culprit$"))
    expect(site(board, CULPRIT)).to_have_attribute("data-kind", "empty")
    expect(tag).to_have_text("taken")
    assert nb.py.value("len(click.game.history)") == 1  # a replay is not a decision


def test_a_wrong_arrest_shows_its_penalty(nb):
    board = nb.board("wrong")
    wrong, culprit = name_at(nb, "wrong", SUSPECT), name_at(nb, "wrong", CULPRIT)
    held = nb.py.value("wrong.game.view()['players'][0]['crocs'][0]['name']")
    expect(hand_cards(board, 0)).to_have_count(1)
    expect(site(board, "f6")).to_have_attribute("data-kind", "empty")
    site(board, SUSPECT).click()  # Ada stops one arm too early
    expect(board).to_have_attribute("data-decisions", "1")
    assert nb.py.value("[wrong.game.history[-1][0], sorted(wrong.game.erred)]") == [0, [0]]
    ada = player(board, 0)
    expect(ada.locator("[data-role=wrong]")).to_have_text("wrong arrest")
    expect(ada).to_have_class(re.compile(r"\bis-out\b"))
    expect(board.locator("[data-role=status]")).to_have_text(
        "Wrong arrest: you may not arrest again this round.")
    expect(board.locator("[data-role=events] li").last).to_contain_text(
        f"Ada arrests {wrong} ({SUSPECT}) after")
    expect(board.locator("[data-role=events] li").last).to_contain_text(
        "wrong! Ada may not arrest again this round.")
    expect(board.locator("[data-role=pass]")).to_be_disabled()
    expect(hand_cards(board, 0)).to_have_count(1)  # the penalty waits for the round's end
    site(board, CULPRIT).click()  # no second try: the board sends nothing, and says so
    expect(board.locator("[data-role=hint]")).to_have_text("Wait: this board may not arrest now.")
    assert nb.py.value("[len(wrong.game.history), wrong.error]") == [1, {}]
    # Bob, with no Croc, errs too; Cy arrests right: the round ends
    nb.py.run(f'wrong.game.play("arrest {SUSPECT}", 1); wrong.game.play("arrest {CULPRIT}", 2)')
    expect(board).to_have_attribute("data-phase", "deal")
    assert nb.py.value("[len(h) for h in wrong.game.hands]") == [0, 0, 1]
    assert nb.py.value("[wrong.game.view()['grid'][35].get('name'), "
                       "sorted(wrong.game.sit_next)]") == [held, [1]]
    expect(hand_cards(board, 0)).to_have_count(0)
    expect(site(board, "f6")).to_have_attribute("data-kind", "croc")  # back on its site
    expect(site(board, "f6")).to_have_attribute("aria-label", re.compile(f"^f6: {held}, "))
    events = board.locator("[data-role=events]")
    expect(events).to_contain_text(f"Ada returns {held} to f6.")
    expect(events).to_contain_text("Bob has no Croc to return and sits out the next round.")
    expect(board.locator("[data-role=result] [data-role=wrong]")).to_have_text(
        f"Wrong arrests: you ({wrong}), Bob ({wrong}).")  # on Ada's board
    expect(board.locator("[data-role=result-title]")).to_have_text(
        f"Round 1: Cy arrested the culprit, {culprit} ({CULPRIT}).")
    expect(player(board, 1).locator("[data-role=sits-next]")).to_have_text(
        "sits out next round")
    expect(player(board, 0).locator("[data-role=sits-next]")).to_have_count(0)
    # Cy deals round 2: Bob sits it out, Ada races again
    nb.py.run('wrong.game.play("reveal", 2)')
    expect(board).to_have_attribute("data-phase", "race")
    expect(player(board, 1).locator("[data-role=sitting-out]")).to_have_text("sits out")
    expect(player(board, 1).locator("[data-role=sits-next]")).to_have_count(0)
    expect(events).to_contain_text("Bob sits out this round.")
    expect(ada.locator("[data-role=wrong]")).to_have_count(0)
    expect(board.locator("[data-role=pass]")).to_be_enabled()


def test_a_bot_wins_a_round_by_itself(nb):
    board = nb.board("bot")
    expect(player(board, 1).locator("[data-role=bot]")).to_have_text("bot")
    board.get_by_role("button", name="Turn the criteria").click()
    expect(board).to_have_attribute("data-phase", "race")
    # Ada does nothing: Bob's arrest arrives after the bot's reaction time
    expect(hand_cards(board, 1)).to_have_count(1, timeout=5_000)
    expect(board).to_have_attribute("data-phase", "deal")
    got = nb.py.value("[bot.game.last['winner'], [len(h) for h in bot.game.hands], "
                      "[s for s, _ in bot.game.history], bot.game.last['culprit']['name'], "
                      "len(bot.game.last['path']) - 1, bot.game.times[1] - bot.game.times[0]]")
    winner, sizes, seats, culprit, arms, took = got
    assert (winner, sizes, seats) == (1, [0, 1], [0, 1])
    expect(hand_cards(board, 1)).to_have_attribute("data-name", culprit)
    reaction = 0.5 + 0.1 * arms  # spread 0: exactly its median
    assert reaction - 0.05 <= took < reaction + 2, (took, reaction)
    expect(board.locator("[data-role=result-title]")).to_contain_text(
        f"Round 1: Bob arrested the culprit, {culprit}")
    expect(board.locator("[data-role=events]")).to_contain_text(f"Bob takes {culprit}.")
    # Issue 11: the result and the replay stay until a person asks for the next round.
    status = board.locator("[data-role=status]")
    expect(status).to_have_text("Press Next round (or N) when everyone is ready: Bob turns "
                                "the criteria to start round 2.")
    next_round = board.get_by_role("button", name="Next round")
    expect(next_round).to_be_visible()
    nb.page.wait_for_timeout(1500)  # a bot with pause=0 would have dealt long ago
    assert nb.py.value("[bot.game.round, bot.game.phase]") == [1, "deal"]
    expect(board.locator("[data-role=result]")).to_be_visible()
    # The replay showed the round as decided: its criteria face up, the culprit's site
    # marked where it was taken from.
    expect(board.locator("[data-role=criteria-caption]")).to_have_text(
        "Round 1's criteria, as decided")
    expect(board.locator(".rc-criterion[data-face]")).to_have_count(5)
    where = nb.py.value("bot.game.last['culprit']['site']")
    expect(site(board, where)).to_have_attribute(
        "aria-label", re.compile(r": empty site, step \d+ of the path, where the culprit "
                                 r"was: captured$"))
    expect(site(board, where).locator(".rc-culprit-tag")).to_have_text("taken")
    # N, with the focus in the board, is Next round: Bob turns the criteria. Bob then
    # races round 2 too; slowed to a minute, he cannot win it (and show Next round again)
    # while the checks below look at the open race.
    nb.py.run("bot.bots[1].look = 60")
    site(board, "a1").focus()
    nb.page.keyboard.press("n")
    expect(board).to_have_attribute("data-phase", "race")
    expect(next_round).to_be_hidden()
    expect(board.locator("[data-role=criteria-caption]")).to_have_text("Round 2: find the culprit")
    assert nb.py.value("bot.game.log[-2:]")[0] == "Bob turns the criteria."


def test_several_people_at_one_screen_press_their_key_then_click(nb):
    board = nb.board("table")
    cells = nb.page.locator(".jp-Notebook .jp-Cell")
    count = cells.count()
    expect(board.locator("[data-role=buzzer]")).to_have_count(2)
    # a click with nobody's key pressed sends nothing: the board says what to do
    site(board, SUSPECT).click()
    expect(board.locator("[data-role=hint]")).to_have_text(
        "Several people race here: press your key first (A for Ada, L for Bob), "
        "or your button.")
    assert nb.py.value("[len(table.game.history), table.error]") == [0, {}]
    # a key pressed with the focus in the board arms that person; JupyterLab sees no key
    site(board, "d4").focus()
    nb.page.keyboard.press("a")
    expect(board).to_have_attribute("data-arresting", "0")
    nb.page.keyboard.press("l")  # Bob is quicker
    expect(board).to_have_attribute("data-arresting", "1")
    expect(player(board, 1).locator("[data-role=buzzer]")).to_have_attribute(
        "aria-pressed", "true")
    expect(player(board, 0).locator("[data-role=buzzer]")).to_have_attribute(
        "aria-pressed", "false")
    expect(board.locator("[data-role=hint]")).to_have_text("Bob arrests: click the culprit.")
    assert cells.count() == count  # "a" would have inserted a cell above
    site(board, SUSPECT).click()  # Bob's arrest, and a wrong one
    expect(board).to_have_attribute("data-decisions", "1")
    assert nb.py.value("[[s, str(m)] for s, m in table.game.history]") == [[1, "arrest a1"]]
    assert nb.py.value("[sorted(table.game.erred), table.error]") == [[1], {}]
    # only Ada is left in the race: her click needs no key
    expect(board.locator("[data-role=buzzer]")).to_have_count(0)
    expect(board).not_to_have_attribute("data-arresting", re.compile(".*"))
    site(board, CULPRIT).click()
    expect(board).to_have_attribute("data-decisions", "2")
    assert nb.py.value("[str(table.game.history[-1][1]), table.game.history[-1][0], "
                       "[len(h) for h in table.game.hands]]") == ["arrest b1", 0, [1, 0]]
    expect(hand_cards(board, 0)).to_have_count(1)


def test_an_arrest_with_the_keyboard_only(nb):
    board = nb.board("keys")
    keys = nb.page.keyboard
    # From the cell around the board, Tab reaches the grid first, at its one tab stop ...
    board.locator("[data-role=status]").click()  # focuses the notebook cell
    for _ in range(10):  # past JupyterLab's own buttons (the cell's toolbar)
        keys.press("Tab")
        if nb.page.evaluate(IN_BOARD, board.element_handle()):
            break
    expect(site(board, "a1")).to_be_focused()
    keys.press("Tab")  # ... and leaves it with the next Tab: the arrows move inside it
    expect(board.locator("[data-role=pass]")).to_be_focused()
    keys.press("Shift+Tab")
    expect(site(board, "a1")).to_be_focused()
    for key, to in (("ArrowDown", "a2"), ("ArrowRight", "b2"), ("ArrowUp", CULPRIT)):
        keys.press(key)
        expect(site(board, to)).to_be_focused()
    keys.press("Enter")
    expect(board).to_have_attribute("data-decisions", "1")
    assert nb.py.value("[str(keys.game.history[-1][1]), len(keys.game.hands[0])]") == [
        "arrest b1", 1]
    expect(hand_cards(board, 0)).to_have_count(1)
    # After a decision focus is on the status line, where Enter makes no move (issue 24, 5)
    expect(board.locator("[data-role=status]")).to_be_focused()


def test_an_illegal_click_shows_pythons_refusal_and_changes_nothing(nb):
    board = nb.board("hippo")
    before = nb.py.value("hippo.game.to_dict()")
    error = board.locator("[data-role=error]")
    expect(error).to_be_hidden()
    site(board, HIPPO).click()
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    expect(error).to_have_text(f"{HIPPO} holds a Hippo: only a Croc can be arrested")
    site(board, "f6").click()  # the home of Ada's Croc
    expect(error).to_have_text("f6 holds an empty site (its Croc was captured): only a Croc "
                               "can be arrested")
    assert nb.py.value("hippo.game.to_dict()") == before
    expect(board).to_have_attribute("data-decisions", "0")
    expect(board).to_have_attribute("data-phase", "race")
    expect(player(board, 0).locator("[data-role=wrong]")).to_have_count(0)  # no penalty
    site(board, CULPRIT).click()  # the next change clears the error
    expect(board).to_have_attribute("data-decisions", "1")
    expect(error).to_be_hidden()


def test_an_arrest_of_a_croc_in_a_hand_by_click(nb):
    board = nb.board("hand")
    penelope = hand_cards(board, 1)
    expect(penelope).to_have_attribute("data-name", "Penelope")
    expect(penelope).to_be_enabled()
    expect(penelope).to_have_attribute("aria-label", re.compile(r", held by Bob$"))
    expect(board.locator("[data-role=events]")).to_contain_text("It is in Bob's hand!")
    penelope.click()
    expect(board).to_have_attribute("data-decisions", "1")
    assert nb.py.value("[str(hand.game.history[-1][1]), hand.game.log[-1]]") == [
        "arrest Penelope", "Ada takes Penelope from Bob."]
    expect(hand_cards(board, 0)).to_have_attribute("data-name", "Penelope")
    expect(hand_cards(board, 1)).to_have_count(0)
    expect(site(board, "f6")).to_have_attribute("data-kind", "empty")
    expect(board.locator("[data-role=explanation]")).to_have_text(
        "The criteria pick Penelope, held by Bob: the race is for that card itself.")
    expect(board.locator("[data-role=path]")).to_be_hidden()
    expect(board.locator("[data-role=replay]")).to_be_hidden()  # no path to replay


def test_markup_in_names_is_shown_as_text(nb):
    board = nb.board("markup")
    names = ["<b>Ada</b>", "<img src=x onerror=alert(1)>"]
    for seat, name in enumerate(names):
        expect(player(board, seat).locator("[data-role=name]")).to_have_text(name)
        expect(player(board, seat).locator("[data-role=buzzer]")).to_contain_text(
            f"{name} arrests")
    site(board, CULPRIT).click()
    expect(board.locator("[data-role=hint]")).to_contain_text(
        f"A for {names[0]}, L for {names[1]}")
    expect(board.locator("b, img")).to_have_count(0)
    assert nb.dialogs == []


# Five players (the most panels) just after Bob won round 5, a bot to deal round 6.
FIVE_PLAYERS = '''\
from pondwidgets.rapidcroco import RapidBot, RapidcrocoBoard, RapidcrocoGame
game = RapidcrocoGame(["Ada", "Bob", "Cy", "Dee", "Eve"], seed=3)
for winner in (1, 2, 3, 4, 1):
    game.play("reveal", game.dealer)
    game.play(f"arrest {game.path.culprit}", winner)
board = RapidcrocoBoard(game, seat=0, bots={s: RapidBot(seed=s) for s in (1, 2, 3, 4)})
board'''

FITS = """(board) => {
  const scroller = board.closest(".jp-WindowedPanel-outer") || board.closest(".jp-Notebook");
  const area = scroller.getBoundingClientRect();
  const parts = { criteria: ".rc-criteria-panel", table: ".pw-ruled", result: "[data-role=result]",
                  players: "[data-role=player]", hands: "[data-role=hand]" };
  const outside = [];
  for (const [name, selector] of Object.entries(parts)) {
    const found = [...board.querySelectorAll(selector)];
    if (!found.length) outside.push(`${name}: none`);
    for (const el of found) {
      const r = el.getBoundingClientRect();
      if (r.top < area.top - 1 || r.bottom > Math.min(area.bottom, innerHeight) + 1
          || r.left < area.left - 1 || r.right > area.right + 1) {
        const span = (a, b) => `${Math.round(a)}..${Math.round(b)}`;
        outside.push(`${name}: ${span(r.top, r.bottom)} of ${span(area.top, area.bottom)}`);
      }
    }
  }
  return outside;
}"""


def test_at_1280_by_800_the_table_criteria_hands_and_result_show_together(lab, new_page,
                                                                          sandbox):
    """Issue 11: at 100% in a 1280 x 800 window (the file browser open), with the board
    scrolled to the top of the notebook, the table, the criteria, every player's hand and
    the round's result are all in view: the panels go beside the table."""
    path = harness.write_notebook(sandbox.root / "rapidcroco-fit.ipynb", [FIVE_PLAYERS])
    page = new_page({"width": 1280, "height": 800})
    try:
        board = harness.open_notebook(page, lab, path.name)
        expect(board.locator("[data-role=result]")).to_be_visible()
        expect(board.locator("[data-role=hand]")).to_have_count(4)
        board.evaluate("(b) => b.scrollIntoView({ block: 'start' })")
        page.wait_for_timeout(300)
        assert board.evaluate(FITS) == []
    finally:
        lab.close_notebook(path.name)
