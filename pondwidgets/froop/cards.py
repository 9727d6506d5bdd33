"""Froop!'s cards: four symbols on 2 × 2 cells, every arrangement with at least three
different symbols, once up to a 180° turn (RULINGS §5).

A card is written as its four letters in reading order — top left, top right, bottom
left, bottom right — ``"HSBF"``. Turning it 180° reverses the letters (``turn``); a card
may never be turned 90°. Each card has one **name**, the alphabetically smaller of its
two spellings (``name_of``), and ``CARDS`` lists the 84 names, generated rather than
typed so that the count is checked by construction:

- 4! = 24 arrangements use all four symbols;
- 4 · 3 · C(4, 2) · 2 = 144 use exactly three (the doubled symbol: 4, the two others: 3
  pairs of the rest, the two cells the doubled symbol takes: C(4, 2) = 6, the others'
  order: 2);
- none is its own turn (that needs cells 0 = 3 and 1 = 2: at most two symbols), so each
  card is two arrangements: (24 + 144) / 2 = 84.
"""

from __future__ import annotations

import itertools

SYMBOLS = ("H", "S", "B", "F")
SYMBOL_NAMES = {"H": "heart", "S": "smiley", "B": "bat wing", "F": "flower"}
HAND_SIZE = 7  # cards dealt to each player (and Marathon's draw-back)


def turn(letters: str) -> str:
    """The card turned 180°: its letters reversed (``"HSBF"`` -> ``"FBSH"``)."""
    return letters[::-1]


def name_of(letters: str) -> str:
    """A card's name, whichever way up it is spelled: the smaller of its two spellings."""
    turned = letters[::-1]
    return letters if letters <= turned else turned


def is_card(letters: object) -> bool:
    """Whether ``letters`` spells a card (either way up): four symbol letters, at least
    three of them different."""
    return (isinstance(letters, str) and len(letters) == 4
            and all(c in SYMBOL_NAMES for c in letters) and len(set(letters)) >= 3)


def _generate() -> tuple[str, ...]:
    names = {name_of("".join(cells)) for cells in itertools.product(SYMBOLS, repeat=4)
             if len(set(cells)) >= 3}
    return tuple(sorted(names))


CARDS: tuple[str, ...] = _generate()
CARD_SET = frozenset(CARDS)


def describe(letters: str) -> str:
    """A card for people: ``"heart, smiley / bat wing, flower"`` (top row / bottom row)."""
    words = [SYMBOL_NAMES[c] for c in letters]
    return f"{words[0]}, {words[1]} / {words[2]}, {words[3]}"


__all__ = ["CARDS", "CARD_SET", "HAND_SIZE", "SYMBOLS", "SYMBOL_NAMES", "describe", "is_card",
           "name_of", "turn"]
