"""What the rules did by themselves, kept on screen (issue 24, item 4): each view's
``news`` holds what the rules did since its seat last decided — a bang frog and the storks
it took, a chip won, a stork sent back to the box, a stork from the box blocking a
biotope, the discarding phase beginning — until that seat decides again, so a person
reads it even though the bots play on at once. Nothing in it is hidden information."""

from __future__ import annotations

import json
import random

from pondwidgets.keckefrosche import KeckeBot, KeckeGame
from pondwidgets.keckefrosche.cards import CHIP_VALUES, FROG_KIND
from pondwidgets.keckefrosche.declaration import NEWS_KINDS
from pondwidgets.keckefrosche.widget import KeckeBoard

from ..board_messages import move
from .helpers import display, game_from, play, rig_chips

NEWS_KEYS = {"id", "kind", "text", "seat", "card", "biotope", "losers"}


def kinds(view):
    return [item["kind"] for item in view["news"]]


def bang_for_bob():
    """Ada (no stork) draws a bang frog first; Bob holds the most storks (2)."""
    return game_from(display(water=["water-1"]), display(bank=["bank-2"], storks=2),
                     pile=["bang", "dike-1", "water-3"])


# -- a bang frog ------------------------------------------------------------------------
def test_a_bang_frog_stays_in_the_drawers_views_until_their_next_decision():
    """docs/rules/keckefrosche.md#bang-frog: Ada's Draw draws a bang frog and Bob, with the
    most storks, hands one in. Her views say so, with the card and whose stork left, after
    Bob's turn too, until Ada decides again."""
    game = bang_for_bob()
    play(game, "draw")
    bang = {"id": "1.0", "kind": "bang", "seat": 0, "card": "bang", "biotope": None,
            "losers": [1],
            "text": "Ada drew a bang frog: Bob had the most storks (2) and lost one to the "
                    "box."}
    assert game.view(0)["news"] == [bang]
    assert game.view(1)["news"] == [bang]  # Bob has not decided since
    play(game, "draw")  # Bob: dike-1 starts his dike row
    assert game.view(0)["news"] == [bang]  # still on Ada's screen
    assert game.view(1)["news"] == []  # Bob has decided since
    play(game, "draw")  # Ada: water-3 waits for its end of row
    assert game.phase == "place"
    assert game.view(0)["news"] == []


def test_a_persons_bang_frog_stays_on_the_board_after_the_bots_move():
    """On Ada's board against a bot, the bang frog her Draw drew is still in the view once
    the bot has played its turn and it is Ada's turn again; her next decision clears it."""
    board = KeckeBoard(bang_for_bob(), seat=0, bots={1: KeckeBot(seed=1)})
    move(board, "draw")
    board.run_bots()
    view = board.view
    assert view["to_act"] == [0] and view["decisions"] > 1  # Bob has played
    assert view["news"][0]["kind"] == "bang" and view["news"][0]["losers"] == [1]
    move(board, "draw")
    assert "bang" not in kinds(board.view)


def test_a_hot_seat_screen_keeps_the_persons_news_while_a_bot_is_to_act():
    """A hot-seat board shows no seat while a bot is to act: its news starts at the last
    decision a person made, not at the bot's, so Ada's bang frog stays."""
    board = KeckeBoard(bang_for_bob(), bots={1: KeckeBot(seed=1)})
    move(board, "draw")
    assert board.view["to_act"] == [1] and board.view["seat"] is None
    assert kinds(board.view) == ["bang"]
    board.run_bots()
    assert board.view["seat"] == 0 and kinds(board.view)[0] == "bang"


def test_a_tie_for_the_most_storks_names_every_seat_that_lost_one():
    """docs/rules/keckefrosche.md#bang-tie: each leader hands one in, the drawer too."""
    game = game_from(display(water=["water-1"], storks=1), display(storks=1), display(),
                     pile=["bang"])
    play(game, "draw")
    (item,) = game.view(2)["news"]
    assert item["losers"] == [0, 1]
    assert item["text"] == ("Ada drew a bang frog: Ada and Bob had the most storks (1) and "
                            "each lost one to the box.")


def test_a_bang_frog_with_no_stork_at_the_table_says_nobody_lost_one():
    """docs/rules/keckefrosche.md#bang-no-storks."""
    game = game_from(display(water=["water-1"]), display(), pile=["bang"])
    play(game, "draw")
    (item,) = game.view(0)["news"]
    assert item["losers"] == [] and item["card"] == "bang"
    assert item["text"] == "Ada drew a bang frog: nobody had a stork, so nobody lost one."


