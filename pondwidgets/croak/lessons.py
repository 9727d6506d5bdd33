"""Croak! lessons: small explicit positions, each set up to show one rule or ruling of
docs/rules/croak.md, for ``notebooks/croak/01-rules.ipynb``; each lesson's ``rules`` are
the anchors of that document it teaches (``"lily-pad"``: docs/rules/croak.md#lily-pad).

``lesson_board("lily-pad-bounce")`` opens a live board on a lesson (hot-seat by default:
the student plays every seat); ``lesson_game(name)`` gives the same position as a plain
game, for Python demonstrations. ``LESSONS`` is a ``core.lessons.Lessons`` book: each
lesson's ``position`` is the explicit-position format of ``pondwidgets/croak/README.md``
(``None`` for the rulebook's setup), its ``options`` are ``memory`` and ``max_turns``, its
``seed`` shuffles the tiles the position does not name, and its ``refused`` decision is
tried after its ``demo``.

The positions are the ones of ``tests/croak/test_rules.py``, with the tiles that matter
mostly face up, so the student sees what the frog will land on.
"""

from __future__ import annotations

from typing import Any

from ..core.game import why_not
from ..core.lessons import Lesson, Lessons
from .rules import CroakGame

# why_not comes from core; the notebooks import it from here with the lessons.
__all__ = ["LESSONS", "lesson_board", "lesson_game", "play_demo", "why_not"]

REEDS, LILY, MOSQUITO, MUD = "shallow/reeds", "shallow/lily-pad", "shallow/mosquito", "shallow/mud"
PIKE, PIKE_B, LOG, LOG_A = "deep-a/pike", "deep-b/pike", "shallow/log", "deep-a/log"
RED_MALE, BLUE_MALE, DEEP_RED_MALE = "shallow/male-red", "shallow/male-blue", "deep-a/male-red"


def _seat(queen: str | None, *servants: str, mud=(), males=None) -> dict[str, Any]:
    spec: dict[str, Any] = {"queen": queen, "servants": list(servants), "mud": list(mud)}
    if males is not None:
        spec["males"] = list(males)
    return spec


def _pos(*frogs: dict, tiles: dict[str, str] | None = None, face_up=(), to_move: int = 0):
    return {"frogs": list(frogs), "tiles": dict(tiles or {}), "face_up": list(face_up),
            "to_move": to_move}


def _lesson(description: str, position: dict | None, *, players: int | None = None,
            demo=(), refused: str | None = None, shows=(), seed: int = 1,
            rules: str | tuple[str, ...] = (), **options) -> Lesson:
    if players is None:
        assert position is not None  # a lesson without a position gives its players
        players = len(position["frogs"])
    return Lesson(description, players, position, options, seed, demo, refused, shows, rules)


def _board():
    from .widget import CroakBoard  # widgets load only when a board is wanted

    return CroakBoard


