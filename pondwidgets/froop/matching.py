"""Where a card may lie on the Froop: the pure helpers that match a card against a block
of 2 × 2 cells, and the index of blocks by pattern that ``FroopGame`` keeps up to date as
cards are laid, with the game's methods that read it (bound into its class).

Legal plays come from an index kept up to date as cards are laid: every block of 2 × 2
cells covering at least two visible cells, filed under its pattern (``"HS.."``: the
symbols it shows, ``.`` where no card lies). A card matches a pattern when it agrees on
every visible cell, so a card's legal places are the blocks filed under the 11 patterns
it can match (its letters with 0, 1 or 2 cells blanked). Which patterns have blocks is
also kept as the bits of one number, so that a way up's 11 are found by a single ``&``.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.arguments import whole
from ..core.errors import BadArgument, brief
from .cards import CARDS, SYMBOL_NAMES, is_card, name_of, turn
from .declaration import FARTHEST, Move

if TYPE_CHECKING:
    from .rules import FroopGame


class Laid(NamedTuple):
    """A card on the Froop: its letters as laid, its top-left cell, who laid it (None:
    the starting card, or a card of an explicit position) and how many symbols it
    matched (None for the starting card)."""

    card: str
    x: int
    y: int
    seat: int | None
    match: int | None


# -- placements: patterns and their index ------------------------------------------------

# The cells of a block at (x, y), in reading order: the card's letters go on them in turn.
BLOCK = ((0, 0), (1, 0), (0, 1), (1, 1))
# The cells a card may match: all four, three or two of its own (at least two: the rule).
_MASKS = tuple(m for k in (4, 3, 2) for m in itertools.combinations(range(4), k))


def _keys(letters: str) -> tuple[str, ...]:
    """The 11 patterns ``letters`` can be laid on: its letters with 0 to 2 cells blank."""
    return tuple("".join(letters[i] if i in mask else "." for i in range(4))
                 for mask in _MASKS)


# Each card's two ways up with the patterns each can be laid on: name first, then turned.
ORIENTATIONS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    name: ((name, _keys(name)), (turn(name), _keys(turn(name)))) for name in CARDS}

# Every pattern a block may be filed under (two cells or more shown), by the cells shown
# in the order of _MASKS, then by their letters: a way up's patterns come in the order of
# ORIENTATIONS. Each has a bit in the game's ``_filed``, set while some block is filed
# under it, the higher the earlier: ``BIT[pattern]``; ``_TOP[n]`` is the pattern and the
# bit whose ``bit_length()`` is ``n``.
_FILEABLE = ["".join(letters[mask.index(i)] if i in mask else "." for i in range(4))
             for mask in _MASKS for letters in itertools.product("HSBF", repeat=len(mask))]
BIT = {pattern: 1 << (len(_FILEABLE) - i - 1) for i, pattern in enumerate(_FILEABLE)}
_TOP = [("", 0)] + [(pattern, BIT[pattern]) for pattern in reversed(_FILEABLE)]
# Each card's two ways up with the bits of their patterns: a hand's filed patterns are a
# few ands (``_placements``), where a look-up a pattern would cost 22 a card.
_SEARCH = {name: tuple((letters, sum(BIT[key] for key in keys)) for letters, keys in ways)
           for name, ways in ORIENTATIONS.items()}

# For each set of a card's cells that laying it changes (bit i: its cell BLOCK[i]), the
# blocks around it that hold one of them, as (dx, dy) from its top-left cell in reading
# order, with where the block starts in the card's ``_grid``: the only blocks whose pattern
# the card changes, refiled in that order.
_REFILED = tuple(tuple((dx, dy, 4 * (dy + 1) + dx + 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                       if any(mask >> i & 1 and dx <= cx <= dx + 1 and dy <= cy <= dy + 1
                              for i, (cx, cy) in enumerate(BLOCK)))
                 for mask in range(16))


def block_pattern(cells: dict, x: int, y: int) -> str:
    """What the block at ``x, y`` shows: four characters in reading order, a symbol's
    letter or ``.`` where no card lies."""
    get = cells.get
    return (get((x, y), ".") + get((x + 1, y), ".") + get((x, y + 1), ".")
            + get((x + 1, y + 1), "."))


def _cell(value: Any, name: str) -> int:
    """A cell's column (``x``) or row (``y``) given to a method: a whole number."""
    what = "a cell's column" if name == "x" else "a cell's row"
    return whole(value, name, -FARTHEST, FARTHEST, f"{what}, a whole number")


def match_on(pattern: str, letters: str) -> int | None:
    """How many symbols ``letters`` matches when laid on a block showing ``pattern``: 2 to
    4, or None when that is no legal play (fewer than two covered, or one differs)."""
    visible = 0
    for have, want in zip(pattern, letters, strict=True):
        if have != ".":
            if have != want:
                return None
            visible += 1
    return visible if visible >= 2 else None


def placement_problem(pattern: str, letters: str, x: int, y: int) -> str | None:
    """Why laying ``letters`` at ``x, y`` on a block showing ``pattern`` is no legal play,
    naming the cell, or None when it is one."""
    covered = [i for i in range(4) if pattern[i] != "."]
    if not covered:
        return (f"{letters} at {x},{y} covers no card of the Froop: a card must cover at "
                f"least two visible symbols")
    if len(covered) == 1:
        i = covered[0]
        return (f"{letters} at {x},{y} covers only one symbol (at {x + i % 2},{y + i // 2}): "
                f"a card must cover at least two")
    for i in covered:
        if pattern[i] != letters[i]:
            return (f"the cell {x + i % 2},{y + i // 2} shows a {SYMBOL_NAMES[pattern[i]]} "
                    f"({pattern[i]}) and {letters} has a {SYMBOL_NAMES[letters[i]]} "
                    f"({letters[i]}) there: every symbol a card covers must match")
    return None


