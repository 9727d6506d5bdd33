"""Rapidcroco lessons: small explicit layouts, each set up to show one rule or ruling of
docs/rules/rapidcroco.md, for ``notebooks/rapidcroco/01-rules.ipynb`` and
``02-variants.ipynb``.

``lesson_board("hippo")`` opens a live board on a lesson (hot-seat by default: every
person at one screen, each with a key of their own); ``lesson_game(name)`` gives the same
layout as a plain game on a ``ManualClock``, for Python demonstrations whose times are the
ones you give (``game.clock.advance(2.4)``). ``LESSONS`` is a ``core.lessons.Lessons``
book: each lesson's ``rules`` are the anchors of docs/rules/rapidcroco.md it teaches
(``tests/rapidcroco/test_lessons.py`` lists them and checks that each exists), its
``players`` their names, its ``position`` the layout format of
``pondwidgets/rapidcroco/README.md`` (``None`` for a shuffled deal), its ``options``
``kid``, ``wrap``, ``turns``, ``target`` and ``max_rounds``, its ``seed`` picks the cards
the layout leaves open, and each decision of its ``demo`` is ``(seat, move, wait)``.

In a layout, an arrow (``^ > v <``) is a Croc whose arm points that way and ``?`` any card:
only the cards on the path matter, and the seed fills in the rest.
"""

from __future__ import annotations

from typing import Any

from ..core.game import why_not
from ..core.lessons import Lesson, Lessons
from .rules import RapidcrocoGame

# why_not comes from core; the notebooks import it from here with the lessons.
__all__ = ["LESSONS", "lesson_board", "lesson_game", "play_demo", "why_not"]

ANY = "??????"  # a row of cards the seed chooses
TWO = ["Ada", "Ben"]
THREE = ["Ada", "Ben", "Sam"]


def _pos(*rows, hands=None, suspect=None, dealer: int = 0) -> dict[str, Any]:
    """A layout: the rows given first, the rest of the six filled with ``?``."""
    grid = [r if isinstance(r, str) else list(r) for r in rows]
    return {"grid": grid + [ANY] * (6 - len(grid)), "hands": dict(hands or {}),
            "suspect": suspect, "dealer": dealer}


def _lesson(description: str, rules, position: dict | None, *, players=TWO, demo=(),
            refused: tuple[int, str] | None = None, shows=(), seed: int = 1,
            **options) -> Lesson:
    # The refusal is tried on the lesson's layout, before the demonstration.
    return Lesson(description, tuple(players), position, options, seed, demo, refused, shows,
                  rules, refused_at=0)


def _board():
    from .widget import RapidcrocoBoard  # widgets load only when a board is wanted

    return RapidcrocoBoard


