"""Helpers for Splash down tests: small maps, games from explicit positions, and dice and
coins chosen by the test (``rig``)."""

from __future__ import annotations

from pondwidgets.core import ManualClock
from pondwidgets.splashdown import SplashdownGame

# A straight line of 1-pad blocks, so a pad's number is its distance from Home:
# 1 green, 2 red, 3 yellow, 4 dark green (2 flies), 5 green, 6 green, 7 dark green (3 flies),
# 8 green.
LINE = {"name": "line", "blocks": [
    ["home"], ["green"], ["red"], ["yellow"], ["dark-green:2"], ["green"], ["green"],
    ["dark-green:3"], ["green"]]}

# A line with two dark-green pads side by side, to hold several sets: 1 green,
# 2a dark green (1 fly) - 2b dark green (2 flies), 3 green, 4 dark green (4 flies), 5 red.
SETS = {"name": "sets", "blocks": [
    ["home"], ["green"], ["dark-green:1", "dark-green:2"], ["green"], ["dark-green:4"],
    ["red"]]}

# Two pads that meet only at Home: pad 2 is never reachable from pad 1 without passing
# through Home.
FORK = {"name": "fork", "blocks": [["home"], ["green"], ["dark-green:1"]],
        "edges": [["home", "1"], ["home", "2"]]}


def frog(pad="home", lives=5, sets=(), left=None):
    """One seat of a position."""
    spec = {"pad": pad, "lives": lives, "sets": [list(s) for s in sets]}
    if left is not None:
        spec["left_home"] = left
    return spec


OUT = {"out": True}
BANKED = {"pad": "home", "left_home": True}


def game_from(*frogs, map=LINE, to_move=None, first_turn=None, seed=0, **options):
    """A game on a ManualClock from an explicit position: one ``frog(...)`` per seat."""
    position = {"frogs": list(frogs)}
    if to_move is not None:
        position["to_move"] = to_move
    if first_turn is not None:
        position["first_turn"] = first_turn
    return SplashdownGame(len(frogs), seed=seed, map=map, position=position,
                          clock=ManualClock(), **options)


class Scripted:
    """A stand-in for ``game.rng`` that gives the dice and coins a test names, in order:
    a number 1 to 6 for a die, ``"heads"`` or ``"tails"`` for a coin. The game draws a
    die as 3 random bits (0-5 kept) and a coin as 1 bit (0 heads), so this answers those
    calls; anything else, or running out, fails the test."""

    def __init__(self, outcomes):
        self.outcomes = list(outcomes)

    def getrandbits(self, k):
        assert self.outcomes, "the game drew more chance than the test scripted"
        outcome = self.outcomes.pop(0)
        if k == 3:
            assert outcome in range(1, 7), f"the game rolled a die; the script says {outcome}"
            return outcome - 1
        assert k == 1 and outcome in ("heads", "tails"), \
            f"the game tossed a coin; the script says {outcome}"
        return 0 if outcome == "heads" else 1


def rig(game, *outcomes):
    """Make the game's next dice and coins these (see Scripted)."""
    game.rng = Scripted(outcomes)
    return game


def play(game, *moves):
    """Play these decisions in order (notation), each by the seat to act."""
    for move in moves:
        game.play(move)
    return game


def moves(game, seat=None):
    return {str(m) for m in game.legal_moves(seat)}


def frog_view(game, seat):
    return game.view()["frogs"][seat]


def pad_flies(game, pad):
    return game.view()["map"]["pads"][pad]["flies"]


def total_flies(game):
    """Every fly in the game: on the pads and held by frogs (never changes)."""
    view = game.view()
    return (sum(p["flies"] for p in view["map"]["pads"].values())
            + sum(f["flies"] for f in view["frogs"]))