LESSONS = Lessons(CroakGame, {
    # -- Goal and setup ------------------------------------------------------------------
    "goal": _lesson(
        "Capture the last rival Queen and you win: the last Queen in the pond.",
        _pos(_seat("c3", "b2"), _seat("d4", "g7"), tiles={"d4": REEDS}, face_up=["d4"]),
        demo=["Q c3-d4"], shows="Blue wins: the last Queen in the pond!", rules="goal"),
    "setup-2": _lesson("The rulebook's setup for 2 players: Queens in opposite corners.",
                       None, players=2, shows="A new game of Croak! for 2 players.",
                       rules=("setup", "starting-squares")),
    "setup-3": _lesson("The rulebook's setup for 3 players: a1, h5 and a8.",
                       None, players=3, shows="A new game of Croak! for 3 players.",
                       rules=("setup", "starting-squares")),
    "setup-4": _lesson("The rulebook's setup for 4 players: one Queen in each corner.",
                       None, players=4, shows="A new game of Croak! for 4 players.",
                       rules=("setup", "starting-squares")),
    # -- A turn --------------------------------------------------------------------------
    "turn": _lesson(
        "A frog jumps to one of the 8 squares around it (none past the edge), then the "
        "next player moves.",
        _pos(_seat("d4", "a5"), _seat("h8"), tiles={"d5": REEDS}),
        demo=["Q d4-d5"], shows="Green: move one of your frogs", rules=("turn", "adjacent")),
    "turn-passes": _lesson(
        "A player none of whose frogs can move passes, and the log says why.",
        _pos(_seat("d4"), _seat("h8", mud=["Q h8"]), tiles={"h8": MUD, "d5": REEDS},
             face_up=["h8"]),
        demo=["Q d4-d5"], shows="Green has no frog that can move: the turn passes.",
        rules="no-move-passes"),
    # -- Priority rules ------------------------------------------------------------------
    "priority-queen-servant": _lesson(
        "A Servant on the Queen's square: you must move the Queen or that Servant.",
        _pos(_seat("c3", "c3", "f6"), _seat("h8")),
        refused="S f6-f7", shows="you must move the Queen or that Servant", rules="priority"),
    "priority-neither-can-move": _lesson(
        "Queen and Servant both stuck in Mud: the priority rule is lifted.",
        _pos(_seat("c3", "c3", "f6", mud=["Q c3", "S c3"]), _seat("h8"),
             tiles={"c3": MUD}, face_up=["c3"]),
        demo=["S f6-f7"], shows="Blue's Servant jumps f6–f7.", rules="priority-lifted"),
    "priority-own-frog": _lesson(
        "No frog may move onto a square holding one of its own frogs.",
        _pos(_seat("c3", "d4"), _seat("h8")),
        refused="Q c3-d4", shows="one of your own frogs (Priority rules)", rules="own-frogs"),
    "priority-eliminate-first": _lesson(
        "Arriving on rival frogs eliminates them first; then the tile's effect applies.",
        _pos(_seat("a8", "c3"), _seat("h1", "d4"), tiles={"d4": PIKE}),
        demo=["S c3-d4"], shows=("Blue's Servant eliminates Green's Servant at d4.",
                                 "A Pike at d4 eats Blue's Servant!"), rules="arrival"),
    "priority-capture-queen": _lesson(
        "Capturing a rival Queen puts her player out, and you gain a Servant on your "
        "Queen's square.",
        _pos(_seat("a1", "c3"), _seat("d4", "g1"), _seat("h8"), tiles={"d4": REEDS},
             face_up=["d4"]),
        demo=["S c3-d4"], shows=("Green has lost their Queen and is out of the game.",
                                 "Blue gains a Servant for capturing a Queen, on the "
                                 "Queen's square a1."), rules="capture-queen"),
    "priority-queen-on-pike": _lesson(
        "A Queen that lands on a Pike is eaten, and her player is out.",
        _pos(_seat("c3", "f6"), _seat("h1"), _seat("a8"), tiles={"d4": PIKE},
             face_up=["d4"]),
        demo=["Q c3-d4"], shows=("A Pike at d4 eats Blue's Queen!",
                                 "Blue has lost their Queen and is out of the game."),
        rules=("pike", "player-out")),
    # -- Lily Pad --------------------------------------------------------------------------
    "lily-pad-bounce": _lesson(
        "A frog on a Lily Pad must bounce on, but not back to the square it just left.",
        _pos(_seat("a8", "c3"), _seat("h1"), tiles={"d4": LILY}, face_up=["d4"]),
        demo=["S c3-d4"], refused="S d4-c3",
        shows=("A Lily Pad at d4: Blue's Servant must bounce.", "just left"), rules="lily-pad"),
    "lily-pad-only-way-back": _lesson(
        "If the square just left is the only one open, the frog bounces back there, and "
        "that tile acts again.",
        _pos(_seat("a2", "b1", "b2"), _seat("h8"), tiles={"a1": LILY, "b1": MUD},
             face_up=["a1", "b1"]),
        demo=["S b1-a1", "S a1-b1"], shows="is stuck in the Mud at b1", rules="lily-pad-way-back"),
    "lily-pad-no-way-out": _lesson(
        "If no square at all is open, the frog goes back where it came from, with no "
        "effect.",
        _pos(_seat("b1", "b1", "a2", "b2"), _seat("h8"), tiles={"a1": LILY, "b1": MUD},
             face_up=["a1", "b1"]),
        demo=["S b1-a1"], shows="the frog goes back to b1, with no effect.",
        rules="lily-pad-no-way-out"),
    "lily-pad-chain": _lesson(
        "A Lily Pad after a Lily Pad: the frog bounces again, to the end of the chain.",
        _pos(_seat("a8", "c3"), _seat("h1"), tiles={"d4": LILY, "e5": LILY, "f6": REEDS},
             face_up=["d4", "e5"]),
        demo=["S c3-d4", "S d4-e5", "S e5-f6"], shows="Blue's Servant bounces e5–f6.",
        rules="lily-pad-chains"),
    "lily-pad-loop": _lesson(
        "A frog never bounces onto a Lily Pad it already left: with nowhere else to go, it "
        "stops.",
        _pos(_seat("a2", "c1", "b2", "c2"), _seat("h8"), tiles={"a1": LILY, "b1": LILY},
             face_up=["a1", "b1"]),
        demo=["S c1-b1", "S b1-a1"],
        shows="Every square around a1 is a Lily Pad already bounced off: the frog stops "
              "there.", rules="lily-pad-loops"),
    # -- Mosquito --------------------------------------------------------------------------
    "mosquito": _lesson(
        "A Mosquito lets you move another frog (not the same one), or pass.",
        _pos(_seat("a8", "c3", "f6"), _seat("h1"), tiles={"d4": MOSQUITO, "f7": REEDS},
             face_up=["d4"]),
        demo=["S c3-d4"], refused="S d4-d5",
        shows=("A Mosquito at d4: Blue may move another frog.", "already moved this turn"),
        rules="mosquito"),
    "mosquito-twice": _lesson(
        "The second frog lands on a Mosquito too: a third frog may move.",
        _pos(_seat("a8", "c3", "f6"), _seat("h1"),
             tiles={"d4": MOSQUITO, "f7": MOSQUITO, "a7": REEDS}, face_up=["d4", "f7"]),
        demo=["S c3-d4", "S f6-f7", "Q a8-a7"],
        shows=("A Mosquito at f7: Blue may move another frog.", "Blue's Queen jumps a8–a7."),
        rules="mosquito-chain"),
    "mosquito-no-other-frog": _lesson(
        "A Mosquito with no other frog able to move: the turn simply ends.",
        _pos(_seat("a8", "c3", mud=["Q a8"]), _seat("h1"),
             tiles={"d4": MOSQUITO, "a8": MUD}, face_up=["a8", "d4"]),
        demo=["S c3-d4"], shows="A Mosquito at d4, but Blue has no other frog that can move.",
        rules="mosquito"),
    # -- Mud, Pike, Reeds --------------------------------------------------------------------
    "mud": _lesson(
        "A frog in Mud cannot move on its owner's next turn; it stands up at the end of it.",
        _pos(_seat("a8", "c3"), _seat("h1"),
             tiles={"d4": MUD, "a7": REEDS, "h2": REEDS}, face_up=["d4"]),
        demo=["S c3-d4", "Q h1-h2"], refused="S d4-d5",
        shows=("stuck in the Mud at d4 until the end of Blue's next turn",
               "stuck in the Mud and cannot move this turn"), rules="mud"),
    "pike": _lesson(
        "A Pike eats the frog that lands on it; an eaten Servant goes back to the reserve.",
        _pos(_seat("a8", "c3"), _seat("h1"), tiles={"d4": PIKE_B}, face_up=["d4"]),
        demo=["S c3-d4"], shows="A Pike at d4 eats Blue's Servant!", rules=("pike", "reborn")),
    "reeds": _lesson(
        "Reeds: nothing happens; the next player moves.",
        _pos(_seat("a8", "c3"), _seat("h1"), tiles={"d4": REEDS}),
        demo=["S c3-d4"], shows="d4 is turned face up: Reeds.", rules="reeds"),
    # -- Males -----------------------------------------------------------------------------
    "male-baby": _lesson(
        "A Queen on a Male whose pawn she holds has a baby; next turn, baby or Queen must move.",
        _pos(_seat("c3", "a1", "b1"), _seat("h8"), tiles={"d4": RED_MALE, "h7": REEDS},
             face_up=["d4"]),
        demo=["Q c3-d4", "Q h8-h7"], refused="S a1-a2",
        shows=("Blue's Queen meets the red Male at d4: a Servant is born.",
               "(Priority rules)"), rules=("males", "priority")),
    "male-twin": _lesson(
        "The red Male's pawn is already used (on its twin): nothing happens.",
        _pos(_seat("c3", "a1", "b1", males=["blue", "pink", "yellow", "purple", "green"]),
             _seat("h8"), tiles={"d4": DEEP_RED_MALE}, face_up=["d4"]),
        demo=["Q c3-d4"], shows="Blue's Queen jumps c3–d4.", rules="males"),
    "male-servant": _lesson(
        "A Servant on a Male: nothing happens.",
        _pos(_seat("a8", "c3"), _seat("h1"), tiles={"d4": RED_MALE}, face_up=["d4"]),
        demo=["S c3-d4"], shows="Blue's Servant jumps c3–d4.", rules="males"),
    "male-empty-reserve": _lesson(
        "All six Servants on the pond: no baby, and the pawn is kept.",
        _pos(_seat("c3", "a1", "a3", "a5", "a7", "c7", "e7"), _seat("h8"),
             tiles={"d4": RED_MALE}, face_up=["d4"]),
        demo=["Q c3-d4"], shows="Blue has no Servant left in reserve.", rules="male-empty-reserve"),
    # -- Log -------------------------------------------------------------------------------
    "log-two-servants": _lesson(
        "Two Servants, even of different players, share a Log.",
        _pos(_seat("a8", "c3"), _seat("h1", "d4"), tiles={"d4": LOG}, face_up=["d4"]),
        demo=["S c3-d4"], shows="Blue's Servant jumps c3–d4.", rules="log"),
    "log-third-servant": _lesson(
        "A third Servant on a Log eliminates the Servant of its choice.",
        _pos(_seat("a8", "c3", "d4"), _seat("h1", "d4"), tiles={"d4": LOG}, face_up=["d4"]),
        demo=["S c3-d4", "x 1"],
        shows="On the Log at d4, Blue's Servant eliminates Green's Servant.",
        rules="log-third-servant"),
    "log-queen-clears": _lesson(
        "A Queen arriving on a Log eliminates every Servant there.",
        _pos(_seat("c3"), _seat("h1", "d4"), _seat("h8", "d4"), tiles={"d4": LOG},
             face_up=["d4"]),
        demo=["Q c3-d4"], shows=("Blue's Queen eliminates Green's Servant at d4.",
                                 "Blue's Queen eliminates Pink's Servant at d4."),
        rules="log-queen"),
    "log-queen-caught": _lesson(
        "A Queen on a Log is always caught by a rival frog arriving there, even a Servant.",
        _pos(_seat("a8", "c3"), _seat("d4"), _seat("h8"), tiles={"d4": LOG}, face_up=["d4"]),
        demo=["S c3-d4"], shows="Blue's Servant captures Green's Queen at d4!", rules="log-queen"),
    "log-own-queen": _lesson(
        "Your Queen fills a whole Log: your Servants may not join her, nor she them.",
        _pos(_seat("d4", "e4", "c5"), _seat("h8"), tiles={"d4": LOG, "c5": LOG_A},
             face_up=["d4", "c5"]),
        refused="S e4-d4", shows="your Queen occupies the entire Log", rules="log-own-queen"),
    # -- Tile backs and the Memory option --------------------------------------------------
    "tile-backs": _lesson(
        "Three backs: shallow water (no Pike, all the Mud) and deep water A and B.",
        _pos(_seat("a1", "b1", "a2"), _seat("h8", "h7", "g8"),
             tiles={"d4": PIKE, "e4": "deep-a/lily-pad"}, face_up=["d4", "e4"]),
        rules="tile-backs"),
    "memory": _lesson(
        "Memory option: a tile left empty turns face down again; remember what it was!",
        _pos(_seat("a8", "c3"), _seat("h1"), tiles={"c3": REEDS, "d4": PIKE},
             face_up=["c3"]),
        demo=["S c3-d4"], memory=True,
        shows=("c3 is turned face down again.", "A Pike at d4 eats Blue's Servant!",
               "d4 is turned face down again."), rules=("memory", "memory-when")),
    # -- The end of the game ---------------------------------------------------------------
    "end-win-on-pike": _lesson(
        "The last Queen wins at once, even standing on a Pike that would eat her.",
        _pos(_seat("a1"), _seat("b2"), tiles={"b2": PIKE}),
        demo=["Q a1-b2"], shows="Blue wins: the last Queen in the pond!", rules="win-at-once"),
    "end-draw": _lesson(
        "With max_turns (for simulations), a game that lasts too long is a draw.",
        _pos(_seat("d4"), _seat("h8"), tiles={"d5": REEDS, "h7": REEDS}),
        demo=["Q d4-d5", "Q h8-h7"], max_turns=2,
        shows="The game ends in a draw after 2 turns.", rules="max-turns"),
    # -- Special cases of the rulings --------------------------------------------------------
    "starting-squares": _lesson(
        "Starting tiles stay face down with no effect until a frog later lands on them.",
        _pos(_seat("a1", "b1"), _seat("h8"),
             tiles={"a1": PIKE, "b1": MOSQUITO, "c1": REEDS, "h7": REEDS}),
        demo=["S b1-c1", "Q h8-h7", "S c1-b1"],
        shows=("b1 is turned face up: Mosquito.", "Blue may move another frog."),
        rules="starting-tiles"),
    "face-down-never-a-log": _lesson(
        "A face-down tile is never a Log: your frogs may not join your frog on it.",
        _pos(_seat("a8", "d4", "e4"), _seat("h1"), tiles={"d4": LOG}),
        refused="S e4-d4", shows="except a Servant onto a face-up Log",
        rules="face-down-never-a-log"),
    "placed-two-servants": _lesson(
        "A Queen capturing a Queen on a Male: a Servant gained and one born, both on her "
        "square.",
        _pos(_seat("c3", "a1", "b1"), _seat("d4"), _seat("h8"), tiles={"d4": BLUE_MALE},
             face_up=["d4"]),
        demo=["Q c3-d4"],
        shows=("Blue gains a Servant for capturing a Queen, on the Queen's square d4.",
               "Blue's Queen meets the blue Male at d4: a Servant is born."),
        rules="placed-servants"),
    "placed-on-a-log": _lesson(
        "A placed Servant joins its Queen even on a Log; then one of the two must move.",
        _pos(_seat("c3", "f6"), _seat("g6"), _seat("a8"),
             tiles={"c3": LOG, "g6": REEDS, "b8": REEDS}, face_up=["c3", "g6"]),
        demo=["S f6-g6", "Q a8-b8"], refused="S g6-g7",
        shows=("Blue gains a Servant for capturing a Queen, on the Queen's square c3.",
               "(Priority rules)"), rules=("placed-servants", "priority")),
    "placed-servants-share": _lesson(
        "Two Servants placed with their Queen stay together when she leaves.",
        _pos(_seat("d4", "d4", "d4"), _seat("h8"), tiles={"d4": REEDS, "d5": REEDS,
                                                          "h7": REEDS}, face_up=["d4"]),
        demo=["Q d4-d5", "Q h8-h7"], refused="S d4-d5", shows="one of your own frogs",
        rules="placed-servants"),
    "reserve-reborn": _lesson(
        "An eaten Servant goes back to the reserve and can be born again.",
        _pos(_seat("a1", "c3", "a3", "a5", "a7", "c7", "e7"), _seat("h8"),
             tiles={"d4": PIKE, "b2": RED_MALE, "h7": REEDS}, face_up=["d4", "b2"]),
        demo=["S c3-d4", "Q h8-h7", "Q a1-b2"],
        shows=("A Pike at d4 eats Blue's Servant!",
               "Blue's Queen meets the red Male at b2: a Servant is born."), rules="reborn"),
    "reserve-empty-capture": _lesson(
        "Capturing a Queen with all six Servants on the pond gains nothing.",
        _pos(_seat("a1", "c3", "a3", "a5", "a7", "c7", "e7"), _seat("d4"), _seat("h8"),
             tiles={"d4": REEDS}, face_up=["d4"]),
        demo=["S c3-d4"], shows="Blue has no Servant left in reserve to gain.",
        rules=("capture-queen", "reborn")),
}, board=_board)

lesson_game, lesson_board, play_demo = LESSONS.game, LESSONS.board, LESSONS.play_demo
