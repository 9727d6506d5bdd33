"""Splash down rule tests: every rule and ruling of docs/rules/splashdown.md, each on a
small explicit position (docs/design.md#tests), with the dice and coins chosen by the test
(``helpers.rig``).

The maps are in ``helpers``: LINE (Home, then 1 green, 2 red, 3 yellow, 4 dark green with
2 flies, 5 green, 6 green, 7 dark green with 3 flies, 8 green, one pad a block, so a pad's
number is its distance from Home), SETS (two dark-green pads side by side) and FORK (two
pads that meet only at Home).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pondwidgets.core import (
    BadNotation,
    BadPosition,
    GameError,
    IllegalMove,
    ManualClock,
    why_not,
)
from pondwidgets.splashdown import Move, SplashdownGame

from .helpers import (
    BANKED,
    FORK,
    LINE,
    OUT,
    SETS,
    frog,
    frog_view,
    game_from,
    moves,
    pad_flies,
    play,
    rig,
    total_flies,
)

# Two dark-green pads of 2 flies each, for ties: 1 green, 2 and 3 dark green, 4 red.
TWINS = {"blocks": [["home"], ["green"], ["dark-green:2"], ["dark-green:2"], ["red"]]}


def new(players=2, **options):
    return SplashdownGame(players, seed=0, map=LINE, clock=ManualClock(), **options)


def refused(game, move, *fragments, seat=None, error=IllegalMove):
    """``move`` is refused with a message holding every fragment; the game is unchanged."""
    before = (game.to_dict(), game.view(0), list(game.log))
    with pytest.raises(error) as err:
        game.play(move, seat)
    for fragment in fragments:
        assert fragment in str(err.value), str(err.value)
    assert (game.to_dict(), game.view(0), list(game.log)) == before
    return str(err.value)


def sets(game, seat):
    return [(s["pad"], s["flies"]) for s in frog_view(game, seat)["sets"]]


def logged(game, text):
    return any(text in line for line in game.log)


# -- Setting up ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 7))
def test_every_frog_starts_at_home_with_five_lives_and_seat_0_starts(players):
    """docs/rules/splashdown.md#setup: every frog starts at Home with 5 lives and no flies;
    docs/rules/splashdown.md#one-frog: one frog per player;
    docs/rules/splashdown.md#seat-0-starts."""
    game = new(players)
    assert game.current_player == 0 and game.phase == "roll"
    for f in game.view()["frogs"]:
        assert (f["pad"], f["lives"], f["flies"], f["home"], f["out"], f["left_home"]) == \
            ("home", 5, 0, False, False, False)
    assert total_flies(game) == 5


@pytest.mark.parametrize("players", [1, 7, 0, "2", True, 2.0])
def test_two_to_six_players(players):
    """docs/rules/splashdown.md#players: 2 to 6 players."""
    with pytest.raises(GameError):
        SplashdownGame(players)


@pytest.mark.parametrize(("option", "value"), [("fly_thief", 1), ("reroll", "yes"),
                                               ("max_turns", 0), ("max_turns", 1.5),
                                               ("map", 3), ("map", "lake")])
def test_options_are_checked(option, value):
    """The options are True/False, a turn count, or a map."""
    with pytest.raises(GameError):
        SplashdownGame(2, **{option: value})


# -- The first turn --------------------------------------------------------------------------
def test_first_turn_rolls_two_dice_and_keeps_the_higher():
    """docs/rules/splashdown.md#first-turn: the first player's first turn rolls two dice and moves
    by the better. One 'roll' decision; the better of two dice is kept by itself."""
    game = rig(new(), 2, 5)
    play(game, "roll")
    assert game.phase == "move" and game.view()["roll"] == 5 and game.view()["dice"] == [2, 5]
    assert moves(game) == {"to 1", "to 2", "to 3", "to 4", "to 5"}
    assert logged(game, "Ada rolls two dice for the first turn, 2 and 5, and keeps the "
                        "higher: 5.")


def test_only_the_first_players_first_turn_rolls_twice():
    """docs/rules/splashdown.md#first-turn: the first player, on the first turn only. Every later
    roll is one die: Bob's first roll, and Ada's second turn."""
    game = rig(new(), 1, 1, 2, 5)
    play(game, "roll", "to 1", "roll")
    assert game.current_player == 1 and game.view()["dice"] == [2]
    assert game.view()["roll"] == 2
    play(game, "to 2", "roll")
    assert game.current_player == 0 and game.view()["dice"] == [5]
    assert game.view()["roll"] == 5


def test_reroll_option_keep_the_first_roll():
    """docs/rules/splashdown.md#variant-reroll: Board Game Arena's re-roll, an option; the first
    roll is one die, then the player keeps it or rolls again ('keep')."""
    game = rig(new(reroll=True), 2)
    assert "roll once more" in game.prompt()
    play(game, "roll")
    assert game.phase == "reroll" and moves(game) == {"keep", "reroll"}
    assert game.view()["roll"] == 2 and game.view()["dice"] == [2]
    play(game, "keep")
    assert game.phase == "move" and moves(game) == {"to 1", "to 2"}


def test_reroll_option_the_new_roll_stands_even_if_lower():
    """docs/rules/splashdown.md#variant-reroll: one re-roll, first turn only; the new roll
    stands."""
    game = rig(new(reroll=True), 5, 1)
    play(game, "roll", "reroll")
    assert game.phase == "move" and game.view()["roll"] == 1 and moves(game) == {"to 1"}
    assert game.view()["dice"] == [1]
    assert logged(game, "Ada rolls again: 1. The new roll stands.")


def test_reroll_only_on_the_first_turn():
    """docs/rules/splashdown.md#variant-reroll: the re-roll is for the first turn only: Bob's roll
    is final."""
    game = rig(new(reroll=True), 2, 1, 4)
    play(game, "roll", "keep", "to 1", "roll")
    assert game.phase == "move" and game.current_player == 1
    refused(game, "reroll", "choose the pad")
    refused(game, "keep", "choose the pad")


def test_keep_and_reroll_are_refused_without_the_option():
    """docs/rules/splashdown.md#first-turn: without the option the first turn has no re-roll
    decision: both dice are rolled at once."""
    game = new()
    refused(game, "keep", "first roll the die")
    refused(game, "reroll", "first roll the die")


