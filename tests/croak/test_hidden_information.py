"""Hidden information never reaches a view (docs/design.md#hidden-information), tested by
indistinguishability: two games that differ only in what nobody at the table has seen give
identical views.

Under the Memory option a tile turned back face down must not be named again by the view
(tile overlay or event list; docs/rules/croak.md#memory-hidden); ``game.log`` keeps the full
account.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import assume
from hypothesis import strategies as st

from pondwidgets.croak import CroakBoard, CroakGame
from pondwidgets.croak.tiles import SQUARES, front_name

from ..board_messages import send
from .helpers import game_from

FRONT_WORDS = ("Lily Pad", "Mosquito", "Mud", "Pike", "Reeds", "Log", "Male")


# -- helpers ---------------------------------------------------------------------------
def index(sq: str) -> tuple[int, int]:
    """'c3' -> (row, column) in a position's 8 rows of 8 tiles."""
    return int(sq[1:]) - 1, "abcdefgh".index(sq[0])


def tile_at(rows, sq):
    y, x = index(sq)
    return rows[y][x]


def swapped(rows, a, b):
    """The 8x8 tile rows with the tiles on squares ``a`` and ``b`` exchanged."""
    rows = [list(r) for r in rows]
    (ya, xa), (yb, xb) = index(a), index(b)
    rows[ya][xa], rows[yb][xb] = rows[yb][xb], rows[ya][xa]
    return rows


def arranged(rows, wanted, keep=()):
    """Move the wanted tiles ({square: 'back/front'}, or just 'front' for any back) onto
    their squares by swapping, never disturbing ``keep`` or the squares already done."""
    def fits(tile, want):
        return tile == want or tile.split("/")[1] == want

    fixed = set(keep)
    for sq, want in wanted.items():
        if not fits(tile_at(rows, sq), want):
            source = next(s for s in SQUARES if s not in fixed and s != sq
                          and fits(tile_at(rows, s), want))
            rows = swapped(rows, sq, source)
        fixed.add(sq)
    return rows


def all_views(game):
    return [json.dumps(game.view(seat), sort_keys=True)
            for seat in (None, *range(game.players))]


def with_tiles(position, rows):
    return {**position, "tiles": [list(r) for r in rows]}


def events_naming_hidden_fronts(game, view):
    """Events in ``view`` that name a face-down square together with its front."""
    bad = []
    for i, tile in enumerate(view["tiles"]):
        if tile["front"] is not None:
            continue
        sq, name = SQUARES[i], front_name(game.fronts[i]).split()[-1]  # "red Male" -> "Male"
        for text in view["events"]:
            if re.search(rf"\b{sq}\b", text) and name in text:
                # Allow the rare event that names this front for another, face-up square.
                others = [SQUARES[j] for j, t in enumerate(view["tiles"])
                          if t["front"] is not None and front_name(t["front"]).endswith(name)
                          and re.search(rf"\b{SQUARES[j]}\b", text)]
                if not others:
                    bad.append((sq, text))
    return bad


# -- two games that differ only in face-down fronts ----------------------------------------
FROGS = [{"queen": "a1", "servants": ["b2"]}, {"queen": "h8", "servants": ["g7"]}]
PATH = ("b3", "g6", "a2", "h7", "b4", "g5", "c3", "f6", "d4", "e5")


def twin_games(memory=False):
    """Two games from one explicit position, except that the face-down tiles on d5 and e4
    (both shallow, no frog on or next to them at the start) carry Mud in one game and Reeds
    in the other, swapped."""
    rows = game_from(FROGS, seed=3).to_position()["tiles"]
    # d5 and e4 are the twins; every square the moves below land on is Reeds.
    rows = arranged(rows, {"d5": "shallow/mud", "e4": "shallow/reeds",
                           **dict.fromkeys(PATH, "reeds")}, keep=("a1", "b2", "h8", "g7"))
    position = {"frogs": FROGS, "to_move": 0}
    one = CroakGame(2, seed=1, memory=memory, position=with_tiles(position, rows))
    two = CroakGame(2, seed=1, memory=memory,
                    position=with_tiles(position, swapped(rows, "d5", "e4")))
    return one, two


def test_twin_views_differ_once_the_tile_is_revealed():
    """The comparison above is sensitive: turning d5 over tells the games apart."""
    one, two = twin_games()
    for move in ["S b2-c3", "S g7-f6", "S c3-d4", "S f6-e5", "S d4-d5"]:
        one.play(move)
        two.play(move)
        if move != "S d4-d5":
            assert all_views(one) == all_views(two), move
    assert all_views(one) != all_views(two)


