"""Croak! rule tests: every rule and ruling of docs/rules/croak.md, each on a small
explicit position (docs/design.md#tests). Each test's docstring cites its rule's anchor.

Positions name only the tiles that matter; the rest of the box is shuffled in by the seed.
Squares: a1 top-left, h8 bottom-right (docs/rules/croak.md#coordinates); "adjacent" is the 8
surrounding squares (docs/rules/croak.md#adjacent).
"""

from collections import Counter

import pytest

from pondwidgets.core.errors import BadNotation, GameError, IllegalMove
from pondwidgets.croak import CroakGame

from ..support import state
from .helpers import frogs_at, game_from

REEDS, LILY, MOSQUITO, MUD = "shallow/reeds", "shallow/lily-pad", "shallow/mosquito", "shallow/mud"
PIKE, PIKE_B, LOG = "deep-a/pike", "deep-b/pike", "shallow/log"
RED_MALE, BLUE_MALE = "shallow/male-red", "shallow/male-blue"


# -- helpers -------------------------------------------------------------------------------
def seat(queen, *servants, mud=(), males=None):
    """One seat of a position: its Queen's square, its Servants' squares, frogs in Mud."""
    spec = {"queen": queen, "servants": list(servants), "mud": list(mud)}
    if males is not None:
        spec["males"] = list(males)
    return spec


def moves(game, seat=None):
    return {str(m) for m in game.legal_moves(seat)}


def tile(game, square):
    return next(t for t in game.view()["tiles"] if t["square"] == square)


def player(game, seat):
    return game.view()["players"][seat]


def logged(game, text):
    return any(text in line for line in game.log)


def refused(game, move, *fragments, seat=None, error=IllegalMove):
    """``move`` is refused with a message holding every fragment; the game is unchanged."""
    before = state(game)
    with pytest.raises(error) as err:
        game.play(move, seat)
    for fragment in fragments:
        assert fragment in str(err.value)
    assert state(game) == before
    return str(err.value)


