"""The lessons of notebooks/keckefrosche/01-rules.ipynb and 02-variants.ipynb
(pondwidgets/keckefrosche/lessons.py): each rule and ruling of docs/rules/keckefrosche.md
listed in ``TAUGHT`` (by its anchor there) has a lesson, and a lesson teaches only anchors
that the document holds; every lesson's position holds each of the 66 cards once, and the
key lessons show their rule in the game's state, beyond their log line. (That every lesson
builds, replays and shows what it says is checked for every game by
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
from tests.test_citations import ROOT, anchors

# The rules and rulings of docs/rules/keckefrosche.md that the lessons teach, by their
# anchors there (as the lessons' ``rules`` name them): each must have a lesson.
DOC = ROOT / "docs/rules/keckefrosche.md"
TAUGHT = [
    "setup", "deal-bang-frog", "first-player", "deal-stork", "frog-kinds", "chips",
    "draw-one-more", "one-at-a-time", "frog-drawn", "pair", "chip-only-when-drawn",
    "empty-supply", "own-biotope", "discard-anywhere", "never-identical", "stork-blocks",
    "one-block", "two-discards", "two-storks", "stork-onto-blocked", "stork-drawn",
    "bang-frog", "bang-out", "bang-tie", "bang-no-storks", "pile-runs-out", "short-pile",
    "second-block", "who-blocks", "series", "discarding-stork", "one-stork", "which-opens",
    "pass", "what-is-a-pass", "all-pass", "last-card", "empty-display", "score",
    "storks-count", "tie", "players",
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
    assert set(TAUGHT) - taught == set()
    assert taught - set(TAUGHT) == set()  # no lesson teaches a rule the list leaves out
    assert set(TAUGHT) - anchors(DOC) == set()  # each is an anchor of the rules document


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