@st.composite
def hidden_swap(draw):
    """A random position from a random game, and two face-down tiles of one back with
    different fronts and no frog on them, to swap."""
    players = draw(st.sampled_from([2, 3, 4]))
    memory = draw(st.booleans())
    seed = draw(st.integers(0, 2**32 - 1))
    decisions = draw(st.integers(0, 60))
    game = CroakGame(players, seed=seed, memory=memory)
    chooser = random.Random(seed)
    position = game.to_position()
    while len(game.history) < decisions and not game.is_over:
        game.play(chooser.choice(game.legal_moves()))
        if game.view()["phase"] == "move" and not game.is_over:
            position = game.to_position()
    start = CroakGame(players, seed=seed, memory=memory, position=position)
    free = [i for i in range(64) if not start.face_up[i] and not start.at[i]]
    pairs = [(SQUARES[a], SQUARES[b]) for a in free for b in free if a < b
             and start.backs[a] == start.backs[b] and start.fronts[a] != start.fronts[b]]
    assume(pairs)
    pair = draw(st.sampled_from(pairs))
    return players, memory, seed, position, pair


# -- fronts in the JSON of a view -----------------------------------------------------
def random_views(seed, players, memory, max_turns=40):
    game = CroakGame(players, seed=seed, memory=memory, max_turns=max_turns)
    chooser = random.Random(seed)
    while not game.is_over:
        game.play(chooser.choice(game.legal_moves()))
        yield game, json.loads(json.dumps(game.view(None)))


@pytest.mark.parametrize("memory", [False, True])
def test_a_face_down_tile_entry_never_carries_its_front(memory):
    checked = 0
    for seed in range(20):
        for game, view in random_views(seed, 2 + seed % 3, memory):
            for i, tile in enumerate(view["tiles"]):
                assert set(tile) == {"square", "back", "front", "frogs"}
                if not game.face_up[i]:
                    checked += 1
                    assert tile["front"] is None
                    assert all(set(f) == {"seat", "frog", "mud"} for f in tile["frogs"])
                    text = json.dumps({k: v for k, v in tile.items() if k != "frogs"})
                    assert game.fronts[i] not in text
                    assert front_name(game.fronts[i]) not in text
    assert checked > 0


def test_view_events_never_name_a_never_revealed_front():
    for seed in range(30):
        for game, view in random_views(seed, 2 + seed % 3, memory=False):
            assert events_naming_hidden_fronts(game, view) == []


def test_memory_view_events_never_name_the_front_of_a_face_down_tile():
    for seed in range(30):
        for game, view in random_views(seed, 2 + seed % 3, memory=True):
            assert events_naming_hidden_fronts(game, view) == []


# -- the Memory option: seen, then hidden again ----------------------------------------
def memory_twins():
    """d3 is Reeds in one game and a (shallow) red Male in the other. A Servant lands there
    (nothing happens in either: only a Queen breeds), then leaves, and d3 turns face down."""
    frogs = [{"queen": "a1", "servants": ["c2"]}, {"queen": "h8"}]
    rows = game_from(frogs, seed=4).to_position()["tiles"]
    rows = arranged(rows, {"d3": "shallow/reeds", "d4": "shallow/reeds", "g7": "shallow/reeds"},
                    keep=("a1", "c2", "h8"))
    male = next(s for s in SQUARES if tile_at(rows, s) == "shallow/male-red")
    assert male not in {"a1", "c2", "h8", "d3", "d4", "g7"}
    position = {"frogs": frogs, "to_move": 0}
    reeds = CroakGame(2, seed=1, memory=True, position=with_tiles(position, rows))
    male_game = CroakGame(2, seed=1, memory=True,
                          position=with_tiles(position, swapped(rows, "d3", male)))
    return reeds, male_game


def test_memory_tile_seen_then_hidden_leaves_identical_views():
    reeds, male = memory_twins()
    for game in (reeds, male):
        game.play("S c2-d3")
    # While d3 is face up the views differ, of course.
    assert all_views(reeds) != all_views(male)
    for move in ["Q h8-g7", "S d3-d4"]:
        reeds.play(move)
        male.play(move)
    assert "d3 is turned face down again." in reeds.log
    assert reeds.view()["tiles"][SQUARES.index("d3")]["front"] is None
    assert all_views(reeds) == all_views(male)
    # The Python-side log keeps the whole story.
    assert reeds.log != male.log
    assert "d3 is turned face up: Reeds." in reeds.log
    assert "d3 is turned face up: red Male." in male.log
    for game in (reeds, male):
        view = game.view(None)
        assert events_naming_hidden_fronts(game, view) == []
        assert "d3 is turned face up." in view["events"]


