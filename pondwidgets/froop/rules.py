"""The Froop! rules model: every rule and ruling of docs/rules/froop.md, complete, with
its variants (Cutthroat, Speed, Strategic, Panic, Marathon) as options.

A turn is a chain of decisions by one player, each its own legal-move list:

======  ===========================================================  ======================
phase   the decision                                                 notation
======  ===========================================================  ======================
play    lay a card (as laid, at its top-left cell); with no legal    ``FBSH at 3,-1``,
        play, draw (pass on an empty pile)                           ``draw``, ``pass``
again   after a 3- or 4-match: play again or stop; Cutthroat: give   ``stop``,
        a card (3) or make the others draw (4)                       ``give BFHS to 2``,
                                                                     ``others draw``
race    Panic: every seat at once: play, draw, pass when stuck on    (the same)
        an empty pile, and give after a 3-match
======  ===========================================================  ======================

Speed adds ``time``, the rules' own decision when the countdown runs out (``deadline``).
Everything else (the deal, the draws of Cutthroat, Panic and Marathon, the end and the
score) happens automatically and is logged; an event naming a hidden card (a draw, a
gift) shows in views only as its covered text.

Legal plays come from an index kept up to date as cards are laid: every block of 2 × 2
cells covering at least two visible cells, filed under its pattern (``"HS.."``: the
symbols it shows, ``.`` where no card lies). A card matches a pattern when it agrees on
every visible cell, so a card's legal places are the blocks filed under the 11 patterns
it can match (its letters with 0, 1 or 2 cells blanked), each a dictionary look-up.
"""

from __future__ import annotations

import bisect
import copy as _copy
import itertools
import random
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

from ..core import arguments
from ..core.arguments import flag, whole
from ..core.clock import Clock
from ..core.declaration import Exclusion, MoveKind, Moves, Option, Options, Position
from ..core.errors import BadArgument, BadNotation, BadPosition, GameError, brief
from ..core.game import Deadline, Game
from ..core.words import capital, listed, plural, told, who
from ..core.words import turn as turn_prompt  # .cards.turn turns a card
from .cards import CARD_SET, CARDS, HAND_SIZE, SYMBOL_NAMES, is_card, name_of, turn

