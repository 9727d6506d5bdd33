"""The lessons of notebooks/froop/01-rules.ipynb and 02-variants.ipynb
(pondwidgets/froop/lessons.py): every rule and ruling of docs/rules/froop.md they teach
has a lesson, each by its anchor, every lesson's position holds each of the 84 cards once, and
the key lessons show their rule in the game's state, beyond their log line. (That every
lesson builds, replays and shows what it says is checked for every game by
tests/conformance/test_lessons.py.)
"""

from collections import Counter

import pytest

from pondwidgets.froop import CARDS, FroopGame
from pondwidgets.froop.cards import name_of
from pondwidgets.froop.exercises import picture, places
from pondwidgets.froop.lessons import (
    BLOCKED,
    LESSONS,
    SIX,
    deal,
    lesson_board,
    lesson_game,
    quarter_turn,
    table,
    why_not,
)
from tests.test_citations import ROOT, anchors

DOC = ROOT / "docs/rules/froop.md"
# The rules and rulings of docs/rules/froop.md that a lesson teaches, by their anchors: each
# must have a lesson, and each must be an anchor of the document.
TAUGHT = [
    # the cards and the deal
    "players", "deck", "deal", "seat-0-deals", "starting-card", "first-player",
    # a turn
    "a-play", "two-symbols", "matching", "half-turn", "no-quarter-turn", "offsets",
    "diagonal-offsets", "four-match", "play-again", "stop", "draw", "must-play",
    # the end
    "winning", "running-out", "pass", "blocked", "fewest-wins",
    # Cutthroat
    "cutthroat-give", "cutthroat-draw", "cutthroat-ends-turn", "cutthroat-last-card",
    "short-pile", "cutthroat-empty-pile",
    # Speed
    "speed-countdown", "speed-chain", "speed-time-out", "speed-chain-time-out",
    # Strategic
    "strategic-hands",
    # Panic
    "panic-race", "panic-three", "panic-must-give", "panic-four", "panic-four-at-once",
    "panic-no-play-again", "panic-draw", "panic-too-late",
    # Marathon
    "marathon-points", "marathon-draw-back", "marathon-goes-on", "marathon-over-seven",
    "marathon-end", "marathon-last-card", "marathon-ties",
]


def played(name):
    """The lesson's game after its demonstration."""
    return LESSONS.replay(name)[0]


def sizes(game):
    return [len(hand) for hand in game.hands]


def test_every_rule_and_ruling_has_a_lesson():
    taught = {rule for lesson in LESSONS.values() for rule in lesson.rules}
    assert set(TAUGHT) - anchors(DOC) == set()  # a renamed anchor fails here...
    assert set(TAUGHT) - taught == set()
    assert taught - set(TAUGHT) == set()  # ...and no lesson cites a rule not listed above


@pytest.mark.parametrize("name", [n for n, lesson in LESSONS.items() if lesson.position])
def test_every_lesson_position_places_each_card_once(name):
    position = LESSONS[name].position
    placed = Counter(name_of(letters) for letters, _, _ in position["froop"])
    for hand in position["hands"]:
        placed.update(hand)
    if "pile" in position:
        placed.update(position["pile"])
        assert placed == Counter(CARDS)
    else:  # the rest is the pile, shuffled by the lesson's seed
        assert max(placed.values()) == 1 and set(placed) <= set(CARDS)
    game = lesson_game(name)
    assert len(game.froop) + sum(sizes(game)) + len(game.pile) == 84


def test_deal_refuses_a_card_named_twice():
    with pytest.raises(ValueError, match="named twice: FBSH"):
        deal([("HSBF", 0, 0)], [["FBSH"], ["BBFH"]])  # HSBF turned is FBSH: one card


def test_table_deals_the_rest_round_the_other_seats():
    position = table(["HBBS"], ["FFSH"])
    assert position["hands"][0] == ["HBBS"] and position["pile"] == ["FFSH"]
    assert sorted(len(hand) for hand in position["hands"][1:]) == [8] * 5 + [9] * 4


def test_lesson_board_passes_board_options():
    board = lesson_board("play", seat=0)
    try:
        assert board.seat == 0
    finally:
        board.close()


def test_why_not_leaves_the_game_unchanged():
    game = lesson_game("match")
    before = game.to_dict()
    assert "every symbol a card covers must match" in why_not(game, "SSBH at 1,0")
    assert why_not(game, "BFSS at 0,1") == "allowed"
    assert game.to_dict() == before


# -- key lessons, beyond their log line ------------------------------------------------------
def test_the_deal_gives_seven_cards_each_and_seat_0_plays_first():
    game = lesson_game("deal")
    assert sizes(game) == [7, 7] and len(game.froop) == 1 and len(game.pile) == 69
    assert (game.froop[0].x, game.froop[0].y) == (0, 0) and game.current_player == 0
    ten = lesson_game("ten-players")
    assert sizes(ten) == [7] * 10 and len(ten.pile) == 13


