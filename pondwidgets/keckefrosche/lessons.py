"""Kecke Frösche lessons: small explicit positions, each set up to show one rule or ruling
of docs/rules/keckefrosche.md, for ``notebooks/keckefrosche/01-rules.ipynb`` and
``02-variants.ipynb``.

``lesson_board("pair")`` opens a live board on a lesson (hot-seat by default: the student
plays every seat); ``lesson_game(name)`` gives the same position as a plain game, for
Python demonstrations. ``LESSONS`` is a ``core.lessons.Lessons`` book: each lesson's
``position`` is the explicit-position format of ``pondwidgets/keckefrosche/README.md``,
built by :func:`deal` so that every one of the 66 cards has its place; its ``rules`` are
the anchors in docs/rules/keckefrosche.md of the rules and rulings it teaches
(``tests/keckefrosche/test_lessons.py`` lists them, and checks that each exists).

The draw pile is hidden in a game, but a lesson fixes its top cards (``pile``), so a board
opened on a lesson draws the same cards as its demonstration.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.arguments import checked, instance, items, one_of, optional, rule, text, whole
from ..core.errors import BadArgument, brief
from ..core.game import why_not
from ..core.lessons import Lesson, Lessons
from .cards import BIOTOPES
from .rules import KeckeGame

__all__ = ["BIOTOPES", "LESSONS", "all_cards", "deal", "lesson_board", "lesson_game",
           "play_demo", "why_not"]


def _display(value: Any, name: str) -> dict:
    """A player's display as ``deal`` and a position hold it: its rows by biotope (lists
    of cards), and optionally its ``storks`` and ``chips``."""
    if not isinstance(value, dict) or not all(
            isinstance(value.get(b, []), list | tuple)
            and all(isinstance(card, str) for card in value.get(b, [])) for b in BIOTOPES):
        raise BadArgument(f"{name} is a display (a dictionary of rows by biotope, as a "
                          f"position holds them), not {brief(value)}")
    return value


def all_cards() -> Counter:
    """The 63 cards besides the three biotope cards: 4 copies of each of the 12 frog
    kinds, 12 storks, 3 bang frogs."""
    cards = Counter({f"{b}-{k}": 4 for b in BIOTOPES for k in range(1, 5)})
    cards["stork"] = 12
    cards["bang"] = 3
    return cards


@checked(displays=rule(items, _display, 1, 4, "a list of displays, one per seat"),
         biotopes=optional(rule(instance, dict, "a dictionary of each biotope's pile")),
         pile=rule(items, rule(text, 20, "a card"), 0, 63, "a list of cards"),
         box=optional(rule(instance, dict, "a dictionary of the storks and bang frogs in the box")),
         rest=rule(one_of, ("pile", "out")), stage=rule(one_of, ("collecting", "discarding")),
         to_move=rule(whole, 0, 3, "a seat"))
def deal(displays: list[dict], biotopes: dict | None = None, *, pile: tuple = (),
         box: dict | None = None, rest: str = "pile", stage: str = "collecting",
         to_move: int = 0) -> dict[str, Any]:
    """An explicit position in which every card has its place. ``displays`` (one per seat:
    ``{"water": [...], "bank": [...], "dike": [...], "storks": n, "chips": [values]}``,
    missing keys empty), ``biotopes`` (each pile, bottom to top), ``box`` and ``pile``
    (the top of the draw pile, top first) are as written; every card not named goes

    - ``rest="pile"``: under the named ones in the draw pile (storks and bang frogs first,
      then the frogs by kind), or
    - ``rest="out"``: out of the pile, so that the pile is exactly ``pile``: storks and
      bang frogs into the box, frogs onto their biotopes' piles, kinds taking turns so
      that no two identical frogs lie on each other.
    """
    left = all_cards()
    shown = []
    for display in displays:
        spec: dict[str, Any] = {b: list(display.get(b, [])) for b in BIOTOPES}
        spec["storks"] = display.get("storks", 0)
        if "chips" in display:
            spec["chips"] = list(display["chips"])
        shown.append(spec)
        for b in BIOTOPES:
            left.subtract(spec[b])
        left["stork"] -= spec["storks"]
    piles = {b: list((biotopes or {}).get(b, [])) for b in BIOTOPES}
    for cards in piles.values():
        left.subtract(cards)
    out = {"storks": 0, "bang": 0, **(box or {})}
    left["stork"] -= out["storks"]
    left["bang"] -= out["bang"]
    left.subtract(pile)
    if any(n < 0 for n in left.values()):
        raise BadArgument(f"displays, biotopes, box and pile: more cards named than there "
                          f"are: {brief(dict(-left), 120)}")
    rest_cards = sorted(left.elements(), key=lambda c: (c not in ("stork", "bang"), c))
    if rest == "pile":
        draw = list(pile) + rest_cards
    else:
        draw = list(pile)
        out["storks"] += left["stork"]
        out["bang"] += left["bang"]
        for b in BIOTOPES:
            kinds = {k: left[f"{b}-{k}"] for k in range(1, 5)}
            last = piles[b][0] if piles[b] else None
            while any(kinds.values()):
                # the kind with the most copies left that differs from the top card
                choice = max((k for k in kinds if kinds[k] and f"{b}-{k}" != last),
                             key=lambda k: (kinds[k], -k), default=None)
                if choice is None:
                    raise BadArgument(f"rest: cannot stack the {b} frogs without two "
                                      f"identical frogs on each other")
                last = f"{b}-{choice}"
                piles[b].insert(0, last)  # under the cards named
                kinds[choice] -= 1
    return {"displays": shown, "biotopes": piles, "box": out, "pile": draw,
            "stage": stage, "to_move": to_move}


def _lesson(description: str, rules, position: dict | None, *, players: int | None = None,
            demo=(), refused=None, refused_at: int | None = None, shows=(), seed: int = 1,
            **options) -> Lesson:
    if players is None:
        assert position is not None  # a lesson without a position gives its players
        players = len(position["displays"])
    return Lesson(description, players, position, options, seed, demo, refused, shows,
                  rules, refused_at)


def _board():
    from .widget import KeckeBoard  # widgets load only when a board is wanted

    return KeckeBoard


# The displays most lessons start from: Ada (seat 0) and Bob (seat 1).
ADA = {"water": ["water-1", "water-3"], "bank": ["bank-2"], "dike": ["dike-4"], "storks": 1}
BOB = {"water": ["water-2"], "bank": ["bank-1", "bank-4"], "dike": [], "storks": 0}

# The last card of the pile: Ada discards a frog and should draw two, but one is left.
PILE_OUT = deal([ADA, BOB], {"dike": ["dike-2", "stork"]}, pile=("bank-3",), rest="out")

LESSONS = Lessons(KeckeGame, {
    # -- Setting up --------------------------------------------------------------------------
    "setup": _lesson(
        "The deal: one card each, face up, never a bang frog; seat 0 starts.",
        ("setup", "deal-bang-frog", "first-player", "deal-stork", "frog-kinds", "chips"),
        None, players=2, seed=7,
        shows=("Bob is dealt a bang frog: it goes back into the pile",
               "Bob is dealt a stork.", "Ada starts.")),
    # -- The collecting phase ------------------------------------------------------------------
    "draw": _lesson(
        "Discard nothing and draw one card: the frog goes at the left or the right end of "
        "its row.",
        ("draw-one-more", "frog-drawn"),
        deal([ADA, BOB], {"water": ["water-4"]}, pile=("bank-3", "dike-2")),
        demo=["draw", "right"], refused=(0, "discard bank 1"), refused_at=1,
        shows=("Ada draws a Cattail Kit (bank-3).", "Ada lays it at the right end of the row.",
               "first lay the frog you drew")),
    "pair": _lesson(
        "A frog laid next to an identical frog earns a chip, face down.",
        ("pair", "chip-only-when-drawn"),
        deal([ADA, BOB], pile=("water-3", "bank-2")),
        demo=["draw", "right"], shows="next to an identical frog, and takes a chip"),
    "discard": _lesson(
        "Discard one frog onto its own biotope, then draw two cards.",
        ("own-biotope", "discard-anywhere", "draw-one-more"),
        deal([{"water": ["water-1", "water-2", "water-1"], "bank": ["bank-2"],
               "dike": ["dike-4"], "storks": 1}, BOB], {"dike": ["dike-3", "stork"]},
             pile=("water-3", "bank-3")),
        demo=["discard water 2", "draw", "left", "left"], refused=(0, "discard dike 1"),
        refused_at=0, shows=("Ada discards a Snorkel Sid (water-2) under water.",
                             "a stork blocks on the dike")),
    "identical": _lesson(
        "Never two identical frogs on top of each other at a biotope.",
        "never-identical",
        deal([ADA, BOB], {"water": ["water-2", "water-3"]}, pile=("dike-1", "bank-3")),
        demo=["discard water 1", "draw"], refused=(0, "discard water 2"), refused_at=0,
        shows="two identical frogs may never lie on top of each other"),
    "stork-block": _lesson(
        "A stork on a biotope blocks it: no frog may be discarded there.",
        ("stork-blocks", "one-block"),
        deal([ADA, BOB], {"bank": ["bank-3", "stork"]}, pile=("dike-1", "water-4")),
        demo=["stork water", "draw", "left"], refused=(0, "discard water 1"), refused_at=1,
        shows=("The stork that lay on the bank goes back into the box.",
               "Ada lays a stork under water: no frog may be discarded there now.")),
    "two-discards": _lesson(
        "Two discards need a stork; then three cards are drawn, automatically.",
        ("two-discards", "draw-one-more", "one-at-a-time"),
        deal([ADA, BOB], pile=("water-4", "bank-3", "dike-1")),
        demo=["discard water 1", "stork dike", "left", "left", "left"],
        refused=(0, "discard water 1"), refused_at=1,
        shows=("you may discard two cards only if one of them is a stork",
               "Ada draws a Grassjumper (dike-1).")),
    "two-storks": _lesson(
        "Two storks in one turn: the second one moves the block again.",
        ("two-storks", "stork-onto-blocked"),
        deal([{**ADA, "storks": 2}, BOB], {"dike": ["dike-1", "stork"]},
             pile=("water-4", "bank-3", "dike-2")),
        demo=["stork dike", "stork bank", "left", "left", "left"],
        shows=("The stork that lay on the dike goes back into the box.",
               "Ada lays a stork on the bank")),
    "stork-drawn": _lesson(
        "A stork drawn goes to the stork row, with no decision.",
        "stork-drawn",
        deal([ADA, BOB], pile=("stork", "water-4")),
        demo=["draw"], shows="Ada draws a stork and lays it in the stork row."),
    "bang": _lesson(
        "A bang frog drawn: the player with the most storks hands one in.",
        ("bang-frog", "bang-out"),
        deal([{**ADA, "storks": 1}, {**BOB, "storks": 2}], pile=("bang", "water-4")),
        demo=["draw"], shows="Bob has the most storks (2) and hands one in"),
    "bang-tie": _lesson(
        "A bang frog and a tie for the most storks: each of them hands one in.",
        ("bang-tie", "bang-no-storks"),
        deal([{**ADA, "storks": 2}, {**BOB, "storks": 2}], pile=("bang", "bang", "bang")),
        demo=["stork bank", "discard water 1"],
        shows=("Ada and Bob have the most storks (1) and each hand one in",
               "Nobody has a stork, so nothing happens")),
    "empty-supply": _lesson(
        "When the chips have run out, a pair earns nothing.",
        "empty-supply",
        deal([{**ADA, "chips": [1, 1, 2, 2, 3, 3]},
              {**BOB, "chips": [1, 1, 2, 2, 3, 3]}], pile=("water-3", "bank-2")),
        demo=["draw", "right"], shows="but the chips are all gone: no chip"),
    "pile-out": _lesson(
        "The last card of the pile ends the collecting phase.",
        ("pile-runs-out", "short-pile"),
        PILE_OUT, demo=["discard water 1", "draw", "left"],
        shows=("only 1 is left", "The discarding phase begins with Bob.")),
    # -- The discarding phase ------------------------------------------------------------------
    "block": _lesson(
        "The discarding phase: a stork from the box blocks a second biotope; its first "
        "player chooses which.",
        ("second-block", "who-blocks"),
        PILE_OUT, demo=["discard water 1", "draw", "left", "block bank"],
        refused=(1, "block dike"), refused_at=3,
        shows=("Bob lays a stork from the box on the bank: it is blocked.",
               "is blocked already")),
    "series": _lesson(
        "Discarding: a series of frogs at the one open biotope, at most one of each kind.",
        ("series",),
        deal([{"water": ["water-1", "water-3", "water-1", "water-4"], "bank": ["bank-2"],
               "storks": 0},
              BOB], {"bank": ["bank-1", "stork"], "dike": ["dike-2", "stork"]},
             rest="out", stage="discarding"),
        demo=["discard water 1", "discard water 1", "done"], refused=(0, "discard water 1"),
        refused_at=2, shows="a series holds at most one frog of each kind"),
    "stork-open": _lesson(
        "Discarding: a stork moves a block, and its player chooses which biotope opens.",
        ("discarding-stork", "one-stork", "which-opens"),
        deal([{"water": ["water-1"], "bank": ["bank-2", "bank-4"], "storks": 2}, BOB],
             {"bank": ["bank-1", "stork"], "dike": ["dike-2", "stork"]},
             rest="out", stage="discarding"),
        demo=["stork water", "open bank", "discard bank 1", "discard bank 1"],
        refused=(0, "stork bank"), refused_at=2,
        shows=("Ada lays a stork under water.", "its stork goes back into the box",
               "only one stork per turn")),
    "pass": _lesson(
        "Discarding: pass when you cannot or will not discard; all passing in a row ends the "
        "game.",
        ("pass", "all-pass", "what-is-a-pass"),
        deal([{"water": [], "bank": ["bank-2"], "dike": ["dike-4"], "storks": 0, "chips": [2]},
              {"water": ["water-2"], "bank": [], "dike": ["dike-1"], "storks": 0}],
             {"water": ["water-1", "stork"], "dike": ["dike-2", "stork"]},
             rest="out", stage="discarding"),
        demo=["pass", "pass"],
        shows=("Every player has passed, one after another.", "Ada wins with 4 points")),
    "last-card": _lesson(
        "Discarding: a player who has discarded every card ends the game; the score.",
        ("last-card", "empty-display", "score", "storks-count"),
        deal([{"water": ["water-1", "water-3"], "storks": 0, "chips": [3]},
              {"water": ["water-2"], "bank": ["bank-1", "bank-4"], "dike": [], "storks": 1,
               "chips": [1]}],
             {"bank": ["bank-2", "stork"], "dike": ["dike-2", "stork"]},
             rest="out", stage="discarding"),
        demo=["discard water 1", "discard water 1"],
        shows=("Ada has no card left",
               "Ada scores 7: 4 cards in the others' displays + 3 from 1 chip.")),
    "tie": _lesson(
        "Tied players share the win.",
        "tie",
        deal([{"water": ["water-1"], "storks": 0, "chips": [1]},
              {"water": ["water-3"], "storks": 0, "chips": [1]}],
             {"bank": ["bank-2", "stork"], "dike": ["dike-2", "stork"]},
             rest="out", stage="discarding"),
        demo=["pass", "pass"], shows="Ada and Bob share the win with 2 points."),
    # -- Variants (02-variants) ----------------------------------------------------------------
    "four-players": _lesson(
        "Two to four players: the deal for four.",
        "players",
        None, players=4, seed=7, shows=("Cleo is dealt a stork.", "Dan is dealt")),
}, board=_board)

lesson_game, lesson_board, play_demo = LESSONS.game, LESSONS.board, LESSONS.play_demo
