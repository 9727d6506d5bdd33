"""Where a card may lie on the Froop: the pure helpers that match a card against a block
of 2 × 2 cells, and the index of blocks by pattern that ``FroopGame`` keeps up to date as
cards are laid, with the game's methods that read it (bound into its class).

Legal plays come from an index kept up to date as cards are laid: every block of 2 × 2
cells where some card could lie (two visible cells or more), filed under its pattern
(``"HS.."``: the symbols it shows, ``.`` where no card lies). A card matches a pattern
when it agrees on every visible cell, so a card's legal places are the blocks filed
under the 11 patterns it can match (its letters with 0, 1 or 2 cells blanked). Which
patterns have blocks is also kept as the bits of one number, so that a way up's 11 are
found by a single ``&``. A block's pattern is kept from its first visible cell on, and
is also a number of 3 bits a cell (``CODE``), so that a card laid changes its
neighbours' patterns by masks alone.
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

# Every pattern a block may be filed under: those some card can be laid on (two cells or
# more shown, never three alike, four only as a card spells them), by the cells shown in
# the order of _MASKS, then by their letters: a way up's patterns come in the order of
# ORIENTATIONS. Each has a bit in the game's ``_filed``, set while some block is filed
# under it, the higher the earlier: ``BIT[pattern]``. A bit's place is its
# ``bit_length()``, n: ``FILED[n]`` is its pattern, ``_BIT_AT[n]`` the bit, and the game's
# ``_index[n]`` the blocks filed under it, in the order they came (None: none).
_MATCHABLE = {key for ways in ORIENTATIONS.values() for _letters, keys in ways for key in keys}
_FILEABLE = [pattern for pattern in
             ("".join(letters[mask.index(i)] if i in mask else "." for i in range(4))
              for mask in _MASKS for letters in itertools.product("HSBF", repeat=len(mask)))
             if pattern in _MATCHABLE]
FILED = ["", *reversed(_FILEABLE)]
BIT = {pattern: 1 << (n - 1) for n, pattern in enumerate(FILED) if pattern}
_BIT_AT = [BIT.get(pattern, 0) for pattern in FILED]
# Each card's two ways up with the bits of their patterns: a hand's filed patterns are a
# few ands (``_placements``), where a look-up a pattern would cost 22 a card.
_SEARCH = {name: tuple((letters, sum(BIT[key] for key in keys)) for letters, keys in ways)
           for name, ways in ORIENTATIONS.items()}

# A pattern as a number: 3 bits a cell in reading order (cell i at bit 3 i), 0 where no
# card lies, else 1 + its symbol's place in "HSBF": ``CODE[pattern]``. ``TEXT[code]`` is
# the pattern ("" for a number that is none), ``BITS[code]`` its bit (0: filed nowhere)
# and ``_PLACE[code]`` its bit's place (0: none).
_SYMBOL_CODE = {".": 0, "H": 1, "S": 2, "B": 3, "F": 4}
CODE = {"".join(cells): sum(_SYMBOL_CODE[c] << 3 * i for i, c in enumerate(cells))
        for cells in itertools.product(".HSBF", repeat=4)}
TEXT = [""] * 8 ** 4
for _text, _code in CODE.items():
    TEXT[_code] = _text
BITS = [BIT.get(text, 0) for text in TEXT]
_PLACE = [bit.bit_length() for bit in BITS]
# By a block's code (the game keeps its blocks' patterns as codes, ``_patterns``): the
# cells it shows no card on (bit i: cell BLOCK[i]), those a card laid on it changes (it
# matches all the others); and how many symbols such a card matches (None on no card at
# all: the starting card's).
_BLANKS = [sum(1 << i for i in range(4) if text[i] == ".") if text else 0 for text in TEXT]
MATCHED = [4 - text.count(".") or None if text else None for text in TEXT]

# The 9 blocks around a card laid (from one cell up and left, in reading order), each
# with the cells of it that the card covers: block cell j -> card cell.
_AROUND = tuple((dx, dy, {j: (dy + j // 2) * 2 + dx + j % 2 for j in range(4)
                          if 0 <= dx + j % 2 <= 1 and 0 <= dy + j // 2 <= 1})
                for dy in (-1, 0, 1) for dx in (-1, 0, 1))
# For each set of a card's cells that laying it changes (bit i: its cell BLOCK[i]), the
# blocks around it that hold one of them, as (dx, dy) from its top-left cell, the mask
# of the cells the card leaves as they were and the block's place in ``_AROUND``: the
# only blocks whose pattern the card changes, refiled in that order.
_REFILED = tuple(tuple((dx, dy, sum(7 << 3 * j for j in range(4) if j not in covers), at)
                       for at, (dx, dy, covers) in enumerate(_AROUND)
                       if any(mask >> i & 1 for i in covers.values()))
                 for mask in range(16))
# For each way up of a card, what it puts on each block of ``_AROUND`` (the code of its
# symbols on the cells it covers): a block's new pattern is ``old & keep | put``.
_PUTS = {letters: tuple(sum(_SYMBOL_CODE[letters[i]] << 3 * j for j, i in covers.items())
                        for _dx, _dy, covers in _AROUND)
         for name in CARDS for letters in (name, turn(name))}


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
def _lay(game: FroopGame, letters: str, x: int, y: int, seat: int | None) -> int | None:
    """Lay a card where it is a legal play (or the starting card) and bring the patterns
    and the index of the blocks it changed up to date: those that hold a cell it covered
    where no card lay (it matches the others), the only ones whose pattern can change.
    Returns how many symbols it matched (None: the starting card)."""
    patterns = game._patterns
    under = patterns.get((x, y), 0)
    match = MATCHED[under]
    game._under.append(TEXT[under])
    game.froop.append(tuple.__new__(Laid, (letters, x, y, seat, match)))
    changed = _BLANKS[under]
    if not changed:
        return match
    cells = game.cells
    cells[x, y], cells[x + 1, y] = letters[0], letters[1]
    cells[x, y + 1], cells[x + 1, y + 1] = letters[2], letters[3]
    get, filed, puts = patterns.get, game._filed, _PUTS[letters]
    index: list[Any] = game._index  # (a place with a bit has a list)
    for dx, dy, keep, at in _REFILED[changed]:
        block = (x + dx, y + dy)
        was = get(block, 0)
        now = was & keep | puts[at]
        patterns[block] = now
        place = _PLACE[was]
        if place:  # filed: it stays a candidate, under its new pattern
            bucket = index[place]
            if len(bucket) == 1:
                index[place] = None
                filed ^= BITS[was]
            else:
                bucket.remove(block)
        place = _PLACE[now]
        if place:
            joined = index[place]
            if joined is None:
                index[place] = [block]
                filed |= BITS[now]
            else:
                joined.append(block)
    game._filed = filed
    return match


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
    index: list[Any] = game._index  # (a place with a bit has a list)
    filed = game._filed
    plays: list[Move] = []
    append = plays.append
    new = tuple.__new__  # the Move's own constructor, without its keyword handling
    for name in names:
        for letters, bits in _SEARCH[name]:
            found = filed & bits
            while found:  # highest bit first: in the order of ORIENTATIONS
                place = found.bit_length()
                found ^= _BIT_AT[place]
                for x, y in index[place]:
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