def test_a_play_lays_the_card_as_laid_and_passes_the_turn():
    game = played("play")
    assert [tuple(laid[:3]) for laid in game.froop] == [("HSBF", 0, 0), ("SBFH", 1, 0)]
    assert game.froop[-1].match == 2 and game.current_player == 1
    assert "HFBS" not in game.hands[0]  # SBFH is HFBS turned


def test_the_180_turn_and_no_quarter_turn():
    game = played("turn")
    assert game.froop[-1].card == "SHFB" and name_of("SHFB") == "BFHS"
    assert quarter_turn("BSSF") == "SBFS" and name_of("SBFS") in CARDS
    game = lesson_game("quarter-turn")
    assert "BSSF" in game.hands[0] and "SBFS" in game.hands[1]
    assert game.match_of("SBFS", 1, 0) == 2  # it would fit, were it Ada's card
    assert not game.plays(0)


def test_offsets_half_a_card_and_diagonal():
    game = played("offsets")
    assert [(laid.x, laid.y) for laid in game.froop] == [(0, 0), (1, 0), (1, 1)]


def test_play_again_is_a_choice():
    game = lesson_game("again")
    game.play("HBBS at 2,-1")
    assert game.phase == "again" and game.chain == (0, 3)
    game.play("SBFS at 0,-1")
    assert game.froop[-1].match == 4
    assert len({(laid.seat, laid.x, laid.y) for laid in game.froop[:-1]
                if abs(laid.x) <= 1 and -2 <= laid.y <= 0}) >= 2  # spans several cards
    assert game.plays(0) and "stop" in [str(m) for m in game.legal_moves(0)]
    game.play("stop")
    assert game.current_player == 1 and sizes(game)[0] == 4


def test_stop_draws_nothing():
    before = lesson_game("stop")
    game = played("stop")
    assert len(game.pile) == len(before.pile) and sizes(game) == [1, 3]


def test_drawing_and_passing():
    game = played("draw")
    assert sizes(game)[0] == 3 and "BSBF" in game.hands[0] and game.current_player == 1
    game = played("pass")
    assert game.passes == 1 and not game.pile and game.current_player == 1


def test_blocked_games():
    for card in ("FSHH", "BBSH"):  # counted by exercises' own search, not the model's
        assert not places(picture(BLOCKED), card)
    assert len(BLOCKED) == 82
    game = played("blocked")
    assert game.is_over and game.winners == ()
    assert played("fewest-wins").winners == (0, 1)


def test_running_out_wins_at_once():
    game = played("win")
    assert game.is_over and game.winners == (0,) and game.froop[-1].match == 3


def test_cutthroat_lessons():
    game = played("cutthroat-give")
    assert sizes(game) == [1, 4] and "FBFS" in game.hands[1] and game.current_player == 1
    game = played("cutthroat-draw")
    assert sizes(game) == [2, 3, 3] and game.current_player == 1
    assert played("cutthroat-last").winners == (0,)
    game = played("cutthroat-short")
    assert not game.pile and "FFSH" in game.hands[1]
    assert sizes(game)[2:] == sizes(lesson_game("cutthroat-short"))[2:]
    game = lesson_game("cutthroat-empty")
    game.play("SBFS at 0,-1")
    assert "others draw" not in [str(m) for m in game.legal_moves(0)]


def test_speed_lessons():
    game = played("speed-draw")
    assert sizes(game) == [3, 2] and game.times == [20]
    game = played("speed-chain")
    assert sizes(game) == [2, 2] and len(game.pile) == len(lesson_game("speed-chain").pile)
    assert game.times == [6, 26]


def test_strategic_shows_every_hand():
    game = lesson_game("strategic")
    assert game.view(1)["players"][0]["hand"] == game.hands[0]
    assert lesson_game("draw").view(1)["players"][0]["hand"] is None


def test_panic_lessons():
    game = lesson_game("panic-give")
    game.play("HBBS at 2,-1", 0)
    assert game.must_give == {0} and set(game.seats_to_act) == {0, 1, 2}
    game = played("panic-give")
    assert not game.must_give and "FBFS" in game.hands[2]
    game = played("panic-four")
    assert sizes(game) == [1, 3, 4]
    assert "too late" in why_not(played("panic-late"), "HBBS at 2,-1", 0)


def test_marathon_lessons():
    game = played("marathon-score")
    assert game.points == [1, 1, 0] and sizes(game) == [7, 7, 9]
    assert game.current_player == 1 and not game.is_over
    game = played("marathon-end")
    assert game.is_over and game.winners == (0, 1) and not game.pile


def test_lessons_are_froop_games():
    assert all(isinstance(lesson_game(name), FroopGame) for name in LESSONS)
    assert len(SIX) == 6