def test_the_first_turn_is_at_the_very_start_only():
    """docs/rules/splashdown.md#first-turn: only at the very start. A set position in mid-game
    starts a normal turn."""
    game = rig(game_from(frog("1"), frog("5")), 4)
    assert not game.view()["first_turn"]
    play(game, "roll")
    assert game.view()["dice"] == [4]


# -- Where a frog may land -------------------------------------------------------------------
def test_landing_at_most_the_roll_and_at_least_one_step_in_any_direction():
    """docs/rules/splashdown.md#move: the roll is the most steps the frog may go, in any
    direction; docs/rules/splashdown.md#at-least-one-step: at most the roll, at least one, forwards
    or backwards."""
    game = rig(game_from(frog("5"), frog("8")), 2)
    play(game, "roll")
    assert moves(game) == {"to 3", "to 4", "to 6", "to 7"}
    refused(game, "to 8", "3 steps away", "at most 2")
    refused(game, "to 1", "4 steps away")


def test_a_roll_of_one_reaches_only_the_neighbours():
    """docs/rules/splashdown.md#at-least-one-step: at least one step, at most the roll."""
    game = rig(game_from(frog("5"), frog("8")), 1)
    play(game, "roll")
    assert moves(game) == {"to 4", "to 6"}


def test_never_land_on_your_own_pad():
    """docs/rules/splashdown.md#own-pad: a jump never ends on the frog's own pad."""
    game = rig(game_from(frog("5"), frog("8")), 2)
    play(game, "roll")
    assert "to 5" not in moves(game)
    refused(game, "to 5", "already on 5")


def test_only_the_landing_pad_counts_not_the_path():
    """docs/rules/splashdown.md#landing-only: the way a frog goes does not matter; the pads it
    passes do nothing. Jumping from 1 to 4 over the red 2 and the yellow 3 costs nothing
    (no coin is tossed: the script holds only the die) and collects only the flies of 4."""
    game = rig(game_from(frog("1"), frog("8")), 3)
    play(game, "roll", "to 4")
    assert frog_view(game, 0)["lives"] == 5 and sets(game, 0) == [("4", 2)]


def test_never_pass_through_home():
    """docs/rules/splashdown.md#through-home: no jump passes through Home; Home is only ever a
    landing. On FORK, pads 1 and 2 meet only at Home: from 1, a 6 reaches Home and nothing
    else."""
    game = rig(game_from(frog("1"), frog("2"), map=FORK), 6)
    play(game, "roll")
    assert moves(game) == {"to home"}
    refused(game, "to 2", "through Home")


def test_never_pass_through_home_even_when_it_is_shorter():
    """docs/rules/splashdown.md#through-home: never through Home. Here 1 and 3 are 4 steps apart
    the long way round and 2 through Home: with a 3, pad 3 is out of reach."""
    loop = {"blocks": [["home"], ["green"], ["green"], ["green"], ["green"], ["green"]],
            "edges": [["home", "1"], ["1", "2"], ["2", "4"], ["4", "5"], ["5", "3"],
                      ["home", "3"]]}
    game = rig(game_from(frog("1"), frog("2"), map=loop), 3)
    play(game, "roll")
    assert "to 3" not in moves(game) and "to home" in moves(game)
    refused(game, "to 3", "through Home")


def test_home_is_a_landing_whenever_within_the_roll():
    """docs/rules/splashdown.md#no-exact-roll: a frog that has left Home may land there whenever
    Home is within its roll."""
    game = rig(game_from(frog("3"), frog("8")), 5)
    play(game, "roll")
    assert "to home" in moves(game)
    play(game, "to home")
    assert frog_view(game, 0)["home"] and frog_view(game, 0)["pad"] == "home"


def test_home_is_a_landing_only_after_leaving_it():
    """docs/rules/splashdown.md#through-home: Home is a landing only for a frog that has left it
    once: a frog still at Home cannot land there."""
    game = rig(new(), 1, 1)
    play(game, "roll")
    assert "to home" not in moves(game)
    refused(game, "to home", "has not left Home yet")


def test_unknown_pads_and_odd_moves_are_refused_with_a_reason():
    """The notation names a pad of the map; a move object may hold anything."""
    game = rig(game_from(frog("5"), frog("8")), 2)
    play(game, "roll")
    refused(game, "to 9", "not a pad of this map")
    refused(game, "to", "not a Splash down move", error=BadNotation)
    refused(game, Move("to", None), "not a pad of this map")
    refused(game, Move("jump", "6"), "not a kind of Splash down move")
    refused(game, Move("roll", "6"), "names no pad")
    refused(game, "push", "choose the pad")


# -- The pads -----------------------------------------------------------------------------
def test_green_pad_is_safe():
    """docs/rules/splashdown.md#green: a green pad is safe."""
    game = rig(game_from(frog("2"), frog("8")), 1)
    play(game, "roll", "to 1")
    assert frog_view(game, 0)["lives"] == 5 and game.current_player == 1


def test_red_pad_costs_a_life():
    """docs/rules/splashdown.md#red: landing on a red pad always costs a life."""
    game = rig(game_from(frog("1"), frog("8")), 1)
    play(game, "roll", "to 2")
    assert frog_view(game, 0)["lives"] == 4
    assert logged(game, "Ada lands on 2 (red) and loses a life: 4 left.")


def test_yellow_pad_heads_is_safe():
    """docs/rules/splashdown.md#yellow: landing on a yellow pad tosses the frog coin; tails costs
    a life. Heads: no harm."""
    game = rig(game_from(frog("1"), frog("8")), 2, "heads")
    play(game, "roll", "to 3")
    assert frog_view(game, 0)["lives"] == 5
    assert game.view()["last_chance"] == {"kind": "coin", "value": "heads", "seat": 0,
                                          "decision": 2}


def test_yellow_pad_tails_costs_a_life():
    """docs/rules/splashdown.md#yellow: tails on the frog coin costs a life (the French 'pile' is
    tails)."""
    game = rig(game_from(frog("1"), frog("8")), 2, "tails")
    play(game, "roll", "to 3")
    assert frog_view(game, 0)["lives"] == 4
    assert logged(game, "tails, and loses a life: 4 left.")