# -- chips --------------------------------------------------------------------------------
def test_a_chip_won_is_news_and_its_value_is_not():
    """docs/rules/keckefrosche.md#pair: a drawn frog laid next to an identical one wins a
    chip; docs/rules/keckefrosche.md#what-is-seen: its value stays hidden, so the news is
    the same whatever the chip is worth."""
    news = []
    for value in (1, 3):
        game = rig_chips(game_from(display(water=["water-1"]), display(),
                                   pile=["water-1"]), value)
        play(game, "draw", "right")
        news.append(game.view(1)["news"])
    assert news[0] == news[1]
    (item,) = news[0]
    assert item["kind"] == "chip" and item["seat"] == 0 and item["card"] == "water-1"
    name = FROG_KIND["water-1"].name
    assert item["text"] == f"Ada laid a {name} next to an identical one and won a chip " \
                           f"(face down)."


def test_a_pair_with_the_chips_all_gone_is_news_too():
    """docs/rules/keckefrosche.md#empty-supply."""
    game = game_from(display(water=["water-1"], chips=list(CHIP_VALUES)), display(),
                     pile=["water-1"])
    play(game, "draw", "left")
    (item,) = game.view(0)["news"]
    assert item["kind"] == "no-chip" and item["text"].endswith("the chips are all gone: no chip.")


# -- storks and the phases ------------------------------------------------------------------
def test_a_stork_sent_back_to_the_box_is_news():
    """docs/rules/keckefrosche.md#one-block: Ada's stork under water sends the one on the
    bank back to the box."""
    game = game_from(display(water=["water-1"], storks=1), display(),
                     biotopes={"bank": ["stork"]})
    play(game, "stork water")
    (item,) = game.view(1)["news"]
    assert (item["kind"], item["seat"], item["card"], item["biotope"]) == \
        ("returned", 0, "stork", "bank")
    assert item["text"] == ("Ada laid a stork under water, so the stork that lay on the "
                            "bank went back into the box.")


def test_the_discarding_phase_and_the_box_storks_blocks_are_news():
    """docs/rules/keckefrosche.md#second-block, #who-blocks and #box-storks: Ada draws the
    pile's last card; Bob, first in the discarding phase, lays two storks from the box. On
    Ada's screen all of it stays until she decides."""
    game = game_from(display(water=["water-1"]), display(bank=["bank-2"]), pile=["dike-1"],
                     fill="table")
    play(game, "draw")
    assert kinds(game.view(0)) == ["phase"]
    assert game.view(0)["news"][0]["text"] == ("The draw pile ran out: the discarding phase "
                                               "begins with Bob.")
    play(game, "block water", "block dike")
    news = game.view(0)["news"]
    assert [(i["kind"], i["biotope"]) for i in news] == \
        [("phase", None), ("blocked", "water"), ("blocked", "dike")]
    assert news[1]["text"] == "Bob laid a stork from the box under water: that biotope is " \
                              "blocked."
    assert game.view(1)["news"] == news[2:]  # Bob's screen: since his last decision


def test_no_stork_in_the_box_at_the_discarding_phase_is_news():
    """docs/rules/keckefrosche.md#box-storks: with the box empty, fewer than two biotopes
    are blocked."""
    game = game_from(display(water=["water-1"]), display(bank=["bank-2"]), pile=["dike-1"],
                     fill="table", spare_storks=1)
    assert game.box_storks == 0
    play(game, "draw")
    assert [i["text"] for i in game.view(0)["news"]][1] == \
        "The box held no stork, so fewer than two biotopes are blocked."


def test_a_decision_that_sets_off_nothing_clears_its_seats_news():
    """Only what the rules did since the seat's last decision: a plain discard sets off
    nothing, so the screen is clear again."""
    game = bang_for_bob()
    play(game, "draw", "discard bank 1")
    assert game.view(0)["news"] != [] and game.view(1)["news"] == []


def test_undo_takes_the_news_back_with_its_decision():
    game = bang_for_bob()
    play(game, "draw")
    game.undo()
    assert game.view(0)["news"] == [] and game.news == []


# -- nothing hidden -----------------------------------------------------------------------
def test_along_random_games_the_news_names_only_what_lies_face_up():
    """docs/rules/keckefrosche.md#what-is-seen: every item has the same public fields, its
    card is a bang frog, a stork or a frog kind (face up), and no text names a number
    that could be a chip's value or a pile's order."""
    for seed in range(5):
        game = KeckeGame(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        seen = set()
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            for seat in (None, *range(game.players)):
                for item in game.view(seat)["news"]:
                    assert set(item) == NEWS_KEYS and item["kind"] in NEWS_KINDS
                    assert item["card"] in {"bang", "stork", None, *FROG_KIND}
                    assert "worth" not in item["text"] and "value" not in item["text"]
                    seen.add(item["kind"])
            json.dumps(game.view(0)["news"])
        assert "chip" in seen or "bang" in seen, seen