def test_memory_standing_up_from_the_mud_is_not_named_once_hidden():
    """Regression: the 'stands up out of the Mud' event once had no square, so a view kept
    naming Mud after the tile turned face down."""
    game = game_from([{"queen": "c3"}, {"queen": "h8"}], memory=True,
                     tiles={"d4": "shallow/mud", "e5": "shallow/reeds", "g8": "shallow/reeds",
                            "g7": "shallow/reeds"})
    game.play("Q c3-d4")      # stuck in the Mud through Blue's next turn
    game.play("Q h8-g8")      # Blue's next turn then passes by itself; she stands up
    game.play("Q g8-g7")
    game.play("Q d4-e5")      # d4 is empty again: face down
    view = game.view(None)
    assert view["tiles"][SQUARES.index("d4")]["front"] is None
    assert events_naming_hidden_fronts(game, view) == []


def test_memory_log_victim_events_are_not_named_once_hidden():
    """Regression: the two Log-victim events ('A third Servant on the Log at d4…', 'On the
    Log at d4, …') once had no square, so a view kept naming the Log once face down."""
    game = game_from([{"queen": "a1", "servants": ["c3"]},
                      {"queen": "h8", "servants": ["d4", "d4"]}],
                     memory=True, face_up=["d4"],
                     tiles={"d4": "shallow/log", "e5": "shallow/reeds", "c4": "shallow/reeds"})
    for move in ["S c3-d4", "x 1", "S d4-e5", "S d4-c4"]:
        game.play(move)
    view = game.view(None)
    assert view["tiles"][SQUARES.index("d4")]["front"] is None
    assert events_naming_hidden_fronts(game, view) == []


# -- the Memory option: events and errors read the same whatever the hidden front -------------
# What any tile could have given, whatever its front: a board is sent nothing else about a
# square that is face down again. "moves" (a bounce), "is eaten", "is stuck", "stands up",
# "has a baby", "goes back" and "stops" once each gave a front away.
NEUTRAL = [
    r"(?P<sq>[a-h][1-8]) is turned face (up|down again)\.",
    r".+'s (Queen|Servant) jumps (?P<a>[a-h][1-8])–(?P<b>[a-h][1-8])\.",
    r".+'s (Queen|Servant) eliminates .+'s Servant at (?P<sq>[a-h][1-8])\.",
    r".+'s (Queen|Servant) captures .+'s Queen at (?P<sq>[a-h][1-8])!",
    r".+ gains a Servant for capturing a Queen, on the Queen's square (?P<sq>[a-h][1-8])\.",
]


def leaks(game, view):
    """Events of ``view`` that mention a face-down square and are not one of NEUTRAL."""
    hidden = {t["square"] for t in view["tiles"] if t["front"] is None}
    return [text for text in view["events"]
            if set(re.findall(r"\b[a-h][1-8]\b", text)) & hidden
            and not any(re.fullmatch(pattern, text) for pattern in NEUTRAL)]


def test_memory_events_about_a_hidden_square_read_as_any_tile_would():
    checked = 0
    for seed in range(60):
        for game, view in random_views(seed, 2 + seed % 3, memory=True, max_turns=60):
            assert leaks(game, view) == [], (seed, len(game.history))
            checked += len(view["events"])
    assert checked > 10_000


def play_until_hidden(game, moves, square):
    for move in moves:
        game.play(move)
    assert game.view()["tiles"][SQUARES.index(square)]["front"] is None
    return game.view(None)