def test_dark_green_pad_gives_its_flies_as_one_set():
    """docs/rules/splashdown.md#flies: a frog landing on a dark-green pad takes all its flies, as
    one set; they are gone from the pad."""
    game = rig(game_from(frog("1"), frog("8")), 3)
    play(game, "roll", "to 4")
    assert sets(game, 0) == [("4", 2)] and frog_view(game, 0)["flies"] == 2
    assert pad_flies(game, "4") == 0 and game.view()["map"]["pads"]["4"]["printed"] == 2
    assert logged(game, "Ada collects 2 flies on 4")


def test_flies_cannot_be_won_again_once_taken():
    """docs/rules/splashdown.md#flies: flies taken from a pad cannot be won by another frog."""
    game = rig(game_from(frog("3"), frog("5", sets=[("4", 2)])), 1, 1)
    assert pad_flies(game, "4") == 0
    play(game, "roll", "to 4")
    assert sets(game, 0) == [] and sets(game, 1) == [("4", 2)]


# -- Order on landing ------------------------------------------------------------------------
def test_order_on_landing_pad_effect_then_push_offer():
    """docs/rules/splashdown.md#landing-order: the pad acts first (red: a life; yellow: the coin),
    then the flies of a dark-green pad, then the choice to push."""
    game = rig(game_from(frog("1"), frog("3")), 2, "tails")
    play(game, "roll", "to 3")
    assert game.phase == "push" and frog_view(game, 0)["lives"] == 4
    assert game.view()["push"] == {"pad": "3", "frogs": [1], "from": "1"}
    coin = next(i for i, line in enumerate(game.log) if "frog coin" in line)
    assert coin == len(game.log) - 1  # the coin was logged, the push is being offered


def test_order_on_landing_flies_before_the_end_of_the_turn_on_a_shared_dark_green_pad():
    """docs/rules/splashdown.md#flies: flies are collected on landing even when another frog
    stands there; docs/rules/splashdown.md#dark-green: no push is offered on dark green."""
    game = rig(game_from(frog("1"), frog("4")), 3)
    play(game, "roll", "to 4")
    assert sets(game, 0) == [("4", 2)] and game.current_player == 1
    assert frog_view(game, 1)["lives"] == 5


def test_a_frog_that_dies_on_a_red_pad_cannot_push():
    """docs/rules/splashdown.md#out-before-push: a frog that loses its last life to the pad it
    lands on is out at once, and pushes nobody."""
    game = rig(game_from(frog("1", lives=1), frog("2")), 1)
    play(game, "roll", "to 2")
    assert frog_view(game, 0)["out"] and frog_view(game, 0)["pad"] is None
    assert game.phase == "roll" and game.current_player == 1
    assert frog_view(game, 1)["lives"] == 5


def test_a_frog_that_dies_on_a_yellow_pad_cannot_push():
    """docs/rules/splashdown.md#out-before-push: out before it can push (a yellow pad's tails)."""
    game = rig(game_from(frog("1", lives=1), frog("3")), 2, "tails")
    play(game, "roll", "to 3")
    assert frog_view(game, 0)["out"] and game.current_player == 1


def test_a_frog_that_loses_a_life_but_survives_may_still_push():
    """docs/rules/splashdown.md#out-before-push: a frog that loses a life on landing and is not
    out goes on, and may push."""
    game = rig(game_from(frog("1", lives=2), frog("2")), 1)
    play(game, "roll", "to 2")
    assert frog_view(game, 0)["lives"] == 1 and moves(game) == {"push", "no push"}


# -- Pushing ----------------------------------------------------------------------------------
def test_push_even_roll_the_pushed_frog_loses_a_life_and_the_mover_stays():
    """docs/rules/splashdown.md#push: on an even roll the push works and the pushed frog loses a
    life; docs/rules/splashdown.md#pushed-frogs-stay: the mover stays on the pad, and pushed frogs
    that survive stay there too."""
    for even in (2, 4, 6):
        game = rig(game_from(frog("1"), frog("5")), 4, even)
        play(game, "roll", "to 5", "push")
        assert game.phase == "push-roll" and moves(game) == {"roll"}
        play(game, "roll")
        assert frog_view(game, 1)["lives"] == 4
        assert frog_view(game, 0)["pad"] == frog_view(game, 1)["pad"] == "5"
        assert frog_view(game, 0)["lives"] == 5 and game.current_player == 1
        assert game.view()["last_chance"]["kind"] == "push"


@pytest.mark.parametrize("odd", [3, 5])
def test_push_odd_roll_fails_and_the_mover_goes_back(odd):
    """docs/rules/splashdown.md#push-odd: on an odd roll the push fails and the mover goes back to
    the pad it jumped from."""
    game = rig(game_from(frog("1"), frog("5")), 4, odd)
    play(game, "roll", "to 5", "push", "roll")
    assert frog_view(game, 0)["pad"] == "1" and frog_view(game, 0)["lives"] == 5
    assert frog_view(game, 1)["pad"] == "5" and frog_view(game, 1)["lives"] == 5
    assert logged(game, f"Ada rolls a {odd}: the push fails and Ada jumps back to 1.")


def test_push_roll_of_one_fails_and_costs_the_mover_a_life():
    """docs/rules/splashdown.md#push-one: on a 1 the push fails, the mover goes back, and loses a
    life as well."""
    game = rig(game_from(frog("1"), frog("5")), 4, 1)
    play(game, "roll", "to 5", "push", "roll")
    assert frog_view(game, 0)["pad"] == "1" and frog_view(game, 0)["lives"] == 4
    assert frog_view(game, 1)["lives"] == 5


def test_a_one_that_takes_the_movers_last_life_sends_its_flies_back():
    """docs/rules/splashdown.md#lives and docs/rules/splashdown.md#flies-fly-back:
    a frog that loses its last life is out, and its flies fly back."""
    game = rig(game_from(frog("1", lives=1, sets=[("4", 2)]), frog("5")), 4, 1)
    play(game, "roll", "to 5", "push", "roll")
    assert frog_view(game, 0)["out"] and pad_flies(game, "4") == 2