LESSONS = Lessons(RapidcrocoGame, {
    # -- The cards, the grid and the criteria ----------------------------------------------
    "deal": _lesson(
        "36 cards shuffled into a 6 x 6 grid; the dealer turns the criteria to start a round.",
        ("components", "crocs", "setup", "criteria-draw"), None, demo=[(0, "reveal", 0)],
        shows=("Ada turns the criteria.", "Round 1: the criteria are")),
    "criteria": _lesson(
        "Five criteria cards, one face of each pair: exactly one of the 32 Crocs matches.",
        "criteria",
        _pos(ANY, ANY, ANY, ANY, ANY, ["?", "?", "?", "?", "Esmeralda", "?"], suspect="e6"),
        shows="Round 1: the criteria are female, green, thin, glasses, hat."),
    # -- Following the arms ----------------------------------------------------------------
    "follow-arms": _lesson(
        "From the suspect, follow the arms Croc by Croc; the last one points off the grid: "
        "it is the culprit.",
        ("follow-arms", "off-the-grid"),
        _pos("???^??", "?>v^??", "??>^??", suspect="b2"),
        demo=[(0, "arrest d1", 6.5)], shows="Ada arrests"),
    "hippo": _lesson(
        "The arms reach a Hippo: they all lie, so the Croc the criteria picked is the "
        "culprit.",
        "hippo",
        _pos(ANY, ANY, "??>H??", "?>^???", suspect="b4"),
        demo=[(1, "arrest b4", 4.2)], shows="Ben arrests"),
    "twice": _lesson(
        "A Croc pointed at twice is the culprit: the arms run round in a loop.",
        "twice",
        _pos(ANY, ANY, ANY, "??>v??", ">>^<??", suspect="a5"),
        demo=[(0, "arrest c5", 5.1)], shows="Ada arrests"),
    "twice-suspect": _lesson(
        "The loop leads back to the suspect: the criteria pointed at it first, so it is "
        "pointed at twice.",
        "twice-suspect",
        _pos(ANY, "??>v??", "??^<??", suspect="c2"),
        demo=[(1, "arrest c2", 3.9)], shows="Ben arrests"),
    "empty-sites": _lesson(
        "Empty sites (Crocs already captured) are skipped: the arm points at the next card "
        "beyond.",
        "empty-site",
        _pos(ANY, ANY, ">..v??", "???.??", "???>>>", hands={0: ["?", "?"], 1: ["?"]},
             suspect="a3"),
        demo=[(1, "arrest f5", 5.6)], shows="Ben arrests"),
    # -- Arresting ---------------------------------------------------------------------------
    "arrest": _lesson(
        "The first right arrest wins the round: the culprit's card, and the next deal.",
        ("arrest", "next-dealer"),
        _pos("<<<<??", "???^??", "???^??", suspect="d3"),
        demo=[(1, "arrest a1", 2.1)],
        shows=("Ben takes", "Ben turns the criteria to start round 2.")),
    "wrong-arrest": _lesson(
        "A wrong arrest: no more arrests this round, and your latest Croc goes back to its "
        "site.",
        ("wrong-arrest", "one-arrest", "penalty"),
        _pos(".?????", "??>v??", "???v??", "???>>>", ANY, "?????.",
             hands={0: ["Jasper", "Cleo"]}, suspect="c2"),
        demo=[(0, "arrest c2", 1.8), (1, "arrest f4", 1.4)],
        shows=("wrong! Ada may not arrest again this round.", "Ada returns Cleo to f6.")),
    "wrong-arrest-sit-out": _lesson(
        "A wrong arrest with no Croc to give back: you sit out the next round.",
        ("wrong-arrest", "sit-out"),
        _pos(ANY, "?v????", "?>>>>>", suspect="b2"),
        demo=[(0, "arrest e3", 2.6), (1, "arrest f3", 0.8), (1, "reveal", 2.0)],
        shows=("Ada has no Croc to return and sits out the next round.",
               "Ada sits out this round.")),
    "everybody-wrong": _lesson(
        "When every player still in the round has erred, it ends with no capture and the "
        "culprit is shown.",
        ("everybody-wrong", "give-up"),
        _pos(ANY, "v?????", "v?????", ">>>H??", "?????.", hands={0: ["?"]}, suspect="a2"),
        demo=[(0, "arrest c4", 2.2), (1, "arrest b4", 0.7)],
        shows=("Nobody is left to arrest: the culprit was",
               "Ada returns", "Ben has no Croc to return and sits out the next round.")),
    "not-a-croc": _lesson(
        "A Hippo or an empty site cannot be arrested: the click is refused, and is not a "
        "wrong arrest.",
        "refused",
        _pos(ANY, "?^.???", "?>H???", hands={1: ["?"]}, suspect="b3"),
        refused=(0, "arrest c3"), demo=[(0, "arrest b3", 2.5)],
        shows=("c3 holds a Hippo: only a Croc can be arrested", "Ada arrests")),
    # -- A captured Croc, winning ---------------------------------------------------------
    "captured": _lesson(
        "The criteria pick a captured Croc: a race for that card in a hand, which its "
        "holder cannot win.",
        ("captured", "refused"),
        _pos(ANY, ANY, "??.???", hands={1: ["Lady Lagoon"]}, suspect="Lady Lagoon"),
        refused=(1, "arrest Lady Lagoon"), demo=[(0, "arrest Lady Lagoon", 2.5)],
        shows=("It is in Ben's hand!", "already yours", "Ada takes Lady Lagoon from Ben.")),
    "win": _lesson(
        "The first player to capture 3 Crocs wins.",
        "winning",
        _pos(".?????", ANY, "????v?", "????>>", "?????.", hands={0: ["?", "?"]},
             suspect="e3"),
        demo=[(0, "arrest f4", 3.3)], shows="Ada has 3 Crocs and wins!"),
    # -- Races -------------------------------------------------------------------------------
    "race": _lesson(
        "Everybody races at once: three people at one screen, each with a key of their own.",
        "race",
        _pos(ANY, ANY, "???v??", "???v??", "???>>v", suspect="d3"), players=THREE,
        demo=[(1, "arrest d3", 2.3), (2, "arrest f6", 1.9)],
        shows=("wrong! Ben may not arrest again", "Sam arrests")),
    "bot-race": _lesson(
        "A race against a bot, with its own reaction time and error rate.",
        "bots", None, players=["Ada", "Bot"], seed=7),
    # -- Variants (02-variants) --------------------------------------------------------------
    "kid": _lesson(
        "The Kid variant: arms and Hippos are ignored; the Croc the criteria pick is the "
        "culprit.",
        "variant-kid",
        _pos(ANY, ANY, "??>>>>", suspect="c3"), kid=True,
        demo=[(0, "arrest c3", 1.4)], shows="Ada arrests"),
    "wrap": _lesson(
        "Advanced 1: an arm pointing off the grid points on from the opposite side.",
        "variant-wrap",
        _pos("??^???", "??^???", "??^???", "??^???", ANY, "><<???", suspect="c4"),
        wrap=True, demo=[(1, "arrest b6", 4.8)], shows="Ben arrests"),
    "wrap-itself": _lesson(
        "Advanced 1: a Croc alone in its line points round the grid at itself: pointed at "
        "twice.",
        "wrap-itself",
        _pos(".....<", "?????^", "?????^", hands={0: ["?", "?"], 1: ["?", "?"], 2: ["?"]},
             suspect="f3"),
        players=THREE, wrap=True, demo=[(2, "arrest f1", 3.6)], shows="Sam arrests"),
    "turns": _lesson(
        "Advanced 2: every card lies with a quarter turn, so each arm points its own way.",
        ("variant-turns", "quarter-turns"),
        _pos(ANY, ["?", "?", "Admiral Snap/3", "Cleo/1", "?", "?"],
             ["?", "?", "?", "Horatio/1", ">", ">"], suspect="c2"),
        turns=True, demo=[(1, "arrest f3", 4.4)], shows="Ben arrests"),
    "advanced-both": _lesson(
        "Both Advanced variants at once: turned cards, and arms that wrap around.",
        "variants-combined", None, wrap=True, turns=True,
        demo=[(0, "reveal", 0)], shows="Round 1: the criteria are"),
}, board=_board)

lesson_game, lesson_board, play_demo = LESSONS.game, LESSONS.board, LESSONS.play_demo
