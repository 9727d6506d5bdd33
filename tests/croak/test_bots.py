"""Croak! bots: CroakBot beats RandomBot, never walks its Queen onto a known Pike when it
has a choice, and reasons about face-down tiles with the exact chances of their backs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pondwidgets.core import BotDriver, RandomBot, simulate, win_rate
from pondwidgets.croak import CroakBot, CroakGame
from pondwidgets.croak.bots import front_chances

from ..support import watching
from .helpers import game_from


def new_game(seed):
    return CroakGame(2, seed=seed, max_turns=100)


@pytest.mark.parametrize("bot_seat", [0, 1])
def test_croakbot_wins_most_games_against_randombot(bot_seat):
    bots = [RandomBot(), RandomBot()]
    bots[bot_seat] = CroakBot()
    results = simulate(new_game, bots, games=150, seed=100 + bot_seat)
    assert win_rate(results, bot_seat) >= 0.8
    assert win_rate(results, 1 - bot_seat) <= 0.1


def queen_onto_known_pike(game, move):
    return (move.kind == "jump" and move.frog == "Q" and game.face_up[move.dst]
            and game.fronts[move.dst] == "pike")


class WatchedCroakBot(watching(CroakBot)):
    """CroakBot, checking each of its choices, and that its Queen never jumps onto a Pike
    it can see unless every move does."""

    pike_choices_offered = 0

    def __call__(self, game, seat):
        move = super().__call__(game, seat)
        legal = game.legal_moves(seat)
        if any(queen_onto_known_pike(game, m) for m in legal):
            self.pike_choices_offered += 1
        if queen_onto_known_pike(game, move):
            assert all(queen_onto_known_pike(game, m) for m in legal), (game.log[-5:], move)
        return move


def test_croakbot_never_steps_its_queen_onto_a_face_up_pike_in_play():
    watched = WatchedCroakBot()
    for seed in range(60):
        for memory in (False, True):
            game = CroakGame(2, seed=seed, memory=memory, max_turns=100)
            watched.reseed(seed)
            BotDriver(game, {seed % 2: watched, 1 - seed % 2: RandomBot(seed)}).run()
            assert game.is_over
    assert sum(watched.chosen.values()) > 1000
    assert watched.pike_choices_offered > 0  # the situation did arise


def test_croakbot_avoids_a_pike_even_when_other_queen_moves_are_threatened():
    # Blue's Queen on c3, safe where she stands, can reach the face-up Pike on d4 or seven
    # other squares, every one of them next to 1 to 3 of Green's Servants.
    game = game_from([{"queen": "c3", "servants": ["a1"]},
                      {"queen": "h8", "servants": ["b5", "d5", "a3", "e3", "c1", "e1"]}],
                     tiles={"d4": "deep-a/pike"}, face_up=["d4"])
    for seed in range(40):
        move = CroakBot(seed)(game, 0)
        assert not queen_onto_known_pike(game, move), move


def test_croakbot_takes_the_pike_when_it_is_the_only_move():
    game = game_from([{"queen": "a1"}, {"queen": "h8"}],
                     tiles={"b1": "deep-a/pike", "a2": "deep-a/pike", "b2": "deep-b/pike"},
                     face_up=["b1", "a2", "b2"])
    assert all(queen_onto_known_pike(game, m) for m in game.legal_moves())
    assert queen_onto_known_pike(game, CroakBot(0)(game, 0))


# -- front_chances: exact counting --------------------------------------------------------
# The box (docs/rules/croak.md#tile-backs; which deep back holds which Males:
# docs/rules/croak.md#male-colours):
#   shallow 32: lily 6, mosquito 4, mud 4, reeds 10, log 2, one Male of each of 6 kinds
#   deep-a 16: lily 4, mosquito 2, pike 2, reeds 3, log 2, green/yellow/red Male
#   deep-b 16: lily 4, mosquito 2, pike 2, reeds 3, log 2, blue/pink/purple Male
# Face up below: deep-a Pike d4, Pike e4, Lily Pad c5; shallow Reeds a3. Tiles under frogs
# lie face down and count as unknown. So:
#   deep-a: 16 - 3 = 13 unknown; Pike 0, Lily 3, mosquito 2, reeds 3, log 2, Males 1 each.
#   deep-b: 16 unknown, nothing seen.
#   shallow: 31 unknown; reeds 10 - 1 = 9, the rest as in the box.
EXPECTED = {
    "deep-a": {"lily-pad": Fraction(3, 13), "mosquito": Fraction(2, 13),
               "reeds": Fraction(3, 13), "log": Fraction(2, 13), "male-green": Fraction(1, 13),
               "male-yellow": Fraction(1, 13), "male-red": Fraction(1, 13)},
    "deep-b": {"lily-pad": Fraction(4, 16), "mosquito": Fraction(2, 16),
               "pike": Fraction(2, 16), "reeds": Fraction(3, 16), "log": Fraction(2, 16),
               "male-blue": Fraction(1, 16), "male-pink": Fraction(1, 16),
               "male-purple": Fraction(1, 16)},
    "shallow": {"lily-pad": Fraction(6, 31), "mosquito": Fraction(4, 31),
                "mud": Fraction(4, 31), "reeds": Fraction(9, 31), "log": Fraction(2, 31),
                **{f"male-{c}": Fraction(1, 31)
                   for c in ("red", "blue", "pink", "yellow", "purple", "green")}},
}


def counted_position():
    return game_from([{"queen": "a1", "servants": ["b1"]}, {"queen": "h8"}],
                     tiles={"d4": "deep-a/pike", "e4": "deep-a/pike", "c5": "deep-a/lily-pad",
                            "a3": "shallow/reeds"},
                     face_up=["d4", "e4", "c5", "a3"])


@pytest.mark.parametrize("back", ["deep-a", "deep-b", "shallow"])
def test_front_chances_are_the_exact_counts(back):
    game = counted_position()
    chances = front_chances(game, back)
    assert chances == {front: float(p) for front, p in EXPECTED[back].items()}
    assert sum(EXPECTED[back].values()) == 1
    assert game.chance_odds(back) == EXPECTED[back]


def test_tile_odds_of_a_square_follow_its_back_or_its_face():
    game = counted_position()
    assert game.chance_odds("f2") == EXPECTED[game.backs[13]]  # f2 = index 13, face down
    assert game.chance_odds("d4") == {"pike": 1}


def test_front_chances_forget_a_tile_turned_face_down_under_memory():
    """Under Memory only what is face up now counts: remembering is the players' job."""
    game = game_from([{"queen": "a1", "servants": ["c3"]}, {"queen": "h8"}], memory=True,
                     tiles={"d4": "deep-a/log", "c4": "shallow/reeds", "g8": "shallow/reeds"})
    assert front_chances(game, "deep-a")["log"] == 2 / 16
    game.play("S c3-d4")
    assert front_chances(game, "deep-a")["log"] == 1 / 15
    game.play("Q h8-g8")
    game.play("S d4-c4")  # d4 turns face down again
    assert front_chances(game, "deep-a")["log"] == 2 / 16


def test_front_chances_of_a_back_with_nothing_hidden_is_empty():
    game = counted_position()
    for i, back in enumerate(game.backs):
        if back == "deep-b":
            game.face_up[i] = True  # by hand: every deep-b tile shown
    assert front_chances(game, "deep-b") == {}