def test_a_failed_push_is_not_a_landing():
    """docs/rules/splashdown.md#failed-push: a failed push is not a landing: the mover is back
    where it was, and that pad does nothing again. Ada goes back to the red pad 2: no life
    lost for it."""
    game = rig(game_from(frog("2", lives=3), frog("5")), 3, 5)
    play(game, "roll", "to 5", "push", "roll")
    assert frog_view(game, 0)["pad"] == "2" and frog_view(game, 0)["lives"] == 3


def test_a_failed_push_back_onto_a_dark_green_pad_collects_no_flies():
    """docs/rules/splashdown.md#failed-push: no flies after a failed push: Ada stood on 4 when its
    flies flew back; she goes back there and does not collect them."""
    game = rig(game_from(frog("4"), frog("5")), 1, 3)
    assert pad_flies(game, "4") == 2
    play(game, "roll", "to 5", "push", "roll")
    assert frog_view(game, 0)["pad"] == "4" and sets(game, 0) == []
    assert pad_flies(game, "4") == 2


def test_a_life_lost_to_the_targets_colour_stands_after_a_failed_push():
    """docs/rules/splashdown.md#pad-life-stands: a life lost to the red or yellow pad jumped onto
    is not given back when the push fails."""
    game = rig(game_from(frog("1"), frog("3")), 2, "tails", 3)
    play(game, "roll", "to 3", "push", "roll")
    assert frog_view(game, 0)["pad"] == "1" and frog_view(game, 0)["lives"] == 4


def test_several_frogs_on_a_pad_are_all_pushed():
    """docs/rules/splashdown.md#push-all: a push pushes every frog on the pad."""
    game = rig(game_from(frog("1"), frog("5"), frog("5", lives=2)), 4, 6)
    play(game, "roll", "to 5")
    assert game.view()["push"]["frogs"] == [1, 2]
    play(game, "push", "roll")
    assert [frog_view(game, s)["lives"] for s in range(3)] == [5, 4, 1]


def test_a_frog_pushed_to_its_last_life_is_out_and_its_flies_fly_back():
    """docs/rules/splashdown.md#flies-fly-back: when a frog holding flies is out, each set flies
    back to its pad, where any frog can collect it again."""
    game = rig(game_from(frog("1"), frog("5", lives=1, sets=[("7", 3)])), 4, 2)
    assert pad_flies(game, "7") == 0
    play(game, "roll", "to 5", "push", "roll")
    assert frog_view(game, 1)["out"] and pad_flies(game, "7") == 3 and sets(game, 0) == []
    assert logged(game, "Bob's flies fly back to their pads: 3 to 7.")


def test_pushing_is_a_choice():
    """docs/rules/splashdown.md#push: pushing is a choice; 'no push' stays and shares the pad."""
    game = rig(game_from(frog("1"), frog("5")), 4)
    play(game, "roll", "to 5", "no push")
    assert frog_view(game, 0)["pad"] == frog_view(game, 1)["pad"] == "5"
    assert frog_view(game, 1)["lives"] == 5 and game.current_player == 1


def test_no_push_is_offered_on_an_empty_pad():
    """docs/rules/splashdown.md#push: a push is tried only on a pad where other frogs stand."""
    game = rig(game_from(frog("1"), frog("8")), 4)
    play(game, "roll", "to 5")
    assert game.phase == "roll" and game.current_player == 1
    refused(game, "push", "first roll the die", seat=None)


def test_no_push_on_dark_green_but_sharing_is_allowed():
    """docs/rules/splashdown.md#dark-green: safe like green, and nobody standing on it can be
    pushed; a frog may still land there and share the pad."""
    game = rig(game_from(frog("5"), frog("7", sets=[("7", 3)])), 2)
    play(game, "roll", "to 7")
    assert game.phase == "roll" and game.current_player == 1
    assert frog_view(game, 0)["pad"] == frog_view(game, 1)["pad"] == "7"
    assert logged(game, "nobody can be pushed off a dark-green pad")


def test_no_push_at_home():
    """docs/rules/splashdown.md#home: nothing can touch a frog Home, and a frog coming Home
    pushes nobody (frogs still at the start stand there)."""
    game = rig(game_from(frog("1"), frog("home")), 1)
    play(game, "roll", "to home")
    assert frog_view(game, 0)["home"] and game.current_player == 1
    assert frog_view(game, 1)["lives"] == 5


def test_a_failed_push_from_home_leaves_the_frog_at_home_still_in_play():
    """docs/rules/splashdown.md#push-from-home: a frog still at Home after a failed first push is
    still in play. It has not come Home (not banked), so it plays on, and Home is still
    not a landing for it (it has not left it)."""
    game = rig(game_from(frog("home"), frog("1")), 1, 3, 1, 1)
    play(game, "roll", "to 1", "push", "roll")
    ada = frog_view(game, 0)
    assert (ada["pad"], ada["home"], ada["left_home"]) == ("home", False, False)
    play(game, "roll", "to 2")  # Bob: 1 -> 2 (red)
    assert game.current_player == 0 and not game.is_over
    play(game, "roll")
    assert moves(game) == {"to 1"}


def test_push_decisions_are_refused_elsewhere():
    """The push phases: 'push' / 'no push' only after landing on other frogs; then the
    frog die is rolled with 'roll'."""
    game = rig(game_from(frog("1"), frog("5")), 4)
    play(game, "roll", "to 5")
    refused(game, "roll", "'push' them or not")
    refused(game, "to 6", "'push' them or not")
    play(game, "push")
    refused(game, "no push", "roll the frog die")


# -- Flies ------------------------------------------------------------------------------------
def test_flies_of_a_frog_that_dies_fly_back_and_can_be_collected_again():
    """docs/rules/splashdown.md#flies-fly-back: the flies fly back to their pad and can be
    collected again by another frog."""
    game = rig(game_from(frog("1", lives=1, sets=[("4", 2)]), frog("6")), 1, 2)
    play(game, "roll", "to 2")
    assert frog_view(game, 0)["out"] and pad_flies(game, "4") == 2
    play(game, "roll", "to 4")
    assert sets(game, 1) == [("4", 2)]