# -- the Froop: the game's methods (FroopGame binds these) ------------------------------
def _lay(game: FroopGame, letters: str, x: int, y: int, seat: int | None,
         match: int | None) -> None:
    """Lay a card and bring the index of the blocks it changed up to date: those that
    hold a cell whose symbol it changed (none for a 4-match), the only ones whose
    pattern can change."""
    cells, patterns = game.cells, game._patterns
    under = patterns.get((x, y)) or block_pattern(cells, x, y)
    game._under.append(under)
    game.froop.append(tuple.__new__(Laid, (letters, x, y, seat, match)))
    changed = (under[0] != letters[0]) + 2 * (under[1] != letters[1]) \
        + 4 * (under[2] != letters[2]) + 8 * (under[3] != letters[3])
    if not changed:
        return
    cells[x, y], cells[x + 1, y] = letters[0], letters[1]
    cells[x, y + 1], cells[x + 1, y + 1] = letters[2], letters[3]
    grid = _grid(cells, letters, x, y)
    index, filed = game._index, game._filed
    for dx, dy, at in _REFILED[changed]:
        new = grid[at:at + 2] + grid[at + 4:at + 6]
        if new.count(".") > 2:
            continue  # still fewer than two cells to cover
        block = (x + dx, y + dy)
        old = patterns.get(block)
        if old is not None:  # cells are only ever added: it stays a candidate
            bucket = index[old]
            if len(bucket) == 1:
                del index[old]
                filed ^= BIT[old]
            else:
                del bucket[block]
        patterns[block] = new
        joined = index.get(new)
        if joined is None:
            index[new] = {block: None}
            filed |= BIT[new]
        else:
            joined[block] = None
    game._filed = filed


def _grid(cells: dict, letters: str, x: int, y: int) -> str:
    """The 4 × 4 cells around a card laid at ``x, y`` (from ``x - 1, y - 1``), in reading
    order: every block it changes is two slices of it, with no look-up of its own."""
    get = cells.get
    return (get((x - 1, y - 1), ".") + get((x, y - 1), ".") + get((x + 1, y - 1), ".")
            + get((x + 2, y - 1), ".") + get((x - 1, y), ".") + letters[:2]
            + get((x + 2, y), ".") + get((x - 1, y + 1), ".") + letters[2:]
            + get((x + 2, y + 1), ".") + get((x - 1, y + 2), ".") + get((x, y + 2), ".")
            + get((x + 1, y + 2), ".") + get((x + 2, y + 2), "."))


def placements(game: FroopGame, cards: list[str] | tuple[str, ...] | set[str] | frozenset[str]
               ) -> list[Move]:
    """Every legal play of these cards (names, or either spelling) on the Froop as it
    is now, whoever holds them: for each card, name-way-up first, then turned."""
    if isinstance(cards, str) or not isinstance(cards, list | tuple | set | frozenset):
        raise BadArgument(f"cards is a list of cards (their names, such as ['HSBF']), not "
                          f"{brief(cards)}")
    names = []
    for card in cards:
        if not is_card(card):
            raise BadArgument(f"cards: {brief(card)} is not a card")
        names.append(name_of(card))
    return game._placements(names)


def _placements(game: FroopGame, names) -> list[Move]:
    index, filed = game._index, game._filed
    plays: list[Move] = []
    append = plays.append
    new = tuple.__new__  # the Move's own constructor, without its keyword handling
    for name in names:
        for letters, bits in _SEARCH[name]:
            found = filed & bits
            while found:  # highest bit first: in the order of ORIENTATIONS
                key, bit = _TOP[found.bit_length()]
                found ^= bit
                for x, y in index[key]:
                    append(new(Move, ("play", letters, x, y, -1)))
    return plays


def plays(game: FroopGame, seat: int) -> list[Move]:
    """Every legal play of ``seat``'s hand on the Froop now, whether or not it is that
    seat's turn."""
    return list(game._plays_for(game._check_seat(seat)))


def _plays_for(game: FroopGame, seat: int) -> list[Move]:
    plays = game._plays[seat]
    if plays is None:
        plays = game._plays[seat] = game._placements(game.hands[seat])
    return plays


def match_of(game: FroopGame, letters: str, x: int, y: int) -> int | None:
    """How many symbols ``letters`` would match laid at ``x, y`` now (2 to 4), or None
    when that is no legal play (whoever holds the card)."""
    if not is_card(letters):
        raise BadArgument(f"letters: {brief(letters)} is not a card as laid")
    return match_on(block_pattern(game.cells, _cell(x, "x"), _cell(y, "y")), letters)


def top(game: FroopGame, x: int, y: int) -> str | None:
    """The symbol the cell ``x, y`` shows, or None where no card lies."""
    return game.cells.get((_cell(x, "x"), _cell(y, "y")))


def bounds(game: FroopGame) -> tuple[int, int, int, int]:
    """``(xmin, ymin, xmax, ymax)`` of the visible cells."""
    xs = [x for x, _ in game.cells]
    ys = [y for _, y in game.cells]
    return min(xs), min(ys), max(xs), max(ys)


__all__ = ["BLOCK", "ORIENTATIONS", "Laid", "block_pattern", "bounds", "match_of", "match_on",
           "placement_problem", "placements", "plays", "top"]
