"""Splash down lessons: small explicit positions, each set up to show one rule or ruling
of docs/rules/splashdown.md, for ``notebooks/splashdown/01-rules.ipynb`` and
``02-variants.ipynb``.

``lesson_board("yellow")`` opens a live board on a lesson (hot-seat by default: the student
plays every seat); ``lesson_game(name)`` gives the same position as a plain game, for
Python demonstrations. ``LESSONS`` is a ``core.lessons.Lessons`` book: each lesson's
``position`` is the explicit-position format of ``pondwidgets/splashdown/README.md``
(``None`` for the start of a game), its ``options`` the map (most lessons are on
:data:`POND`, seven blocks drawn to show every rule) and ``fly_thief``, ``reroll`` and
``max_turns``; its ``rules`` are the anchors of docs/rules/splashdown.md it teaches
(``tests/splashdown/test_lessons.py`` lists them and checks that each one exists).

Nothing is hidden in Splash down, but dice and coins are chance: a lesson's ``seed`` was
picked so that its dice and coins fall the way the lesson needs (a tails for the yellow
pad, an even roll for a push that works). A board opened on a lesson plays the same dice
as its demonstration, as long as the student makes the same decisions.
"""

from __future__ import annotations

from typing import Any

from ..core.game import why_not
from ..core.lessons import Lesson, Lessons
from .rules import SplashdownGame

# why_not comes from core; the notebooks import it from here with the lessons.
__all__ = ["LESSONS", "LOOP", "POND", "lesson_board", "lesson_game", "play_demo", "why_not"]

# The lesson pond: Home, then six blocks. Its pads are named home, 1, 2a, 2b, 3a, 3b, 3c, 4,
# 5a, 5b and 6; by the default edges (docs/rules/splashdown.md#edges), 3a and 3c touch only
# 3b (never each other), and everything between 2 and 4 goes through the centre, 3b.
POND = {
    "name": "The lesson pond",
    "blocks": [
        ["home"],
        ["green"],                       # 1
        ["yellow", "dark-green:2"],      # 2a, 2b
        ["red", "green", "yellow"],      # 3a, 3b, 3c
        ["dark-green:2"],                # 4
        ["green", "red"],                # 5a, 5b
        ["dark-green:3"],                # 6
    ],
    "layout": {"row": 7},
}

