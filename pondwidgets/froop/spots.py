"""FroopBot's own picture of the Froop: its index of the blocks by picture (``Froop``),
where a card fits and what each spot is worth (``keys``, ``WEIGHT``), and what holding a
card costs (``card_cost``); the bot (``bots.py``) reads the Froop only through these."""

from __future__ import annotations

from collections.abc import Iterable

WEIGHT = {2: 1, 3: 3, 4: 6}  # how much a spot of each match size is worth to a card
# The masks of a card's four cells that a legal spot may leave covering (two or more).
MASKS = tuple(m for m in range(16) if bin(m).count("1") >= 2)


def _spellings(name: str) -> tuple[str, ...]:
    """A card's two spellings as laid: as named, and turned 180° (letters reversed)."""
    return (name, name[::-1])


def _keys(name: str) -> tuple[tuple[str, int, str], ...]:
    """Every picture of four cells (a symbol, or ``.`` for an empty cell) where the card
    fits, with its match size and the card's letters as laid there. A spot whose covered
    cells read ``pattern`` takes the card exactly when ``pattern`` is one of these."""
    keys = []
    for letters in dict.fromkeys(_spellings(name)):
        for mask in MASKS:
            pattern = "".join(c if mask >> i & 1 else "." for i, c in enumerate(letters))
            keys.append((pattern, bin(mask).count("1"), letters))
    return tuple(keys)


_KEYS: dict[str, tuple[tuple[str, int, str], ...]] = {}
_FLEX: dict[str, tuple[tuple[str, int], ...]] = {}


def keys(name: str) -> tuple[tuple[str, int, str], ...]:
    found = _KEYS.get(name)
    if found is None:
        found = _KEYS[name] = _keys(name)
        _FLEX[name] = tuple((p, WEIGHT[m]) for p, m, _ in found)
    return found


class Froop:
    """The bot's own index of a Froop: for every block of 2 x 2 cells covering at least
    two visible cells, its picture (``pattern``), and for every picture, the blocks that
    show it. A card's legal spots are then a few dictionary look-ups, and laying a card
    changes only the nine blocks around it, so the bot can try a play and take it back
    quickly."""

    __slots__ = ("at", "by", "cells")

    def __init__(self, cells: Iterable[tuple[int, int, str]]) -> None:
        self.cells: dict[tuple[int, int], str] = {(x, y): s for x, y, s in cells}
        self.at: dict[tuple[int, int], str] = {}  # block (top-left cell) -> its picture
        self.by: dict[str, set[tuple[int, int]]] = {}  # picture -> the blocks showing it
        seen = set()
        for x, y in self.cells:
            for pos in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
                if pos not in seen:
                    seen.add(pos)
                    self._set(pos, self._pattern(*pos))

    def _pattern(self, x: int, y: int) -> str | None:
        get = self.cells.get
        pattern = get((x, y), ".") + get((x + 1, y), ".") + get((x, y + 1), ".") \
            + get((x + 1, y + 1), ".")
        return pattern if pattern.count(".") <= 2 else None

    def _set(self, pos, pattern: str | None) -> None:
        old = self.at.get(pos)
        if old == pattern:
            return
        if old is not None:
            self.by[old].discard(pos)
        if pattern is None:
            del self.at[pos]
        else:
            self.at[pos] = pattern
            self.by.setdefault(pattern, set()).add(pos)

    def lay(self, letters: str, x: int, y: int) -> tuple:
        """Lay a card as spelled at (x, y); returns what ``undo`` needs. A legal play
        shows the same symbols on the cells it covers, so only the blocks around the
        cells it adds change: none at all for a 4-match."""
        cells = self.cells
        changed = [(c, cells.get(c)) for c, symbol in zip(
            ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)), letters, strict=True)
            if cells.get(c) != symbol]
        if not changed:
            return (), ()
        for i, c in enumerate(((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))):
            cells[c] = letters[i]
        blocks = {(cx - dx, cy - dy) for (cx, cy), _ in changed for dx in (0, 1)
                  for dy in (0, 1)}
        at, set_, pattern_of = self.at, self._set, self._pattern
        old_blocks = []
        for pos in blocks:
            old_blocks.append((pos, at.get(pos)))
            set_(pos, pattern_of(*pos))
        return changed, old_blocks

    def undo(self, changes: tuple) -> None:
        old_cells, old_blocks = changes
        cells = self.cells
        for c, symbol in old_cells:
            if symbol is None:
                del cells[c]
            else:
                cells[c] = symbol
        set_ = self._set
        for pos, pattern in old_blocks:
            set_(pos, pattern)

    def plays(self, card: str) -> list[tuple[str, int, int, int]]:
        """Every legal play of ``card``: (letters as laid, x, y, match)."""
        by = self.by
        found = []
        for pattern, match, letters in keys(card):
            for x, y in by.get(pattern, ()):
                found.append((letters, x, y, match))
        return found

    def spots(self, card: str) -> int:
        """The card's spots, weighted by match size (``WEIGHT``)."""
        keys(card)
        by = self.by
        total = 0
        for pattern, weight in _FLEX[card]:
            blocks = by.get(pattern)
            if blocks:
                total += weight * len(blocks)
        return total

    def can_play(self, hand) -> bool:
        by = self.by
        return any(by.get(p) for card in hand for p, _, _ in keys(card))


def card_cost(spots: int) -> float:
    """What holding a card with ``spots`` (weighted) costs: a card that fits nowhere
    costs a whole card; one that fits many places almost nothing."""
    return 1.0 / (1 + spots)


__all__ = ["MASKS", "WEIGHT", "Froop", "card_cost", "keys"]