@pytest.mark.parametrize(("square", "frogs", "tiles", "face_up", "moves"), [
    ("c3", [{"queen": "a1", "servants": ["b2"]}, {"queen": "h8"}],          # Lily Pad
     {"c3": "shallow/lily-pad", "d4": "shallow/reeds"}, [], ["S b2-c3", "S c3-d4"]),
    ("c3", [{"queen": "a1", "servants": ["b2"]}, {"queen": "h8"}],          # Pike
     {"c3": "deep-a/pike"}, [], ["S b2-c3"]),
    ("c3", [{"queen": "a1", "servants": ["b2"]}, {"queen": "h8"}],          # Mud
     {"c3": "shallow/mud", "d4": "shallow/reeds", "h7": "shallow/reeds",
      "a2": "shallow/reeds", "g8": "shallow/reeds"}, [],
     ["S b2-c3", "Q h8-h7", "Q a1-a2", "Q h7-g8", "S c3-d4"]),
    ("c3", [{"queen": "b2"}, {"queen": "h8"}],                              # Male
     {"c3": "shallow/male-red", "d4": "shallow/reeds", "h7": "shallow/reeds",
      "b3": "shallow/reeds"}, [], ["Q b2-c3", "Q h8-h7", "S c3-b3", "Q h7-h8", "Q c3-d4"]),
    ("c3", [{"queen": "a1", "servants": ["b2"]}, {"queen": "h8"}],          # Mosquito
     {"c3": "shallow/mosquito", "d4": "shallow/reeds", "h7": "shallow/reeds"}, [],
     ["S b2-c3", "pass", "Q h8-h7", "S c3-d4"]),
    ("c3", [{"queen": "a1", "servants": ["b2"]},                            # Log
            {"queen": "h8", "servants": ["c3", "c3"]}],
     {"c3": "shallow/log", "d4": "shallow/reeds", "c4": "shallow/reeds"}, ["c3"],
     ["S b2-c3", "x 1", "S c3-d4", "S c3-c4"]),
    ("a1", [{"queen": "b1", "servants": ["b1", "a2", "b2"]}, {"queen": "h8"}],  # no way out
     {"a1": "shallow/lily-pad", "b1": "shallow/mud"}, ["b1"], ["S b1-a1"]),
], ids=["lily-pad", "pike", "mud", "male", "mosquito", "log", "lily-pad-no-way-out"])
def test_memory_each_front_reads_as_any_tile_once_hidden(square, frogs, tiles, face_up,
                                                         moves):
    """Lily Pad, Pike, Mud, Male, Mosquito, Log: once the tile is face down again, no event
    in a view tells which of them it was."""
    game = game_from(frogs, tiles=tiles, face_up=face_up, memory=True)
    view = play_until_hidden(game, moves, square)
    assert leaks(game, view) == []
    assert any(square in text for text in view["events"])  # still told, as any tile


def test_memory_a_refused_bounce_names_no_front_of_a_hidden_tile():
    """The error trait once named a face-down Lily Pad during a bounce chain."""
    lily = "shallow/lily-pad"
    game = game_from([{"queen": "a1", "servants": ["b2"]}, {"queen": "h8"}], memory=True,
                     tiles={"c3": lily, "d4": lily, "d3": lily})
    for move in ["S b2-c3", "S c3-d4", "S d4-d3"]:  # c3 and d4 turn face down again
        game.play(move)
    board = CroakBoard(game, seat=0)
    send(board, {"type": "move", "move": "S d3-c3", "decisions": len(game.history)})
    text = board.error["text"]
    assert "c3" in text and not any(word in text for word in (*FRONT_WORDS, "Pad"))
    assert "bounced off" not in text


@pytest.mark.parametrize("front", ["shallow/mud", "shallow/log", "shallow/male-red"])
def test_memory_twins_differing_only_in_a_remembered_front_show_the_same_board(front):
    """Twins: c3 is Reeds in one game and another front in the other, and the same
    decisions stay legal in both. While c3 is face up the boards differ; once it is face
    down again, every seat's view and every board trait are identical. (Mud once stayed
    in the events: "is stuck at c3", "stands up".)"""
    moves = ["S b2-c3", "Q h8-h7", "Q a1-a2", "Q h7-g8", "S c3-d4"]
    tiles = {"d4": "shallow/reeds", "h7": "shallow/reeds", "a2": "shallow/reeds",
             "g8": "shallow/reeds"}
    frogs = [{"queen": "a1", "servants": ["b2"]}, {"queen": "h8"}]
    twins = [game_from(frogs, tiles={**tiles, "c3": tile}, memory=True, seed=2)
             for tile in ("shallow/reeds", front)]
    boards = [CroakBoard(game, seat=0, pike_odds=True) for game in twins]
    for move in moves:
        for game in twins:
            game.play(move)
    assert twins[0].fronts != twins[1].fronts and twins[0].log != twins[1].log
    assert all_views(twins[0]) == all_views(twins[1])
    one, two = (board.get_state() for board in boards)
    assert {k: one[k] for k in ("view", "error", "options", "seat")} == \
        {k: two[k] for k in ("view", "error", "options", "seat")}