# A pond that runs in a loop, with edges of its own: from 1 round to 5 and back to Home.
LOOP = {
    "name": "The loop",
    "blocks": [["home"], ["green"], ["yellow"], ["dark-green:2"], ["red"], ["green"]],
    "edges": [["home", "1"], ["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["5", "home"]],
    "layout": {"row": 6},
}


def _frog(pad: str = "home", lives: int = 5, sets=(), left: bool | None = None) -> dict:
    spec: dict[str, Any] = {"pad": pad, "lives": lives, "sets": [list(s) for s in sets]}
    if left is not None:
        spec["left_home"] = left
    return spec


OUT = {"out": True}
AT_HOME = _frog("home", left=False)  # still at Home, never left
CAME_HOME = _frog("home", left=True)  # came Home: safe, banked


def _pos(*frogs: dict, to_move: int = 0) -> dict[str, Any]:
    return {"frogs": list(frogs), "to_move": to_move, "first_turn": False}


def _lesson(description: str, rules, position: dict | None, *, players: int | None = None,
            demo=(), refused=None, refused_at: int | None = None, shows=(), seed: int = 1,
            pond: Any = POND, **options) -> Lesson:
    if players is None:
        assert position is not None  # a lesson without a position gives its players
        players = len(position["frogs"])
    return Lesson(description, players, position, {"map": pond, **options}, seed, demo,
                  refused, shows, rules, refused_at)


def _board():
    from .widget import SplashdownBoard  # widgets load only when a board is wanted

    return SplashdownBoard


LESSONS = Lessons(SplashdownGame, {
    # -- Setting up, the first turn ------------------------------------------------------
    "setup": _lesson(
        "Every frog starts at Home with 5 lives; seat 0 plays first.",
        ("setup", "one-frog", "pad-names", "lives", "seat-0-starts"),
        None, players=3,
        shows=("Every frog starts at Home with 5 lives. Ada starts.",
               "Ada: you go first!")),
    "first-roll": _lesson(
        "The first player's first turn: two dice, and the higher one counts.",
        ("first-turn", "chance"),
        None, players=2, seed=1, demo=["roll"],
        shows="Ada rolls two dice for the first turn"),
    # -- Moving ------------------------------------------------------------------------------
    "move": _lesson(
        "Jump at most the roll, at least one step, any way along the path; only the landing "
        "pad counts.",
        ("move", "green", "at-least-one-step", "landing-only"),
        _pos(_frog("5a"), AT_HOME),
        seed=7, demo=["roll", "to 3b"], refused=(0, "to 1"), refused_at=1,
        shows=("Ada rolls a 3.", "Ada jumps from 5a to 3b (green).",
               "1 is 4 steps away and you rolled a 3")),
    "edges": _lesson(
        "Pads side by side touch (a–b, b–c, never a–c); the path goes through a block's "
        "centre.",
        "edges",
        _pos(_frog("3a"), AT_HOME),
        seed=2, demo=["roll", "to 3b"], refused=(0, "to 3c"), refused_at=1,
        shows=("Ada rolls a 1.", "3c is 2 steps away and you rolled a 1")),
    # -- The pads ----------------------------------------------------------------------------
    "yellow": _lesson(
        "A yellow pad: toss the frog coin; tails costs a life.",
        "yellow",
        _pos(_frog("1"), AT_HOME),
        demo=["roll", "to 2a"],
        shows="Ada tosses the frog coin on 2a (yellow): tails, and loses a life"),
    "red": _lesson(
        "A red pad costs a life, always; then the next player plays.",
        "red",
        _pos(_frog("2a"), AT_HOME),
        demo=["roll", "to 3a"],
        shows=("Ada lands on 3a (red) and loses a life",
               "Bob: roll the die")),
    "flies": _lesson(
        "A dark-green pad: collect its flies; nobody there can be pushed.",
        ("flies", "dark-green"),
        _pos(_frog("1"), _frog("3b")),
        demo=["roll", "to 2b", "roll", "to 2b"],
        shows=("Ada collects 2 flies on 2b: 2 flies in all.",
               "Bob shares 2b with Ada: nobody can be pushed off a dark-green pad.")),
    # -- Pushing -----------------------------------------------------------------------------
    "push": _lesson(
        "Push a frog: an even roll, and it falls in the water and loses a life; both stay.",
        ("push", "pushed-frogs-stay"),
        _pos(_frog("1"), _frog("3b")),
        seed=7, demo=["roll", "to 3b", "push", "roll"],
        shows=("the push works! Bob falls into the water.", "Bob loses a life")),
    "push-fail": _lesson(
        "An odd roll: the push fails and the pusher jumps back where it came from.",
        ("push-odd", "failed-push"),
        _pos(_frog("1"), _frog("3b")),
        demo=["roll", "to 3b", "push", "roll"],
        shows="the push fails and Ada jumps back to 1."),
    "push-one": _lesson(
        "A 1: the push fails, the pusher jumps back, and loses a life too.",
        "push-one",
        _pos(_frog("1"), _frog("3b")),
        seed=6, demo=["roll", "to 3b", "push", "roll"],
        shows=("Ada rolls a 1: the push fails", "Ada loses a life for the 1")),
    "push-all": _lesson(
        "Two frogs or more on the pad: a push pushes them all.",
        ("push-all", "push-order"),
        _pos(_frog("1"), _frog("3b"), _frog("3b")),
        seed=7, demo=["roll", "to 3b", "push", "roll"],
        shows=("Bob and Cleo fall into the water.", "Bob loses a life", "Cleo loses a life")),
    "pad-then-push": _lesson(
        "Landing on a frog: the pad acts first, then the push; a failed push keeps that "
        "loss.",
        ("landing-order", "pad-life-stands"),
        _pos(_frog("1", lives=3), _frog("2a")),
        seed=3, demo=["roll", "to 2a", "push", "roll"],
        shows=("tails, and loses a life", "the push fails and Ada jumps back to 1.")),
    "out-before-push": _lesson(
        "A frog that loses its last life is out at once, before it can push; its flies fly "
        "back.",
        ("lives", "flies-fly-back", "out-before-push"),
        _pos(_frog("3b", lives=1, sets=[("2b", 2)]), _frog("3a")),
        demo=["roll", "to 3a"],
        shows=("no lives left. Ada is out of the game.",
               "Ada's flies fly back to their pads: 2 to 2b.")),
    "come-back": _lesson(
        "Flies fly back under a frog: it must leave the pad and come back to collect them.",
        ("come-back", "own-pad"),
        _pos(_frog("3b", lives=1, sets=[("2b", 2)]), _frog("2b")),
        demo=["roll", "to 3a", "roll", "to 1", "roll", "to 2b"],
        refused=(1, "to 2b"), refused_at=3,
        shows=("Ada's flies fly back to their pads: 2 to 2b.",
               "your frog is already on 2b", "Bob collects 2 flies on 2b: 2 flies in all.")),
    "push-from-home": _lesson(
        "A frog that fails its first push jumps back Home: it has not left, and plays on.",
        "push-from-home",
        _pos(_frog("1"), AT_HOME, to_move=1),
        demo=["roll", "to 1", "push", "roll"],
        shows=("the push fails and Bob jumps back to Home.", "Ada: roll the die")),
    # -- Home and the end -----------------------------------------------------------------
    "home": _lesson(
        "Home needs no exact roll; a frog Home is safe, keeps its flies and never leaves.",
        ("goal", "home", "no-exact-roll", "skipped"),
        _pos(_frog("3b", sets=[("2b", 2)]), _frog("5a")),
        seed=19, demo=["roll", "to home", "roll", "to 4"],
        shows=("Ada rolls a 6.",
               "Ada jumps Home with 2 flies and 5 lives: safe for the rest of the game.",
               "Bob: roll the die")),
    "winner": _lesson(
        "When every frog is Home or out, the most flies brought Home wins.",
        ("winner", "end"),
        _pos(_frog("home", sets=[("2b", 2)], left=True),
             _frog("1", lives=2, sets=[("6", 3)]), to_move=1),
        demo=["roll", "to home"],
        shows="Every frog is Home or out. Bob wins with 3 flies and 2 lives!"),
    "tie-lives": _lesson(
        "As many flies: the frog with more lives wins.",
        "tie-lives",
        _pos(_frog("home", lives=3, sets=[("2b", 2)], left=True),
             _frog("1", lives=4, sets=[("4", 2)]), to_move=1),
        demo=["roll", "to home"],
        shows="Bob wins with 2 flies and 4 lives!"),
    "draw": _lesson(
        "As many flies and as many lives: a draw.",
        "draw",
        _pos(_frog("home", lives=3, sets=[("2b", 2)], left=True),
             _frog("1", lives=3, sets=[("4", 2)]), to_move=1),
        demo=["roll", "to home"],
        shows="Ada and Bob tie with 2 flies and 3 lives each and share the win."),
    "lone-home": _lesson(
        "The only frog Home wins, even with no flies at all.",
        "lone-home",
        _pos(CAME_HOME, _frog("3b", lives=1, sets=[("4", 2)]), to_move=1),
        demo=["roll", "to 3a"],
        shows=("Bob's flies fly back to their pads: 2 to 4.",
               "Ada wins with 0 flies and 5 lives!")),
    "max-turns": _lesson(
        "For simulations, max_turns ends a game that lasts too long: a draw.",
        "max-turns",
        _pos(_frog("3b"), _frog("1")), max_turns=2,
        demo=["roll", "to 4", "roll", "to 2b"],
        shows="The game ends in a draw after 2 turns (the turn limit)."),
    "through-home": _lesson(
        "A pond with edges of its own: no frog passes through Home, which is only a "
        "landing.",
        ("through-home", "own-edges"),
        _pos(_frog("1"), AT_HOME), pond=LOOP,
        demo=["roll", "to 3"], refused=(0, "to 5"), refused_at=1,
        shows=("Ada rolls a 2.", "5 can only be reached through Home")),
    # -- Variants (02-variants) --------------------------------------------------------------
    "fly-thief": _lesson(
        "Fly thief: a push that works steals the pushed frog's oldest set of flies.",
        ("variant-fly-thief", "fly-thief-set"),
        _pos(_frog("1"), _frog("3b", lives=3, sets=[("2b", 2), ("6", 3)])), fly_thief=True,
        seed=7, demo=["roll", "to 3b", "push", "roll"],
        shows="Fly thief: Ada steals Bob's 2 flies from 2b."),
    "fly-thief-kill": _lesson(
        "Fly thief: a push that kills takes all the flies, which still fly back to their "
        "own pads.",
        ("fly-thief-kill", "stolen-flies", "nobody-home"),
        _pos(_frog("1", lives=1), _frog("3b", lives=1, sets=[("2b", 2), ("6", 3)])),
        fly_thief=True,
        seed=7, demo=["roll", "to 3b", "push", "roll", "roll", "to 3a"],
        shows=("Fly thief: Ada takes all of Bob's 5 flies.",
               "Ada's flies fly back to their pads: 2 to 2b, 3 to 6.",
               "nobody came Home, so the game is a draw.")),
    "reroll": _lesson(
        "The re-roll option: the first player may roll once more, and the new roll stands.",
        "variant-reroll",
        None, players=2, reroll=True, demo=["roll", "reroll"],
        shows=("and may keep it or roll once more.", "The new roll stands.")),
    "six-players": _lesson(
        "Two to six players, one frog each, on the long pond.",
        ("players", "variant-maps"),
        None, players=6, pond="long",
        shows="A new game of Splash down for 6 players"),
}, board=_board)

lesson_game, lesson_board, play_demo = LESSONS.game, LESSONS.board, LESSONS.play_demo
