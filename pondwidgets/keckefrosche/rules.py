"""The Kecke Frösche rules model: every rule and ruling of docs/rules/keckefrosche.md,
complete.

A turn is a chain of decisions by one player, each its own legal-move list:

=========  ==========================================================  ====================
phase      the decision                                                notation
=========  ==========================================================  ====================
collect    discard a frog or a stork, or stop and draw                 ``discard water 2``,
                                                                       ``stork bank``,
                                                                       ``draw``
place      the drawn frog goes at the left or the right end of its row ``left``, ``right``
block      (discarding phase start) the biotope a box stork blocks     ``block dike``
discard    a frog to an open biotope, a stork, end the turn, or pass   ``discard water 2``,
                                                                       ``stork water``,
                                                                       ``done``, ``pass``
open       after a stork: which blocked biotope opens                  ``open bank``
=========  ==========================================================  ====================

Everything else (the deal, drawing, storks drawn, bang frogs, chips, storks back to the
box, the phase change, the end and the score) happens automatically and is logged. What
the rules do by themselves during play is also kept as news (``News``), which each view
gives until its seat decides again (``KeckeGame.news_since``).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any, NamedTuple

from ..core.clock import Clock
from ..core.declaration import MoveKind, Moves, Options, Position
from ..core.errors import BadArgument, BadNotation, BadPosition, GameError, brief
from ..core.game import Game
from ..core.words import listed, plural, told, turn, won
from .cards import (
    BANG,
    BIOTOPE_NAMES,
    BIOTOPE_OF,
    BIOTOPES,
    CHIP_VALUES,
    DECK,
    DECK_COUNTS,
    FROG_KIND,
    FROG_KINDS,
    STORK,
    card_name,
)

COLLECT, PLACE, BLOCK, DISCARD, OPEN, OVER = "collect", "place", "block", "discard", \
    "open", "over"
COLLECTING, DISCARDING = "collecting", "discarding"
DEFAULT_NAMES = ["Ada", "Bob", "Cleo", "Dan"]

# The declaration (core.declaration): Kecke Frösche's kinds of decision and their notation.
# A biotope is shown as its id ("water") and a place as its number from 1, as written.
MOVES = Moves(
    MoveKind("discard", "discard {biotope} {place}", biotope=None, place=None),
    MoveKind("stork", "stork {biotope}", biotope=None),
    MoveKind("draw"),
    MoveKind("left"),
    MoveKind("right"),
    MoveKind("block", "block {biotope}", biotope=None),
    MoveKind("done"),
    MoveKind("pass"),
    MoveKind("open", "open {biotope}", biotope=None),
)
MOVE_KINDS = MOVES.kinds


class Move(NamedTuple):
    """One decision. ``kind`` is one of ``MOVE_KINDS``; ``biotope`` names the biotope (or
    the row) of ``discard``, ``stork``, ``block`` and ``open``; ``place`` is a discarded
    frog's place in its row, counted from 1 at the left. ``str(move)`` is its notation:
    ``discard water 2``, ``stork bank``, ``draw``, ``left``, ``block dike``, ``pass``."""

    kind: str
    biotope: str = ""
    place: int = 0

    def __str__(self) -> str:
        return MOVES.text(self)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


DRAW, LEFT, RIGHT, DONE, PASS = (Move(k) for k in ("draw", "left", "right", "done", "pass"))
_SIMPLE = {"draw": DRAW, "left": LEFT, "right": RIGHT, "done": DONE, "pass": PASS}
_STORK = {b: Move("stork", b) for b in BIOTOPES}
_BLOCK = {b: Move("block", b) for b in BIOTOPES}
_OPEN = {b: Move("open", b) for b in BIOTOPES}
_DISCARD: dict[tuple[str, int], Move] = {}


def _discard(biotope: str, place: int) -> Move:
    move = _DISCARD.get((biotope, place))
    if move is None:
        move = _DISCARD[biotope, place] = Move("discard", biotope, place)
    return move


NEWS_KINDS = ("bang", "chip", "no-chip", "returned", "blocked", "phase")


class News(NamedTuple):
    """One thing the rules did by themselves during play, which a board keeps on screen
    until its person decides again (bots play on at once): a bang frog and the storks it
    took (``bang``), a chip won or not for lack of chips (``chip``, ``no-chip``), a stork
    sent back to the box by a new one (``returned``), a stork from the box blocking a
    biotope (``blocked``), the discarding phase beginning (``phase``). Public, like the
    log: it names only cards that lie face up and never a chip's value."""

    decision: int  # the decision that set it off, from 1
    number: int  # its place among that decision's news, from 0
    kind: str  # one of NEWS_KINDS
    text: str  # for people, with the players' names
    seat: int | None = None  # the player it happened to (the bang frog's drawer)
    card: str | None = None  # the card it shows: "bang", "stork" or the frog laid
    biotope: str | None = None  # the biotope blocked, or opened again
    losers: tuple[int, ...] = ()  # bang: the seats that handed in a stork

    def __deepcopy__(self, memo: dict[int, Any]) -> News:
        return self  # immutable all through: a game's copy (the search bots') shares it

    def public(self) -> dict[str, Any]:
        """The view's form; ``id`` (``"<decision>.<number>"``) tells each item apart."""
        return {"id": f"{self.decision}.{self.number}", "kind": self.kind, "text": self.text,
                "seat": self.seat, "card": self.card, "biotope": self.biotope,
                "losers": list(self.losers)}


NOTATION_HELP = ("write 'discard water 2' (the row and the frog's place in it, from 1 at "
                 "the left), 'stork bank', 'draw', 'left', 'right', 'block dike', 'open "
                 "bank', 'done' or 'pass'")


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


