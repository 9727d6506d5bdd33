"""Froop!'s cards: four symbols on 2 × 2 cells, every arrangement with at least three
different symbols, once up to a 180° turn (docs/rules/froop.md#deck).

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
from typing import Any

from ..core.errors import BadArgument, brief

SYMBOLS = ("H", "S", "B", "F")
SYMBOL_NAMES = {"H": "heart", "S": "smiley", "B": "bat wing", "F": "flower"}
HAND_SIZE = 7  # cards dealt to each player (and Marathon's draw-back)


def turn(letters: str) -> str:
    """The card turned 180°: its letters reversed (``"HSBF"`` -> ``"FBSH"``)."""
    if type(letters) is not str:  # (a quick check: the rules call it often)
        letters_argument(letters, "letters")
    return letters[::-1]


def name_of(letters: str) -> str:
    """A card's name, whichever way up it is spelled: the smaller of its two spellings."""
    if type(letters) is not str:  # (a quick check: the rules call it often)
        letters_argument(letters, "letters")
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
# Either spelling of a card -> its name (name_of, as a table).
NAME_OF = {letters: name for name in CARDS for letters in (name, turn(name))}


def letters_argument(value: Any, name: str) -> str:
    """``value`` if it is four symbol letters in reading order (``"HSBF"``), as a card is
    written either way up, else BadArgument naming the argument ``name``."""
    if not (isinstance(value, str) and len(value) == 4
            and all(c in SYMBOL_NAMES for c in value)):
        raise BadArgument(f"{name} is a card's four letters in reading order (each H, S, B or "
                          f"F, such as 'HSBF'), not {brief(value)}")
    return value


def laid_argument(value: Any, name: str) -> list[Any] | tuple[Any, ...]:
    """``value`` if it is a card as laid, ``(letters, x, y)``: its letters and its top-left
    cell, whole numbers."""
    if not (isinstance(value, list | tuple) and len(value) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value[1:])
            and all(abs(v) < 10**6 for v in value[1:])):
        raise BadArgument(f"{name} is a card as laid, (letters, x, y), not {brief(value)}")
    letters_argument(value[0], name)
    return value


def _letters_problem(letters: Any) -> str | None:
    """Why ``letters`` does not spell a card as laid, or None."""
    if not isinstance(letters, str) or len(letters) != 4 \
            or any(c not in SYMBOL_NAMES for c in letters):
        return (f"{brief(letters)} is not a card as laid: four letters of H (heart), S "
                f"(smiley), B (bat wing) and F (flower), in reading order")
    if len(set(letters)) < 3:
        return f"{letters} is no card: every card shows at least three different symbols"
    return None


def describe(letters: str) -> str:
    """A card for people: ``"heart, smiley / bat wing, flower"`` (top row / bottom row)."""
    letters_argument(letters, "letters")
    words = [SYMBOL_NAMES[c] for c in letters]
    return f"{words[0]}, {words[1]} / {words[2]}, {words[3]}"


__all__ = ["CARDS", "CARD_SET", "HAND_SIZE", "NAME_OF", "SYMBOLS", "SYMBOL_NAMES", "describe",
           "is_card", "name_of", "turn"]
