"""Helpers for Froop! tests: games from small explicit positions with the rest of the 84
cards filled into the pile (after the cards a test wants drawn first), a Froop on which
two cards fit nowhere (for an empty pile and blocked games), and where every card is."""

from __future__ import annotations

from collections import Counter

from pondwidgets.core import ManualClock
from pondwidgets.froop import FroopGame
from pondwidgets.froop.cards import CARDS, NAME_OF

# A small Froop (x from -2 to 1, y from -1 to 2) with a place for every match size:
#   y=-1:  .  .  S  B
#   y= 0:  S  F  H  S
#   y= 1:  F  H  B  F
#   y= 2:  F  B  S  S
SMALL = [["HSBF", 0, 0], ["BFSS", 0, 1], ["FHHB", -1, 0], ["SFFH", -2, 0], ["SBHS", 0, -1],
         ["FHFB", -2, 1]]
FOUR = "HBBS at -1,1"  # covers H B / B S: four symbols, across four cards
THREE = "BSFH at -1,-1"  # covers . S / F H: three symbols
THEN_THREE = "BBSF at -2,-1"  # after THREE: three symbols again
TWO = "SSFH at 1,0"  # (card HFSS) covers S . / F .: two symbols
UNPLAYABLE = ("BBFH", "BBFS", "HHBS", "BHFS", "HSBS")  # cards that fit nowhere on SMALL

# 82 cards laid legally (found by a search) on which BBFS and BBHS fit nowhere: with those
# two in the hands and an empty pile, nobody can play. Its last cards, taken back into a
# hand, are plays again: BLOCKED[:-1] with FHBB in a hand has "FHBB at 3,-9".
BLOCKED = [
    ["SBBF", 0, 0], ["BSFF", 1, 0], ["FBSB", 0, -1], ["BFBS", 1, -1], ["SSFB", -1, 0],
    ["HFSS", -1, -1], ["HFFB", 0, -2], ["FSBF", 1, -2], ["BFFS", 1, -3], ["FSSH", 2, -1],
    ["SHFS", 2, 0], ["FFSH", 2, -3], ["SFHB", 3, -1], ["FSFH", 2, 1], ["HBSB", 3, 0],
    ["FBFS", -1, 1], ["FFBH", 4, -1], ["HBSF", 3, -2], ["FFHB", 3, -3], ["FHFB", 2, 2],
    ["BSHF", -2, 0], ["HBHF", 0, -3], ["BHHF", -1, -2], ["BFHB", 0, -4], ["BHBS", -2, -1],
    ["FHBF", 1, -4], ["SFFH", 1, -5], ["SBBH", -2, -2], ["SHBH", -1, -3], ["SBHS", 3, 1],
    ["HBFB", -3, -1], ["BBSH", -1, -4], ["FSFB", -1, 2], ["BFSB", 0, 1], ["SHFF", -4, -1],
    ["SSBF", 0, -5], ["FBFH", -3, 0], ["SSHB", -3, -2], ["FSSB", -2, -3], ["FHFS", -3, 1],
    ["BHBF", 4, 0], ["BHSF", 1, -6], ["HSBS", 3, 2], ["SBFS", -2, -4], ["BFSH", 4, 1],
    ["FHHS", 2, -5], ["HFSH", 3, -5], ["BSFS", 3, 3], ["SHSF", 4, 2], ["HHFS", 5, 2],
    ["HSFS", 4, -4], ["FBHS", 4, -5], ["SFBH", 1, -7], ["HBFH", 2, -6], ["FBHH", 5, 1],
    ["BFHH", 6, 1], ["HHSB", 6, 2], ["BHSB", 5, -5], ["SHFB", 4, -6], ["FFBS", 3, -7],
    ["HFBS", 7, 2], ["SBSF", 1, -8], ["SHSB", 1, -9], ["SBHH", 6, 3], ["FSHH", 5, 3],
    ["HSBF", 6, -5], ["HSBH", 5, -6], ["BHHS", 5, -7], ["SHFH", 7, -5], ["HBSS", 0, -6],
    ["FSBB", -1, -5], ["HSHB", 0, -7], ["HFSB", -2, -5], ["FBBH", 5, -8], ["FHSH", 7, -6],
    ["SBHF", -2, -6], ["FSHF", 3, 4], ["BHFH", 7, -7], ["SSHF", -5, -1], ["BSSH", -4, -2],
    ["HFBB", 2, -9], ["FHBB", 3, -9],
]
BLOCKED_HANDS = ("BBFS", "BBHS")

