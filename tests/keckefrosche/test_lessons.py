"""The lessons of notebooks/keckefrosche/01-rules.ipynb and 02-variants.ipynb
(pondwidgets/keckefrosche/lessons.py): every section of the rulebook and every ruling of
RULINGS.md §4 has a lesson, every lesson's position holds each of the 66 cards once, and
the key lessons show their rule in the game's state, beyond their log line. (That every
lesson builds, replays and shows what it says is checked for every game by
tests/conformance/test_lessons.py.)
"""

from collections import Counter
from itertools import pairwise

import pytest

from pondwidgets.keckefrosche import KeckeGame
from pondwidgets.keckefrosche.lessons import (
    BIOTOPES,
    LESSONS,
    all_cards,
    deal,
    lesson_board,
    lesson_game,
    why_not,
)

# The rulebook (rules/seeds/003, English in translations.md) and RULINGS.md §4, as the
# lessons' ``rules`` name them: each must have a lesson.
RULEBOOK = [
    "Setup: one card each, face up", "Collecting: discard none, draw one",
    "Drawing: a frog at either end of its row",
    "Drawing: two identical frogs side by side earn a chip", "Collecting: discard one, draw two",
    "Discarding: a frog to its own biotope", "Collecting: a stork blocks a biotope",
    "Collecting: one blocked biotope, the old stork back to the box",
    "Collecting: two discards need a stork", "Collecting: draw one more than discarded",
    "Drawing: a stork to the stork row", "Drawing: a bang frog takes a stork",
    "Collecting: until the pile runs out", "Discarding: a box stork blocks a second biotope",
    "Discarding: a series at one biotope, one of each kind",
    "Discarding: a stork before or after the frogs", "Discarding: pass, and discard again later",
    "End: everyone passes in a row", "End: a player discards all their cards",
    "Score: the others' cards plus chips", "Players: 2 to 4",
]
RULINGS = [
    "Ruling: 12 kinds, 4 to a biotope", "Ruling: 12 chips, four each of 1, 2, 3",
    "Ruling: a bang frog dealt is replaced", "Ruling: seat 0 starts",
    "Ruling: a stork dealt goes to the stork row",
    "Ruling: discard from anywhere in the row, no chip for closing up",
    "Ruling: a chip only for a drawn frog at a row's end",
    "Ruling: never two identical frogs on each other", "Ruling: two storks in one turn",
    "Ruling: a stork onto the blocked biotope", "Ruling: the bang frog leaves the game",
    "Ruling: a bang frog and a tie", "Ruling: a bang frog and no storks",
    "Ruling: no chips left, no chip", "Ruling: fewer cards left than to draw",
    "Ruling: the first player chooses the second block", "Ruling: one stork a turn",
    "Ruling: the player chooses which biotope opens",
    "Ruling: only a turn with no card discarded is a pass", "Ruling: storks count as cards",
    "Ruling: tied players share the win",
]


def played(name):
    """The lesson's game after its demonstration."""
    return LESSONS.replay(name)[0]


def me(game, seat=0):
    return game.view()["players"][seat]


def biotope(game, name):
    return next(b for b in game.view()["biotopes"] if b["id"] == name)


def test_every_rule_and_ruling_has_a_lesson():
    taught = {rule for lesson in LESSONS.values() for rule in lesson.rules}
    assert set(RULEBOOK + RULINGS) - taught == set()
    assert taught - set(RULEBOOK + RULINGS) == set()  # no lesson cites an unknown section


@pytest.mark.parametrize("name", [n for n, lesson in LESSONS.items() if lesson.position])
def test_every_lesson_position_places_each_card_once(name):
    position = LESSONS[name].position
    placed = Counter()
    for display in position["displays"]:
        for b in BIOTOPES:
            placed.update(display[b])
        placed["stork"] += display["storks"]
    for cards in position["biotopes"].values():
        placed.update(cards)
    placed.update(position["pile"])
    placed["stork"] += position["box"]["storks"]
    placed["bang"] += position["box"]["bang"]
    assert placed == all_cards()
    for cards in position["biotopes"].values():  # never two identical frogs on each other
        assert all(a != b or a == "stork" for a, b in pairwise(cards))


def test_deal_refuses_a_card_named_too_often():
    with pytest.raises(ValueError, match="more cards named"):
        deal([{"water": ["water-1"] * 5}, {}])


def test_lesson_board_passes_board_options():
    board = lesson_board("draw", seat=0)
    try:
        assert board.seat == 0
    finally:
        board.close()


def test_why_not_leaves_the_game_unchanged():
    game = lesson_game("identical")
    before = game.to_dict()
    assert "identical" in why_not(game, "discard water 2")
    assert why_not(game, "discard water 1") == "allowed"
    assert game.to_dict() == before


# -- key lessons, beyond their log line ------------------------------------------------------
def test_setup_deals_one_card_each_and_never_a_bang_frog():
    view = lesson_game("setup").view()
    assert [p["cards"] for p in view["players"]] == [1, 1]
    assert view["players"][1]["storks"] == 1 and view["pile"] == 61
    assert view["turn"] is not None and lesson_game("setup").current_player == 0


def test_draw_and_pair_lay_the_frog_at_an_end():
    assert me(played("draw"))["rows"]["bank"] == ["bank-2", "bank-3"]
    game = played("pair")
    assert me(game)["rows"]["water"] == ["water-1", "water-3", "water-3"]
    assert me(game)["chips"] == 1 and me(game)["chip_values"] is None  # face down


def test_discard_closes_the_row_and_earns_no_chip():
    game = played("discard")
    assert me(game)["rows"]["water"] == ["water-3", "water-1", "water-1"]
    assert me(game)["chips"] == 0 and biotope(game, "water")["top"] == "water-2"


def test_storks_block_and_move_the_block():
    game = played("stork-block")
    assert biotope(game, "water")["blocked"] and not biotope(game, "bank")["blocked"]
    game = played("two-storks")
    assert [b["id"] for b in game.view()["biotopes"] if b["blocked"]] == ["bank"]
    assert me(game)["storks"] == 0


def test_bang_frogs_take_storks():
    assert [p["storks"] for p in played("bang").view()["players"]] == [1, 1]
    assert [p["storks"] for p in played("bang-tie").view()["players"]] == [0, 0]


def test_an_empty_supply_pays_no_chip():
    assert me(played("empty-supply"))["chips"] == 6


def test_the_pile_running_out_starts_the_discarding_phase():
    game = played("pile-out")
    assert game.view()["pile"] == 0 and game.view()["phase"] == "block"
    assert game.current_player == 1
    game = played("block")
    assert sorted(b["id"] for b in game.view()["biotopes"] if b["blocked"]) == ["bank", "dike"]


def test_discarding_phase_lessons():
    assert me(played("series"))["rows"]["water"] == ["water-1", "water-4"]
    game = played("stork-open")
    assert sorted(b["id"] for b in game.view()["biotopes"] if b["blocked"]) == ["dike", "water"]
    assert me(game)["rows"]["bank"] == [] and me(game)["storks"] == 1


def test_end_lessons_score_and_name_the_winners():
    game = played("pass")
    assert game.is_over and game.winners == (0,)
    assert [p["score"] for p in game.view()["players"]] == [4, 2]
    game = played("last-card")
    assert game.is_over and [p["score"] for p in game.view()["players"]] == [7, 1]
    assert played("tie").winners == (0, 1)


def test_four_players_lesson():
    game = lesson_game("four-players")
    assert isinstance(game, KeckeGame) and game.players == 4