# -- Setup ---------------------------------------------------------------------------------
SETUP_TABLE = {
    2: [("a1", ["a2", "b1"]), ("h8", ["g8", "h7"])],
    3: [("a1", ["a2", "b1"]), ("h5", ["g4", "g6"]), ("a8", ["a7", "b8"])],
    4: [("a1", ["a2", "b1"]), ("h1", ["g1", "h2"]), ("h8", ["g8", "h7"]),
        ("a8", ["a7", "b8"])],
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_places_queen_and_two_servants_per_rulings_table(players):
    """docs/rules/croak.md#starting-squares: each player's Queen and two Servants start on the
    squares the table gives for the number of players."""
    game = CroakGame(players, seed=7)
    for s, (queen, servants) in enumerate(SETUP_TABLE[players]):
        assert player(game, s)["queen"] == queen
        assert frogs_at(game, queen) == [f"Q{s}"]
        for sq in servants:
            assert frogs_at(game, sq) == [f"S{s}"]
    occupied = [t for t in game.view()["tiles"] if t["frogs"]]
    assert len(occupied) == 3 * players


def test_setup_reserve_of_four_and_six_male_pawns_each():
    """docs/rules/croak.md#components and docs/rules/croak.md#reserve: six Servants and six Male
    pawns a colour, two Servants on the pond, the other four in the reserve."""
    game = CroakGame(4, seed=1)
    for s in range(4):
        p = player(game, s)
        assert (p["servants"], p["reserve"], p["out"]) == (2, 4, False)
        assert sorted(p["males"]) == sorted(["red", "blue", "pink", "yellow", "purple", "green"])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_setup_box_is_64_tiles_with_rulebook_counts_per_back(seed):
    """docs/rules/croak.md#tile-backs: the box by back, shallow 32, deep A 16, deep B 16, as the
    table."""
    tiles = [t for row in CroakGame(2, seed=seed).to_position()["tiles"] for t in row]
    assert len(tiles) == 64
    assert Counter(t.split("/")[0] for t in tiles) == {"shallow": 32, "deep-a": 16, "deep-b": 16}
    counts = Counter("male" if t.split("/")[1].startswith("male-") else t.split("/")[1]
                     for t in tiles if t.startswith("shallow/"))
    assert counts == {"lily-pad": 6, "mosquito": 4, "mud": 4, "reeds": 10, "male": 6, "log": 2}
    for back in ("deep-a", "deep-b"):
        counts = Counter("male" if t.split("/")[1].startswith("male-") else t.split("/")[1]
                         for t in tiles if t.startswith(back + "/"))
        assert counts == {"lily-pad": 4, "mosquito": 2, "pike": 2, "reeds": 3, "male": 3,
                          "log": 2}


def test_setup_male_colours_per_back():
    """docs/rules/croak.md#male-colours: each of the six Males on two tiles, one shallow, one deep;
    deep A holds green, yellow, red; deep B blue, pink, purple."""
    tiles = [t for row in CroakGame(2, seed=3).to_position()["tiles"] for t in row]
    males = Counter(t for t in tiles if "/male-" in t)
    assert set(males.values()) == {1}
    by_back = {b: {t.split("male-")[1] for t in males if t.startswith(b + "/")}
               for b in ("shallow", "deep-a", "deep-b")}
    assert by_back == {"shallow": {"red", "blue", "pink", "yellow", "purple", "green"},
                       "deep-a": {"green", "yellow", "red"},
                       "deep-b": {"blue", "pink", "purple"}}


def test_setup_all_tiles_face_down_backs_visible():
    """docs/rules/croak.md#setup: the tiles are laid face down 8 by 8; everyone sees the backs,
    nobody the fronts."""
    view = CroakGame(2, seed=5).view()
    assert len(view["tiles"]) == 64
    assert all(t["front"] is None for t in view["tiles"])
    assert {t["back"] for t in view["tiles"]} == {"shallow", "deep-a", "deep-b"}


def test_setup_starting_tiles_have_no_effect():
    """docs/rules/croak.md#starting-tiles: the tiles under the starting frogs stay face down and
    have no effect (a Pike under a Queen does not eat her, a Lily Pad does not make a frog
    bounce)."""
    game = game_from([seat("a1", "b1"), seat("h8")], tiles={"a1": PIKE, "b1": LILY})
    assert frogs_at(game, "a1") == ["Q0"] and frogs_at(game, "b1") == ["S0"]
    assert tile(game, "a1")["front"] is None and tile(game, "b1")["front"] is None
    assert game.view()["phase"] == "move" and not game.is_over


def test_setup_starting_tile_is_revealed_only_when_a_frog_later_lands_on_it():
    """docs/rules/croak.md#starting-tiles: a starting tile stays face down when its frog leaves; it
    is revealed, and its effect applies, only when a frog later lands on it."""
    game = game_from([seat("a1", "b1"), seat("h8")],
                     tiles={"b1": MOSQUITO, "c1": REEDS, "h7": REEDS})
    game.play("S b1-c1")
    assert tile(game, "b1")["front"] is None and tile(game, "c1")["front"] == "reeds"
    game.play("Q h8-h7")
    game.play("S c1-b1")
    assert tile(game, "b1")["front"] == "mosquito"
    assert game.view()["phase"] == "follow"


def test_setup_seat_zero_starts_and_default_colours():
    """docs/rules/croak.md#seat-order: seat 0 plays first, then the seats in order; the seats'
    colours are blue, green, pink, red."""
    game = CroakGame(4, seed=2)
    assert game.current_player == 0
    assert [p["colour"] for p in game.view()["players"]] == ["blue", "green", "pink", "red"]
    assert game.log[0] == "A new game of Croak! for 4 players. Blue starts."


def test_setup_colours_option():
    """docs/rules/croak.md#seat-order: the seats' colours are a constructor option
    (``colours=``)."""
    game = CroakGame(3, seed=2, colours=["red", "yellow", "green"])
    assert [p["colour"] for p in game.view()["players"]] == ["red", "yellow", "green"]
    assert [p["name"] for p in game.view()["players"]] == ["Red", "Yellow", "Green"]
    with pytest.raises(GameError, match="different"):
        CroakGame(3, seed=2, colours=["red", "red", "green"])


@pytest.mark.parametrize("players", [1, 5])
def test_setup_refuses_player_counts_outside_two_to_four(players):
    """docs/rules/croak.md#options: Croak! is for 2, 3 or 4 players."""
    with pytest.raises(GameError, match="2 to 4"):
        CroakGame(players, seed=0)


# -- Playing a turn ------------------------------------------------------------------------
def test_turn_frog_moves_to_any_of_the_eight_adjacent_squares():
    """docs/rules/croak.md#turn: a frog jumps to an adjacent square; docs/rules/croak.md#adjacent:
    the up to eight squares around it, diagonals included."""
    game = game_from([seat("d4"), seat("h8")])
    assert moves(game) == {f"Q d4-{sq}" for sq in
                           ("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")}


@pytest.mark.parametrize("queen, targets", [
    ("a1", {"b1", "a2", "b2"}),
    ("h4", {"h3", "g3", "g4", "g5", "h5"}),
    ("e8", {"d8", "f8", "d7", "e7", "f7"}),
])
def test_turn_no_wrap_around_at_the_edges(queen, targets):
    """docs/rules/croak.md#adjacent: the pond does not wrap around."""
    game = game_from([seat(queen), seat("d4")])
    assert moves(game) == {f"Q {queen}-{sq}" for sq in targets}


def test_turn_non_adjacent_jump_is_refused():
    """docs/rules/croak.md#turn: a frog jumps to an adjacent square only."""
    game = game_from([seat("d4"), seat("h8")])
    refused(game, "Q d4-d6", "not next to d4", "8 squares")


def test_turn_reveals_the_tile_landed_on():
    """docs/rules/croak.md#turn: the tile a frog lands on is turned face up if it was face down."""
    game = game_from([seat("d4"), seat("h8")], tiles={"d5": REEDS})
    game.play("Q d4-d5")
    assert tile(game, "d5")["front"] == "reeds"
    assert game.log[-1] == "d5 is turned face up: Reeds."


def test_turn_one_frog_per_turn_then_the_next_seat():
    """docs/rules/croak.md#turn: one frog jumps, then play passes to the next seat."""
    game = game_from([seat("d4", "b2"), seat("h8")], tiles={"d5": REEDS})
    game.play("Q d4-d5")
    assert game.current_player == 1
    assert game.legal_moves(0) == []
    refused(game, "S b2-b3", "not Blue's turn", seat=0)


def test_turn_passes_to_the_left_in_seat_order():
    """docs/rules/croak.md#seat-order: the seats play in order, clockwise round the pond."""
    game = game_from([seat("a1"), seat("h1"), seat("h8"), seat("a8")],
                     tiles={"b2": REEDS, "g2": REEDS, "g7": REEDS, "b7": REEDS})
    order = []
    for move in ("Q a1-b2", "Q h1-g2", "Q h8-g7", "Q a8-b7"):
        order.append(game.current_player)
        game.play(move)
    assert order == [0, 1, 2, 3] and game.current_player == 0


def test_turn_skips_a_seat_that_is_out():
    """docs/rules/croak.md#player-out: a player who is out takes no more turns; the turn goes on to
    the next seat still in the game."""
    game = game_from([seat("a1"), {"queen": None}, seat("h8")], tiles={"b2": REEDS})
    game.play("Q a1-b2")
    assert game.current_player == 2


def test_turn_passes_automatically_when_no_frog_can_move():
    """docs/rules/croak.md#no-move-passes: if none of your frogs can move, your turn passes by
    itself and the log says why."""
    game = game_from([seat("d4"), seat("h8", mud=["Q h8"])], face_up=["h8"],
                     tiles={"h8": MUD, "d5": REEDS})
    game.play("Q d4-d5")
    assert "Green has no frog that can move: the turn passes." in game.log
    assert game.current_player == 0
    assert "Q h8-h7" not in moves(game, 1)


def test_turn_passes_automatically_at_the_start_of_a_position():
    """docs/rules/croak.md#no-move-passes: the pass also applies to the first turn of an explicit
    position whose player to move has no frog that can move."""
    game = game_from([seat("d4"), seat("h8", mud=["Q h8"])], face_up=["h8"],
                     tiles={"h8": MUD}, to_move=1)
    assert game.current_player == 0
    assert logged(game, "Green has no frog that can move: the turn passes.")
    assert moves(game)


# -- Priority rules ------------------------------------------------------------------------
def test_priority_servant_on_queens_square_forces_moving_one_of_the_two():
    """docs/rules/croak.md#priority: a Servant on your Queen's square at the start of your turn: you
    must move the Queen or a Servant there."""
    game = game_from([seat("c3", "c3", "f6"), seat("h8")])
    assert moves(game)
    assert {m.split()[1][:2] for m in moves(game)} == {"c3"}
    assert any(m.startswith("Q ") for m in moves(game))
    assert any(m.startswith("S ") for m in moves(game))
    refused(game, "S f6-f7", "Priority rules", "Queen")


def test_priority_covers_every_servant_on_the_queens_square():
    """docs/rules/croak.md#placed-servants: the priority rule covers every Servant on the Queen's
    square."""
    game = game_from([seat("c3", "c3", "c3", "f6"), seat("h8")])
    assert {m.split()[1][:2] for m in moves(game)} == {"c3"}


def test_priority_lifted_when_neither_can_move():
    """docs/rules/croak.md#priority-lifted: if neither the Queen nor a Servant on her square can
    move, any frog may move (as in the licensed digital version)."""
    game = game_from([seat("c3", "c3", "f6", mud=["Q c3", "S c3"]), seat("h8")],
                     face_up=["c3"], tiles={"c3": MUD})
    assert moves(game) == {f"S f6-{sq}" for sq in
                           ("e5", "f5", "g5", "e6", "g6", "e7", "f7", "g7")}


def test_cannot_move_onto_own_frog():
    """docs/rules/croak.md#own-frogs: a frog may not jump onto a square holding one of its own
    player's frogs."""
    game = game_from([seat("c3", "d4"), seat("h8")])
    assert "Q c3-d4" not in moves(game) and "S d4-c3" not in moves(game)
    refused(game, "S d4-c3", "own frogs", "Priority rules")
    refused(game, "Q c3-d4", "own frogs", "Priority rules")


def test_servant_may_join_own_servant_on_a_face_up_log():
    """docs/rules/croak.md#own-frogs: the exception, a Servant may join your Servant on a face-up
    Log that does not hold your Queen."""
    game = game_from([seat("a8", "d4", "e4"), seat("h1")], face_up=["d4"], tiles={"d4": LOG})
    assert "S e4-d4" in moves(game)
    game.play("S e4-d4")
    assert frogs_at(game, "d4") == ["S0", "S0"]
    assert game.current_player == 1


def test_face_down_own_square_is_never_a_log():
    """docs/rules/croak.md#face-down-never-a-log: a square holding your own frog on a face-down tile
    cannot be entered by your frogs, whatever the tile is."""
    game = game_from([seat("a8", "d4", "e4"), seat("h1")], tiles={"d4": LOG})
    assert "S e4-d4" not in moves(game)
    refused(game, "S e4-d4", "own frogs", "face-up Log")


def test_arrival_eliminates_rival_frogs_before_the_tile_effect():
    """docs/rules/croak.md#arrival: on arrival the tile is turned face up, then the rival frogs
    there are eliminated, then the tile acts."""
    game = game_from([seat("a8", "c3"), seat("h1", "d4")], tiles={"d4": PIKE})
    game.play("S c3-d4")
    revealed = game.log.index("d4 is turned face up: Pike.")
    eliminated = game.log.index("Blue's Servant eliminates Green's Servant at d4.")
    eaten = game.log.index("A Pike at d4 eats Blue's Servant!")
    assert revealed < eliminated < eaten
    assert frogs_at(game, "d4") == []
    assert player(game, 0)["reserve"] == 6 and player(game, 1)["reserve"] == 6


def test_eliminated_servant_goes_back_to_its_owners_reserve():
    """docs/rules/croak.md#reborn: an eliminated Servant goes back to its owner's reserve."""
    game = game_from([seat("a8", "c3"), seat("h1", "d4", "g8")], tiles={"d4": REEDS})
    game.play("S c3-d4")
    assert frogs_at(game, "d4") == ["S0"]
    assert player(game, 1)["servants"] == 1 and player(game, 1)["reserve"] == 5


def test_capturing_a_rival_queen_eliminates_that_player_and_gains_a_servant():
    """docs/rules/croak.md#capture-queen: landing on a rival Queen puts her player out (all their
    frogs leave) and gains a Servant from the reserve, placed on the mover's Queen's square."""
    game = game_from([seat("a1", "c3"), seat("d4", "g1"), seat("h8")], tiles={"d4": REEDS})
    game.play("S c3-d4")
    assert player(game, 1)["out"] and player(game, 1)["queen"] is None
    assert frogs_at(game, "g1") == [] and frogs_at(game, "d4") == ["S0"]
    assert frogs_at(game, "a1") == ["Q0", "S0"]
    assert player(game, 0)["reserve"] == 4
    assert logged(game, "Blue's Servant captures Green's Queen at d4!")
    assert logged(game, "Green has lost their Queen and is out of the game.")
    assert game.current_player == 2 and not game.is_over


def test_capturing_a_queen_with_an_empty_reserve_gains_nothing():
    """docs/rules/croak.md#capture-queen and docs/rules/croak.md#reborn: a Servant is gained only if
    the reserve is not empty."""
    game = game_from([seat("a1", "c3", "a3", "a5", "a7", "c7", "e7"), seat("d4"), seat("h8")],
                     tiles={"d4": REEDS})
    game.play("S c3-d4")
    assert player(game, 1)["out"]
    assert frogs_at(game, "a1") == ["Q0"] and player(game, 0)["reserve"] == 0
    assert logged(game, "Blue has no Servant left in reserve to gain.")


def test_capturing_the_last_rival_queen_wins():
    """docs/rules/croak.md#goal: the last player whose Queen is still in the pond wins."""
    game = game_from([seat("c3"), seat("d4")], tiles={"d4": REEDS})
    game.play("Q c3-d4")
    assert game.is_over and game.winners == (0,)
    assert game.current_player is None and game.legal_moves() == []
    assert game.log[-1] == "Blue wins: the last Queen in the pond!"
    refused(game, "Q d4-d5", "game is over")


def test_queen_onto_a_pike_eliminates_her_player():
    """docs/rules/croak.md#pike: an eaten Queen puts her player out; all their frogs leave the
    pond."""
    game = game_from([seat("c3", "f6"), seat("h1"), seat("a8")], tiles={"d4": PIKE})
    game.play("Q c3-d4")
    assert player(game, 0)["out"] and frogs_at(game, "f6") == [] and frogs_at(game, "d4") == []
    assert logged(game, "A Pike at d4 eats Blue's Queen!")
    assert not game.is_over and game.current_player == 1


def test_queen_onto_a_pike_in_a_two_player_game_gives_the_win_to_the_other():
    """docs/rules/croak.md#pike and docs/rules/croak.md#end: the Queen eaten, the other player is
    the last with a Queen and wins."""
    game = game_from([seat("c3"), seat("h8")], tiles={"d4": PIKE})
    game.play("Q c3-d4")
    assert game.is_over and game.winners == (1,)


def test_eaten_servant_returns_to_reserve_and_can_be_born_again():
    """docs/rules/croak.md#reborn: an eaten Servant goes back to its owner's reserve and can be born
    again later."""
    game = game_from([seat("a1", "c3", "a3", "a5", "a7", "c7", "e7"), seat("h8")],
                     tiles={"d4": PIKE, "b2": RED_MALE, "h7": REEDS})
    assert player(game, 0)["reserve"] == 0
    game.play("S c3-d4")
    assert player(game, 0)["reserve"] == 1
    game.play("Q h8-h7")
    game.play("Q a1-b2")
    assert frogs_at(game, "b2") == ["Q0", "S0"] and player(game, 0)["reserve"] == 0


def test_ruling6_capture_on_a_male_tile_places_two_servants():
    """docs/rules/croak.md#placed-servants: placed frogs go on the Queen's square even when it
    already holds her frogs; one arrival can place two (a Queen capturing a rival Queen on a
    Male)."""
    game = game_from([seat("c3", "a1", "b1"), seat("d4"), seat("h8")], face_up=["d4"],
                     tiles={"d4": BLUE_MALE})
    game.play("Q c3-d4")
    assert frogs_at(game, "d4") == ["Q0", "S0", "S0"]
    assert player(game, 0)["reserve"] == 2
    assert "blue" not in player(game, 0)["males"]


def test_ruling6_placed_servant_may_exceed_a_logs_capacity():
    """docs/rules/croak.md#placed-servants: a Servant gained by capturing a Queen goes on the
    Queen's square, even a Log she holds alone; the priority rule then applies to it."""
    game = game_from([seat("c3", "f6"), seat("g6"), seat("a8")], face_up=["c3"],
                     tiles={"c3": LOG, "g6": REEDS, "b8": REEDS})
    game.play("S f6-g6")
    assert frogs_at(game, "c3") == ["Q0", "S0"]
    game.play("Q a8-b8")
    assert {m.split()[1][:2] for m in moves(game)} == {"c3"}


def test_ruling6_two_own_servants_may_share_a_square_once_the_queen_leaves():
    """docs/rules/croak.md#placed-servants: two Servants of one player can share a square once the
    Queen leaves; only moving onto one's own frog is forbidden."""
    game = game_from([seat("d4", "d4", "d4"), seat("h8")], face_up=["d4"],
                     tiles={"d4": REEDS, "d5": REEDS, "h7": REEDS})
    game.play("Q d4-d5")
    game.play("Q h8-h7")
    assert frogs_at(game, "d4") == ["S0", "S0"]
    assert "S d4-d5" not in moves(game) and "S d4-e4" in moves(game)


def test_win_the_moment_one_queen_remains_even_on_a_pike():
    """docs/rules/croak.md#win-at-once: the last player with a Queen wins the moment only one Queen
    remains, even if the tile (a Pike under a captured Queen) would have eaten the winner."""
    game = game_from([seat("a1"), seat("b2")], tiles={"b2": PIKE})
    game.play("Q a1-b2")
    assert game.is_over and game.winners == (0,)
    assert frogs_at(game, "b2") == ["Q0"]
    assert not logged(game, "eats")


# -- Lily Pad ------------------------------------------------------------------------------
def lily_game(**tiles):
    return game_from([seat("a8", "c3"), seat("h1")], tiles={"d4": LILY, **tiles})


def test_lily_pad_frog_must_bounce_and_only_that_frog():
    """docs/rules/croak.md#lily-pad: a frog never stays on a Lily Pad; the bounce is a decision of
    the same player, for that frog only."""
    game = lily_game()
    game.play("S c3-d4")
    assert game.view()["phase"] == "bounce" and game.view()["bouncing"] == "d4"
    assert game.current_player == 0
    assert moves(game) == {f"S d4-{sq}" for sq in ("d3", "e3", "c4", "e4", "c5", "d5", "e5")}
    refused(game, "Q a8-a7", "must bounce first", "Lily Pad")


def test_lily_pad_may_not_bounce_back_to_the_square_just_left():
    """docs/rules/croak.md#lily-pad: the frog may not bounce straight back to the square it came
    from while another square is open to it."""
    game = lily_game()
    game.play("S c3-d4")
    assert "S d4-c3" not in moves(game)
    refused(game, "S d4-c3", "just left", "Lily Pad")


def test_lily_pad_landing_tile_effect_applies():
    """docs/rules/croak.md#lily-pad: the tile the frog bounces onto then acts."""
    game = lily_game(e5=PIKE)
    game.play("S c3-d4")
    game.play("S d4-e5")
    assert frogs_at(game, "e5") == [] and player(game, 0)["reserve"] == 6
    assert logged(game, "A Pike at e5 eats Blue's Servant!")
    assert game.current_player == 1


def test_lily_pad_bounces_back_when_the_square_left_is_the_only_one_and_applies_it_again():
    """docs/rules/croak.md#lily-pad-way-back: 'occupied' means not open to this frog; if the square
    it came from is the only open one, the frog bounces back and that tile acts again."""
    game = game_from([seat("a2", "b1", "b2"), seat("h8")], face_up=["b1"],
                     tiles={"a1": LILY, "b1": MUD})
    game.play("S b1-a1")
    assert moves(game) == {"S a1-b1"}
    game.play("S a1-b1")
    assert tile(game, "b1")["frogs"] == [{"seat": 0, "frog": "S", "mud": True}]
    assert logged(game, "stuck in the Mud at b1")


def test_lily_pad_with_no_enterable_square_returns_the_frog_with_no_effect():
    """docs/rules/croak.md#lily-pad-no-way-out: if no square at all is open, the frog goes back to
    the square it came from, with no effect."""
    game = game_from([seat("b1", "b1", "a2", "b2"), seat("h8")], face_up=["b1"],
                     tiles={"a1": LILY, "b1": MUD})
    game.play("S b1-a1")
    assert frogs_at(game, "a1") == [] and frogs_at(game, "b1") == ["Q0", "S0"]
    assert not any(f["mud"] for f in tile(game, "b1")["frogs"])
    assert logged(game, "the frog goes back to b1, with no effect")
    assert game.current_player == 1


def test_lily_pad_chains_are_followed():
    """docs/rules/croak.md#lily-pad-chains: chains of Lily Pads are followed to the end, each bounce
    a decision of the same player."""
    game = lily_game(e5=LILY, f6=REEDS)
    game.play("S c3-d4")
    game.play("S d4-e5")
    assert game.view()["phase"] == "bounce" and game.current_player == 0
    assert all(m.startswith("S e5-") for m in moves(game))
    game.play("S e5-f6")
    assert frogs_at(game, "f6") == ["S0"] and game.current_player == 1


def test_lily_pad_already_bounced_off_is_never_a_bounce_target():
    """docs/rules/croak.md#lily-pad-loops: a Lily Pad the frog already bounced off in this chain is
    never a bounce target (not only the square just left)."""
    game = lily_game(d5=LILY, e4=LILY)
    game.play("S c3-d4")
    game.play("S d4-d5")
    game.play("S d5-e4")
    assert "S e4-d4" not in moves(game) and "S e4-d5" not in moves(game)
    assert "S e4-f4" in moves(game)
    refused(game, "S e4-d4", "already bounced off the Lily Pad at d4")


def test_lily_pad_forced_loop_stops_the_frog():
    """docs/rules/croak.md#lily-pad-loops: if every square open to the frog is a Lily Pad it already
    bounced off in this chain, it stops where it is, so every chain ends."""
    game = game_from([seat("a2", "c1", "b2", "c2"), seat("h8")],
                     tiles={"a1": LILY, "b1": LILY})
    game.play("S c1-b1")
    assert moves(game) == {"S b1-a1"}
    game.play("S b1-a1")
    assert frogs_at(game, "a1") == ["S0"] and frogs_at(game, "b1") == []
    assert logged(game, "the frog stops there")
    assert game.current_player == 1


# -- Mosquito ------------------------------------------------------------------------------
def mosquito_game(**tiles):
    return game_from([seat("a8", "c3", "f6"), seat("h1")], tiles={"d4": MOSQUITO, **tiles})


def test_mosquito_may_move_another_frog_not_the_same_one():
    """docs/rules/croak.md#mosquito: the player may move another frog, not the one that just
    moved."""
    game = mosquito_game()
    game.play("S c3-d4")
    assert game.view()["phase"] == "follow" and game.current_player == 0
    legal = moves(game)
    assert "pass" in legal and "Q a8-a7" in legal and "S f6-f7" in legal
    assert not any(m.startswith("S d4-") for m in legal)
    refused(game, "S d4-d5", "already moved this turn")


def test_mosquito_pass_ends_the_turn():
    """docs/rules/croak.md#mosquito: the player may pass instead, and the turn ends."""
    game = mosquito_game()
    game.play("S c3-d4")
    game.play("pass")
    assert game.current_player == 1
    assert frogs_at(game, "d4") == ["S0"] and frogs_at(game, "f6") == ["S0"]


def test_mosquito_follow_up_frog_lands_with_full_effect():
    """docs/rules/croak.md#mosquito: the second frog's landing counts in full: its tile acts."""
    game = mosquito_game(g7=PIKE)
    game.play("S c3-d4")
    game.play("S f6-g7")
    assert frogs_at(game, "g7") == [] and logged(game, "A Pike at g7 eats Blue's Servant!")
    assert game.current_player == 1


def test_mosquito_follow_up_frog_may_not_be_one_in_mud():
    """docs/rules/croak.md#mosquito: the other frog may not be one stuck in Mud."""
    game = game_from([seat("a8", "c3", "f6", mud=["S f6"]), seat("h1")], face_up=["f6"],
                     tiles={"d4": MOSQUITO, "f6": MUD})
    game.play("S c3-d4")
    assert not any(m.startswith("S f6-") for m in moves(game))
    refused(game, "S f6-f7", "stuck in the Mud")


def test_mosquito_second_mosquito_allows_a_third_frog():
    """docs/rules/croak.md#mosquito-chain: a second Mosquito allows a third frog, each frog at most
    once a turn."""
    game = mosquito_game(f7=MOSQUITO, a7=REEDS)
    game.play("S c3-d4")
    game.play("S f6-f7")
    assert game.view()["phase"] == "follow"
    assert {m.split()[0] for m in moves(game) if m != "pass"} == {"Q"}
    assert "pass" in moves(game)
    game.play("Q a8-a7")
    assert game.current_player == 1
    assert frogs_at(game, "a7") == ["Q0"] and frogs_at(game, "f7") == ["S0"]


def test_mosquito_with_no_other_frog_able_to_move_ends_the_turn():
    """docs/rules/croak.md#mosquito: if no other frog can move, the turn simply ends."""
    game = game_from([seat("a8", "c3", mud=["Q a8"]), seat("h1")], face_up=["a8"],
                     tiles={"d4": MOSQUITO, "a8": MUD})
    game.play("S c3-d4")
    assert game.current_player == 1
    assert logged(game, "A Mosquito at d4, but Blue has no other frog that can move.")


# -- Mud -----------------------------------------------------------------------------------
def test_mud_ends_the_turn():
    """docs/rules/croak.md#mud: the frog that lands in Mud ends the turn."""
    game = game_from([seat("a8", "c3"), seat("h1")], tiles={"d4": MUD})
    game.play("S c3-d4")
    assert game.current_player == 1
    assert tile(game, "d4")["frogs"] == [{"seat": 0, "frog": "S", "mud": True}]


def test_mud_frog_cannot_move_on_owners_next_turn_and_stands_up_at_its_end():
    """docs/rules/croak.md#mud: the frog cannot move during its owner's next turn, and stands up at
    the end of it."""
    game = game_from([seat("a8", "c3"), seat("h1")],
                     tiles={"d4": MUD, "a7": REEDS, "h2": REEDS, "h1": REEDS})
    game.play("S c3-d4")
    game.play("Q h1-h2")
    assert not any(m.startswith("S d4-") for m in moves(game))
    refused(game, "S d4-d5", "stuck in the Mud", "(Mud)")
    game.play("Q a8-a7")
    assert logged(game, "Blue's Servant at d4 stands up out of the Mud.")
    assert tile(game, "d4")["frogs"] == [{"seat": 0, "frog": "S", "mud": False}]
    game.play("Q h2-h1")
    assert "S d4-d5" in moves(game)


# -- Pike ----------------------------------------------------------------------------------
def test_pike_eats_a_servant_which_goes_back_to_reserve():
    """docs/rules/croak.md#pike: the frog is eaten and leaves the pond, then the turn ends; an eaten
    Servant goes back to the reserve (docs/rules/croak.md#reborn)."""
    game = game_from([seat("a8", "c3"), seat("h1")], tiles={"d4": PIKE_B})
    game.play("S c3-d4")
    assert frogs_at(game, "d4") == [] and player(game, 0)["servants"] == 0
    assert player(game, 0)["reserve"] == 6
    assert game.current_player == 1 and not game.is_over


# -- Reeds ---------------------------------------------------------------------------------
def test_reeds_nothing_happens():
    """docs/rules/croak.md#reeds: nothing happens; the turn ends."""
    game = game_from([seat("a8", "c3"), seat("h1")], tiles={"d4": REEDS})
    game.play("S c3-d4")
    assert game.log[-2:] == ["Blue's Servant jumps c3–d4.", "d4 is turned face up: Reeds."]
    assert frogs_at(game, "d4") == ["S0"] and player(game, 0)["reserve"] == 5
    assert game.current_player == 1


# -- Males ---------------------------------------------------------------------------------
def test_male_queen_with_pawn_and_reserve_makes_a_baby():
    """docs/rules/croak.md#males: a Queen on a Male whose pawn her player holds, with a Servant in
    reserve, has a baby: a Servant on her square, the pawn given up."""
    game = game_from([seat("c3", "a1", "b1"), seat("h8")], tiles={"d4": RED_MALE})
    game.play("Q c3-d4")
    assert frogs_at(game, "d4") == ["Q0", "S0"]
    assert player(game, 0)["reserve"] == 3
    assert player(game, 0)["males"] == ["blue", "pink", "yellow", "purple", "green"]
    assert logged(game, "Blue's Queen meets the red Male at d4: a Servant is born.")
    assert game.current_player == 1


def test_male_newborn_or_queen_must_move_next_turn():
    """docs/rules/croak.md#males: on the player's next turn the newborn or the Queen must move."""
    game = game_from([seat("c3", "a1", "b1"), seat("h8")], tiles={"d4": RED_MALE, "h7": REEDS})
    game.play("Q c3-d4")
    game.play("Q h8-h7")
    assert {m.split()[1][:2] for m in moves(game)} == {"d4"}
    refused(game, "S a1-a2", "Priority rules")


def test_male_twin_does_nothing_after_breeding_with_its_colour():
    """docs/rules/croak.md#males: a colour given up cannot breed again, on either of its two
    tiles."""
    males = ["blue", "pink", "yellow", "purple", "green"]
    game = game_from([seat("c3", "a1", "b1", males=males), seat("h8")],
                     tiles={"d4": "deep-a/male-red"})
    game.play("Q c3-d4")
    assert frogs_at(game, "d4") == ["Q0"] and player(game, 0)["reserve"] == 4


def test_male_servant_arriving_does_nothing():
    """docs/rules/croak.md#males: a Servant landing on a Male does nothing."""
    game = game_from([seat("a8", "c3"), seat("h1")], tiles={"d4": RED_MALE})
    game.play("S c3-d4")
    assert frogs_at(game, "d4") == ["S0"] and player(game, 0)["reserve"] == 5
    assert "red" in player(game, 0)["males"]


def test_male_with_empty_reserve_does_nothing_and_keeps_the_pawn():
    """docs/rules/croak.md#male-empty-reserve: with an empty reserve no baby is born, and the pawn
    is kept."""
    game = game_from([seat("c3", "a1", "a3", "a5", "a7", "c7", "e7"), seat("h8")],
                     tiles={"d4": RED_MALE})
    game.play("Q c3-d4")
    assert frogs_at(game, "d4") == ["Q0"] and player(game, 0)["reserve"] == 0
    assert "red" in player(game, 0)["males"]
    assert logged(game, "Blue has no Servant left in reserve.")


# -- Log -----------------------------------------------------------------------------------
def test_log_two_servants_of_different_owners_share_it():
    """docs/rules/croak.md#log: a face-up Log holds two Servants, whoever owns them."""
    game = game_from([seat("a8", "c3"), seat("h1", "d4")], face_up=["d4"], tiles={"d4": LOG})
    game.play("S c3-d4")
    assert frogs_at(game, "d4") == ["S0", "S1"]
    assert game.current_player == 1


def test_log_two_servants_share_it_when_it_is_revealed_on_arrival():
    """docs/rules/croak.md#arrival and docs/rules/croak.md#log: the tile is revealed first, then the
    Log rules decide who is eliminated: a rival Servant on a face-down Log is not."""
    game = game_from([seat("a8", "c3"), seat("h1", "d4")], tiles={"d4": LOG})
    game.play("S c3-d4")
    assert frogs_at(game, "d4") == ["S0", "S1"]


def test_log_third_servant_chooses_its_victim_any_owner_including_own():
    """docs/rules/croak.md#log-third-servant: a third Servant on a Log eliminates one, chosen by its
    player, of any owner, its own included."""
    game = game_from([seat("a8", "c3", "d4"), seat("h1", "d4")], face_up=["d4"],
                     tiles={"d4": LOG})
    game.play("S c3-d4")
    assert game.view()["phase"] == "victim" and game.current_player == 0
    assert moves(game) == {"x 0", "x 1"}
    game.play("x 0")
    assert frogs_at(game, "d4") == ["S0", "S1"]
    assert player(game, 0)["reserve"] == 5 and player(game, 1)["reserve"] == 5
    assert logged(game, "On the Log at d4, Blue's Servant eliminates Blue's Servant.")
    assert game.current_player == 1


def test_log_victim_choice_must_be_made_before_anything_else():
    """docs/rules/croak.md#log-third-servant: choosing the victim is a decision of its own, made
    before anything else."""
    game = game_from([seat("a8", "c3"), seat("h1", "d4", "d4")], face_up=["d4"],
                     tiles={"d4": LOG})
    game.play("S c3-d4")
    assert moves(game) == {"x 1"}
    refused(game, "Q a8-a7", "choose whose Servant", "Log rule")
    refused(game, "x 0", "seat 0 has no Servant on the Log at d4")
    game.play("x 1")
    assert frogs_at(game, "d4") == ["S0", "S1"] and player(game, 1)["reserve"] == 5


def test_log_queen_arriving_eliminates_every_servant_there():
    """docs/rules/croak.md#log-queen: a Queen arriving on a Log eliminates every Servant there."""
    game = game_from([seat("c3"), seat("h1", "d4"), seat("h8", "d4")], face_up=["d4"],
                     tiles={"d4": LOG})
    game.play("Q c3-d4")
    assert frogs_at(game, "d4") == ["Q0"]
    assert player(game, 1)["reserve"] == 6 and player(game, 2)["reserve"] == 6


def test_log_rival_queen_is_always_eliminated_by_an_arriving_servant():
    """docs/rules/croak.md#log-queen: a Queen on a Log is always captured by a rival frog that
    arrives, even a Servant."""
    game = game_from([seat("a8", "c3"), seat("d4")], face_up=["d4"], tiles={"d4": LOG})
    game.play("S c3-d4")
    assert game.is_over and game.winners == (0,)
    assert frogs_at(game, "d4") == ["S0"]


def test_log_own_queen_blocks_own_servants():
    """docs/rules/croak.md#log-own-queen: your Queen fills the whole Log: your Servants may not join
    her there."""
    game = game_from([seat("d4", "e4"), seat("h8")], face_up=["d4"], tiles={"d4": LOG})
    assert "S e4-d4" not in moves(game)
    refused(game, "S e4-d4", "Queen occupies the entire Log", "(Log)")


def test_log_queen_may_not_enter_a_log_holding_her_own_servant():
    """docs/rules/croak.md#log-own-queen: nor may she jump onto a Log that holds one of your
    Servants."""
    game = game_from([seat("e4", "d4"), seat("h8")], face_up=["d4"], tiles={"d4": LOG})
    assert "Q e4-d4" not in moves(game)
    refused(game, "Q e4-d4", "own frogs")


# -- Memory option ---------------------------------------------------------------------------
def test_memory_tile_turns_face_down_when_its_last_frog_leaves():
    """docs/rules/croak.md#memory: under the Memory option a face-up tile turns face down again when
    its last frog leaves."""
    game = game_from([seat("a8", "c3"), seat("h1")], face_up=["c3"],
                     tiles={"c3": REEDS, "d4": REEDS}, memory=True)
    game.play("S c3-d4")
    assert tile(game, "c3")["front"] is None
    assert "c3 is turned face down again." in game.log


def test_memory_tile_stays_face_up_while_a_frog_remains():
    """docs/rules/croak.md#memory: a tile with a frog on it stays face up."""
    game = game_from([seat("a8", "c3", "c3"), seat("h1")], face_up=["c3"],
                     tiles={"c3": LOG, "d4": REEDS}, memory=True)
    game.play("S c3-d4")
    assert tile(game, "c3")["front"] == "log"


def test_without_memory_tiles_stay_face_up():
    """docs/rules/croak.md#memory: the Memory option is an option: without it a revealed tile stays
    face up."""
    game = game_from([seat("a8", "c3"), seat("h1")], face_up=["c3"],
                     tiles={"c3": REEDS, "d4": REEDS})
    game.play("S c3-d4")
    assert tile(game, "c3")["front"] == "reeds"


def test_memory_lily_pad_turns_face_down_after_a_bounce():
    """docs/rules/croak.md#memory-when: also when the frog leaves by a Lily Pad bounce."""
    game = game_from([seat("a8", "c3"), seat("h1")], tiles={"d4": LILY, "e5": REEDS},
                     memory=True)
    game.play("S c3-d4")
    assert tile(game, "d4")["front"] == "lily-pad"
    game.play("S d4-e5")
    assert tile(game, "d4")["front"] is None
    assert "Lily Pad" not in " ".join(game.view()["events"])
    assert "d4 is turned face up." in game.view()["events"]
    assert logged(game, "d4 is turned face up: Lily Pad.")


def test_memory_tile_turns_face_down_when_its_frog_is_eaten():
    """docs/rules/croak.md#memory-when: a Pike is seen, then hidden again;
    docs/rules/croak.md#memory-hidden: the view's events no longer name it, the Python log keeps
    it."""
    game = game_from([seat("a8", "c3"), seat("h1")], tiles={"d4": PIKE}, memory=True)
    game.play("S c3-d4")
    assert tile(game, "d4")["front"] is None
    assert "Pike" not in " ".join(game.view()["events"])
    assert "d4 is turned face up." in game.view()["events"]
    assert "d4 is turned face up: Pike." in game.log
    assert logged(game, "A Pike at d4 eats Blue's Servant!")


def test_memory_tile_turns_face_down_when_its_last_frog_is_eliminated():
    """docs/rules/croak.md#memory-when: also when the last frog on it is eliminated (here: all frogs
    of a player whose Queen is captured)."""
    game = game_from([seat("a1", "c3"), seat("d4", "f6"), seat("h8")], face_up=["f6"],
                     tiles={"d4": REEDS, "f6": REEDS}, memory=True)
    game.play("S c3-d4")
    assert tile(game, "f6")["front"] is None


def test_memory_starting_tiles_stay_face_down():
    """docs/rules/croak.md#starting-tiles and docs/rules/croak.md#memory: a starting tile was never
    face up, so leaving it turns nothing over."""
    game = CroakGame(2, seed=4, memory=True)
    game.play("S b1-c1")
    assert tile(game, "b1")["front"] is None
    assert not logged(game, "b1 is turned face down")


def test_memory_view_events_forget_a_mosquito_after_a_pass():
    """docs/rules/croak.md#memory-hidden (docs/design.md#hidden-information): once a tile is face
    down again, nothing sent to the board names its front (a Mosquito whose follow-up was
    passed)."""
    game = game_from([seat("a8", "c3"), seat("h1")],
                     tiles={"d4": MOSQUITO, "e5": REEDS, "h2": REEDS}, memory=True)
    game.play("S c3-d4")
    game.play("pass")
    game.play("Q h1-h2")
    game.play("S d4-e5")
    assert tile(game, "d4")["front"] is None
    assert "Mosquito" not in " ".join(game.view()["events"])
    assert logged(game, "Mosquito")


def test_memory_view_events_forget_mud():
    """docs/rules/croak.md#memory-hidden (docs/design.md#hidden-information): a Mud tile turned face
    down again is not named by the view's events (not even by the frog standing up)."""
    game = game_from([seat("a8", "c3"), seat("h1")],
                     tiles={"d4": MUD, "a7": REEDS, "h2": REEDS, "e5": REEDS}, memory=True)
    game.play("S c3-d4")
    game.play("Q h1-h2")
    game.play("Q a8-a7")
    game.play("Q h2-h1")
    game.play("S d4-e5")
    assert tile(game, "d4")["front"] is None
    assert "Mud" not in " ".join(game.view()["events"])
    assert logged(game, "stands up out of the Mud")


def test_memory_view_events_forget_a_log():
    """docs/rules/croak.md#memory-hidden (docs/design.md#hidden-information): a Log turned face down
    again is not named by the view's events (not even by the choice of a victim on it)."""
    game = game_from([seat("a8", "c3"), seat("h1", "d4", "d4")], face_up=["d4"],
                     tiles={"d4": LOG, "e5": REEDS, "d5": REEDS}, memory=True)
    game.play("S c3-d4")
    game.play("x 1")
    game.play("S d4-d5")
    game.play("S d4-e5")
    assert tile(game, "d4")["front"] is None
    assert "Log" not in " ".join(game.view()["events"])
    assert logged(game, "On the Log at d4")


# -- max_turns -----------------------------------------------------------------------------
def test_max_turns_ends_the_game_as_a_draw():
    """docs/rules/croak.md#max-turns: an optional max_turns ends the game as a draw, and the log
    says so."""
    game = game_from([seat("d4"), seat("h8")], tiles={"d5": REEDS, "h7": REEDS}, max_turns=2)
    game.play("Q d4-d5")
    assert not game.is_over
    game.play("Q h8-h7")
    assert game.is_over and game.winners == ()
    assert game.log[-1] == "The game ends in a draw after 2 turns."
    assert game.view()["prompt"] == "The game is over: a draw."


def test_max_turns_counts_automatically_passed_turns():
    """docs/rules/croak.md#max-turns and docs/rules/croak.md#no-move-passes: a turn that passes by
    itself is still a turn."""
    game = game_from([seat("d4"), seat("h8", mud=["Q h8"])], face_up=["h8"],
                     tiles={"h8": MUD, "d5": REEDS}, max_turns=2)
    game.play("Q d4-d5")
    assert game.is_over and game.winners == ()


# -- Illegal moves ---------------------------------------------------------------------------
@pytest.mark.parametrize("move, fragments", [
    ("Q a1-a3", ["not next to a1", "8 squares"]),
    ("S b1-a2", ["own frogs", "Priority rules"]),
    ("Q h8-h7", ["Blue has no Queen on h8"]),
    ("S c3-c4", ["Blue has no Servant on c3"]),
    ("pass", ["only pass after landing on a Mosquito"]),
    ("x 1", ["only chooses a victim", "Log rule"]),
])
def test_illegal_move_is_refused_naming_the_rule_and_changes_nothing(move, fragments):
    """pondwidgets/core/README.md#a-game, play(): an illegal move raises IllegalMove whose
    message says which rule forbids it; the game is unchanged after the error."""
    game = CroakGame(2, seed=9)
    refused(game, move, *fragments)


@pytest.mark.parametrize("move, fragments", [
    ("Q a1-z9", ["not a square"]),
    ("jump!", ["is not a Croak! move"]),
    ("x one", ["'x' is followed by the seat"]),
    ("x ²", ["'x' is followed by the seat"]),
])
def test_a_text_that_is_no_move_is_bad_notation_and_changes_nothing(move, fragments):
    """pondwidgets/core/README.md#errors: a text that is no Croak! move raises BadNotation
    (not IllegalMove: the rules never saw a move), saying how moves are written."""
    game = CroakGame(2, seed=9)
    refused(game, move, *fragments, error=BadNotation)


def test_illegal_move_by_the_wrong_seat_changes_nothing():
    """docs/rules/croak.md#turn: only the player whose turn it is moves."""
    game = CroakGame(2, seed=9)
    refused(game, "Q h8-g7", "not Green's turn", seat=1)


def test_illegal_move_mid_turn_changes_nothing():
    """pondwidgets/core/README.md#a-game: a refusal in the middle of a turn (a bounce
    pending) leaves the game as it was, the same decision still pending."""
    game = lily_game()
    game.play("S c3-d4")
    refused(game, "S d4-d6", "not next to d4")
    assert game.view()["phase"] == "bounce" and game.view()["bouncing"] == "d4"


def test_view_events_tell_a_jump_from_a_face_down_starting_square_as_it_happened():
    """docs/rules/croak.md#decisions: the events a board shows say what happened; only the front of
    a hidden tile is left out (docs/design.md#hidden-information), not the move itself."""
    game = CroakGame(2, seed=3)
    game.play("Q a1-b2")
    assert "Blue's Queen jumps a1–b2." in game.view(0)["events"]