# 79 cards laid legally (found by a search), leaving five: FHSH matches four symbols at
# -4,0. With those five in hands and the pile, the pile can be as short as a test needs.
FULL = [
    ["HBSS", 0, 0], ["BHSS", 1, 0], ["HHBS", -1, 0], ["FSBH", 1, -1], ["BHFB", -2, 0],
    ["BSSF", -1, 1], ["HFFS", 1, -2], ["SBHF", 1, -3], ["SHSB", 1, -4], ["SHFF", 0, -2],
    ["SBHS", 2, -1], ["FBSH", 1, -5], ["HBHF", -3, 0], ["BHHS", 2, -5], ["HFSS", -3, 1],
    ["SSFB", 1, -6], ["FFBH", -2, -1], ["BHFF", 2, -3], ["HFHS", 0, -5], ["HSFB", 3, -3],
    ["HSBS", 0, -4], ["SHFS", -4, 1], ["BSFF", -5, 1], ["SFBS", -5, 0], ["BHSF", -5, -1],
    ["FFSH", -5, 2], ["BFSB", 3, -1], ["BFBH", -5, -2], ["FBHH", -4, -2], ["FHSS", 1, -7],
    ["HSSF", 2, 0], ["SBFB", -4, -3], ["SBBF", 4, -3], ["SSBF", -5, -3], ["SFSB", 4, -4],
    ["SFHH", 2, 1], ["SFHB", -1, 2], ["SHSF", 4, -5], ["FHHS", 3, -6], ["SBFF", 3, 0],
    ["HBFS", 5, -5], ["BHSB", -4, -4], ["BBHS", -6, -1], ["HFBS", -6, 2], ["BBFH", 1, -8],
    ["HSBB", -3, -4], ["FBHS", -3, -5], ["BBFS", 5, -3], ["HHSF", 2, 2], ["HHSB", -1, -4],
    ["BSBF", -6, 3], ["BSSH", -2, -3], ["FSBF", 4, -1], ["BBSF", 0, -8], ["HHFB", -7, 2],
    ["HBBS", -1, 3], ["BFSF", 6, -5], ["FBHB", -7, 3], ["BFHF", -6, 4], ["SFHF", 2, 3],
    ["FBFH", -7, -1], ["HFFB", 2, 4], ["SFFB", 5, -1], ["BSHF", 0, -6], ["FHBF", 6, -6],
    ["FSFH", 7, -5], ["SHFB", -2, 3], ["FBBH", 3, 4], ["HSBH", 2, -4], ["BSFH", 6, -7],
    ["BHFH", 3, 5], ["HSFS", 3, 2], ["FHSF", -8, 2], ["HBFH", -8, 1], ["SFBF", 6, -4],
    ["SBHB", 7, -7], ["SHBH", 4, 3], ["SBSF", 5, -7], ["HSHB", 5, 3],
]
FULL_LEFT = ("BBHF", "BHHF", "BSBH", "FHSH", "HFSH")
FULL_FOUR = "FHSH at -4,0"


def unplaced(froop, hands, pile=()) -> list[str]:
    """The cards (names) neither on the Froop, in a hand nor in the pile, sorted."""
    placed = {NAME_OF[letters.upper()] for letters, _, _ in froop}
    placed.update(NAME_OF[c] for hand in hands for c in hand)
    placed.update(NAME_OF[c] for c in pile)
    return [card for card in CARDS if card not in placed]


def game_from(*hands, froop=None, pile=(), fill=True, to_move=0, points=None, seed=0,
              clock=None, **options) -> FroopGame:
    """A game on a ManualClock from an explicit position: these hands (one per seat), the
    Froop (default SMALL), and a pile starting with ``pile`` (top first) to which every card
    placed nowhere else is added, sorted, unless ``fill=False`` (then the position must
    place all 84 cards itself)."""
    froop = [list(card) for card in (froop if froop is not None else SMALL)]
    hands = [list(hand) for hand in hands]
    pile = list(pile)
    if fill:
        pile += unplaced(froop, hands, pile)
    position = {"froop": froop, "hands": hands, "pile": pile, "to_move": to_move}
    if points is not None:
        position["points"] = points
    return FroopGame(len(hands), seed=seed, position=position,
                     clock=clock if clock is not None else ManualClock(), **options)


def blocked_game(*extra, back=0, **options) -> FroopGame:
    """Two players on BLOCKED with an empty pile: seat 0 holds BBFS, seat 1 BBHS plus
    ``extra`` cards; ``back`` takes the Froop's last cards back into seat 1's hand."""
    froop = BLOCKED[:len(BLOCKED) - back]
    taken = [NAME_OF[letters] for letters, _, _ in BLOCKED[len(BLOCKED) - back:]]
    return game_from([BLOCKED_HANDS[0]], [BLOCKED_HANDS[1], *taken, *extra], froop=froop,
                     fill=False, **options)


def play(game, *moves, seat=None):
    """Play these decisions in order (notation), each by ``seat`` or the seat to act."""
    for move in moves:
        game.play(move, seat)
    return game


def moves(game, seat=None) -> set[str]:
    return {str(m) for m in game.legal_moves(seat)}


def where_is_every_card(game) -> Counter:
    """Every card, by name, wherever it is: the Froop, a hand or the pile."""
    found = Counter(NAME_OF[laid.card] for laid in game.froop)
    for hand in game.hands:
        found.update(hand)
    found.update(game.pile)
    return found