PLAY, AGAIN, RACE, OVER = "play", "again", "race", "over"
HIDDEN = "hidden"  # Event.square of an event that names a card from a hand or the pile
DEFAULT_NAMES = ["Ada", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo"]
OPTION_NAMES = ("cutthroat", "speed", "strategic", "panic", "marathon", "fewest_wins")
FARTHEST = 999_999  # a cell's column or row, as the notation writes it (six digits)


# The declaration (core.declaration): Froop!'s kinds of decision and their notation.
MOVES = Moves(
    MoveKind("play", "{card} at {x},{y}", card=None, x=None, y=None),
    MoveKind("draw"),
    MoveKind("pass"),
    MoveKind("stop"),
    MoveKind("give", "give {card} to {to}", card=None, to=None),
    MoveKind("others", "others draw"),
    MoveKind("time"),
)
MOVE_KINDS = MOVES.kinds


class Move(NamedTuple):
    """One decision. ``kind`` is one of ``MOVE_KINDS``; a ``play`` lays ``card`` (its
    letters as laid, turned or not) with its top-left cell at ``x, y``; a ``give`` names
    the card by its name and the seat ``to`` it goes to. ``str(move)`` is its notation:
    ``FBSH at 3,-1``, ``draw``, ``pass``, ``stop``, ``give BFHS to 2``, ``others draw``,
    ``time``."""

    kind: str
    card: str = ""
    x: int = 0
    y: int = 0
    to: int = -1

    def __str__(self) -> str:
        return MOVES.text(self)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


DRAW, PASS, STOP, OTHERS, TIME = (Move(k) for k in ("draw", "pass", "stop", "others", "time"))
_SIMPLE = {"draw": DRAW, "pass": PASS, "stop": STOP, "others draw": OTHERS, "time": TIME}
_NO_FIELDS = ("", 0, 0, -1)  # card, x, y, to of a decision that names nothing
NOTATION_HELP = ("write a play as the card's letters as laid and its top-left cell, "
                 "'FBSH at 3,-1', or 'draw', 'pass', 'stop', 'give BFHS to 2', "
                 "'others draw' or 'time'")
_PLAY_TEXT = re.compile(r"([A-Za-z]{4})\s+at\s+([+-]?[0-9]{1,6})\s*,\s*([+-]?[0-9]{1,6})",
                        re.ASCII | re.IGNORECASE)
_GIVE_TEXT = re.compile(r"give\s+([A-Za-z]{4})\s+to\s+(.+)", re.ASCII | re.IGNORECASE)


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
NAME_OF = {letters: name for name in CARDS for letters in (name, turn(name))}
# The same, flat: each card's 22 (pattern, letters as laid), for the search's one loop.
_KEYS = {name: tuple((key, letters) for letters, keys in ways for key in keys)
         for name, ways in ORIENTATIONS.items()}


# The nine blocks a card laid at x, y changes (those overlapping it), as (the index of
# their top-left cell in the 4 x 4 cells from x-1, y-1 read row by row, dx, dy).
_AROUND = tuple((4 * (dy + 1) + dx + 1, dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))


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


def _seconds(value: Any, name: str) -> Any:
    """Speed's countdown, kept as given (a save writes 20, not 20.0): BadArgument for
    anything else, a bool, NaN, or a number no float holds (10**400)."""
    arguments.number(value, name, 1, 3600, what="Speed's seconds for each card")
    return value


_PANIC_AND_SPEED = ("Panic and Speed cannot be played together: in Panic everyone plays at "
                    "once, so there is no turn for Speed's countdown")


class FroopGame(Game):
    """A game of Froop! for 2 to 10 players.

    ``players`` is a count or a list of names; ``position`` starts from an explicit
    position (``pondwidgets/froop/README.md``). Options: ``cutthroat``, ``speed`` (with
    ``countdown`` seconds a card), ``strategic`` (hands public), ``panic`` (everyone at
    once; not with ``speed``), ``marathon`` (points, until the pile runs out) and
    ``fewest_wins`` (a blocked game is won by the fewest cards instead of drawn).
    Every game ends by itself: each play lays a card for good and each draw takes one
    from the pile.
    """

    NAME = "froop"
    TITLE = "Froop!"
    PLAYERS = range(2, 11)
    OPTIONS = Options(
        Option("cutthroat", False, flag, "After a 3-match a player may give a card away, "
               "after a 4-match make every other player draw one.", plays=(True,),
               variant="Cutthroat"),
        Option("speed", False, flag, "Each player has a countdown to play a card: when it "
               "runs out, their turn ends and they draw one.", plays=(True,), variant="Speed"),
        Option("countdown", 20, _seconds, "Speed's seconds for each card, from 1 to 3600."),
        Option("strategic", False, flag, "Every player's hand lies face up for the whole "
               "game.", plays=(True,), variant="Strategic"),
        Option("panic", False, flag, "Everyone plays at once, as fast as they can, like "
               "Cutthroat but with no turns.", plays=(True,), variant="Panic"),
        Option("marathon", False, flag, "Running out scores a point and everyone draws "
               "back up to 7; the game ends when the pile runs out.", plays=(True,),
               variant="Marathon"),
        Option("fewest_wins", False, flag, "The player with the fewest cards wins a blocked "
               "game instead of a draw.", plays=(True,)),
        exclusions=(Exclusion(("panic", "speed"), _PANIC_AND_SPEED),),
    )
    MOVES = MOVES
    POSITION = Position(required=("froop", "hands"),
                        optional=("pile", "to_move", "points", "passes", "stuck", "gave"),
                        seats="hands")
    MOVE = Move
    CACHES = Game.CACHES | {"_plays"}  # each seat's placements, worked out when asked

    def __init__(self, players: int | list[str] = 2, *, seed: int | None = None,
                 position: dict | None = None, clock: Clock | None = None,
                 cutthroat: bool = False, speed: bool = False, countdown: float = 20,
                 strategic: bool = False, panic: bool = False, marathon: bool = False,
                 fewest_wins: bool = False) -> None:
        players = self.take_players(players, lambda n: DEFAULT_NAMES[:n])
        options = self.OPTIONS.take(locals())
        self.cutthroat, self.speed, self.strategic = cutthroat, speed, strategic
        self.panic, self.marathon, self.fewest_wins = panic, marathon, fewest_wins
        self.countdown = countdown
        super().__init__(seed=seed, position=position, clock=clock,
                         options={"players": players, **options})

    # -- setting up ----------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        self.hands: list[list[str]] = [[] for _ in range(n)]  # card names, kept sorted
        self.points = [0] * n  # Marathon
        self.cells: dict[tuple[int, int], str] = {}  # every visible cell: its top symbol
        self.froop: list[Laid] = []  # the cards laid, in order
        self._under: list[str] = []  # for each card laid, the pattern it covered
        self._patterns: dict[tuple[int, int], str] = {}  # block -> its pattern (>= 2 seen)
        self._index: dict[str, dict[tuple[int, int], None]] = {}  # pattern -> its blocks
        self.chain: tuple[int, int] | None = None  # phase again: (seat, its match)
        self.passes = 0  # passes in a row on an empty pile
        self.must_give: set[int] = set()  # Panic: seats that matched 3 and owe a card
        self.stuck: set[int] = set()  # Panic: seats that passed since the Froop changed
        # For each seat, the cards it gave away still held where they went: card -> seat.
        self.gave: list[dict[str, int]] = [{} for _ in range(n)]
        self.result = ""  # the end, in words (the log's)
        self._ending: str | None = None  # how it ended (_finish)
        self.pile: list[str]  # top last
        self.to_move = 0
        if self.position is None:
            self._deal()
        else:
            self._from_position()
        self._plays: list[list[Move] | None] = [None] * n  # each seat's placements
        self.phase = RACE if self.panic else PLAY
        self._acting = self._who_acts()

    def _deal(self) -> None:
        rng, n, names = self.rng, self.players, self.names
        deck = list(CARDS)
        rng.shuffle(deck)  # the top is the list's end
        for _ in range(HAND_SIZE):  # one card at a time round the table, from the dealer
            for seat in range(n):
                self.hands[seat].append(deck.pop())
        for hand in self.hands:
            hand.sort()
        start = deck.pop()
        letters = start if rng.random() < 0.5 else turn(start)  # face up as it came
        self._lay(letters, 0, 0, None, None)
        self.pile = deck
        on = [label for label, flag in (("Cutthroat", self.cutthroat), ("Speed", self.speed),
                                        ("Strategic", self.strategic), ("Panic", self.panic),
                                        ("Marathon", self.marathon)) if flag]
        self._event(f"A new game of Froop! for {n} players: {listed(names)}"
                    + (f" ({', '.join(on)})." if on else "."))
        dealt = "; ".join(f"{names[s]} {' '.join(self.hands[s])}" for s in range(n))
        self._event(f"{names[0]} deals {HAND_SIZE} cards to each player: {dealt}.", HIDDEN,
                    f"{names[0]} deals {HAND_SIZE} cards to each player, one at a time.")
        first = "Everyone plays at once: Panic!" if self.panic else f"{names[0]} plays first."
        self._event(f"{names[0]} lays {letters} at 0,0 to start the Froop; "
                    f"{plural(len(self.pile), 'card')} form the draw pile. {first}")

    def _from_position(self) -> None:
        pos = self.position
        for i, (letters, x, y, *seat) in enumerate(pos["froop"]):
            match = None if i == 0 else match_on(block_pattern(self.cells, x, y), letters)
            self._lay(letters, x, y, seat[0] if seat else None, match)
        self.hands = [list(hand) for hand in pos["hands"]]
        if pos["pile"] is None:
            placed = {name_of(letters) for letters, *_ in pos["froop"]}
            placed.update(card for hand in pos["hands"] for card in hand)
            self.pile = [card for card in CARDS if card not in placed]
            self.rng.shuffle(self.pile)
        else:
            self.pile = list(reversed(pos["pile"]))  # given top first; the top is the end
        self.to_move = pos["to_move"]
        self.points = list(pos["points"])
        self.passes, self.stuck = pos["passes"], set(pos["stuck"])
        self.gave = [{card: to for card, to in known} for known in pos["gave"]]
        who = "Everyone plays at once: Panic!" if self.panic else \
            f"{self.names[self.to_move]} is to play."
        self._event(f"A game of Froop! from a set position: {plural(len(self.froop), 'card')} "
                    f"on the Froop, {plural(len(self.pile), 'card')} in the pile. {who}")

    def _normalize_position(self, position: Any) -> dict[str, Any]:
        return normalize_position(position, self.players, self.marathon, panic=self.panic,
                                  cutthroat=self.cutthroat)

    # -- the Froop -----------------------------------------------------------------------
    def _lay(self, letters: str, x: int, y: int, seat: int | None, match: int | None) -> None:
        """Lay a card and bring the index of the blocks it changed up to date: the nine
        blocks that overlap it, the only ones whose pattern can change."""
        cells = self.cells
        self._under.append(block_pattern(cells, x, y))
        cells[x, y], cells[x + 1, y] = letters[0], letters[1]
        cells[x, y + 1], cells[x + 1, y + 1] = letters[2], letters[3]
        self.froop.append(Laid(letters, x, y, seat, match))
        patterns, index = self._patterns, self._index
        get = cells.get
        xs = (x - 1, x, x + 1, x + 2)
        around = [get((cx, cy), ".") for cy in (y - 1, y, y + 1, y + 2) for cx in xs]
        for k, dx, dy in _AROUND:
            new = around[k] + around[k + 1] + around[k + 4] + around[k + 5]
            block = (x + dx, y + dy)
            old = patterns.get(block)
            if new == old or new.count(".") > 2:
                continue  # unchanged, or still fewer than two cells to cover
            if old is not None:  # cells are only ever added: it stays a candidate
                bucket = index[old]
                del bucket[block]
                if not bucket:
                    del index[old]
            patterns[block] = new
            joined = index.get(new)
            if joined is None:
                index[new] = {block: None}
            else:
                joined[block] = None

    def placements(self, cards: list[str] | tuple[str, ...] | set[str] | frozenset[str]
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
        return self._placements(names)

    def _placements(self, names) -> list[Move]:
        get = self._index.get
        plays: list[Move] = []
        append = plays.append
        new = tuple.__new__  # the Move's own constructor, without its keyword handling
        for name in names:
            for key, letters in _KEYS[name]:
                bucket = get(key)
                if bucket:
                    for x, y in bucket:
                        append(new(Move, ("play", letters, x, y, -1)))
        return plays

    def plays(self, seat: int) -> list[Move]:
        """Every legal play of ``seat``'s hand on the Froop now, whether or not it is that
        seat's turn."""
        return list(self._plays_for(self._check_seat(seat)))

    def _plays_for(self, seat: int) -> list[Move]:
        plays = self._plays[seat]
        if plays is None:
            plays = self._plays[seat] = self._placements(self.hands[seat])
        return plays

    def match_of(self, letters: str, x: int, y: int) -> int | None:
        """How many symbols ``letters`` would match laid at ``x, y`` now (2 to 4), or None
        when that is no legal play (whoever holds the card)."""
        if not is_card(letters):
            raise BadArgument(f"letters: {brief(letters)} is not a card as laid")
        return match_on(block_pattern(self.cells, _cell(x, "x"), _cell(y, "y")), letters)

    def top(self, x: int, y: int) -> str | None:
        """The symbol the cell ``x, y`` shows, or None where no card lies."""
        return self.cells.get((_cell(x, "x"), _cell(y, "y")))

    def bounds(self) -> tuple[int, int, int, int]:
        """``(xmin, ymin, xmax, ymax)`` of the visible cells."""
        xs = [x for x, _ in self.cells]
        ys = [y for _, y in self.cells]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def _matched(self) -> int:
        """How many symbols the card that gave the chain its turn matched (phase again)."""
        assert self.chain is not None  # a chain goes on
        return self.chain[1]

    # -- whose decision, and which ones are legal ----------------------------------------
    @property
    def seats_to_act(self) -> tuple[int, ...]:
        # Read several times a decision: worked out once at the end of each (_apply).
        return self._acting

    def _who_acts(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        if not self.panic:
            return (self.to_move,)
        if self.pile:  # everyone may play or draw
            return tuple(range(self.players))
        # Public facts only (never whether a hidden hand has a play): the seats that have
        # not said they are stuck since the Froop last changed. A seat owing a card never
        # passed since its 3-match.
        stuck = self.stuck
        return tuple(s for s in range(self.players) if s not in stuck)

    def _legal(self, seat: int) -> list[Move]:
        if self.panic:
            if seat in self.must_give:
                return self._gives(seat)
            plays = self._plays_for(seat)
            if plays:
                return list(plays)
            return [DRAW] if self.pile else [PASS]
        plays = self._plays_for(seat)
        if self.phase == PLAY:
            if plays:
                return list(plays)
            return [DRAW] if self.pile else [PASS]
        moves = list(plays)  # phase again
        if self.cutthroat:
            if self._matched == 3:
                moves += self._gives(seat)
            elif self.pile:
                moves.append(OTHERS)
        moves.append(STOP)
        return moves

    def _gives(self, seat: int) -> list[Move]:
        others = [s for s in range(self.players) if s != seat]
        return [Move("give", card, 0, 0, to) for card in self.hands[seat] for to in others]

    def fresh(self, seen: int) -> bool:
        """In Panic any picture is current: a play made on an older one is checked
        against the Froop as it is now (and refused as "too late" when a rival's card
        spoiled it)."""
        if self.panic:
            return isinstance(seen, int) and 0 <= seen <= len(self.history)
        return super().fresh(seen)

    @property
    def deadline(self) -> Deadline | None:
        """Speed: the seat on turn has ``countdown`` seconds from the last decision, then
        ``time`` is played for it."""
        if not self.speed or self.is_over:
            return None
        return Deadline(self.last_time + self.countdown, self.to_move, TIME)

    @property
    def against_the_clock(self) -> bool:
        return self.panic or self.speed

    @property
    def hides_hands(self) -> bool:
        return not self.strategic

    def _front_shown(self, square: str | None) -> bool:
        """An event naming a card drawn or given shows in views only as its covered text
        ("Bob draws a card"), but under Strategic, where that card lands in a public
        hand. (A view's events are the same for every seat: the drawer reads its card in
        its own hand.)"""
        return square != HIDDEN or self.strategic

    # -- carrying out a decision ---------------------------------------------------------
    def _parse(self, text: str) -> Move:
        if not isinstance(text, str) or len(text) > 60:
            raise BadNotation(f"{brief(text)} is not a Froop! decision: {NOTATION_HELP}")
        words = " ".join(text.split())
        simple = _SIMPLE.get(words.lower())
        if simple is not None:
            return simple
        found = _PLAY_TEXT.fullmatch(words)
        if found:
            letters = found.group(1).upper()
            _check_letters(letters, text)
            return Move("play", letters, int(found.group(2)), int(found.group(3)))
        found = _GIVE_TEXT.fullmatch(words)
        if found:
            letters = found.group(1).upper()
            _check_letters(letters, text)
            return Move("give", name_of(letters), 0, 0, self._seat_named(found.group(2)))
        raise BadNotation(f"{brief(text)} is not a Froop! decision: {NOTATION_HELP}")

    def _seat_named(self, text: str) -> int:
        """A seat given by its number or its player's name (any case)."""
        text = text.strip()
        if text.isascii() and text.isdigit() and len(text) <= 3:
            return int(text)
        for seat, name in enumerate(self.names):
            if name.casefold() == text.casefold():
                return seat
        raise BadNotation(f"{brief(text)} is neither a seat (0 to {self.players - 1}) nor a "
                          f"player's name")

    def _apply(self, move: Move, seat: int) -> None:
        kind = move.kind
        if kind == "play":
            self._play(seat, move.card, move.x, move.y)
        elif kind == "draw":
            if self._draw(seat, 1) and not self.panic:
                self._next_turn(seat)
        elif kind == "pass":
            self._pass(seat, f"{self.names[seat]} passes: no card fits and the pile is empty.")
        elif kind == "stop":
            self._event(f"{self.names[seat]} stops.")
            self._next_turn(seat)
        elif kind == "give":
            self._give(seat, move.card, move.to)
        elif kind == "others":
            self._event(f"{self.names[seat]} makes every other player draw a card.")
            if self._others_draw(seat):
                self._next_turn(seat)
        else:
            self._time_out(seat)
        self._acting = self._who_acts()

    def _play(self, seat: int, letters: str, x: int, y: int) -> None:
        name = NAME_OF[letters]
        hand = self.hands[seat]
        hand.remove(name)
        match = 4 - self._patterns[x, y].count(".")
        self._lay(letters, x, y, seat, match)
        self._plays = [None] * self.players  # a new Froop: every seat's plays change
        self.passes = 0
        self.stuck.clear()
        for known in self.gave:  # a card laid is nobody's secret any more
            known.pop(name, None)
        who = self.names[seat]
        said = f"{who} lays {letters} at {x},{y}: {match} symbols match."
        if not hand:  # running out ends it at once: the match earns nothing more
            self._event(said)
            self._ran_out(seat)
            return
        if self.panic:
            if match == 3:
                self.must_give.add(seat)
                self._event(f"{said} Three! {who} must give a card to another player.")
            elif match == 4:
                self._event(f"{said} Four! Every other player draws a card.")
                self._others_draw(seat)
            else:
                self._event(said)
            return
        if match >= 3:
            self.phase = AGAIN
            self.chain = (seat, match)
            self._event(f"{said} {who} may play again.")
        else:
            self._event(said)
            self._next_turn(seat)

    def _draw(self, seat: int, count: int) -> bool:
        """``seat`` draws up to ``count`` cards (fewer when the pile runs out); False when
        that ended the game (Marathon ends the moment the last card is drawn)."""
        drawn: list[str] = []
        hand, pile = self.hands[seat], self.pile
        while len(drawn) < count and pile:
            card = pile.pop()
            bisect.insort(hand, card)
            drawn.append(card)
        if drawn:
            self._revealed()  # the drawer sees a card: nobody takes that back
            self._plays[seat] = None
            who = self.names[seat]
            cards = "a card" if len(drawn) == 1 else plural(len(drawn), "card")
            self._event(f"{who} draws {', '.join(drawn)}.", HIDDEN, f"{who} draws {cards}.")
        if self.marathon and not pile:
            self._marathon_over()
            return False
        return True

    def _others_draw(self, seat: int) -> bool:
        """Every other player draws a card, in turn order from the next seat (a short pile
        leaves the last ones without); False when that ended the game."""
        n = self.players
        for k in range(1, n):
            if not self.pile:
                left = [self.names[(seat + j) % n] for j in range(k, n)]
                self._event(f"The pile is empty: {listed(left)} "
                            f"{'draws' if len(left) == 1 else 'draw'} nothing.")
                break
            if not self._draw((seat + k) % n, 1):
                return False
        return True

    def _pass(self, seat: int, said: str) -> None:
        self._event(said)
        if self.panic:
            self.stuck.add(seat)
            if len(self.stuck) == self.players:
                self._blocked()
            return
        self.passes += 1
        if self.passes >= self.players:
            self._blocked()
        else:
            self._next_turn(seat)

    def _give(self, seat: int, card: str, to: int) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        bisect.insort(self.hands[to], card)
        self._plays[seat] = self._plays[to] = None
        self.stuck.discard(to)  # a new card may fit
        for known in self.gave:  # whoever knew where it was no longer does...
            known.pop(card, None)
        self.gave[seat][card] = to  # ...but the giver
        if not self.strategic:
            self._revealed()  # the receiver sees the card
        who, whom = self.names[seat], self.names[to]
        self._event(f"{who} gives {card} to {whom}.", HIDDEN, f"{who} gives {whom} a card.")
        self.must_give.discard(seat)
        if not hand:  # giving away the last card is running out
            self._ran_out(seat)
        elif not self.panic:
            self._next_turn(seat)

    def _time_out(self, seat: int) -> None:
        who = self.names[seat]
        if self.phase == AGAIN:
            self._event(f"{who}'s time is up: the turn ends.")
            self._next_turn(seat)
        elif self.pile:
            self._event(f"{who}'s time is up: {who} must draw a card, and the turn ends.")
            if self._draw(seat, 1):
                self._next_turn(seat)
        else:
            self._pass(seat, f"{who}'s time is up and the pile is empty: {who} passes.")

    def _next_turn(self, seat: int) -> None:
        self.to_move = (seat + 1) % self.players
        self.phase = PLAY
        self.chain = None

    def _ran_out(self, seat: int) -> None:
        who = self.names[seat]
        self.must_give.discard(seat)
        if not self.marathon:
            self._finish((seat,), "ran out")
            return
        self.points[seat] += 1
        self._event(f"{who} has no card left and scores a point "
                    f"({plural(self.points[seat], 'point')}). Everyone draws back up to "
                    f"{HAND_SIZE} cards, from {who} on.")
        n = self.players
        for k in range(n):
            s = (seat + k) % n
            short = HAND_SIZE - len(self.hands[s])
            if short > 0 and not self._draw(s, short):
                return
        if not self.panic:
            self._next_turn(seat)

    def _marathon_over(self) -> None:
        best = max(self.points)
        self._finish(tuple(s for s, p in enumerate(self.points) if p == best), "marathon")

    def _blocked(self) -> None:
        if self.fewest_wins:
            fewest = min(len(hand) for hand in self.hands)
            self._finish(tuple(s for s, hand in enumerate(self.hands) if len(hand) == fewest),
                         "fewest")
        else:
            self._finish((), "draw")

    def _finish(self, winners: tuple[int, ...], ending: str) -> None:
        """The end: ``ending`` says how ("ran out", "marathon", "fewest" or "draw")."""
        self.phase, self.is_over, self.winners = OVER, True, winners
        self.chain = None
        self.must_give.clear()
        self._ending = ending
        self.result = self._result()
        self._event(self.result)

    def _result(self, you: int | None = None) -> str:
        """The end in words, as seat ``you`` reads it: "Ada has no card left and wins!" in
        the log and for everyone else, "You have no card left and win!" on Ada's board."""
        if self._ending == "draw":
            return "Nobody can play and the pile is empty: the game is a draw."
        best = who(self.names, self.winners, you)
        wins = best.does("wins") if len(self.winners) == 1 else "share the win"
        if self._ending == "ran out":
            return capital(f"{best} {best.does('has')} no card left and {wins}!")
        if self._ending == "marathon":
            scores = ", ".join(f"{self.names[s]} {p}" for s, p in enumerate(self.points))
            return (f"The last card of the pile is drawn: the Marathon is over ({scores}). "
                    f"{capital(best)} {wins} with {plural(max(self.points), 'point')}!")
        fewest = min(len(hand) for hand in self.hands)
        return (f"Nobody can play and the pile is empty: {best} {best.does('has')} the "
                f"fewest cards ({fewest}) and {wins}.")

    # -- why a move is refused -----------------------------------------------------------
    def _why_illegal(self, move: Move, seat: int) -> str:
        # A hand-made move may hold anything in any field: nothing here may raise.
        try:
            return self._refusal(move, seat)
        except Exception:  # a field whose comparison itself fails
            return f"{brief(move)} is not a legal decision now: {NOTATION_HELP}"

    def _refusal(self, move: Move, seat: int) -> str:
        kind = move.kind
        if not isinstance(kind, str) or kind not in MOVE_KINDS:
            return f"{brief(kind)} is not a kind of Froop! decision: {NOTATION_HELP}"
        name = self.names[seat]
        if kind in ("draw", "pass", "stop", "others", "time") \
                and (move.card, move.x, move.y, move.to) != _NO_FIELDS:
            return f"'{Move(kind)}' names no card, cell or seat"
        if kind == "time":
            return self._time_refusal(seat)
        if seat in self.must_give and kind != "give":
            return (f"Three! {name} must first give a card to another player "
                    f"('give <card> to <seat>')")
        if kind == "play":
            return self._play_refusal(move, seat)
        if kind == "give":
            return self._give_refusal(move, seat)
        plays = self._plays_for(seat)
        again = self.phase == AGAIN
        if kind == "draw":
            if again:
                return (f"after matching {self._matched} symbols you may play again or "
                        f"stop ('stop' ends your turn without drawing)")
            if plays:
                return f"you may not draw while you have a legal play (such as {plays[0]})"
            return "the draw pile is empty: with no card that fits, pass"
        if kind == "pass":
            if again:
                return "to end your turn after a 3- or 4-match, say 'stop'"
            if plays:
                return f"you may not pass while you have a legal play (such as {plays[0]})"
            return "you may pass only on an empty pile: with no card that fits, draw one"
        if kind == "stop":
            if self.panic:
                return "in Panic nobody plays again after a match, so there is nothing to stop"
            return ("'stop' ends a turn after a 3- or 4-match instead of playing again; "
                    "now lay a card (or draw, or pass, when none fits)")
        # others draw
        if self.panic:
            return "in Panic every other player draws by itself when you match 4 symbols"
        if not self.cutthroat:
            return ("making every other player draw is Cutthroat's reward for matching 4 "
                    "symbols (cutthroat=True)")
        if not again or self._matched != 4:
            return "under Cutthroat you make the others draw right after matching 4 symbols"
        return "the draw pile is empty: nobody can draw"

    def _time_refusal(self, seat: int) -> str:
        if not self.speed:
            return "there is no countdown: 'time' is the rules' decision under Speed only"
        # Before its deadline Game.play itself says how long the seat still has (1 ms, 0.4 s)
        return f"{self.names[seat]}'s time is not up"

    def _play_refusal(self, move: Move, seat: int) -> str:
        letters, x, y = move.card, move.x, move.y
        problem = _letters_problem(letters)
        if problem:
            return problem
        if type(x) is not int or type(y) is not int:
            return f"a card is laid at a cell of whole numbers x,y, not {brief(x)},{brief(y)}"
        card = NAME_OF[letters]
        if card not in self.hands[seat]:
            if any(NAME_OF[laid.card] == card for laid in self.froop):
                return f"{card} is on the Froop already, not in your hand"
            return f"{card} is not in your hand"
        if self.panic:
            late = self._too_late(letters, x, y, seat)
            if late:
                return late
        pattern = block_pattern(self.cells, x, y)
        return placement_problem(pattern, letters, x, y) or \
            "that play is not among the legal moves now"

    def _too_late(self, letters: str, x: int, y: int, seat: int) -> str | None:
        """Panic: whether a card laid since made this play illegal — the newest card
        whose removal would make it legal again — named as "too late"."""
        block = [(x + dx, y + dy) for dx, dy in BLOCK]
        shown = [self.cells.get(cell, ".") for cell in block]
        for i in range(len(self.froop) - 1, max(-1, len(self.froop) - 4 * self.players), -1):
            laid = self.froop[i]
            if laid.seat is None:
                break  # the cards before the game began
            covers = [(laid.x + dx, laid.y + dy) for dx, dy in BLOCK]
            touched = False
            for j, cell in enumerate(block):
                if cell in covers:
                    shown[j] = self._under[i][covers.index(cell)]
                    touched = True
            if touched and match_on("".join(shown), letters) is not None:
                if laid.seat == seat:
                    return (f"too late: your own card {laid.card} at {laid.x},{laid.y} "
                            f"changed that spot")
                return (f"too late: {self.names[laid.seat]}'s card ({laid.card} at "
                        f"{laid.x},{laid.y}) changed that spot")
        return None

    def _give_refusal(self, move: Move, seat: int) -> str:
        if not (self.cutthroat or self.panic):
            return "giving a card away is part of Cutthroat and Panic (cutthroat=True)"
        if self.panic:
            if seat not in self.must_give:
                return "in Panic you give a card right after matching 3 symbols ('Three!')"
        elif self.phase != AGAIN or self._matched != 3:
            return "under Cutthroat you may give a card right after matching 3 symbols"
        card, to = move.card, move.to
        if not is_card(card):
            return f"{brief(card)} is not a card: name it by its name, like {CARDS[0]}"
        if card != NAME_OF[card]:
            return f"in 'give', name the card by its name: {NAME_OF[card]}"
        if card not in self.hands[seat]:
            return f"{card} is not in your hand"
        if type(to) is not int or not 0 <= to < self.players:
            return f"{brief(to)} is not a seat of this game (seats 0 to {self.players - 1})"
        if to == seat:
            return "give the card to another player, not to yourself"
        return "that gift is not among the legal moves now"

    def _why_waiting(self, seat: int) -> str:
        name = self.names[seat]
        if self.panic and seat in self.stuck:
            return (f"{name} is stuck (no card fits and the pile is empty) until a new card "
                    f"changes the Froop or someone gives {name} a card")
        if not self.panic and not self.is_over:
            return f"it is not {name}'s turn: {self.names[self.to_move]} is to play"
        return super()._why_waiting(seat)

    # -- what a seat may see -------------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        cells = sorted(self.cells.items(), key=lambda item: (item[0][1], item[0][0]))
        xmin, ymin, xmax, ymax = self.bounds()
        public = self.strategic
        players = [{"seat": s, "name": self.names[s], "cards": len(hand),
                    "hand": list(hand) if public or s == seat else None,
                    "points": self.points[s]} for s, hand in enumerate(self.hands)]
        plays = []
        if seat is not None:
            for move in self.legal_moves(seat):
                if move.kind == "play":
                    name = NAME_OF[move.card]
                    plays.append({"move": str(move), "card": name, "x": move.x, "y": move.y,
                                  "turned": move.card != name,
                                  "match": 4 - self._patterns[move.x, move.y].count(".")})
        due = self.deadline
        countdown = None if due is None else {
            "seat": due.seat, "seconds": self.countdown,
            "left": round(max(0.0, due.time - max(self.clock.now(), self.last_time)), 1)}
        return {
            "cells": [[x, y, symbol] for (x, y), symbol in cells],
            "cards": [{"card": laid.card, "x": laid.x, "y": laid.y, "seat": laid.seat,
                       "match": laid.match} for laid in self.froop],
            "bounds": [xmin, ymin, xmax, ymax],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "players": players,
            "pile": len(self.pile),
            "turn": None if self.panic or self.is_over else self.to_move,
            "chain": None if self.chain is None else
            {"seat": self.chain[0], "match": self.chain[1]},
            "must_give": sorted(self.must_give),
            "stuck": sorted(self.stuck),
            "passes": self.passes,
            "countdown": countdown,
            "plays": plays,
            "gave": [] if seat is None else
            [{"card": card, "seat": to} for card, to in sorted(self.gave[seat].items())],
            "variants": [name for name in OPTION_NAMES if getattr(self, name)],
        }

    def prompt(self, seat: int | None = None) -> str:
        """What to do now, in plain English, as ``seat`` reads it (never what a hidden
        hand holds: a spectator learns only whose turn it is)."""
        if self.is_over:
            return self._result(seat)
        if self.panic:
            return self._panic_prompt(seat)
        name, you = self.names[self.to_move], seat == self.to_move
        if not you and self.hides_hands:  # what they may do would tell what they hold
            if self.phase == AGAIN:
                return f"{name} matched {self._matched} symbols and may play again."
            return f"{name}'s turn."
        plays = self._plays_for(self.to_move)
        if self.phase == AGAIN:
            extra = ""
            if self.cutthroat and self._matched == 3:
                extra = ", give a card to another player"
            elif self.cutthroat and self.pile:
                extra = ", make every other player draw a card"
            if not plays:
                return told(name, you, f"{self._matched} symbols matched, but no other card "
                                       f"fits: stop{' or' + extra[1:] if extra else ''}.")
            return told(name, you, f"{self._matched} symbols matched! Play another "
                                   f"card{extra} or stop.")
        if plays:
            return turn_prompt(name, you, "lay a card so that it covers at least two "
                                          "symbols of the Froop, each one matching.")
        if self.pile:
            return turn_prompt(name, you, "no card of yours fits, so draw a card.")
        return turn_prompt(name, you, "no card of yours fits and the pile is empty, so "
                                      "pass.")

    def _panic_prompt(self, seat: int | None) -> str:
        """Panic's line for ``seat``, everyone's own (the spectator: everyone at once)."""
        if seat is None:
            return "Panic! Everyone plays at once."
        if seat in self.must_give:
            return "Three! Give one of your cards to another player."
        if seat in self.stuck:
            return "You are stuck until the Froop changes or someone gives you a card."
        if self._plays_for(seat):
            return "Panic! Lay a card, quick, before the others do."
        if self.pile:
            return "Panic! No card of yours fits. Draw one, quick!"
        return "No card of yours fits and the pile is empty. Pass (you are stuck)."

    # -- chance and hidden information ---------------------------------------------------
    def _unseen(self, seat: int | None) -> list[str]:
        """The cards ``seat`` cannot see (None: the spectator): the pile, and the other
        hands but the cards it gave them (under Strategic: the pile only)."""
        unseen = list(self.pile)
        if not self.strategic:
            known = self.gave[seat] if seat is not None else {}
            for s, hand in enumerate(self.hands):
                if s != seat:
                    unseen += [card for card in hand if known.get(card) != s]
        return unseen

    def chance_odds(self, event: str | None = None, seat: int | None = None
                    ) -> dict[str, Fraction]:
        """``"draw"`` (the default): the next card drawn, by name, each card ``seat`` has
        not seen (the pile, and the hands it cannot see) equally likely; ``"match"``: the
        match size (``"2"``, ``"3"``, ``"4"``) of a random legal play of ``seat``'s hand,
        each legal play equally likely (None: the player to act's, when hands are
        public)."""
        if seat is not None:
            self._check_seat(seat)
        if event is None or event == "draw":
            if not self.pile:
                raise GameError("the draw pile is empty: no card is left to draw")
            unseen = sorted(self._unseen(seat))
            return {card: Fraction(1, len(unseen)) for card in unseen}
        if event == "match":
            if seat is None:
                if not self.strategic or self.current_player is None:
                    raise GameError("'match' is about one hand: name the seat "
                                    "(chance_odds('match', seat))")
                seat = self.current_player
            plays = self._plays_for(seat)
            if not plays:
                raise GameError(f"{self.names[seat]} has no legal play now")
            counts = Counter(4 - self._patterns[m.x, m.y].count(".") for m in plays)
            return {str(k): Fraction(counts[k], len(plays)) for k in (2, 3, 4)}
        raise BadArgument(f"event: Froop!'s chance events are 'draw' and 'match', not "
                          f"{brief(event)}")

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        # What ``seat`` cannot see, dealt afresh to the same sizes: the pile, and the
        # other hands but for the cards it gave them (under Strategic, the pile only).
        known = self.gave[seat] if seat is not None else {}
        keep: list[list[str]] = [[] for _ in self.hands]
        if self.strategic:
            keep = [list(hand) for hand in self.hands]
        else:
            for s, hand in enumerate(self.hands):
                keep[s] = list(hand) if s == seat else [c for c in hand if known.get(c) == s]
        pool = sorted(self._unseen(seat))  # sorted: the sample depends on rng alone
        rng.shuffle(pool)
        for s, hand in enumerate(self.hands):
            fill = len(hand) - len(keep[s])
            self.hands[s] = sorted(keep[s] + pool[:fill])
            del pool[:fill]
        self.pile = pool
        for s, cards in enumerate(self.gave):  # others' knowledge that no longer holds
            self.gave[s] = {c: to for c, to in cards.items() if c in self.hands[to]}
        self._plays = [None] * self.players

    # -- copies --------------------------------------------------------------------------
    def __deepcopy__(self, memo: dict) -> FroopGame:
        """``copy()`` and ``sample_hidden`` copy a game often (search bots): each container
        of the table is copied by what it holds (strings, tuples, numbers: shared), not
        through deepcopy's generic walk. ``position`` is shared: it is never changed. What
        ``Game.copy`` has copied already (the record, the legal moves, the generator, the
        observers, the clock) is taken from ``memo``."""
        twin = object.__new__(type(self))
        memo[id(self)] = twin
        state = twin.__dict__
        for name, value in self.__dict__.items():
            fast = _FAST_COPY.get(name)
            if id(value) in memo:
                state[name] = memo[id(value)]
            elif fast is not None:
                state[name] = fast(value)
            elif value is None or type(value) in _IMMUTABLE:
                state[name] = value
            else:
                state[name] = _copy.deepcopy(value, memo)
        return twin

    # -- explicit positions --------------------------------------------------------------
    def to_position(self) -> dict[str, Any]:
        """The table now as an explicit position (at the beginning of a turn: not during
        a chain, nor while a Panic seat owes a card)."""
        if self.chain is not None or self.must_give or self.is_over:
            raise GameError("a position starts at the beginning of a turn: finish this one "
                            "first")
        return {"froop": [[laid.card, laid.x, laid.y] if laid.seat is None else
                          [laid.card, laid.x, laid.y, laid.seat] for laid in self.froop],
                "hands": [list(hand) for hand in self.hands],
                "pile": list(reversed(self.pile)), "to_move": self.to_move,
                "points": list(self.points), "passes": self.passes,
                "stuck": sorted(self.stuck),
                "gave": [sorted([card, to] for card, to in known.items())
                         for known in self.gave]}


_IMMUTABLE = (bool, int, float, str, tuple, frozenset)
_FAST_COPY: dict[str, Callable[[Any], Any]] = {
    "cells": dict.copy, "_patterns": dict.copy,
    "_index": lambda index: {key: dict.copy(bucket) for key, bucket in index.items()},
    "froop": list, "_under": list, "pile": list, "points": list, "names": list,
    "hands": lambda hands: [list(hand) for hand in hands],
    "gave": lambda gave: [dict(known) for known in gave],
    "_plays": list,  # each list of plays is replaced, never changed in place
    "must_give": set.copy, "stuck": set.copy,
    "position": lambda position: position,
}


def _check_letters(letters: str, text: str) -> None:
    bad = sorted({c for c in letters if c not in SYMBOL_NAMES})
    if bad:
        raise BadNotation(f"{brief(text)}: a card's letters are H (heart), S (smiley), B "
                          f"(bat wing) and F (flower), not {', '.join(bad)}")


def _letters_problem(letters: Any) -> str | None:
    """Why ``letters`` does not spell a card as laid, or None."""
    if not isinstance(letters, str) or len(letters) != 4 \
            or any(c not in SYMBOL_NAMES for c in letters):
        return (f"{brief(letters)} is not a card as laid: four letters of H (heart), S "
                f"(smiley), B (bat wing) and F (flower), in reading order")
    if len(set(letters)) < 3:
        return f"{letters} is no card: every card shows at least three different symbols"
    return None


# -- explicit positions --------------------------------------------------------------------

def _card_name(value: Any, where: str) -> str:
    problem = _letters_problem(value.upper() if isinstance(value, str) else value)
    if problem:
        raise BadPosition(f"{where}: {problem}")
    return NAME_OF[value.upper()]


def normalize_position(position: Any, players: int, marathon: bool = False, *,
                       panic: bool = False, cutthroat: bool = False) -> dict[str, Any]:
    """Check an explicit Froop! position, whose shape ``FroopGame.POSITION`` has checked
    (its keys, and one hand per seat), and return it complete (README, "Explicit starting
    positions"). Refuses, naming the problem, anything malformed and any position the
    rules could never reach."""
    where: dict[str, str] = {}  # card name -> where it is, to name a card found twice

    def claim(name: str, place: str) -> None:
        if name in where:
            raise BadPosition(f"{name} is in the position twice ({where[name]} and {place}): "
                              f"every card is in exactly one place")
        where[name] = place

    froop = position["froop"]
    if not isinstance(froop, list | tuple) or not froop:
        raise BadPosition("'froop' lists the cards laid, in order, each [letters, x, y] (or "
                          "[letters, x, y, seat]); the first is the starting card at 0,0")
    cells: dict[tuple[int, int], str] = {}
    laid = []
    for number, entry in enumerate(froop, start=1):
        at = f"card {number} of the Froop"
        if not isinstance(entry, list | tuple) or len(entry) not in (3, 4):
            raise BadPosition(f"{at}: each card laid is [letters, x, y], or [letters, x, y, "
                              f"seat] with the seat that laid it, not {brief(entry)}")
        letters, x, y = entry[:3]
        seat = entry[3] if len(entry) == 4 else None  # who laid it (None: nobody's turn)
        if seat is not None and (type(seat) is not int or not 0 <= seat < players
                                 or number == 1):
            raise BadPosition(f"{at}: the seat that laid it is a seat, 0 to {players - 1} "
                              f"(or None; the starting card's is None), not {brief(seat)}")
        problem = _letters_problem(letters.upper() if isinstance(letters, str) else letters)
        if problem:
            raise BadPosition(f"{at}: {problem}")
        letters = letters.upper()
        if type(x) is not int or type(y) is not int:
            raise BadPosition(f"{at}: x and y are whole numbers, not {brief(x)}, {brief(y)}")
        claim(NAME_OF[letters], f"the Froop, {at}")
        if number == 1:
            if (x, y) != (0, 0):
                raise BadPosition(f"the starting card lies at 0,0, not at {x},{y}")
        else:
            pattern = block_pattern(cells, x, y)
            problem = placement_problem(pattern, letters, x, y)
            if problem:
                raise BadPosition(f"{at}, {letters} at {x},{y}, is not a legal play on the "
                                  f"cards before it: {problem}")
        cells[x, y], cells[x + 1, y] = letters[0], letters[1]
        cells[x, y + 1], cells[x + 1, y + 1] = letters[2], letters[3]
        laid.append([letters, x, y] if seat is None else [letters, x, y, seat])
    hands = position["hands"]  # one entry a seat: FroopGame.POSITION checked that
    norm_hands = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list | tuple):
            raise BadPosition(f"seat {seat}'s hand is a list of card names, not {brief(hand)}")
        if not hand:
            raise BadPosition(f"seat {seat}'s hand is empty: that player has run out, and the "
                              f"game would be over")
        names = [_card_name(card, f"seat {seat}'s hand") for card in hand]
        for name in names:
            claim(name, f"seat {seat}'s hand")
        norm_hands.append(sorted(names))
    pile = position.get("pile")
    if pile is not None:
        if not isinstance(pile, list | tuple):
            raise BadPosition(f"'pile' lists the draw pile's cards, top first, not "
                              f"{brief(pile)}")
        pile = [_card_name(card, "the pile") for card in pile]
        for name in pile:
            claim(name, "the pile")
        missing = [card for card in CARDS if card not in where]
        if missing:
            raise BadPosition(f"{missing[0]} is nowhere: every one of the 84 cards must be in "
                              f"exactly one place (leave 'pile' out to put the rest there)")
    pile_size = len(pile) if pile is not None else len(CARD_SET) - len(where)
    if marathon and not pile_size:
        raise BadPosition("Marathon ends the moment the last card of the pile is drawn: a "
                          "Marathon position needs a draw pile")
    to_move = position.get("to_move", 0)
    if type(to_move) is not int or not 0 <= to_move < players:
        raise BadPosition(f"'to_move' is a seat, 0 to {players - 1}, not {brief(to_move)}")
    points = position.get("points", [0] * players)
    if not isinstance(points, list | tuple) or len(points) != players \
            or any(type(p) is not int or p < 0 for p in points):
        raise BadPosition(f"'points' lists each seat's Marathon points ({players} whole "
                          f"numbers of at least 0), not {brief(points)}")
    if any(points) and not marathon:
        raise BadPosition("points are scored only in Marathon (marathon=True)")
    passes = position.get("passes", 0)
    if type(passes) is not int or not 0 <= passes < players:
        raise BadPosition(f"'passes' counts the passes in a row, 0 to {players - 1} (as many "
                          f"as the players end the game), not {brief(passes)}")
    if passes and (pile_size or panic):
        raise BadPosition("a player passes only on an empty pile, and never in Panic (a "
                          "Panic seat that passes is 'stuck')")
    stuck = position.get("stuck", [])
    if not isinstance(stuck, list | tuple) \
            or any(type(s) is not int or not 0 <= s < players for s in stuck) \
            or len(set(stuck)) != len(stuck):
        raise BadPosition(f"'stuck' lists seats (0 to {players - 1}), each once, not "
                          f"{brief(stuck)}")
    if stuck and (pile_size or not panic):
        raise BadPosition("a seat is stuck only in Panic (panic=True), once it passed on an "
                          "empty pile")
    if len(stuck) == players:
        raise BadPosition("every seat is stuck: that game would be over")
    gave = _gifts(position.get("gave", [[]] * players), norm_hands, cutthroat or panic)
    return {"froop": laid, "hands": norm_hands, "pile": pile, "to_move": to_move,
            "points": list(points), "passes": passes, "stuck": sorted(stuck), "gave": gave}


def _gifts(gave: Any, hands: list[list[str]], giving: bool) -> list[list[list]]:
    """The position's ``gave``, checked: for each seat, the cards it gave that are still in
    the hand they went to, ``[card, seat]``, sorted (its owner knows where they are)."""
    players = len(hands)
    if not isinstance(gave, list | tuple) or len(gave) != players \
            or not all(isinstance(cards, list | tuple) for cards in gave):
        raise BadPosition(f"'gave' lists, for each seat ({players} seats), the cards it gave "
                          f"still held where they went, each [card, seat], not {brief(gave)}")
    seen: set[str] = set()
    out = []
    for giver, cards in enumerate(gave):
        known = []
        for entry in cards:
            if not isinstance(entry, list | tuple) or len(entry) != 2:
                raise BadPosition(f"seat {giver}'s 'gave': each card given is [card, seat], "
                                  f"not {brief(entry)}")
            card, to = _card_name(entry[0], f"seat {giver}'s 'gave'"), entry[1]
            if type(to) is not int or not 0 <= to < players or to == giver:
                raise BadPosition(f"seat {giver}'s 'gave': {card} went to another seat, not "
                                  f"{brief(to)}")
            if card not in hands[to] or card in seen:
                raise BadPosition(f"seat {giver}'s 'gave': {card} is not in seat {to}'s hand "
                                  f"(or is given twice): a card given and still held is "
                                  f"where it went")
            seen.add(card)
            known.append([card, to])
        out.append(sorted(known))
    if seen and not giving:
        raise BadPosition("cards are given only in Cutthroat and Panic (cutthroat=True, "
                          "panic=True)")
    return out


__all__ = ["MOVE_KINDS", "FroopGame", "Laid", "Move", "block_pattern", "match_on",
           "normalize_position", "placement_problem"]
