"""Froop! lessons: small explicit positions, each set up to show one rule or ruling of
docs/rules/froop.md, for ``notebooks/froop/01-rules.ipynb`` and ``02-variants.ipynb``.

``lesson_board("play")`` opens a live board on a lesson (hot-seat by default: the student
plays every seat); ``lesson_game(name)`` gives the same position as a plain game on a
``ManualClock``, for Python demonstrations whose times are the ones they give
(``game.clock.advance(20)``). ``LESSONS`` is a ``core.lessons.Lessons`` book: each
lesson's ``position`` is the explicit-position format of ``pondwidgets/froop/README.md``,
built by :func:`deal` so that every one of the 84 cards has its place; its ``rules`` are
the anchors of docs/rules/froop.md it teaches (``tests/froop/test_lessons.py`` lists them
and checks that each is in the document).

The draw pile is hidden in a game, but a lesson fixes its top cards, so a board opened on
a lesson draws the same cards as its demonstration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.arguments import checked, items, optional, rule, whole
from ..core.errors import BadArgument
from ..core.game import why_not
from ..core.lessons import Lesson, Lessons
from .cards import CARDS, laid_argument, letters_argument, name_of
from .rules import FroopGame

# The arguments' checks of deal and table (BadArgument naming the argument).
FROOP = rule(items, laid_argument, 1, len(CARDS), "a list of cards as laid")
CARD_LIST = rule(items, letters_argument, 0, len(CARDS), "a list of cards")
POINTS = rule(items, rule(whole, 0, 10**6, "a number of points"), 1, 10, "a list of points")

__all__ = ["BLOCKED", "LESSONS", "SIX", "START", "deal", "lesson_board", "lesson_game",
           "play_demo", "quarter_turn", "table", "why_not"]

# The starting card of most lessons: heart, smiley on top; bat wing, flower below.
START = ("HSBF", 0, 0)
# A Froop of six cards where 2-, 3- and 4-matches can all be found (also the Froop of
# exercise 4, "Play again?", in 03-probability).
SIX = [("FSHH", 0, 0), ("SBHB", 1, 0), ("BHSB", 1, -1), ("FHBH", 1, -2), ("BSBF", 2, 0),
       ("SFSB", 0, -2)]
# A long game's Froop: 82 cards, laid so that neither card left (FSHH, BBSH) fits
# anywhere. (Found by a search: blocked games are rare, as nearly every card fits somewhere
# on a big Froop.)
BLOCKED = [
    ("BBHS", 0, 0), ("BSSF", 1, 0), ("HSHF", 0, 1), ("FHBB", 0, -1), ("FHBH", -1, 1),
    ("SFFB", 1, 1), ("BBFH", -1, 0), ("HFBS", 1, -1), ("SHFF", 2, 0), ("FFBS", 2, 1),
    ("FSSH", 2, -1), ("FHSF", 3, 1), ("HSFH", 3, 0), ("SFBF", 3, 2), ("BSFB", 2, 2),
    ("FBHF", 1, 2), ("HFBH", 0, 2), ("BHFB", -1, 2), ("BFSF", 3, 3), ("FBBS", 2, 3),
    ("HFHB", 1, 3), ("BHSH", 0, 3), ("FBSS", -1, 3), ("HBSS", 1, 4), ("BSSH", 2, 4),
    ("SFHF", 3, 4), ("SHBS", 0, 4), ("SSFB", -1, 4), ("SHHF", 2, 5), ("SSFH", 1, 5),
    ("BSHF", 0, 5), ("FBFH", -1, 5), ("HFFB", 3, 5), ("HSFS", 2, -2), ("SFHS", 3, -1),
    ("BHHF", 1, -2), ("SBSF", 3, -2), ("FHBS", -1, 6), ("HFSF", 0, 6), ("FHFB", 1, 6),
    ("BSBH", -1, 7), ("SFHB", 0, 7), ("FBBH", 1, 7), ("BHBF", -1, 8), ("HBFF", 0, 8),
    ("BHFF", 1, 8), ("SBHH", 4, 0), ("FBSB", 4, -1), ("FSHS", 2, -3), ("BFBH", 1, -3),
    ("BFHS", 2, 7), ("HSFF", 2, 8), ("BFBS", -2, 3), ("BSFF", -2, 4), ("BBSF", -3, 4),
    ("BSFS", 2, -4), ("SHFH", 3, 8), ("FBSH", 3, 7), ("BSHS", 4, 7), ("SFFH", -3, 5),
    ("HFSB", -2, 6), ("FHSS", -3, 6), ("SBHB", -2, 7), ("SBFS", -4, 4), ("FSBF", -4, 5),
    ("HBSF", -2, 0), ("BHSS", -3, 0), ("SFBB", -2, 1), ("HBBS", -4, 0), ("FSHB", -4, -1),
    ("HHSB", -5, 0), ("BHSB", -4, 3), ("FBHS", -5, 3), ("SFBH", -4, 2), ("HSBS", 2, -5),
    ("BFSH", -6, 3), ("BFHH", -5, -1), ("FBHH", -6, -1), ("HHFS", 4, 1), ("BHHS", 5, 0),
    ("HBSH", 6, 0), ("SHBH", 6, 1),
]


def quarter_turn(letters: str) -> str:
    """A card's letters turned 90° clockwise (the rules forbid it): the bottom-left cell
    goes to the top left, and so on. ``quarter_turn("BSSF")`` is ``"SBFS"``: another card
    of the deck."""
    letters_argument(letters, "letters")
    return letters[2] + letters[0] + letters[3] + letters[1]


@checked(froop=FROOP, hands=rule(items, CARD_LIST, 1, 10, "a list of hands, one per seat"),
         pile=optional(CARD_LIST), to_move=rule(whole, 0, 9, "a seat"),
         points=optional(POINTS))
def deal(froop: list, hands: list[list[str]], pile: list[str] | None = None, *,
         to_move: int = 0, points: list[int] | None = None) -> dict[str, Any]:
    """An explicit position in which every card has its place. ``froop`` is the cards laid
    (``(letters, x, y)``, in order, the first at 0,0) and ``hands`` one list of card names
    per seat. ``pile`` is the top of the draw pile (top first), then every card not named
    anywhere, in the order of ``CARDS``; ``None`` leaves the pile to the lesson's seed
    (every card not named, shuffled)."""
    named = [name_of(letters) for letters, _, _ in froop]
    named += [name_of(card) for hand in hands for card in hand]
    named += [name_of(card) for card in pile or ()]
    twice = sorted({card for card in named if named.count(card) > 1})
    if twice:
        raise BadArgument(f"froop, hands and pile: cards named twice: {', '.join(twice)}")
    position: dict[str, Any] = {"froop": [list(card) for card in froop],
                                "hands": [list(hand) for hand in hands], "to_move": to_move}
    if pile is not None:
        position["pile"] = list(pile) + [card for card in CARDS if card not in named]
    if points is not None:
        position["points"] = list(points)
    return position


@checked(ada=CARD_LIST, pile=optional(CARD_LIST),
         players=rule(whole, 2, 10, "a number of players"), froop=FROOP,
         points=optional(POINTS))
def table(ada: list[str], pile: Sequence[str] | None = (), *, players: int = 10,
          froop: list = SIX, points: list[int] | None = None) -> dict[str, Any]:
    """A big table of ``players`` (ten by default): Ada (seat 0) holds ``ada``, the pile is
    ``pile`` (top first; empty by default), and every other card not on the ``froop`` is
    dealt one at a time round the other seats, in the order of ``CARDS``."""
    named = {name_of(letters) for letters, _, _ in froop} | set(ada) | set(pile or ())
    rest = [card for card in CARDS if card not in named]
    hands = [list(ada)] + [rest[k::players - 1] for k in range(players - 1)]
    position = deal(froop, hands, list(pile) if pile is not None else None, points=points)
    return position


def _lesson(description: str, rules, position: dict | None, *, players: int | None = None,
            demo=(), refused=None, refused_at: int | None = None, shows=(), seed: int = 1,
            **options) -> Lesson:
    if players is None:
        assert position is not None  # a lesson without a position gives its players
        players = len(position["hands"])
    return Lesson(description, players, position, options, seed, demo, refused, shows,
                  rules, refused_at)


def _board():
    from .widget import FroopBoard  # widgets load only when a board is wanted

    return FroopBoard


LESSONS = Lessons(FroopGame, {
    # -- The deal -------------------------------------------------------------------------
    "deal": _lesson(
        "The deal: 7 cards each, one at a time; the next card starts the Froop; the dealer "
        "plays first.",
        ("deal", "first-player", "deck", "seat-0-deals", "starting-card"),
        None, players=2, seed=3,
        shows=("Ada deals 7 cards to each player", "to start the Froop; 69 cards form the "
               "draw pile. Ada plays first.")),
    # -- A play ---------------------------------------------------------------------------
    "play": _lesson(
        "A play: lay a card from your hand so that it covers symbols of the Froop, each one "
        "matching; you may not draw while a card fits.",
        ("a-play", "must-play"),
        deal([START], [["HFBS", "BBFH", "FHSS"], ["BHSS", "FSBH", "HBSS"]]),
        demo=["SBFH at 1,0"], refused=(0, "draw"), refused_at=0,
        shows=("Ada lays SBFH at 1,0: 2 symbols match.",
               "you may not draw while you have a legal play (such as SBFH at 1,0)")),
    "two-symbols": _lesson(
        "A card must cover at least two symbols of the Froop.",
        "two-symbols",
        deal([START], [["FBHS", "BBFS", "BHBF"], ["BSBH", "FFBH"]]),
        demo=["FBHS at 0,-1"], refused=(0, "FBHS at 1,1"), refused_at=0,
        shows=("covers only one symbol (at 1,1): a card must cover at least two",
               "Ada lays FBHS at 0,-1: 2 symbols match.")),
    "match": _lesson(
        "Every symbol a card covers must be the same as the symbol on top of it.",
        "matching",
        deal([START], [["HBSS", "BFSS", "FHBH"], ["BSFS", "HFSH"]]),
        demo=["BFSS at 0,1"], refused=(0, "SSBH at 1,0"), refused_at=0,
        shows=("the cell 1,1 shows a flower (F) and SSBH has a bat wing (B) there: every "
               "symbol a card covers must match", "Ada lays BFSS at 0,1: 2 symbols match.")),
    "turn": _lesson(
        "A card may be turned 180°: its four letters read backwards.",
        "half-turn",
        deal([START], [["BFHS", "FSHH"], ["BSBH", "FFBH"]]),
        demo=["SHFB at 1,0"], refused=(0, "BFHS at 1,0"), refused_at=0,
        shows=("BFHS has a bat wing (B) there", "Ada lays SHFB at 1,0: 2 symbols match.")),
    "quarter-turn": _lesson(
        "Never a quarter turn: a card turned 90° would be another card of the deck.",
        ("no-quarter-turn", "draw"),
        deal([START], [["BSSF", "FBBS"], ["SBFS", "HBFH"]], ["FFSH"]),
        demo=["draw"], refused=(0, "SBFS at 1,0"), refused_at=0,
        shows=("SBFS is not in your hand", "Ada draws FFSH.")),
    "offsets": _lesson(
        "A card may lie half a card to the side of another, or half across and half down: "
        "any whole-cell offset.",
        ("offsets", "diagonal-offsets"),
        deal([START], [["HFBS", "BBHS"], ["FHSS", "FBBS"]]),
        demo=["SBFH at 1,0", "FHSS at 1,1"], refused=(0, "BBHS at -1,-1"),
        shows=("Ada lays SBFH at 1,0", "Bob lays FHSS at 1,1: 2 symbols match.",
               "covers only one symbol (at 0,0)")),
    # -- Matching 3 or 4: play again ------------------------------------------------------
    "again": _lesson(
        "Match 3 or 4 symbols and you may play another card, and again, as long as you match "
        "3 or 4; or stop.",
        ("play-again", "four-match"),
        deal(SIX, [["BBSH", "BFHB", "FHSS", "HBBS", "HHBS", "SBFS"], ["BFHS", "HFSS", "FFBH"]]),
        demo=["HBBS at 2,-1", "SBFS at 0,-1", "stop"],
        shows=("Ada lays HBBS at 2,-1: 3 symbols match. Ada may play again.",
               "Ada lays SBFS at 0,-1: 4 symbols match. Ada may play again.", "Ada stops.")),
    "stop": _lesson(
        "After a 3- or 4-match with no other card that fits, stop: the turn ends, without "
        "drawing.",
        ("stop",),
        deal(SIX, [["HHBS", "FBFS"], ["BFHS", "HFSS", "FFBH"]]),
        demo=["HHBS at 2,-1", "stop"], refused=(0, "draw"), refused_at=1,
        shows=("Ada lays HHBS at 2,-1: 3 symbols match. Ada may play again.",
               "'stop' ends your turn without drawing", "Ada stops.")),
    "draw": _lesson(
        "No card fits: draw a card, and the turn ends.",
        ("draw",),
        deal([START], [["BBFH", "FHSS"], ["BSFS", "HFSH"]], ["BSBF"]),
        demo=["draw"], refused=(0, "pass"), refused_at=0,
        shows=("Ada draws BSBF.", "you may pass only on an empty pile: with no card that "
               "fits, draw one")),
    "win": _lesson(
        "The first player to run out of cards wins, at once.",
        ("winning", "running-out"),
        deal(SIX, [["HBBS"], ["BFHS", "HFSS", "FFBH"]]),
        demo=["HBBS at 2,-1"], shows=("Ada lays HBBS at 2,-1: 3 symbols match.",
                                      "Ada has no card left and wins!")),
    # -- The end of the pile --------------------------------------------------------------
    "pass": _lesson(
        "With the draw pile empty, a player whose cards do not fit passes.",
        "pass",
        table(["BBFS", "BHFF", "BSSH", "FBHF", "FHFS", "FHHS", "SBHS"]),
        demo=["pass"], refused=(0, "draw"), refused_at=0,
        shows=("Ada passes: no card fits and the pile is empty.",
               "the draw pile is empty: with no card that fits, pass")),
    "blocked": _lesson(
        "Nobody can play and the pile is empty: when every player has passed in turn, the "
        "game is a draw.",
        ("blocked",),
        deal(BLOCKED, [["FSHH"], ["BBSH"]], []),
        demo=["pass", "pass"],
        shows=("Ada passes: no card fits and the pile is empty.",
               "Nobody can play and the pile is empty: the game is a draw.")),
    "fewest-wins": _lesson(
        "The option fewest_wins: a blocked game is won by the fewest cards (ties share).",
        ("fewest-wins",),
        deal(BLOCKED, [["FSHH"], ["BBSH"]], []), fewest_wins=True,
        demo=["pass", "pass"],
        shows="Ada and Bob have the fewest cards (1) and share the win."),
    # -- Cutthroat ------------------------------------------------------------------------
    "cutthroat-give": _lesson(
        "Cutthroat: after a 3-match, play again, give one of your cards to another player, or "
        "stop. Giving ends the turn.",
        ("cutthroat-give", "cutthroat-ends-turn"),
        deal(SIX, [["HBBS", "FBFS", "BHSS"], ["BFHS", "HFSS", "FFBH"]]), cutthroat=True,
        demo=["HBBS at 2,-1", "give FBFS to 1"], refused=(0, "others draw"), refused_at=1,
        shows=("Ada gives FBFS to Bob.",
               "under Cutthroat you make the others draw right after matching 4 symbols")),
    "cutthroat-draw": _lesson(
        "Cutthroat: after a 4-match, play again, make every other player draw a card, or "
        "stop.",
        ("cutthroat-draw",),
        deal(SIX, [["SBFS", "FBFS", "BHSS"], ["BFHS", "HFSS"], ["FFBH", "HHBS"]],
             ["BBHF", "BHFF"]), cutthroat=True,
        demo=["SBFS at 0,-1", "others draw"], refused=(0, "give FBFS to 1"), refused_at=1,
        shows=("Ada makes every other player draw a card.", "Bob draws BBHF.",
               "Cleo draws BHFF.",
               "under Cutthroat you may give a card right after matching 3 symbols")),
    "cutthroat-last": _lesson(
        "Cutthroat: giving away your last card is running out: you win.",
        ("cutthroat-last-card",),
        deal(SIX, [["HBBS", "FBFS"], ["BFHS", "HFSS", "FFBH"]]), cutthroat=True,
        demo=["HBBS at 2,-1", "give FBFS to 1"],
        shows=("Ada gives FBFS to Bob.", "Ada has no card left and wins!")),
    "cutthroat-short": _lesson(
        "Cutthroat: a short pile is drawn in turn order from the next player.",
        ("short-pile",),
        table(["SBFS", "BBFS", "BHFF", "BSSH", "FBHF", "FHFS", "FHHS"], ["FFSH"]),
        cutthroat=True, demo=["SBFS at 0,-1", "others draw"],
        shows=("Bob draws FFSH.", "The pile is empty: Cleo, Dan, Eve, Finn, Gus, Hana, Ivo "
               "and Jo draw nothing.")),
    "cutthroat-empty": _lesson(
        "Cutthroat: with the pile empty, a 4-match cannot make the others draw.",
        ("cutthroat-empty-pile",),
        table(["SBFS", "BBFS", "BHFF", "BSSH", "FBHF", "FHFS", "FHHS"]), cutthroat=True,
        demo=["SBFS at 0,-1", "stop"], refused=(0, "others draw"), refused_at=1,
        shows=("the draw pile is empty: nobody can draw", "Ada stops.")),
    # -- Speed ----------------------------------------------------------------------------
    "speed-draw": _lesson(
        "Speed: 20 seconds to lay a card; when time runs out before your first card, you "
        "draw and your turn ends.",
        ("speed-countdown", "speed-time-out"),
        deal(SIX, [["HBBS", "FBFS"], ["BFHS", "HFSS"]], ["FFSH"]), speed=True,
        demo=[(0, "time", 20)], refused=(0, "time"), refused_at=0,
        shows=("Ada still has 20.0 s", "Ada's time is up: Ada must draw a card, and the turn "
               "ends.", "Ada draws FFSH.")),
    "speed-chain": _lesson(
        "Speed: the countdown starts again for each card; when it runs out during a chain, "
        "the turn ends without a draw.",
        ("speed-chain", "speed-chain-time-out"),
        deal(SIX, [["HBBS", "FBFS", "SBFS"], ["BFHS", "HFSS"]], ["FFSH"]), speed=True,
        demo=[(0, "HBBS at 2,-1", 6), (0, "time", 20)], refused=(0, "time"), refused_at=1,
        shows=("Ada still has 20.0 s", "Ada's time is up: the turn ends.")),
    # -- Strategic ------------------------------------------------------------------------
    "strategic": _lesson(
        "Strategic: every hand lies face up, so everyone sees every card but the pile's.",
        ("strategic-hands",),
        deal([START], [["BBFH", "FHSS"], ["BSFS", "HFSH", "HFBS"]], ["BSBF"]), strategic=True,
        demo=["draw", "SBFH at 1,0"],
        shows=("Ada draws BSBF.", "Bob lays SBFH at 1,0: 2 symbols match.")),
    # -- Panic ----------------------------------------------------------------------------
    "panic-give": _lesson(
        "Panic: everyone plays at once; a 3-match must give a card to another player before "
        "doing anything else.",
        ("panic-race", "panic-three", "panic-must-give", "panic-no-play-again"),
        deal(SIX, [["HBBS", "FBFS", "BHSS"], ["BFHS", "HFSS", "FFBH"], ["BBHF", "SBFS"]]),
        panic=True, strategic=True,
        demo=[(0, "HBBS at 2,-1", 3), (2, "SBFS at 3,0", 1), (0, "give FBFS to 2", 1)],
        refused=(0, "BHSS at 3,0"), refused_at=1,
        shows=("Ada lays HBBS at 2,-1: 3 symbols match. Three! Ada must give a card to "
               "another player.", "Three! Ada must first give a card to another player",
               "Ada gives FBFS to Cleo.")),
    "panic-four": _lesson(
        "Panic: a 4-match makes every other player draw a card at once; a player with no "
        "card that fits may draw at any time.",
        ("panic-four", "panic-four-at-once", "panic-draw"),
        deal(SIX, [["SBFS", "FBFS"], ["BFHS", "HFSS"], ["BBHF", "BHFF"]],
             ["FFSH", "HSBS", "BFFH"]), panic=True, strategic=True,
        demo=[(2, "draw", 2), (0, "SBFS at 0,-1", 1)],
        shows=("Cleo draws FFSH.", "Four! Every other player draws a card.",
               "Bob draws HSBS.", "Cleo draws BFFH.")),
    "panic-late": _lesson(
        "Panic: a play made too late, on a spot another card has just changed, is refused.",
        ("panic-too-late",),
        deal(SIX, [["HBBS", "FBFS"], ["HHBS", "BFHS", "HFSS"]]), panic=True, strategic=True,
        demo=[(1, "HHBS at 2,-1", 2)], refused=(0, "HBBS at 2,-1"),
        shows=("Bob lays HHBS at 2,-1: 3 symbols match. Three!",
               "too late: Bob's card (HHBS at 2,-1) changed that spot")),
    # -- Marathon -------------------------------------------------------------------------
    "marathon-score": _lesson(
        "Marathon: running out scores a point; everyone draws back up to 7 cards, from the "
        "scorer on, and the next player plays.",
        ("marathon-points", "marathon-draw-back", "marathon-goes-on", "marathon-over-seven"),
        deal(SIX, [["HBBS"], ["BFHS", "HFSS", "FFBH", "BBHF", "BHFF"],
                   ["FBFS", "BHSS", "FFSH", "HSBS", "BFFH", "BBFS", "BHHF", "BSSH", "FBHF"]],
             points=[0, 1, 0]), marathon=True, seed=4,
        demo=["HBBS at 2,-1"],
        shows=("Ada has no card left and scores a point (1 point). Everyone draws back up to "
               "7 cards, from Ada on.", "Ada draws", "Bob draws", "Bob's turn.")),
    "marathon-end": _lesson(
        "Marathon: the game ends the moment the last card of the pile is drawn; the most "
        "points win, and tied leaders share the win.",
        ("marathon-end", "marathon-last-card", "marathon-ties"),
        table(["HBBS"], ["FFSH"], points=[1, 2, 0, 0, 0, 0, 0, 0, 0, 0]), marathon=True,
        demo=["HBBS at 2,-1"],
        shows=("Ada draws FFSH.", "The last card of the pile is drawn: the Marathon is over",
               "Ada and Bob share the win with 2 points!")),
    # -- Players (02-variants) ------------------------------------------------------------
    "ten-players": _lesson(
        "Two to ten players: the deal for ten leaves only 13 cards in the pile.",
        "players", None, players=10, seed=5,
        shows=("A new game of Froop! for 10 players", "13 cards form the draw pile.")),
}, board=_board)

lesson_game, lesson_board, play_demo = LESSONS.game, LESSONS.board, LESSONS.play_demo
