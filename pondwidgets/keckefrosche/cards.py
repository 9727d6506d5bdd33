"""Kecke Frösche's cards and chips: the 66 cards and the 12 face-down chips, and the cards
in front of one player (``Display``).

The rulebook names no frog kinds (the real ones are unknown: a ruling,
docs/rules/keckefrosche.md#frog-kinds), so the twelve kinds here are **invented for
pondwidgets** — playful pond names of our own, not the publisher's. Each has an id
(``"water-1"`` … ``"dike-4"``), a name, its biotope and a letter printed on the card as a
second cue besides its colour.

A card is written by a short id: a frog by its kind's id, ``"stork"``, ``"bang"`` (a bang
frog); the three biotope cards (``"water"``, ``"bank"``, ``"dike"``) lie on the table.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

WATER, BANK, DIKE = "water", "bank", "dike"
BIOTOPES = (WATER, BANK, DIKE)
BIOTOPE_NAMES = {WATER: "under water", BANK: "on the bank", DIKE: "on the dike"}
STORK, BANG = "stork", "bang"
COPIES = 4  # copies of each frog kind
STORKS = 12
BANGS = 3
CHIP_VALUES = (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)  # docs/rules/keckefrosche.md#chips


class Kind(NamedTuple):
    """One of the twelve frog kinds (our own invention: see the module's docstring)."""

    id: str
    name: str
    biotope: str
    letter: str


FROG_KINDS: tuple[Kind, ...] = (
    Kind("water-1", "Bubblebelly", WATER, "B"),
    Kind("water-2", "Snorkel Sid", WATER, "S"),
    Kind("water-3", "Weedwhisker", WATER, "W"),
    Kind("water-4", "Deep Dozer", WATER, "D"),
    Kind("bank-1", "Reed Hopper", BANK, "R"),
    Kind("bank-2", "Mudpuddle Max", BANK, "M"),
    Kind("bank-3", "Cattail Kit", BANK, "K"),
    Kind("bank-4", "Lilypad Lou", BANK, "L"),
    Kind("dike-1", "Grassjumper", DIKE, "G"),
    Kind("dike-2", "Hilltop Hopper", DIKE, "H"),
    Kind("dike-3", "Cloudgazer", DIKE, "C"),
    Kind("dike-4", "Pebblepop", DIKE, "P"),
)
FROG_KIND = {k.id: k for k in FROG_KINDS}
BIOTOPE_OF = {k.id: k.biotope for k in FROG_KINDS}

# The 63 cards of the draw pile before the deal (the biotope cards lie on the table).
DECK: tuple[str, ...] = tuple([k.id for k in FROG_KINDS for _ in range(COPIES)]
                              + [STORK] * STORKS + [BANG] * BANGS)
DECK_COUNTS = Counter(DECK)
CARDS = len(DECK) + len(BIOTOPES)  # 66


def card_name(card: str) -> str:
    """A card for people: ``"a Bubblebelly (water-1)"``, ``"a stork"``, ``"a bang frog"``."""
    if card == STORK:
        return "a stork"
    if card == BANG:
        return "a bang frog"
    return f"a {FROG_KIND[card].name} ({card})"


CARD_NAMES = {card: card_name(card) for card in DECK_COUNTS}  # the rules name one a decision


class Display:
    """The cards in front of one player: a row of frogs per biotope (left to right), the
    storks, and the chips (their values: hidden from everyone until the end)."""

    __slots__ = ("chips", "rows", "storks")

    def __init__(self, rows=None, storks: int = 0, chips=None):
        self.rows: dict[str, list[str]] = {b: list((rows or {}).get(b, ())) for b in BIOTOPES}
        self.storks = storks
        self.chips: list[int] = list(chips or ())

    @property
    def cards(self) -> int:
        rows = self.rows
        return len(rows["water"]) + len(rows["bank"]) + len(rows["dike"]) + self.storks