def test_a_frog_standing_where_flies_fly_back_must_leave_and_come_back():
    """docs/rules/splashdown.md#come-back: a frog standing on a pad when flies fly back to it must
    jump off and land there again to collect them."""
    game = rig(game_from(frog("1", lives=1, sets=[("4", 2)]), frog("4")), 1, 1, 1)
    play(game, "roll", "to 2")
    assert pad_flies(game, "4") == 2 and sets(game, 1) == []
    play(game, "roll", "to 5")
    assert sets(game, 1) == [] and pad_flies(game, "4") == 2
    play(game, "roll", "to 4")
    assert sets(game, 1) == [("4", 2)] and pad_flies(game, "4") == 0


def test_several_sets_fly_back_each_to_its_own_pad():
    """docs/rules/splashdown.md#flies-fly-back: each set flies back to the pad it came from."""
    game = rig(game_from(frog("4", lives=1, sets=[("2b", 2), ("4", 4)]), frog("1"),
                         map=SETS), 1)
    play(game, "roll", "to 5")
    assert pad_flies(game, "2b") == 2 and pad_flies(game, "4") == 4
    assert pad_flies(game, "2a") == 1


# -- Fly thief -------------------------------------------------------------------------------
def test_fly_thief_a_successful_push_steals_the_oldest_set():
    """docs/rules/splashdown.md#variant-fly-thief: a push that works steals, from each pushed frog
    that survives, its oldest set; docs/rules/splashdown.md#fly-thief-set: one whole set, the one
    its holder got earliest."""
    game = rig(game_from(frog("1"), frog("3", sets=[("2b", 2), ("2a", 1)]), map=SETS,
                         fly_thief=True), 2, 4)
    play(game, "roll", "to 3", "push", "roll")
    assert sets(game, 0) == [("2b", 2)] and sets(game, 1) == [("2a", 1)]
    assert frog_view(game, 1)["lives"] == 4
    assert logged(game, "Fly thief: Ada steals Bob's 2 flies from 2b.")


def test_fly_thief_steals_from_each_pushed_opponent_in_seat_order():
    """docs/rules/splashdown.md#fly-thief-set: from several pushed frogs, one set each, in seat
    order. Bob pushes Ada and Cleo: Ada's set comes first."""
    game = rig(game_from(frog("3", sets=[("2a", 1)]), frog("1"),
                         frog("3", sets=[("2b", 2), ("4", 4)]), map=SETS, fly_thief=True,
                         to_move=1), 2, 6)
    play(game, "roll", "to 3", "push", "roll")
    assert sets(game, 1) == [("2a", 1), ("2b", 2)]
    assert sets(game, 0) == [] and sets(game, 2) == [("4", 4)]


def test_fly_thief_stolen_flies_keep_their_home_pad():
    """docs/rules/splashdown.md#stolen-flies: stolen flies keep their pad and fly back there if
    the thief is out later."""
    game = rig(game_from(frog("1", lives=1), frog("3", sets=[("2b", 2), ("2a", 1)]),
                         map=SETS, fly_thief=True), 2, 4, 1, 2)
    play(game, "roll", "to 3", "push", "roll")  # Ada steals 2b's set
    play(game, "roll", "to 4")  # Bob collects the 4 flies of pad 4
    play(game, "roll", "to 5")  # Ada, on one life, lands on the red 5
    assert frog_view(game, 0)["out"]
    assert pad_flies(game, "2b") == 2 and sets(game, 1) == [("2a", 1), ("4", 4)]


def test_fly_thief_a_kill_by_push_takes_all_the_flies():
    """docs/rules/splashdown.md#fly-thief-kill: a frog killed by the push gives all its sets to
    the mover."""
    game = rig(game_from(frog("1", sets=[("4", 4)]),
                         frog("3", lives=1, sets=[("2b", 2), ("2a", 1)]), map=SETS,
                         fly_thief=True), 2, 2)
    play(game, "roll", "to 3", "push", "roll")
    assert frog_view(game, 1)["out"]
    assert sets(game, 0) == [("4", 4), ("2b", 2), ("2a", 1)]
    assert pad_flies(game, "2a") == pad_flies(game, "2b") == 0


def test_without_fly_thief_a_push_steals_nothing_and_a_kill_sends_flies_back():
    """docs/rules/splashdown.md#variant-fly-thief: the fly thief is an option; without it, flies
    only fly back."""
    game = rig(game_from(frog("1"), frog("3", lives=1, sets=[("2b", 2)]), map=SETS), 2, 2)
    play(game, "roll", "to 3", "push", "roll")
    assert sets(game, 0) == [] and pad_flies(game, "2b") == 2
    game = rig(game_from(frog("1"), frog("3", sets=[("2b", 2)]), map=SETS), 2, 2)
    play(game, "roll", "to 3", "push", "roll")
    assert sets(game, 0) == [] and sets(game, 1) == [("2b", 2)]


def test_fly_thief_any_other_death_sends_flies_back():
    """docs/rules/splashdown.md#fly-thief-kill: any other death sends flies back to their pads (a
    red pad here)."""
    game = rig(game_from(frog("4", lives=1, sets=[("2b", 2)]), frog("1"), map=SETS,
                         fly_thief=True), 1)
    play(game, "roll", "to 5")
    assert frog_view(game, 0)["out"] and pad_flies(game, "2b") == 2


def test_fly_thief_a_failed_push_steals_nothing():
    """docs/rules/splashdown.md#variant-fly-thief: only a push that works steals."""
    game = rig(game_from(frog("1"), frog("3", sets=[("2b", 2)]), map=SETS, fly_thief=True),
               2, 3)
    play(game, "roll", "to 3", "push", "roll")
    assert sets(game, 0) == [] and sets(game, 1) == [("2b", 2)]


def test_fly_thief_a_pushed_frog_without_flies_gives_nothing():
    """docs/rules/splashdown.md#variant-fly-thief: a frog with no set left has nothing to steal."""
    game = rig(game_from(frog("1"), frog("3"), map=SETS, fly_thief=True), 2, 2)
    play(game, "roll", "to 3", "push", "roll")
    assert sets(game, 0) == [] and frog_view(game, 1)["lives"] == 4