class KeckeGame(Game):
    """A game of Kecke Frösche for 2 to 4 players.

    ``players`` is a count or a list of names; ``position`` starts from an explicit
    position (``pondwidgets/keckefrosche/README.md``). The rulebook has no options
    (docs/rules/keckefrosche.md#players), and every game ends by itself.
    """

    NAME = "keckefrosche"
    TITLE = "Kecke Frösche"
    PLAYERS = range(2, 5)
    OPTIONS = Options()  # the rulebook has no variants, and every game ends by itself
    MOVES = MOVES
    POSITION = Position(required=("displays",),
                        optional=("biotopes", "box", "pile", "supply", "stage", "to_move",
                                  "turn", "passes"),
                        seats="displays", seat_keys=("water", "bank", "dike", "storks",
                                                     "chips"))
    MOVE = Move

    def __init__(self, players: int | list[str] = 2, *, seed: int | None = None,
                 position: dict | None = None, clock: Clock | None = None) -> None:
        players = self.take_players(players, lambda n: DEFAULT_NAMES[:n])
        options = self.OPTIONS.take(locals())
        super().__init__(seed=seed, position=position, clock=clock,
                         options={"players": players, **options})

    # -- setting up ----------------------------------------------------------------------
    def _setup(self) -> None:
        self.turn = 1
        self.passes = 0
        self._turn_state()
        self.scores: list[int] | None = None
        self.news: list[News] = []  # what the rules did by themselves, in order
        rng = self.rng
        if self.position is None:
            self.displays = [Display() for _ in range(self.players)]
            self.piles: dict[str, list[str]] = {b: [] for b in BIOTOPES}
            self.box_storks, self.box_bang = 0, 0
            self.pile = list(DECK)
            rng.shuffle(self.pile)
            self.supply = list(CHIP_VALUES)
            rng.shuffle(self.supply)
            self._event(f"A new game of Kecke Frösche for {self.players} players. The three "
                        f"biotope cards lie face up; each player gets one card.")
            for seat in range(self.players):
                self._deal(seat)
            self.stage, self.to_move = COLLECTING, 0
            self._event(f"{self.names[0]} starts.")
        else:
            pos = self.position
            self.displays = [Display(d, d["storks"], d["chips"]) for d in pos["displays"]]
            self.piles = {b: list(pos["biotopes"][b]) for b in BIOTOPES}
            self.box_storks, self.box_bang = pos["box"]["storks"], pos["box"]["bang"]
            if pos["pile"] is None:
                self.pile = self._unplaced(pos)
                rng.shuffle(self.pile)
            else:
                self.pile = list(reversed(pos["pile"]))  # the top is the list's end
            if pos["supply"] is None:
                held = Counter(v for d in self.displays for v in d.chips)
                self.supply = list((Counter(CHIP_VALUES) - held).elements())
                rng.shuffle(self.supply)
            else:
                self.supply = list(reversed(pos["supply"]))  # the next chip is the end
            self.stage, self.to_move = pos["stage"], pos["to_move"]
            self.turn, self.passes = pos["turn"], pos["passes"]
            self._event(f"A game of Kecke Frösche from a set position, in the "
                        f"{self.stage} phase. {self.names[self.to_move]} is to play.")
        self.phase = COLLECT if self.stage == COLLECTING else DISCARD

    @staticmethod
    def _unplaced(pos: dict) -> list[str]:
        placed: Counter[str] = Counter()
        for d in pos["displays"]:
            for b in BIOTOPES:
                placed.update(d[b])
            placed[STORK] += d["storks"]
        for b in BIOTOPES:
            placed.update(pos["biotopes"][b])
        placed[STORK] += pos["box"]["storks"]
        placed[BANG] += pos["box"]["bang"]
        return sorted((DECK_COUNTS - placed).elements())

    def _deal(self, seat: int) -> None:
        """One card face up to ``seat``: a bang frog is shuffled back and replaced."""
        name = self.names[seat]
        while True:
            card = self.pile.pop()
            if card != BANG:
                break
            self.pile.append(card)
            self.rng.shuffle(self.pile)
            self._event(f"{name} is dealt a bang frog: it goes back into the pile, which is "
                        f"shuffled, and {name} is dealt another card.")
        if card == STORK:
            self.displays[seat].storks += 1
        else:
            self.displays[seat].rows[BIOTOPE_OF[card]].append(card)
        self._event(f"{name} is dealt {card_name(card)}.")

    def _turn_state(self) -> None:
        self.discarded: list[str] = []  # this turn's discards: "stork" or a frog's kind
        self.to_draw = 0  # cards still to draw this turn
        self.drawn: str | None = None  # the frog waiting for left or right
        self.stork_played = False  # discarding phase: this turn played its stork
        self.frogs_before_stork = 0  # discarding phase: frogs discarded before the stork
        self.frog_biotope: str | None = None  # discarding phase: where this turn's frogs go
        self.opening: list[str] = []  # the biotopes one of which opens (phase open)

    # -- the table -----------------------------------------------------------------------
    def top(self, biotope: str) -> str | None:
        """The card on top of ``biotope``'s discard pile (``"water"``, ``"bank"`` or
        ``"dike"``), or None while it is empty."""
        if not isinstance(biotope, str) or biotope not in self.piles:
            raise BadArgument(f"biotope is one of {', '.join(map(repr, BIOTOPES))}, not "
                              f"{brief(biotope)}")
        pile = self.piles[biotope]
        return pile[-1] if pile else None

    def blocked(self) -> list[str]:
        """The blocked biotopes (a stork on top of the pile), in table order."""
        piles = self.piles
        return [b for b in BIOTOPES if piles[b] and piles[b][-1] == STORK]

    # -- whose decision, and which ones are legal ----------------------------------------
    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.to_move,)

    def _legal(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == PLACE:
            return [LEFT, RIGHT]
        if phase == COLLECT:
            return self._collect_moves(seat)
        if phase == DISCARD:
            return self._discard_moves(seat)
        if phase == BLOCK:
            return [_BLOCK[b] for b in BIOTOPES if self.top(b) != STORK]
        if phase == OPEN:
            return [_OPEN[b] for b in self.opening]
        return []

    def _frog_moves(self, seat: int, biotopes, exclude=()) -> list[Move]:
        moves = []
        piles = self.piles
        rows = self.displays[seat].rows
        for b in biotopes:
            pile = piles[b]
            top = pile[-1] if pile else None
            if top == STORK:
                continue
            for place, kind in enumerate(rows[b], start=1):
                if kind != top and kind not in exclude:
                    moves.append(_discard(b, place))
        return moves

    def _collect_moves(self, seat: int) -> list[Move]:
        discarded = self.discarded
        moves: list[Move] = []
        if not discarded or discarded[0] == STORK:
            moves = self._frog_moves(seat, BIOTOPES)
        if self.displays[seat].storks:
            moves += _STORK.values()
        moves.append(DRAW)
        return moves

    def _discard_moves(self, seat: int) -> list[Move]:
        moves: list[Move] = []
        if not self.stork_played or not self.frogs_before_stork:
            where = (self.frog_biotope,) if self.frog_biotope else BIOTOPES
            moves = self._frog_moves(seat, where, self.discarded)
        if not self.stork_played and self.displays[seat].storks:
            moves += [_STORK[b] for b in BIOTOPES if self.top(b) != STORK]
        moves.append(DONE if self.discarded else PASS)
        return moves

    # -- carrying out a decision ---------------------------------------------------------
    def _parse(self, text: str) -> Move:
        if not isinstance(text, str) or len(text) > 40:
            raise BadNotation(f"a Kecke Frösche move is text: {NOTATION_HELP}")
        words = text.lower().split()
        simple = _SIMPLE.get(" ".join(words))
        if simple is not None:
            return simple
        if len(words) == 2 and words[0] in ("stork", "block", "open") and words[1] in BIOTOPES:
            return Move(words[0], words[1])
        if len(words) == 3 and words[0] == "discard" and words[1] in BIOTOPES \
                and words[2].isdigit() and words[2].isascii() and len(words[2]) < 4:
            return _discard(words[1], int(words[2]))
        raise BadNotation(f"{brief(text)} is not a Kecke Frösche move: {NOTATION_HELP}")

    def _apply(self, move: Move, seat: int) -> None:
        kind = move.kind
        phase = self.phase
        if phase == PLACE:
            self._place(seat, kind == "left")
        elif phase == COLLECT:
            if kind == "draw":
                self._start_drawing(seat)
            else:
                self._collect_discard(seat, move)
        elif phase == BLOCK:
            self._box_block(seat, move.biotope)
        elif phase == OPEN:
            self._open(seat, move.biotope)
        else:  # DISCARD
            self._discarding(seat, move)

    # .. the collecting phase
    def _collect_discard(self, seat: int, move: Move) -> None:
        name, display = self.names[seat], self.displays[seat]
        if move.kind == "stork":
            self._put_stork(seat, move.biotope)
            self.discarded.append(STORK)
        else:
            frog = display.rows[move.biotope].pop(move.place - 1)
            self.piles[move.biotope].append(frog)
            self.discarded.append(frog)
            self._event(f"{name} discards {card_name(frog)} {BIOTOPE_NAMES[move.biotope]}.")
        if len(self.discarded) == 2:
            self._start_drawing(seat)

    def _put_stork(self, seat: int, biotope: str) -> None:
        """A stork from ``seat``'s display blocks ``biotope`` in the collecting phase: the
        stork that blocked a biotope before (there or elsewhere) goes back to the box."""
        name = self.names[seat]
        self.displays[seat].storks -= 1
        before = self.blocked()
        for b in before:
            self.piles[b].pop()
            self.box_storks += 1
        self.piles[biotope].append(STORK)
        self._event(f"{name} lays a stork {BIOTOPE_NAMES[biotope]}: no frog may be "
                    f"discarded there now.")
        for b in before:  # told after the new stork, as it happens at the table
            self._event(f"The stork that lay {BIOTOPE_NAMES[b]} goes back into the box.")
            self._news("returned", f"{name} laid a stork {BIOTOPE_NAMES[biotope]}, so the "
                                   f"stork that lay {BIOTOPE_NAMES[b]} went back into the "
                                   f"box.", seat, STORK, b)

    def _start_drawing(self, seat: int) -> None:
        self.to_draw = len(self.discarded) + 1
        want = self.to_draw
        if len(self.pile) < want:
            left = len(self.pile)
            self._event(f"{self.names[seat]} should draw {want} cards, but only {left} "
                        f"{'is' if left == 1 else 'are'} left: {self.names[seat]} draws "
                        f"{'it' if left == 1 else 'them all'}.")
        self._draw_on(seat)

    def _draw_on(self, seat: int) -> None:
        """Draw the turn's cards one at a time until a frog waits to be placed, the turn's
        cards are drawn or the pile is empty; then the turn ends."""
        name, display = self.names[seat], self.displays[seat]
        pile = self.pile
        while self.to_draw and pile:
            card = pile.pop()
            self.to_draw -= 1
            self._revealed()
            if card == STORK:
                display.storks += 1
                self._event(f"{name} draws a stork and lays it in the stork row.")
            elif card == BANG:
                self._bang(seat)
            else:
                row = display.rows[BIOTOPE_OF[card]]
                if not row:
                    row.append(card)
                    self._event(f"{name} draws {card_name(card)} and starts the "
                                f"{BIOTOPE_OF[card]} row with it.")
                else:
                    self.drawn = card
                    self.phase = PLACE
                    self._event(f"{name} draws {card_name(card)}.")
                    return
        self.to_draw = 0
        self._end_collecting_turn(seat)

    def _bang(self, seat: int) -> None:
        name = self.names[seat]
        most = max(d.storks for d in self.displays)
        self.box_bang += 1
        if not most:
            self._event(f"{name} draws a bang frog! Nobody has a stork, so nothing happens; "
                        f"the bang frog goes into the box.")
            self._news("bang", f"{name} drew a bang frog: nobody had a stork, so nobody "
                               f"lost one.", seat, BANG)
            return
        losers = [s for s, d in enumerate(self.displays) if d.storks == most]
        for s in losers:
            self.displays[s].storks -= 1
            self.box_storks += 1
        who = listed([self.names[s] for s in losers])
        self._event(f"{name} draws a bang frog! {who} "
                    f"{'has' if len(losers) == 1 else 'have'} the most storks ({most}) and "
                    f"{'hands' if len(losers) == 1 else 'each hand'} one in: it goes into the "
                    f"box with the bang frog.")
        self._news("bang", f"{name} drew a bang frog: {who} had the most storks ({most}) "
                           f"and {'lost' if len(losers) == 1 else 'each lost'} one to the "
                           f"box.", seat, BANG, losers=tuple(losers))

    def _place(self, seat: int, left: bool) -> None:
        name, display = self.names[seat], self.displays[seat]
        card = self.drawn
        assert card is not None
        row = display.rows[BIOTOPE_OF[card]]
        if left:
            neighbour = row[0]
            row.insert(0, card)
        else:
            neighbour = row[-1]
            row.append(card)
        self.drawn = None
        self.phase = COLLECT
        side = "left" if left else "right"
        if neighbour == card:
            if self.supply:
                display.chips.append(self.supply.pop())
                self._revealed()
                self._event(f"{name} lays it at the {side} end, next to an identical frog, "
                            f"and takes a chip (face down: nobody sees its value until the "
                            f"end).")
                self._news("chip", f"{name} laid a {FROG_KIND[card].name} next to an "
                                   f"identical one and won a chip (face down).", seat, card)
            else:
                self._event(f"{name} lays it at the {side} end, next to an identical frog, "
                            f"but the chips are all gone: no chip.")
                self._news("no-chip", f"{name} laid a {FROG_KIND[card].name} next to an "
                                      f"identical one, but the chips are all gone: no chip.",
                           seat, card)
        else:
            self._event(f"{name} lays it at the {side} end of the row.")
        self._draw_on(seat)

    def _end_collecting_turn(self, seat: int) -> None:
        nxt = (seat + 1) % self.players
        self._turn_state()
        if not self.pile:
            self._begin_discarding(nxt)
            return
        self.turn += 1
        self.to_move = nxt
        self.phase = COLLECT

    # .. the discarding phase
    def _begin_discarding(self, first: int) -> None:
        self.stage = DISCARDING
        self.turn += 1
        self.to_move = first
        self._event(f"The draw pile is empty: the collecting phase is over. The discarding "
                    f"phase begins with {self.names[first]}.")
        self._news("phase", f"The draw pile ran out: the discarding phase begins with "
                            f"{self.names[first]}.", first)
        if self._display_emptied():
            return
        self._need_blocks(first)

    def _need_blocks(self, seat: int) -> None:
        if len(self.blocked()) < 2 and self.box_storks:
            self.phase = BLOCK
        else:
            if len(self.blocked()) < 2:
                self._event("The box holds no stork, so fewer than two biotopes are blocked.")
                self._news("phase", "The box held no stork, so fewer than two biotopes are "
                                    "blocked.")
            self.phase = DISCARD

    def _box_block(self, seat: int, biotope: str) -> None:
        self.box_storks -= 1
        self.piles[biotope].append(STORK)
        self._event(f"{self.names[seat]} lays a stork from the box {BIOTOPE_NAMES[biotope]}: "
                    f"it is blocked.")
        self._news("blocked", f"{self.names[seat]} laid a stork from the box "
                              f"{BIOTOPE_NAMES[biotope]}: that biotope is blocked.", seat,
                   STORK, biotope)
        self._need_blocks(seat)

    def _discarding(self, seat: int, move: Move) -> None:
        name, display = self.names[seat], self.displays[seat]
        kind = move.kind
        if kind == "pass":
            self.passes += 1
            self._event(f"{name} passes.")
            if self.passes >= self.players:
                self._event("Every player has passed, one after another.")
                self._finish()
                return
            self._next_discarding_turn(seat)
            return
        if kind == "done":
            self._next_discarding_turn(seat)
            return
        self.passes = 0
        if kind == "stork":
            display.storks -= 1
            self.stork_played = True
            self.frogs_before_stork = len(self.discarded)
            self.discarded.append(STORK)
            before = self.blocked()
            self.piles[move.biotope].append(STORK)
            self._event(f"{name} lays a stork {BIOTOPE_NAMES[move.biotope]}.")
            if len(before) >= 2:  # the stork moves a block: which one opens comes first
                self.opening = before
                self.phase = OPEN
                return
            self._event("Fewer than two biotopes were blocked, so this stork adds a block.")
            if self._display_emptied():
                return
        else:
            frog = display.rows[move.biotope].pop(move.place - 1)
            self.piles[move.biotope].append(frog)
            self.discarded.append(frog)
            self.frog_biotope = move.biotope
            self._event(f"{name} discards {card_name(frog)} {BIOTOPE_NAMES[move.biotope]}.")
            if self._display_emptied():
                return
        self._maybe_end_turn(seat)

    def _open(self, seat: int, biotope: str) -> None:
        self.piles[biotope].pop()
        self.box_storks += 1
        self.opening = []
        self.phase = DISCARD
        self._event(f"{self.names[seat]} opens the {biotope} biotope: its stork goes back "
                    f"into the box.")
        if self._display_emptied():  # the last card was the stork: its move is complete
            return
        self._maybe_end_turn(seat)

    def _maybe_end_turn(self, seat: int) -> None:
        """A turn with nothing more to discard ends by itself (only ``done`` is left)."""
        moves = self._discard_moves(seat)
        if moves == [DONE]:
            self._next_discarding_turn(seat)
        else:
            self._know_legal(seat, moves)

    def _next_discarding_turn(self, seat: int) -> None:
        self._turn_state()
        self.turn += 1
        self.to_move = (seat + 1) % self.players
        self.phase = DISCARD

    def _display_emptied(self) -> bool:
        empty = [s for s, d in enumerate(self.displays) if not d.cards]
        if not empty:
            return False
        self._event(f"{listed([self.names[s] for s in empty])} "
                    f"{'has' if len(empty) == 1 else 'have'} no card left in front of them.")
        self._finish()
        return True

    def _finish(self) -> None:
        self._turn_state()
        cards = [d.cards for d in self.displays]
        total = sum(cards)
        self.scores = [total - cards[s] + sum(d.chips) for s, d in enumerate(self.displays)]
        self.stage = OVER
        self.phase = OVER
        self.is_over = True
        best = max(self.scores)
        self.winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        self._revealed()
        for s in range(self.players):
            self._event(f"{self.score_text(s, named=True)}.")
        if len(self.winners) == 1:
            self._event(f"The game is over: {self.names[self.winners[0]]} wins with "
                        f"{plural(best, 'point')}!")
        else:
            self._event(f"The game is over: {listed([self.names[s] for s in self.winners])} "
                        f"share the win with {plural(best, 'point')}.")

    def score_text(self, seat: int, named: bool = False) -> str | None:
        """How ``seat``'s score is made, once the game is over (None before): the one
        wording of the log and of the board's panel. ``"Score 4: 1 card in the others'
        displays + 3 from 2 chips"`` (the panel, under the player's name), ``"Ada scores
        4: …"`` (``named``: the log's line). No card left in front of the others reads
        "no cards …", no chip ", no chips" (docs/rules/keckefrosche.md#score)."""
        if self.scores is None:
            return None
        chips = self.displays[seat].chips
        cards = self.scores[seat] - sum(chips)  # the cards in front of the others
        made = f"{plural(cards, 'card') if cards else 'no cards'} in the others' displays"
        made += f" + {sum(chips)} from {plural(len(chips), 'chip')}" if chips else ", no chips"
        score = self.scores[seat]
        return f"{self.names[seat]} scores {score}: {made}" if named else f"Score {score}: {made}"

    # -- what the rules did by themselves ------------------------------------------------
    def _news(self, kind: str, text: str, seat: int | None = None, card: str | None = None,
              biotope: str | None = None, losers: tuple[int, ...] = ()) -> None:
        decision = len(self.history) + 1  # the one being applied: history takes it after
        last = self.news[-1] if self.news else None
        number = last.number + 1 if last is not None and last.decision == decision else 0
        self.news.append(News(decision, number, kind, text, seat, card, biotope, losers))

    def news_since(self, decisions: int) -> list[dict[str, Any]]:
        """What the rules did by themselves after the first ``decisions`` decisions (the
        ones in ``history[decisions:]`` set it off), in the view's form: ``{"id", "kind",
        "text", "seat", "card", "biotope", "losers"}`` (``News``)."""
        shown = []
        for item in reversed(self.news):
            if item.decision <= decisions:
                break
            shown.append(item)
        shown.reverse()
        return [item.public() for item in shown]

    def news_from(self, seat: int | None) -> int:
        """Where ``seat``'s news starts, as a count of decisions for ``news_since``: at its
        own last decision (what that decision set off, and all since, stays on its screen
        until it decides again); the spectator's at the last decision."""
        history = self.history
        if seat is None:
            return max(0, len(history) - 1)
        for index in range(len(history) - 1, -1, -1):
            if history[index][0] == seat:
                return index
        return 0

    # -- why a move is refused -----------------------------------------------------------
    def _why_illegal(self, move: Move, seat: int) -> str:
        kind, biotope, place = move.kind, move.biotope, move.place
        phase = self.phase
        if not isinstance(kind, str) or kind not in MOVE_KINDS:
            return f"{brief(kind)} is not a kind of move: {NOTATION_HELP}"
        if kind in ("discard", "stork", "block", "open") and (
                not isinstance(biotope, str) or biotope not in BIOTOPES):
            return f"{brief(biotope)} is not a biotope: the biotopes are water, bank and dike"
        if phase == PLACE:
            return ("first lay the frog you drew at the left "
                    "or the right end of its row: 'left' or 'right'")
        if kind in ("left", "right"):
            return "left and right place a frog just drawn, and no frog is waiting"
        if phase == BLOCK:
            if kind != "block":
                return ("the discarding phase starts: first choose the biotope a stork from "
                        "the box blocks ('block water', 'block bank' or 'block dike')")
            return f"the {biotope} biotope is blocked already: block another biotope"
        if kind == "block":
            return "a stork from the box blocks a biotope only as the discarding phase starts"
        if phase == OPEN:
            if kind != "open":
                return (f"you laid a stork: now choose which blocked biotope opens "
                        f"({' or '.join(repr('open ' + b) for b in self.opening)})")
            return (f"only {' or '.join(self.opening)} can open: the stork you just laid "
                    f"stays")
        if kind == "open":
            return "a biotope opens only right after a stork is laid in the discarding phase"
        display = self.displays[seat]
        collecting = phase == COLLECT
        if kind == "draw":
            return "you draw only in the collecting phase: discard, or say 'done' or 'pass'"
        if kind == "pass":
            if collecting:
                return "there is no passing in the collecting phase: discard, or 'draw'"
            return "you have discarded this turn, so this is no pass: say 'done'"
        if kind == "done":
            if collecting:
                return "to end your turn in the collecting phase, 'draw'"
            return "you have discarded nothing this turn: discard, or 'pass'"
        if kind == "stork":
            if not display.storks:
                return "you have no stork in front of you"
            if collecting:
                return "after discarding a frog, you may discard only a stork, then you draw"
            if self.stork_played:
                return "only one stork per turn in the discarding phase"
            return (f"{BIOTOPE_NAMES[biotope]} is blocked: in the discarding phase a stork "
                    f"goes on an open biotope")
        # a frog
        row = display.rows[biotope]
        if type(place) is not int or not 1 <= place <= len(row):
            if not row:
                return f"you have no frog in your {biotope} row"
            return (f"your {biotope} row has {len(row)} frog{'s' * (len(row) != 1)}: say its "
                    f"place from 1 at the left to {len(row)}")
        frog = row[place - 1]
        top = self.top(biotope)
        if collecting and len(self.discarded) >= 1 and self.discarded[0] != STORK:
            return ("you may discard two cards only if one of them is a stork: discard a "
                    "stork now, or draw")
        if top == STORK:
            return (f"a stork blocks {BIOTOPE_NAMES[biotope]}: no frog may be discarded "
                    f"there")
        if top == frog:
            return (f"two identical frogs may never lie on top of each other, and "
                    f"{card_name(frog)} is on top {BIOTOPE_NAMES[biotope]}")
        if not collecting:
            if self.stork_played and self.frogs_before_stork:
                return "after your frogs and a stork, this turn can only end: say 'done'"
            if self.frog_biotope and biotope != self.frog_biotope:
                return (f"this turn's frogs all go to one biotope, "
                        f"{BIOTOPE_NAMES[self.frog_biotope]}")
            if frog in self.discarded:
                return (f"in the discarding phase a series holds at most one frog of each "
                        f"kind, and you discarded {card_name(frog)} this turn")
        return "that move is not among the legal moves now"

    # -- what everyone may see -----------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        over = self.is_over
        piles = self.piles
        biotopes = [{"id": b, "name": BIOTOPE_NAMES[b],
                     "top": piles[b][-1] if piles[b] else None,
                     "count": len(piles[b]),
                     "blocked": bool(piles[b]) and piles[b][-1] == STORK} for b in BIOTOPES]
        players = [{"seat": s, "name": self.names[s],
                    "rows": {b: list(d.rows[b]) for b in BIOTOPES},
                    "storks": d.storks,
                    "cards": d.cards,
                    "chips": len(d.chips),
                    "chip_values": sorted(d.chips) if over else None,
                    "score": self.scores[s] if self.scores is not None else None,
                    "score_text": self.score_text(s)}
                   for s, d in enumerate(self.displays)]
        return {
            "kinds": _KINDS_VIEW_COPY(),
            "biotopes": biotopes,
            "players": players,
            "pile": len(self.pile),
            "box": self.box_storks,
            "drawn": {"card": self.drawn, "seat": self.to_move} if self.drawn else None,
            "to_draw": self.to_draw,
            "discarded": list(self.discarded),
            "stork_played": self.stork_played,
            "passes": self.passes,
            "turn": self.turn,
            "stage": self.stage,
            "supply": len(self.supply),
            "opening": list(self.opening),
            "news": self.news_since(self.news_from(seat)),
        }

    def prompt(self, seat: int | None = None) -> str:
        """What the player to act must do now, in plain English, as ``seat`` reads it:
        "you" on that player's own board, their name for everyone else (the same
        instructions for every seat: every card in a display is face up)."""
        phase = self.phase
        if phase == OVER:
            end = "!" if len(self.winners) == 1 else "."
            return f"The game is over: {won(self.names, self.winners, seat)}{end}"
        name, you = self.names[self.to_move], seat == self.to_move
        if phase == PLACE:
            return told(name, you, "put your new frog at the left or the right end of its "
                                   "row. Next to an identical frog, it wins you a chip!")
        if phase == COLLECT:
            if not self.discarded:
                return turn(name, you, "you may throw away a frog (onto its own biotope) or "
                                       "a stork, or draw a card now.")
            if self.discarded[0] == STORK:
                return told(name, you, f"throw away one more card, or draw "
                                       f"{len(self.discarded) + 1} cards now.")
            return told(name, you, "you may still throw away a stork, or draw 2 cards now.")
        if phase == BLOCK:
            return told(name, you, "the discarding phase starts! Choose the biotope a stork "
                                   "from the box blocks.")
        if phase == OPEN:
            return told(name, you, "choose which blocked biotope opens again.")
        if self.discarded:
            return told(name, you, "throw away more frogs (one of each kind) or a stork, or "
                                   "say you are done.")
        return turn(name, you, "throw away frogs at an open biotope (one of each kind) and "
                               "maybe a stork, or pass. Get rid of your cards: each one counts "
                               "for the others!")

    # -- chance and hidden information ---------------------------------------------------
    def chance_odds(self, event: str | None = None, seat: int | None = None
                    ) -> dict[Any, Fraction]:
        """The exact chance of each outcome of a chance event, the same for every seat
        (every card leaves the pile face up, and no chip's value is shown before the end):
        ``"draw"`` (the next card drawn: a frog kind's id, ``"stork"`` or ``"bang"``) or
        ``"chip"`` (the value of the next chip taken from the supply). With no event, the
        next draw."""
        if seat is not None:
            self._check_seat(seat)
        if event is None or event == "draw":
            if not self.pile:
                raise GameError("the draw pile is empty: no card is left to draw")
            size = len(self.pile)
            return {card: Fraction(n, size) for card, n in sorted(Counter(self.pile).items())}
        if event == "chip":
            if not self.supply:
                raise GameError("the chips are all gone: no chip is left to take")
            unseen = Counter(self.supply)
            if not self.is_over:  # no chip shown yet: every value not shown is unseen
                for d in self.displays:
                    unseen.update(d.chips)
            size = sum(unseen.values())
            return {v: Fraction(n, size) for v, n in sorted(unseen.items())}
        raise BadArgument(f"event: Kecke Frösche's chance events are 'draw' and 'chip', "
                          f"not {brief(event)}")

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        # The pile's order is hidden from everyone; so is every chip's value (its owner's
        # included) until the end, when the held chips are shown. Each pool is sorted
        # first, so the sample depends on ``rng`` alone, never on the order it replaces.
        self.pile.sort()
        rng.shuffle(self.pile)
        if self.is_over:
            self.supply.sort()
            rng.shuffle(self.supply)
            return
        values = sorted([v for d in self.displays for v in d.chips] + self.supply)
        rng.shuffle(values)
        at = 0
        for d in self.displays:
            n = len(d.chips)
            d.chips = values[at:at + n]
            at += n
        self.supply = values[at:]

    # -- explicit positions --------------------------------------------------------------
    def _normalize_position(self, position: Any) -> dict[str, Any]:
        return normalize_position(position, self.players)

    def to_position(self) -> dict[str, Any]:
        """The table now as an explicit position, at the beginning of a turn (not while a
        drawn frog waits for its place, a stork from the box for its biotope or a biotope
        to open, nor once the turn has discarded), the pile's order and every chip's value
        included (the supply's too): a teacher's tool for setting up scenarios. A game
        made from it goes on exactly as this one."""
        if self.phase not in (COLLECT, DISCARD) or self.discarded:
            raise GameError("a position starts at the beginning of a turn: finish this one "
                            "first")
        return {
            "displays": [{**{b: list(d.rows[b]) for b in BIOTOPES}, "storks": d.storks,
                          "chips": list(d.chips)} for d in self.displays],
            "biotopes": {b: list(self.piles[b]) for b in BIOTOPES},
            "box": {"storks": self.box_storks, "bang": self.box_bang},
            "pile": list(reversed(self.pile)),  # top first
            "supply": list(reversed(self.supply)),  # the next chip first
            "stage": self.stage,
            "to_move": self.to_move,
            "turn": self.turn,
            "passes": self.passes,
        }


_KINDS_VIEW = [{"id": k.id, "name": k.name, "biotope": k.biotope, "letter": k.letter}
               for k in FROG_KINDS]


def _KINDS_VIEW_COPY() -> list[dict[str, str]]:
    return [dict(k) for k in _KINDS_VIEW]


def _count(value: Any, what: str) -> int:
    if type(value) is not int or value < 0:
        raise BadPosition(f"{what} is a whole number of at least 0, not {brief(value)}")
    return value


def normalize_position(position: Any, players: int) -> dict[str, Any]:
    """Check an explicit Kecke Frösche position, whose shape ``KeckeGame.POSITION`` has
    checked, and return it complete (README, "Explicit starting positions"). Refuses,
    naming the problem, anything malformed and any position the rules could never reach."""
    displays = position["displays"]  # one dictionary a seat: KeckeGame.POSITION checked that
    placed: Counter = Counter()
    chips: Counter = Counter()
    norm_displays = []
    for seat, spec in enumerate(displays):
        entry: dict[str, Any] = {}
        for b in BIOTOPES:
            row = spec.get(b, [])
            if not isinstance(row, list | tuple):
                raise BadPosition(f"seat {seat}: the {b} row is a list of frog kinds")
            for card in row:
                if not isinstance(card, str) or BIOTOPE_OF.get(card) != b:
                    raise BadPosition(f"seat {seat}: {brief(card)} is not a frog of the {b} "
                                      f"row (its frogs are {b}-1 to {b}-4)")
            entry[b] = list(row)
            placed.update(row)
        entry["storks"] = _count(spec.get("storks", 0), f"seat {seat}: 'storks'")
        placed[STORK] += entry["storks"]
        held = spec.get("chips", [])
        if not isinstance(held, list | tuple) or any(
                type(v) is not int or v not in (1, 2, 3) for v in held):
            raise BadPosition(f"seat {seat}: 'chips' lists chip values, each 1, 2 or 3")
        entry["chips"] = list(held)
        chips.update(held)
        norm_displays.append(entry)
    for v, n in chips.items():
        if n > CHIP_VALUES.count(v):
            raise BadPosition(f"the chips held include {n} worth {v}, but only "
                              f"{CHIP_VALUES.count(v)} chips are worth {v}")
    biotopes = position.get("biotopes", {})
    if not isinstance(biotopes, dict) or any(k not in BIOTOPES for k in biotopes):
        raise BadPosition("'biotopes' is a dictionary {'water': [...], 'bank': [...], "
                          "'dike': [...]}, each pile bottom to top")
    norm_piles = {}
    for b in BIOTOPES:
        pile = biotopes.get(b, [])
        if not isinstance(pile, list | tuple):
            raise BadPosition(f"the {b} pile is a list of cards, bottom to top")
        for i, card in enumerate(pile):
            if card == STORK:
                if i != len(pile) - 1:
                    raise BadPosition(f"a stork lies inside the {b} pile: a stork is only "
                                      f"ever on top (it leaves before any frog follows it)")
            elif not isinstance(card, str) or BIOTOPE_OF.get(card) != b:
                raise BadPosition(f"the {b} pile holds {brief(card)}: only its own frogs "
                                  f"({b}-1 to {b}-4) and a stork on top go there")
            elif i and pile[i - 1] == card:
                raise BadPosition(f"the {b} pile has two {card} on top of each other: "
                                  f"identical frogs never lie on each other")
        norm_piles[b] = list(pile)
        placed.update(pile)
    box = position.get("box", {})
    if not isinstance(box, dict) or any(k not in ("storks", "bang") for k in box):
        raise BadPosition("'box' is a dictionary {'storks': n, 'bang': n}")
    norm_box = {"storks": _count(box.get("storks", 0), "the box's 'storks'"),
                "bang": _count(box.get("bang", 0), "the box's 'bang'")}
    placed[STORK] += norm_box["storks"]
    placed[BANG] += norm_box["bang"]
    stage = position.get("stage", COLLECTING)
    if stage not in (COLLECTING, DISCARDING):
        raise BadPosition(f"'stage' is 'collecting' or 'discarding', not {brief(stage)}")
    pile = position.get("pile")
    if pile is not None:
        if not isinstance(pile, list | tuple) or any(
                not isinstance(c, str) or c not in DECK_COUNTS for c in pile):
            raise BadPosition("'pile' lists the draw pile's cards, top first: frog kinds, "
                              "'stork' and 'bang'")
        placed.update(pile)
    for card, n in sorted(placed.items()):
        if n > DECK_COUNTS[card]:
            raise BadPosition(f"the position holds {n} × {card}, but the game has only "
                              f"{DECK_COUNTS[card]}")
    missing = DECK_COUNTS - placed
    if pile is not None and missing:
        card = sorted(missing)[0]
        raise BadPosition(f"{missing[card]} × {card} {'is' if missing[card] == 1 else 'are'} "
                          f"nowhere: every one of the 66 cards must be in exactly one place "
                          f"(leave 'pile' out to shuffle the rest into it)")
    pile_size = len(pile) if pile is not None else sum(missing.values())
    blocked = [b for b in BIOTOPES if norm_piles[b] and norm_piles[b][-1] == STORK]
    if stage == COLLECTING:
        if len(blocked) > 1:
            raise BadPosition(f"{' and '.join(blocked)} are both blocked: while collecting "
                              f"only one biotope can be blocked")
        if not pile_size:
            raise BadPosition("the collecting phase needs a draw pile: with the pile empty "
                              "the discarding phase has begun")
    else:
        if pile_size:
            raise BadPosition("the discarding phase begins only once the draw pile is empty")
        if len(blocked) < 2 and norm_box["storks"]:
            raise BadPosition("the discarding phase starts by blocking biotopes with storks "
                              "from the box until two are blocked: with a stork in the box, "
                              "two biotopes must be blocked")
        for seat, d in enumerate(norm_displays):
            if not (d["water"] or d["bank"] or d["dike"] or d["storks"]):
                raise BadPosition(f"seat {seat} has no card left: in the discarding phase "
                                  f"that game would be over")
    to_move = position.get("to_move", 0)
    if type(to_move) is not int or not 0 <= to_move < players:
        raise BadPosition(f"'to_move' is a seat, 0 to {players - 1}, not {brief(to_move)}")
    supply = position.get("supply")
    if supply is not None:
        if not isinstance(supply, list | tuple) or any(
                type(v) is not int or v not in (1, 2, 3) for v in supply):
            raise BadPosition("'supply' lists the chips not yet taken, the next first: "
                              "chip values, each 1, 2 or 3")
        if Counter(supply) + chips != Counter(CHIP_VALUES):
            raise BadPosition(f"the supply and the chips held must be the {len(CHIP_VALUES)} "
                              f"chips, each once: {sorted(CHIP_VALUES)} (leave 'supply' out "
                              f"to shuffle the chips no display holds into it)")
        supply = list(supply)
    turn = position.get("turn", 1)
    if type(turn) is not int or turn < 1:
        raise BadPosition(f"'turn' is the number of the turn to play, 1 or more, not "
                          f"{brief(turn)}")
    passes = position.get("passes", 0)
    if type(passes) is not int or not 0 <= passes < players:
        raise BadPosition(f"'passes' counts the passes in a row, 0 to {players - 1} (as many "
                          f"as the players end the game), not {brief(passes)}")
    if passes and stage != DISCARDING:
        raise BadPosition("a player passes only in the discarding phase")
    return {"displays": norm_displays, "biotopes": norm_piles, "box": norm_box,
            "pile": list(pile) if pile is not None else None, "supply": supply,
            "stage": stage, "to_move": to_move, "turn": turn, "passes": passes}


__all__ = ["MOVE_KINDS", "KeckeGame", "Move", "normalize_position"]
