"""Kecke Frösche bots. :class:`KeckeBot` is a heuristic player a teacher can explain in a
few sentences. It reads only what its seat may see: its view (every display, the biotopes'
top cards, the counts) and the draw odds every seat shares (``game.chance_odds``); never
the pile's order nor a chip's value.

Every card left in front of a player is a point for each *other* player, so KeckeBot
plays to empty its own display quickly, and takes the chips that pairs earn.

**Placing a drawn frog.** Next to an identical frog when a row end shows one (a chip).
Otherwise it covers the end whose kind is the *less* likely to be drawn again (fewer
copies nobody has seen yet), keeping the likelier one open for a pair to come.

**Collecting phase.** Every turn adds one card to a display whatever is discarded (one
more is drawn than discarded), but each card drawn is a new chance of a chip. So KeckeBot
always discards a frog when it may: first one of a kind it holds twice or more in its row
(those are slow to shed later: at most one of a kind goes per turn), then one inside a
row rather than at an end (an end may still earn chips), then the one whose kind is least
likely to be drawn. It adds a stork, to discard a second card and draw three, only while
it holds more than ``keep_storks`` storks: storks are the keys of the discarding phase.
The stork blocks the biotope where the other players hold the most frogs.

**Discarding phase.** It discards as many cards as it can every turn:

- it counts, for each biotope, how many of its frogs it could lay there this turn (one of
  each kind);
- holding a stork, it plays it *first* when that opens a biotope where it can lay more
  frogs than at the open one; otherwise it lays its frogs where it is open, keeping the
  stork, and plays a stork alone when it can lay no frog (a stork played is a card less);
- it lays the kinds the next player also holds there last, so that the top card may
  block one of them;
- it passes only when it can discard nothing.

Choosing which biotope opens (a box stork's block at the start, or a stork's opening),
it keeps open the one where it can lay the most frogs and, of equal ones, the one where
the next player can lay the fewest. Ties are broken by the bot's own seeded generator.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.arguments import whole
from ..core.bots import SeededBot
from ..core.errors import GameError
from .cards import BIOTOPES

if TYPE_CHECKING:
    from .rules import KeckeGame


def biotope_of(kind: str) -> str:
    """``"water-2"`` -> ``"water"``."""
    return kind.split("-", 1)[0]


class KeckeBot(SeededBot):
    """``KeckeBot(seed, keep_storks=1)``: the heuristic of the module docstring.
    ``keep_storks``: how many storks it keeps back from the collecting phase."""

    def __init__(self, seed: int | None = None, *, keep_storks: int = 1):
        whole(keep_storks, "keep_storks", 0)  # BadArgument (a ValueError), naming it
        self.keep_storks = keep_storks
        super().__init__(seed)

    def __call__(self, game: KeckeGame, seat: int) -> str:
        legal = [str(m) for m in game.legal_moves(seat)]
        if len(legal) == 1:
            return legal[0]
        look = Look(game, seat)
        first = legal[0].split()[0]
        kinds = {m.split()[0] for m in legal}
        if kinds <= {"left", "right"}:
            choice = look.place(legal)
        elif first == "block":
            choice = look.best(legal, look.block_value, self.rng)
        elif first == "open":
            choice = look.best(legal, look.open_value, self.rng)
        elif look.stage == "collecting":
            choice = look.collect(legal, self.keep_storks, self.rng)
        else:
            choice = look.discard(legal, self.rng)
        return choice if choice in legal else self.rng.choice(legal)


class Look:
    """One decision's reading of the table by one seat."""

    def __init__(self, game, seat: int):
        self.game = game
        view = game.view(seat)
        self.view = view
        self.seat = seat
        self.stage = view["stage"]
        self.players = view["players"]
        self.me = self.players[seat]
        self.rows: dict[str, list[str]] = self.me["rows"]
        self.tops = {b["id"]: b["top"] for b in view["biotopes"]}
        self.blocked = {b["id"]: b["blocked"] for b in view["biotopes"]}
        self.done_kinds = {k for k in view.get("discarded") or () if k != "stork"}
        n = len(self.players)
        self.next = self.players[(seat + 1) % n]
        self._odds: dict[str, Fraction] | None = None

    # -- what may come -----------------------------------------------------------------
    def odds(self, kind: str) -> Fraction:
        """The chance that the next card drawn is ``kind`` (the same for every seat)."""
        if self._odds is None:
            try:
                self._odds = dict(self.game.chance_odds("draw"))
            except GameError:  # the pile is empty: nothing comes
                self._odds = {}
        return self._odds.get(kind, Fraction(0))

    @staticmethod
    def best(moves: list[str], value, rng) -> str:
        return max((value(m), rng.random(), m) for m in moves)[2]

    # -- placing a drawn frog ----------------------------------------------------------
    def place(self, legal: list[str]) -> str:
        drawn = (self.view.get("drawn") or {}).get("card")
        row = self.rows.get(biotope_of(drawn), []) if drawn else []
        if not row:
            return legal[0]
        if row[0] == drawn and "left" in legal:
            return "left"
        if row[-1] == drawn and "right" in legal:
            return "right"
        # cover the end less likely to pair later; keep the likelier one open
        if self.odds(row[0]) > self.odds(row[-1]):
            return "right" if "right" in legal else legal[0]
        return "left" if "left" in legal else legal[0]

    # -- the collecting phase ----------------------------------------------------------
    def worth_discarding(self, move: str) -> tuple[bool, bool, float]:
        """How gladly a frog goes in the collecting phase, best first: one of a kind held
        twice or more in its row, then one inside its row (not at an end), then the one
        whose kind is the least likely to be drawn next."""
        _, row_id, place = move.split()
        row = self.rows[row_id]
        i = int(place) - 1
        kind = row[i]
        return row.count(kind) >= 2, 0 < i < len(row) - 1, -float(self.odds(kind))

    def collect(self, legal: list[str], keep_storks: int, rng) -> str:
        frogs = [m for m in legal if m.startswith("discard ")]
        if frogs:
            return max((self.worth_discarding(m), rng.random(), m) for m in frogs)[2]
        storks = [m for m in legal if m.startswith("stork ")]
        if storks and self.me["storks"] > keep_storks:
            return self.best(storks, self.stork_block_value, rng)
        return "draw" if "draw" in legal else rng.choice(legal)

    def stork_block_value(self, move: str) -> int:
        """A collecting-phase stork blocks where the other players hold the most frogs."""
        b = move.split()[1]
        return sum(len(p["rows"][b]) for p in self.players if p is not self.me)

    # -- the discarding phase ----------------------------------------------------------
    def can_lay(self, rows: dict[str, list[str]], b: str) -> int:
        """How many frogs of ``rows`` can go onto biotope ``b`` in one turn: one of each
        kind, and not one alone whose kind is on top there."""
        kinds = set(rows[b])
        if kinds == {self.tops.get(b)}:
            return 0
        return len(kinds)

    def block_value(self, move: str) -> float:
        """A box stork blocks ``b``: keep open where this seat lays most (the next player
        least)."""
        b = move.split()[1]
        open_ = [x for x in BIOTOPES if x != b and not self.blocked[x]]
        return max((self.can_lay(self.rows, x) for x in open_), default=0) \
            - 0.1 * max((self.can_lay(self.next["rows"], x) for x in open_), default=0)

    def open_value(self, move: str) -> float:
        """After its stork: open where this seat lays most (the next player least)."""
        b = move.split()[1]
        return self.can_lay(self.rows, b) - 0.1 * self.can_lay(self.next["rows"], b)

    def discard(self, legal: list[str], rng) -> str:
        frogs = [m for m in legal if m.startswith("discard ")]
        storks = [m for m in legal if m.startswith("stork ")]
        if storks and not self.done_kinds:
            open_ = [b for b in BIOTOPES if not self.blocked[b]]
            here = max((self.can_lay(self.rows, b) for b in open_), default=0)
            there = max((self.can_lay(self.rows, b) for b in BIOTOPES if self.blocked[b]),
                        default=0)
            if there > here or not frogs:
                return rng.choice(storks)
        if frogs:
            return self.best(frogs, self.lay_value, rng)
        if storks and not self.done_kinds:
            return rng.choice(storks)
        for end in ("done", "pass"):
            if end in legal:
                return end
        return rng.choice(legal)

    def lay_value(self, move: str) -> float:
        """Lay the kinds the next player also holds there last (the top then blocks
        them)."""
        _, b, place = move.split()
        kind = self.rows[b][int(place) - 1]
        return -self.next["rows"][b].count(kind)