# -- Home ------------------------------------------------------------------------------------
def test_a_frog_home_is_safe_banked_and_never_leaves():
    """docs/rules/splashdown.md#home: a frog that lands on Home has finished: it is safe, keeps its
    flies, and may not go out again. Its seat is skipped from then on."""
    game = rig(game_from(frog("3", sets=[("4", 2)]), frog("8")), 3, 1, 1)
    play(game, "roll", "to home")
    assert frog_view(game, 0)["home"] and sets(game, 0) == [("4", 2)]
    assert logged(game, "Ada jumps Home with 2 flies and 5 lives")
    for landing in ("to 7", "to 6"):
        assert game.current_player == 1 and game.legal_moves(0) == []
        refused(game, "roll", "not Ada's turn", seat=0)
        play(game, "roll", landing)
    assert frog_view(game, 0)["pad"] == "home" and frog_view(game, 0)["home"]


def test_a_frog_may_come_home_with_no_flies():
    """docs/rules/splashdown.md#home: a frog may come Home with no flies."""
    game = rig(game_from(frog("2"), frog("8")), 2)
    play(game, "roll", "to home")
    assert frog_view(game, 0)["home"] and frog_view(game, 0)["flies"] == 0


def test_frogs_home_or_out_are_skipped():
    """docs/rules/splashdown.md#skipped: frogs Home or out are skipped."""
    game = rig(game_from(frog("1"), BANKED, OUT, frog("5")), 1, 1)
    play(game, "roll", "to 2")
    assert game.current_player == 3
    play(game, "roll", "to 6")
    assert game.current_player == 0


def test_a_lone_frog_plays_every_turn():
    """docs/rules/splashdown.md#skipped: frogs Home or out are skipped, so the last frog in play
    plays on."""
    game = rig(game_from(frog("5"), OUT), 1, 1)
    play(game, "roll", "to 6")
    assert game.current_player == 0 and game.phase == "roll"


# -- The end and the winner -----------------------------------------------------------------
def test_the_game_ends_when_every_frog_is_home_or_out_and_most_flies_wins():
    """docs/rules/splashdown.md#end: the game ends when every frog is Home or out;
    docs/rules/splashdown.md#winner: the most flies among the frogs that came Home."""
    game = rig(game_from(frog("1", sets=[("4", 2)]), {**BANKED, "sets": [["7", 3]]}), 1)
    play(game, "roll", "to home")
    assert game.is_over and game.winners == (1,) and game.phase == "over"
    assert game.seats_to_act == () and game.legal_moves(0) == []
    assert game.prompt() == "The game is over: Bob wins!"
    assert game.log[-1] == "Every frog is Home or out. Bob wins with 3 flies and 5 lives!"


def test_a_tie_on_flies_goes_to_the_most_lives():
    """docs/rules/splashdown.md#tie-lives: a tie on flies goes to the frog that came Home with the
    most lives left."""
    game = rig(game_from(frog("1", sets=[("2", 2)]), {**BANKED, "lives": 3,
                                                     "sets": [["3", 2]]}, map=TWINS), 1)
    play(game, "roll", "to home")
    assert game.winners == (0,)


def test_a_tie_on_flies_and_lives_is_a_draw_between_them():
    """docs/rules/splashdown.md#draw: tied on flies and lives, a draw between those tied, who
    share the win."""
    game = rig(game_from(frog("1", sets=[("2", 2)]), {**BANKED, "sets": [["3", 2]]},
                         frog("1", lives=1), map=TWINS), 1, 3)
    play(game, "roll", "to home")  # Ada comes Home: 2 flies, 5 lives, as Bob
    play(game, "roll", "to 4")  # Cleo drowns on the red 4
    assert game.is_over and game.winners == (0, 1)
    assert "tie with 2 flies and 5 lives each" in game.log[-1]
    assert game.prompt() == "The game is over: Ada and Bob share the win."


def test_nobody_home_is_a_draw():
    """docs/rules/splashdown.md#nobody-home: if every frog is out, the game is a draw."""
    game = rig(game_from(frog("1", lives=1, sets=[("4", 2)]), OUT), 1)
    play(game, "roll", "to 2")
    assert game.is_over and game.winners == ()
    assert game.prompt() == "The game is over: it is a draw."


def test_a_lone_frog_home_with_no_flies_wins():
    """docs/rules/splashdown.md#lone-home: a frog that came Home with no flies still wins if no
    other frog came Home alive."""
    game = rig(game_from(frog("1"), OUT, OUT), 1)
    play(game, "roll", "to home")
    assert game.winners == (0,)


def test_a_frog_out_with_flies_does_not_win():
    """docs/rules/splashdown.md#lives: a frog that is out loses the game, whatever flies it held;
    docs/rules/splashdown.md#winner: the living player with the most flies."""
    game = rig(game_from(frog("1", lives=1, sets=[("7", 3)]), BANKED), 1)
    play(game, "roll", "to 2")
    assert game.winners == (1,)


def test_max_turns_ends_in_a_draw():
    """docs/rules/splashdown.md#max-turns: after `max_turns` turns played the game ends as a
    draw."""
    game = rig(game_from(frog("1"), frog("8"), max_turns=2), 1, 1)
    play(game, "roll", "to 2")
    assert not game.is_over and game.view()["turn"] == 2
    play(game, "roll", "to 7")
    assert game.is_over and game.winners == ()
    assert game.log[-1] == "The game ends in a draw after 2 turns (the turn limit)."
    refused(game, "roll", "the game is over")


def test_the_natural_end_beats_max_turns():
    """The last frog coming Home on the last allowed turn ends the game with a winner."""
    game = rig(game_from(frog("1", sets=[("4", 2)]), OUT, max_turns=1), 1)
    play(game, "roll", "to home")
    assert game.winners == (0,)


# -- Chance ----------------------------------------------------------------------------------
def test_chance_odds_of_a_die():
    """A die is a fair d6 (docs/rules/splashdown.md#chance)."""
    assert new().chance_odds("die") == {k: Fraction(1, 6) for k in range(1, 7)}


def test_chance_odds_of_the_first_roll_are_the_higher_of_two_dice():
    """docs/rules/splashdown.md#first-turn: the first player keeps the better of two rolls:
    counted over the 36 pairs."""
    odds = new().chance_odds("first-roll")
    counted = {k: Fraction(sum(max(a, b) == k for a, b in product(range(1, 7), repeat=2)), 36)
               for k in range(1, 7)}
    assert odds == counted and sum(odds.values()) == 1
    assert odds[6] == Fraction(11, 36)


def test_chance_odds_of_the_coin_and_the_push():
    """docs/rules/splashdown.md#chance: the frog coin is fair; a push: even 1/2, odd 3 or 5 1/3,
    a 1 1/6."""
    game = new()
    assert game.chance_odds("coin") == {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
    push = game.chance_odds("push")
    faces = {"success": [2, 4, 6], "fail": [3, 5], "fail, and a life lost": [1]}
    assert push == {k: Fraction(len(v), 6) for k, v in faces.items()}
    assert sum(push.values()) == 1


def test_chance_odds_default_to_the_next_event_of_the_phase():
    """README: with no event, the next chance event of the phase."""
    game = rig(new(), 3, 4)
    assert game.chance_odds() == game.chance_odds("first-roll")
    assert rig(new(reroll=True), 1).chance_odds() == game.chance_odds("die")
    play(game, "roll")
    assert game.chance_odds() == game.chance_odds("die")  # the move phase: the next die
    game = rig(game_from(frog("1"), frog("5")), 4)
    play(game, "roll", "to 5")
    assert game.chance_odds() == game.chance_odds("push", seat=1)
    with pytest.raises(GameError, match="chance events are"):
        game.chance_odds("pike")
    with pytest.raises(IllegalMove):
        game.chance_odds("die", seat=5)
    over = rig(game_from(frog("1"), OUT), 1)
    play(over, "roll", "to home")
    with pytest.raises(GameError, match="over"):
        over.chance_odds()


def test_every_die_and_coin_sets_the_undo_floor():
    """docs/design.md#undo-floors: undo from a board never goes back past a chance event."""
    game = rig(game_from(frog("1"), frog("5")), 2, "heads", 4)
    play(game, "roll")
    assert game.undo_floor == 1
    play(game, "to 3")  # yellow: the coin
    assert game.undo_floor == 2
    play(game, "roll")  # Bob's die
    assert game.undo_floor == 3
    play(game, "to 1")  # a green pad: nothing drawn
    assert game.undo_floor == 3 and len(game.history) == 4


def test_a_move_without_chance_keeps_the_undo_floor():
    """docs/design.md#undo-floors: only a decision that shows chance raises the floor."""
    game = rig(game_from(frog("1"), frog("5")), 4)
    play(game, "roll", "to 5", "no push")
    assert game.undo_floor == 1 and len(game.history) == 3


# -- Notation, views, the log ----------------------------------------------------------------
def test_notation():
    """README: 'roll', 'keep', 'reroll', 'to 5b', 'to home', 'push', 'no push'."""
    assert [str(m) for m in (Move("roll"), Move("keep"), Move("reroll"), Move("to", "5b"),
                             Move("to", "home"), Move("push"), Move("no push"))] == \
        ["roll", "keep", "reroll", "to 5b", "to home", "push", "no push"]
    game = new()
    assert game._parse("  No   PUSH ") == Move("no push")
    assert game._parse("To 5B") == Move("to", "5b")
    for bad in ("", "go 5", "to 5 6", "x" * 40, "push!"):
        with pytest.raises(BadNotation):
            game._parse(bad)


def test_the_view_shows_the_roll_the_push_and_the_last_chance():
    """README, 'The view'."""
    game = rig(game_from(frog("1"), frog("5")), 4, 2)
    play(game, "roll")
    view = game.view(0)
    assert view["roll"] == 4 and view["dice"] == [4] and view["push"] is None
    assert view["last_chance"] == {"kind": "die", "value": 4, "seat": 0, "decision": 1}
    assert [m["text"] for m in view["legal"]] == ["to home", "to 2", "to 3", "to 4", "to 5"]
    play(game, "to 5")
    assert game.view()["roll"] is None and game.view()["push"] == {"pad": "5", "frogs": [1],
                                                                   "from": "1"}
    play(game, "push", "roll")
    view = game.view(1)
    assert view["last_chance"] == {"kind": "push", "value": 2, "seat": 0, "decision": 4}
    assert view["dice"] == [] and view["to_move"] == 1 and view["turn"] == 2
    assert game.view(0)["frogs"] == game.view(None)["frogs"]  # nothing is hidden


def test_events_in_plain_english():
    """docs/design.md#rules-model: a human-readable event log."""
    game = rig(game_from(frog("1"), frog("5")), 1, 3, 2)
    play(game, "roll", "to 2", "roll", "to 2", "push", "roll")
    assert game.log[1:] == [
        "Ada rolls a 1.",
        "Ada jumps from 1 to 2 (red).",
        "Ada lands on 2 (red) and loses a life: 4 left.",
        "Bob rolls a 3.",
        "Bob jumps from 5 to 2 (red).",
        "Bob lands on 2 (red) and loses a life: 4 left.",
        "Bob tries to push Ada into the water.",
        "Bob rolls a 2: the push works! Ada falls into the water.",
        "Ada loses a life: 3 left.",
    ]


def test_the_prompt_says_what_to_do():
    """core/README: the board's status line, in plain English."""
    game = rig(new(), 2, 3)
    assert game.prompt() == "Ada: you go first! Roll: you roll two dice and keep the higher."
    play(game, "roll")
    assert game.prompt() == ("Ada: you rolled a 3. Pick a lily pad 1 to 3 steps away from "
                             "Home, in any direction.")
    game = rig(game_from(frog("1"), frog("5")), 4)
    play(game, "roll", "to 5")
    assert "Bob is on 5 too" in game.prompt()
    play(game, "push")
    assert "jump back to 1" in game.prompt()


def test_why_not_explains_without_changing_the_game():
    """core.why_not: the reason, tried on a copy."""
    game = rig(game_from(frog("5"), frog("8")), 2)
    play(game, "roll")
    assert "at most 2" in why_not(game, "to 8")
    assert why_not(game, "to 6") == "allowed"


# -- Explicit positions ----------------------------------------------------------------------
def test_a_position_round_trips_through_to_position():
    """README: 'game.to_position() gives the position now in this format'."""
    game = rig(game_from(frog("1", lives=3, sets=[("4", 2)]), BANKED, OUT), 1)
    position = game.to_position()
    again = SplashdownGame(3, map=LINE, position=position)
    assert again.view()["frogs"] == game.view()["frogs"]
    play(game, "roll")
    with pytest.raises(GameError, match="start of a turn"):
        game.to_position()


def test_a_start_position_is_the_first_turn():
    """README: first_turn's default is True exactly at the very start."""
    game = game_from(frog(), frog())
    assert game.view()["first_turn"] and "you go first" in game.prompt()
    assert not game_from(frog(), frog(), first_turn=False).view()["first_turn"]


@pytest.mark.parametrize(("position", "problem"), [
    ([], "a position is a dictionary"),
    ({"frogs": [{}, {}], "dice": 3}, "unknown key 'dice'"),
    ({"frogs": [{}]}, "one entry per seat"),
    ({"frogs": [{"pad": "9"}, {}]}, "not a pad of this map"),
    ({"frogs": [{"pad": "1", "lives": 0}, {}]}, "1 to 5 lives"),
    ({"frogs": [{"pad": "1", "lives": 6}, {}]}, "1 to 5 lives"),
    ({"frogs": [{"pad": "1", "lives": True}, {}]}, "1 to 5 lives"),
    ({"frogs": [{"pad": "1", "hat": 1}, {}]}, "unknown key 'hat'"),
    ({"frogs": [{"out": True, "pad": "1"}, {}]}, "an eliminated frog has no pad"),
    ({"frogs": [{"out": 1}, {}]}, "'out' is True or False"),
    ({"frogs": [{"pad": "1", "left_home": False}, {}]}, "has left Home"),
    ({"frogs": [{"pad": "1", "sets": [["5", 1]]}, {}]}, "dark-green pad printed with flies"),
    ({"frogs": [{"pad": "1", "sets": [["4", 1]]}, {}]}, "all the flies of its pad"),
    ({"frogs": [{"pad": "1", "sets": [["4", 2]]}, {"pad": "2", "sets": [["4", 2]]}]},
     "held twice"),
    ({"frogs": [{"pad": "1", "sets": "4"}, {}]}, "'sets' is a list"),
    ({"frogs": [{"pad": "1", "sets": [["4"]]}, {}]}, "[pad, flies]"),
    ({"frogs": [{"sets": [["4", 2]]}, {}]}, "never left Home"),
    ({"frogs": [{"pad": "1"}, {}], "flies": {"4": 0}}, "cannot hold 0 flies"),
    ({"frogs": [{"pad": "1", "sets": [["4", 2]]}, {}], "flies": {"4": 2}}, "cannot hold 2"),
    ({"frogs": [{"pad": "1"}, {}], "flies": {"zz": 0}}, "not a pad of this map"),
    ({"frogs": [{"pad": "1"}, {}], "flies": []}, "'flies' is a dictionary"),
    ({"frogs": [{"out": True}, {"pad": "home", "left_home": True}]}, "would be over"),
    ({"frogs": [{"out": True}, {"pad": "1"}], "to_move": 0}, "still in play"),
    ({"frogs": [{"pad": "1"}, {"pad": "2"}], "to_move": True}, "still in play"),
    ({"frogs": [{"pad": "1"}, {"pad": "2"}], "first_turn": True}, "very start"),
    ({"frogs": [{}, {}], "to_move": 1, "first_turn": True}, "very start"),
    ({"frogs": [{}, {}], "first_turn": "yes"}, "'first_turn' is True or False"),
])
def test_positions_the_rules_could_never_reach_are_refused(position, problem):
    """core/README: '_normalize_position refuses, with BadPosition naming the problem,
    anything malformed ... and any position the rules could never reach.'"""
    with pytest.raises(BadPosition) as err:
        SplashdownGame(2, map=LINE, position=position)
    assert problem in str(err.value), str(err.value)


def test_a_position_with_flies_as_the_sets_say_is_accepted():
    """README: 'flies' may be given, agreeing with the sets."""
    game = SplashdownGame(2, map=LINE, position={
        "frogs": [{"pad": "1", "sets": [["4", 2]]}, {"pad": "5"}],
        "flies": {"4": 0, "7": 3}})
    assert pad_flies(game, "4") == 0 and total_flies(game) == 5


def test_keep_or_reroll_is_the_only_decision_in_the_reroll_phase():
    """docs/rules/splashdown.md#variant-reroll: keep the roll or roll once more, nothing else."""
    game = rig(new(reroll=True), 3)
    play(game, "roll")
    refused(game, "to 1", "you rolled a 3 on the first turn: 'keep' it or 'reroll'")
    refused(game, "roll", "'keep' it or 'reroll'")


@pytest.mark.parametrize(("frogs", "problem"), [
    (["1", {}], "an entry of 'frogs' is a dictionary"),
    ([{"pad": "home", "left_home": 1}, {}], "'left_home' is True or False"),
])
def test_malformed_frogs_are_refused(frogs, problem):
    """core/README: a malformed position is refused naming the problem."""
    with pytest.raises(BadPosition, match=problem):
        SplashdownGame(2, map=LINE, position={"frogs": frogs})


def test_the_pond_as_text():
    """``text()``: the pond block by block, flies and frogs, then the frogs and the prompt."""
    game = game_from(frog("4", lives=3), frog("7", sets=[("7", 3)]), BANKED, OUT)
    lines = game.text().splitlines()
    assert lines[0] == "home:home[2]" and lines[4] == "4:dark-green*2[0]"
    assert lines[7] == "7:dark-green[1]"
    assert lines[9:13] == ["Ada (0): on 4, 3 lives, 0 flies", "Bob (1): on 7, 5 lives, 3 flies",
                           "Cleo (2): Home, 5 lives, 0 flies", "Dan (3): out, 0 lives, 0 flies"]
    assert lines[-1] == game.prompt()
