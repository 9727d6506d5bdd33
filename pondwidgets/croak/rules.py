"""The Croak! rules model: every rule and ruling of docs/rules/croak.md, complete.

A turn is a chain of decisions by one player, each its own legal-move list:

=========  ==========================================  ===================
phase      the decision                                 notation
=========  ==========================================  ===================
move       a frog and the square it jumps to            ``Q a1-b2``, ``S b1-c2``
bounce     where the frog on a Lily Pad bounces to      ``S c3-d4``
follow     after a Mosquito: another frog, or pass      ``S b1-c2``, ``pass``
victim     a third Servant on a Log: whose Servant goes ``x 1`` (seat 1's)
=========  ==========================================  ===================

Everything between decisions (revealing, eliminating, births, Mud, Pikes, passing a
turn that has no legal move) happens automatically and is written to the log.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, NamedTuple

from ..core.arguments import LONGEST_GAME, checked_in_init, flag, optional, rule, whole
from ..core.clock import Clock
from ..core.declaration import MoveKind, Moves, Option, Options, Position
from ..core.errors import BadArgument, BadNotation, BadPosition, GameError, brief
from ..core.game import LONGEST_NAME, Game
from ..core.notation import parse_square
from ..core.words import told, turn, won
from .tiles import (
    BACK_FRONT,
    BACKS,
    COLOURS,
    FRONTS,
    INDEX,
    LILY,
    LOG,
    MALE_COLOURS,
    MOSQUITO,
    MUD,
    NEIGHBOURS,
    PIKE,
    REEDS,
    SETUPS,
    SIZE,
    SQUARES,
    TILE_COUNTS,
    all_tiles,
    front_name,
)

MOVE, BOUNCE, FOLLOW, VICTIM, OVER = "move", "bounce", "follow", "victim", "over"
RESERVE = 4  # Servants each player keeps off the pond at the start (6 minus the 2 placed)


# The declaration (core.declaration): Croak!'s kinds of decision and their notation.
MOVES = Moves(
    MoveKind("jump", "{frog} {src}-{dst}", frog=None, src=SQUARES.__getitem__,
             dst=SQUARES.__getitem__),
    MoveKind("eliminate", "x {victim}", victim=None),
    MoveKind("pass"),
)


class Move(NamedTuple):
    """One decision. ``kind`` is ``jump``, ``pass`` or ``eliminate``; squares are indexes
    0..63 (``a1`` = 0, ``b1`` = 1, ``a2`` = 8); ``str(move)`` is its notation."""

    kind: str
    frog: str = ""  # "Q" or "S" for a jump
    src: int = -1
    dst: int = -1
    victim: int = -1  # the seat whose Servant a third Servant on a Log eliminates

    def __str__(self) -> str:
        return MOVES.text(self)

    def __repr__(self) -> str:
        try:
            return f"Move({str(self)!r})"
        except (TypeError, IndexError):  # a hand-made move off the board: show its fields
            return f"Move{tuple(self)!r}"


PASS = Move("pass")


# Every jump between adjacent squares, made once: legal-move lists share these objects.
_JUMPS = {letter: [{dst: Move("jump", letter, src, dst) for dst in NEIGHBOURS[src]}
                   for src in range(SIZE * SIZE)] for letter in "QS"}


class Frog:
    """A frog on the pond. ``mud`` counts the ends of its owner's turns until it stands up."""

    __slots__ = ("moved", "mud", "queen", "seat", "sq")

    def __init__(self, seat: int, queen: bool, sq: int, mud: int = 0):
        self.seat, self.queen, self.sq, self.mud, self.moved = seat, queen, sq, mud, False

    @property
    def letter(self) -> str:
        return "Q" if self.queen else "S"

    def __repr__(self) -> str:
        return f"Frog(seat={self.seat}, {self.letter} {SQUARES[self.sq]})"


class CroakGame(Game):
    """A game of Croak! for 2 to 4 players.

    ``players`` is a count or a list of names; ``memory`` turns on the Memory option;
    ``max_turns`` ends the game as a draw after that many turns (for simulations);
    ``colours`` renames the seats' colours (default blue, green, pink, red);
    ``position`` starts from an explicit position (see ``pondwidgets/croak/README.md``).
    """

    NAME = "croak"
    TITLE = "Croak!"
    PLAYERS = range(2, 5)
    OPTIONS = Options(
        Option("memory", False, flag, "A face-up tile turns face down again when its last "
               "frog leaves it, and players must remember it.", plays=(True,),
               variant="Memory"),
        Option("max_turns", None, optional(rule(whole, 1, LONGEST_GAME,
                                                "a whole number of turns (or None)")),
               "Ends the game as a draw after that many turns (for simulations)."),
        Option("colours", None, checked_in_init, "Renames the seats' colours (one different name "
               "a seat; default blue, green, pink and red)."),
    )
    MOVES = MOVES
    POSITION = Position(required=("frogs",),
                        optional=("tiles", "face_up", "to_move", "turns", "stacks"),
                        seats="frogs", seat_keys=("queen", "servants", "mud", "males"))
    MOVE = Move

    def __init__(self, players: int | list[str] = 2, *, seed: int | None = None,
                 position: dict | None = None, memory: bool = False,
                 max_turns: int | None = None, colours: list[str] | None = None,
                 clock: Clock | None = None) -> None:
        players = self.take_players(players, lambda n: [c.capitalize() for c in COLOURS[:n]])
        options = self.OPTIONS.take(locals())
        count = self.players
        if colours is None:
            colours = list(COLOURS[:count])
        elif (not isinstance(colours, list | tuple) or len(colours) != count
              or not all(isinstance(c, str) and 0 < len(c) <= LONGEST_NAME for c in colours)
              or len({c.casefold() for c in colours}) != count):
            raise BadArgument(f"colours must be {count} different names (of 1 to "
                              f"{LONGEST_NAME} characters), or None, not {brief(colours)}")
        self.colours = list(colours)
        if not isinstance(players, list):  # the seats are named after their colours
            self.names = [c.capitalize() for c in self.colours]
        self.memory = memory
        self.max_turns = max_turns
        super().__init__(seed=seed, position=position, clock=clock, options={
            "players": players, **options, "colours": list(colours)})

    # -- setting up ----------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        self.at: list[list[Frog]] = [[] for _ in SQUARES]
        self.frogs: list[list[Frog]] = [[] for _ in range(n)]
        self.queens: list[Frog | None] = [None] * n
        self.reserve = [RESERVE] * n
        self.males = [set(MALE_COLOURS) for _ in range(n)]
        self.turns = 0  # turns completed
        self.phase = MOVE
        self.to_move = 0
        self._bouncer: Frog | None = None  # the frog bouncing off a Lily Pad
        self._bounce_prev = -1  # the square it jumped from onto the Lily Pad
        self._bounced: set[int] = set()  # Lily Pads bounced off in this chain
        self._victim_sq = -1  # the Log where a third Servant chooses a victim
        self._arriver: Frog | None = None  # that third Servant
        self._mosquito_sq = -1  # the Mosquito whose follow-up is being decided
        if self.position is None:
            tiles = all_tiles()
            self.rng.shuffle(tiles)
            self._lay(tiles, ())
            for seat, (queen, servants) in enumerate(SETUPS[n]):
                self._add(Frog(seat, True, INDEX[queen]))
                for sq in servants:
                    self._add(Frog(seat, False, INDEX[sq]))
            self._event(f"A new game of Croak! for {n} players. {self.names[0]} starts.")
        else:
            self._setup_position(self.position)
        if not self._begin_turn(self.to_move):
            self._end_turn()  # a set position whose player to move is stuck: pass on

    def _lay(self, tiles: list[str], face_up) -> None:
        pairs = [BACK_FRONT[tile] for tile in tiles]  # tiles of the box (positions too)
        self.backs = [back for back, _ in pairs]
        self.fronts = [front for _, front in pairs]
        self.face_up = [False] * len(tiles)
        for sq in face_up:
            self.face_up[INDEX[sq]] = True

    def _add(self, frog: Frog) -> None:
        self.at[frog.sq].append(frog)
        self.frogs[frog.seat].append(frog)
        if frog.queen:
            self.queens[frog.seat] = frog

    # -- whose decision, and which ones are legal ----------------------------------------
    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.to_move,)

    def _legal(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == BOUNCE:
            frog = self._bouncer
            assert frog is not None  # a frog bounces
            jumps = _JUMPS[frog.letter][frog.sq]
            return [jumps[d] for d in self._bounce_options()]
        if phase == VICTIM:
            owners = dict.fromkeys(f.seat for f in self._log_victims())
            return [Move("eliminate", victim=s) for s in owners]
        moves = []
        for frog, targets in self._movers(seat):
            jumps = _JUMPS[frog.letter][frog.sq]
            moves.extend([jumps[d] for d in targets])
        if phase == FOLLOW and moves:
            moves.append(PASS)
        return moves

    def _movers(self, seat: int) -> list[tuple[Frog, list[int]]]:
        """The frogs that may jump now, each with its ``_targets`` (worked out once: the
        priority rule needs them too): free of Mud, not yet moved this turn, one per
        square and kind (Servants sharing a square are interchangeable), and, at the start
        of a turn, the priority rule."""
        seen: set[int] = set()  # squares with a Servant kept (a seat has one Queen)
        frogs = []
        for f in self.frogs[seat]:
            if f.mud or f.moved:
                continue
            if not f.queen:
                if f.sq in seen:
                    continue
                seen.add(f.sq)
            frogs.append(f)
        if self.phase == MOVE:
            queen = self.queens[seat]
            assert queen is not None  # a seat to move has its Queen
            # A Servant on the Queen's square: move one of those two, unless neither can.
            if any(not f.queen for f in self.at[queen.sq] if f.seat == seat):
                pair = [(f, self._targets(f)) for f in frogs if f.sq == queen.sq]
                if any(targets for _, targets in pair):
                    return pair
        return [(f, self._targets(f)) for f in frogs]

    def _targets(self, frog: Frog) -> list[int]:
        """Squares ``frog`` may enter: no square holding its own frogs, except a Servant
        onto a face-up Log that does not hold its Queen (docs/rules/croak.md#own-frogs; a
        face-down tile is never a Log: docs/rules/croak.md#face-down-never-a-log)."""
        at = self.at
        # Most squares around a frog are empty: only the occupied ones need a closer look.
        return [d for d in NEIGHBOURS[frog.sq] if not at[d] or self._may_join(frog, d)]

    def _may_join(self, frog: Frog, d: int) -> bool:
        """Whether ``frog`` may enter the occupied square ``d`` (see ``_targets``)."""
        own = [f for f in self.at[d] if f.seat == frog.seat]
        return not own or (not frog.queen and self.face_up[d] and self.fronts[d] == LOG
                           and not any(f.queen for f in own))

    def _bounce_options(self) -> list[int]:
        """Where the frog on a Lily Pad may bounce: an enterable square other than the one
        it just left (that one only if it is the only enterable one), never a Lily Pad it
        already bounced off in this chain (docs/rules/croak.md#lily-pad-loops)."""
        frog, prev = self._bouncer, self._bounce_prev
        assert frog is not None  # a frog bounces
        open_ = [d for d in self._targets(frog) if d not in self._bounced]
        others = [d for d in open_ if d != prev]
        return others or open_

    # -- carrying out a decision ---------------------------------------------------------
    def _parse(self, text: str) -> Move:
        if not isinstance(text, str) or len(text) > 20:
            raise BadNotation("a Croak! move is written like 'Q a1-b2', 'S b1-c2', 'x 1' or "
                              "'pass'")
        words = text.strip().split()
        if words == ["pass"]:
            return PASS
        if len(words) == 2 and words[0] == "x":
            if words[1].isascii() and words[1].isdigit():
                return Move("eliminate", victim=int(words[1]))
            raise BadNotation(f"'x' is followed by the seat whose Servant is eliminated, like "
                              f"'x 1', not {brief(words[1])}")
        if len(words) == 2 and words[0] in ("Q", "S") and words[1].count("-") == 1:
            src, dst = words[1].split("-")
            (x1, y1), (x2, y2) = parse_square(src), parse_square(dst)
            return Move("jump", words[0], y1 * SIZE + x1, y2 * SIZE + x2)
        raise BadNotation(f"{brief(text)} is not a Croak! move: write 'Q a1-b2' (Queen) or "
                          f"'S b1-c2' (Servant), 'x 1' on a crowded Log, or 'pass' after a "
                          f"Mosquito")

    def _apply(self, move: Move, seat: int) -> None:
        name = self.names[seat]
        if move.kind == "pass":
            self._event(f"{name} lets the Mosquito go and moves no other frog.",
                        SQUARES[self._mosquito_sq], None)
            self._end_turn()
        elif move.kind == "eliminate":
            sq = self._victim_sq
            victim = next(f for f in self._log_victims() if f.seat == move.victim)
            self._event(f"On the Log at {SQUARES[sq]}, {name}'s Servant eliminates "
                        f"{self._whose(victim)} Servant.", SQUARES[sq],
                        f"{name}'s Servant eliminates {self._whose(victim)} Servant at "
                        f"{SQUARES[sq]}.")  # as on any other tile
            self._remove_servant(victim)
            self._end_turn()
        else:
            if self.phase == BOUNCE:
                frog, verb = self._bouncer, "bounces"
                assert frog is not None  # a frog bounces
            else:
                # The frog _movers gave the move (it is legal): the first free one there.
                queen = move.frog == "Q"
                frog, verb = next(f for f in self.frogs[seat] if f.sq == move.src
                                  and f.queen == queen and not f.mud and not f.moved), "jumps"
                self._bounced = set()
            src = frog.sq
            who, path = f"{name}'s {_frog_word(frog)}", f"{SQUARES[src]}–{SQUARES[move.dst]}"
            # "bounces" names the Lily Pad: once it is hidden again (Memory), a view reads
            # the bounce as the jump any tile there could have given
            if verb == "bounces":
                self._event(f"{who} bounces {path}.", SQUARES[src], f"{who} jumps {path}.")
            else:
                self._event(f"{who} jumps {path}.")
            self._jump(frog, move.dst)
            self._land(frog, src)

    def _jump(self, frog: Frog, dst: int) -> None:
        self._lift(frog)
        frog.sq = dst
        frog.moved = True
        self.at[dst].append(frog)

    def _lift(self, frog: Frog) -> None:
        """Take a frog off its square; under Memory an emptied tile turns face down."""
        here = self.at[frog.sq]
        here.remove(frog)
        if self.memory and not here and self.face_up[frog.sq]:
            self.face_up[frog.sq] = False
            self._event(f"{SQUARES[frog.sq]} is turned face down again.")

    def _land(self, frog: Frog, came_from: int) -> None:
        """A frog arrives on a square: reveal, eliminate rivals, then the tile's effect."""
        d, seat = frog.sq, frog.seat
        name, sq = self.names[seat], SQUARES[d]
        front = self.fronts[d]
        if not self.face_up[d]:
            self.face_up[d] = True
            self._revealed()
            self._event(f"{sq} is turned face up: {front_name(front)}.", sq,
                        f"{sq} is turned face up.")
        here = self.at[d]
        rivals = [f for f in here if f.seat != seat] if len(here) > 1 else []  # alone: none
        if front == LOG and not frog.queen:
            rivals = [f for f in rivals if f.queen]  # Servants share a Log; Queens do not
        for queen in [f for f in rivals if f.queen]:
            self._event(f"{name}'s {_frog_word(frog)} captures {self._whose(queen)} Queen "
                        f"at {sq}!")
            self._eliminate_player(queen.seat)
            if self.phase == OVER:
                return
            self._gain_servant(seat, "for capturing a Queen")
        for victim in rivals:
            if not victim.queen and victim in self.at[d]:
                self._event(f"{name}'s {_frog_word(frog)} eliminates {self._whose(victim)} "
                            f"Servant at {sq}.")
                self._remove_servant(victim)
        # The tile's effect.
        if front == LILY:
            self._bounced.add(d)
            self._bouncer, self._bounce_prev = frog, came_from
            options = self._bounce_options()
            if options:
                self.phase = BOUNCE
                # The next decision's legal moves (as _legal gives them), known now.
                jumps = _JUMPS[frog.letter][frog.sq]
                self._know_legal(seat, [jumps[d] for d in options])
                self._event(f"A Lily Pad at {sq}: {name}'s {_frog_word(frog)} must bounce.",
                            sq, None)
                return
            if self._targets(frog):
                # Every open square is a Lily Pad already bounced off: a forced loop.
                self._event(f"Every square around {sq} is a Lily Pad already bounced off: "
                            f"the frog stops there.", sq, None)
            else:
                self._jump(frog, came_from)
                self._event(f"No square around the Lily Pad at {sq} is free: the frog goes "
                            f"back to {SQUARES[came_from]}, with no effect.", sq,
                            f"{name}'s {_frog_word(frog)} jumps {sq}–{SQUARES[came_from]}.")
        elif front == MOSQUITO:
            self.phase = FOLLOW
            self._mosquito_sq = d
            moves = self._legal(seat)
            if moves:
                self._know_legal(seat, moves)
                self._event(f"A Mosquito at {sq}: {name} may move another frog.", sq, None)
                return
            self._event(f"A Mosquito at {sq}, but {name} has no other frog that can move.",
                        sq, None)
        elif front == MUD:
            frog.mud = 2  # stuck through its owner's next turn, standing up at its end
            self._event(f"{name}'s {_frog_word(frog)} is stuck in the Mud at {sq} until the "
                        f"end of {name}'s next turn.", sq, None)
        elif front == PIKE:
            self._event(f"A Pike at {sq} eats {name}'s {_frog_word(frog)}!", sq, None)
            if frog.queen:
                self._eliminate_player(seat)
                if self.phase == OVER:
                    return
            else:
                self._remove_servant(frog)
        elif front.startswith("male-"):
            colour = front[5:]
            if frog.queen and colour in self.males[seat]:
                if self.reserve[seat]:
                    self.males[seat].discard(colour)
                    self._event(f"{name}'s Queen meets the {colour} Male at {sq}: a Servant "
                                f"is born.", sq, None)
                    self._gain_servant(seat, None)
                else:
                    self._event(f"{name}'s Queen meets the {colour} Male at {sq}, but "
                                f"{name} has no Servant left in reserve.", sq, None)
        elif front == LOG and not frog.queen:
            others = [f for f in self.at[d] if f is not frog and not f.queen]
            if len(others) >= 2:
                self._victim_sq, self._arriver = d, frog
                self.phase = VICTIM
                self._event(f"A third Servant on the Log at {sq}: {name} chooses which "
                            f"Servant it eliminates.", sq, None)
                return
        self._end_turn()

    def _log_victims(self) -> list[Frog]:
        """The Servants a third Servant arriving on a Log may eliminate (any owner)."""
        return [f for f in self.at[self._victim_sq] if not f.queen and f is not self._arriver]

    def _gain_servant(self, seat: int, why: str | None) -> None:
        """A Servant from the reserve goes onto the Queen's square, whatever stands there
        (docs/rules/croak.md#placed-servants)."""
        queen = self.queens[seat]
        if not self.reserve[seat]:
            if why:
                self._event(f"{self.names[seat]} has no Servant left in reserve to gain.")
            return
        assert queen is not None  # a seat with no Queen is out, and gains nothing
        self.reserve[seat] -= 1
        self._add(Frog(seat, False, queen.sq))
        if why:
            self._event(f"{self.names[seat]} gains a Servant {why}, on the Queen's square "
                        f"{SQUARES[queen.sq]}.")

    def _remove_servant(self, frog: Frog) -> None:
        self._lift(frog)
        self.frogs[frog.seat].remove(frog)
        self.reserve[frog.seat] += 1

    def _eliminate_player(self, seat: int) -> None:
        self._event(f"{self.names[seat]} has lost their Queen and is out of the game.")
        for frog in self.frogs[seat]:
            self._lift(frog)
        self.frogs[seat] = []
        self.queens[seat] = None
        self.reserve[seat] = 0
        alive = [s for s in range(self.players) if self.queens[s] is not None]
        if len(alive) == 1:
            self._finish(alive, f"{self.names[alive[0]]} wins: the last Queen in the pond!")

    def _finish(self, winners: list[int], text: str) -> None:
        self.phase = OVER
        self.is_over = True
        self.winners = tuple(winners)
        self._event(text)

    def _end_turn(self) -> None:
        """Close the current player's turn, then start the next turn that has a legal
        move; a turn without one passes by itself, and the log says why."""
        seat = self.to_move
        while True:
            for frog in self.frogs[seat]:
                frog.moved = False
                if frog.mud:
                    frog.mud -= 1
                    if not frog.mud:
                        who, sq = f"{self.names[seat]}'s {_frog_word(frog)}", SQUARES[frog.sq]
                        self._event(f"{who} at {sq} stands up out of the Mud.", sq, None)
            self.turns += 1
            if self.max_turns is not None and self.turns >= self.max_turns:
                self._finish([], f"The game ends in a draw after {self.turns} turns.")
                return
            seat = self._next_seat(seat)
            if self._begin_turn(seat):
                return

    def _begin_turn(self, seat: int) -> bool:
        self.to_move, self.phase = seat, MOVE
        self._bouncer = None
        moves = self._legal(seat)
        self._know_legal(seat, moves)
        if moves:
            return True
        self._event(f"{self.names[seat]} has no frog that can move: the turn passes.")
        return False

    def _next_seat(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.queens[nxt] is not None:
                return nxt
        return seat

    # -- explaining refusals -------------------------------------------------------------
    def _why_illegal(self, move: Move, seat: int) -> str:
        phase, name = self.phase, self.names[seat]
        if move.kind not in MOVES.kinds:
            return (f"{brief(move.kind)} is not a kind of Croak! move "
                    f"({', '.join(MOVES.kinds)})")
        if move.kind == "jump" and not (move.frog in ("Q", "S") and all(
                type(v) is int and 0 <= v < SIZE * SIZE for v in (move.src, move.dst))):
            return f"{brief(tuple(move))} is not a jump between two squares of the pond"
        if phase == VICTIM:
            if move.kind == "eliminate":
                return (f"seat {brief(move.victim)} has no Servant on the Log at "
                        f"{SQUARES[self._victim_sq]} to eliminate")
            return (f"a third Servant has arrived on the Log at {SQUARES[self._victim_sq]}: "
                    f"first choose whose Servant it eliminates, like "
                    f"'{self.legal_moves(seat)[0]}' (Log rule)")
        if move.kind == "eliminate":
            return "'x' only chooses a victim when a third Servant arrives on a Log (Log rule)"
        if move.kind == "pass":
            return ("you may only pass after landing on a Mosquito; otherwise you must move "
                    "one of your frogs")
        src, dst = move.src, move.dst
        word = "Queen" if move.frog == "Q" else "Servant"
        if phase == BOUNCE:
            frog = self._bouncer
            assert frog is not None  # a frog bounces
            if src != frog.sq or move.frog != frog.letter:
                return (f"your {_frog_word(frog)} on the Lily Pad at {SQUARES[frog.sq]} must "
                        f"bounce first (Lily Pad: you can never stay on a Lily Pad)")
        mine = [f for f in self.frogs[seat] if f.sq == src and f.letter == move.frog]
        if not mine:
            return f"{name} has no {word} on {SQUARES[src]}"
        if all(f.mud for f in mine):
            return (f"your {word} on {SQUARES[src]} is stuck in the Mud and cannot move this "
                    f"turn (Mud)")
        if phase == FOLLOW and all(f.moved for f in mine):
            return ("that frog has already moved this turn: the Mosquito lets you move "
                    "another frog (or pass)")
        if dst not in NEIGHBOURS[src]:
            return (f"{SQUARES[dst]} is not next to {SQUARES[src]}: a frog jumps to one of "
                    f"the 8 squares around it")
        if phase == MOVE and mine[0] not in [f for f, _ in self._movers(seat)]:
            queen = self.queens[seat]
            assert queen is not None  # a seat to move has its Queen
            return (f"a Servant shares your Queen's square {SQUARES[queen.sq]}: "
                    f"you must move the Queen or that Servant (Priority rules)")
        if phase == BOUNCE and dst in self._bounced and dst != self._bounce_prev:
            if not self.face_up[dst]:  # turned face down again (Memory): name no front
                return f"your frog may not go back to {SQUARES[dst]} in this chain of bounces"
            return (f"your frog already bounced off the Lily Pad at {SQUARES[dst]} in this "
                    f"chain, so it may not go back there")
        if phase == BOUNCE and dst == self._bounce_prev:
            return (f"a frog may not bounce back onto the tile it just left "
                    f"({SQUARES[dst]}) while another tile around it is free (Lily Pad)")
        own = [f for f in self.at[dst] if f.seat == seat]
        if own and move.frog == "Q":
            return ("you may not move onto a tile occupied by one of your own frogs "
                    "(Priority rules)")
        if own and self.face_up[dst] and self.fronts[dst] == LOG:
            return ("your Queen occupies the entire Log, so your Servant cannot join her "
                    "there (Log)")
        if own:
            return ("you may not move onto a tile occupied by one of your own frogs, "
                    "except a Servant onto a face-up Log (Priority rules)")
        return "that move is not among the legal moves now"

    # -- what a seat may see -------------------------------------------------------------
    def _front_shown(self, square: str | None) -> bool:
        return square is None or self.face_up[INDEX[square]]

    def _view(self, seat: int | None) -> dict[str, Any]:
        tiles = []
        for i, sq in enumerate(SQUARES):
            tiles.append({
                "square": sq,
                "back": self.backs[i],
                "front": self.fronts[i] if self.face_up[i] else None,
                "frogs": [{"seat": f.seat, "frog": f.letter, "mud": bool(f.mud)}
                          for f in self.at[i]],
            })
        players = [{
            "name": self.names[s],
            "colour": self.colours[s],
            "queen": SQUARES[queen.sq] if (queen := self.queens[s]) else None,
            "servants": sum(1 for f in self.frogs[s] if not f.queen),
            "reserve": self.reserve[s],
            "males": [c for c in MALE_COLOURS if c in self.males[s]],
            "out": self.queens[s] is None,
        } for s in range(self.players)]
        return {
            "to_move": None if self.phase == OVER else self.to_move,
            "turn": self.turns + 1,
            "memory": self.memory,
            "bouncing": SQUARES[self._bouncer.sq] if self.phase == BOUNCE and self._bouncer
            else None,
            "players": players,
            "tiles": tiles,
        }

    def chance_odds(self, event: str | None = None, seat: int | None = None
                    ) -> dict[str, Fraction]:
        """The exact chance of each front of a tile, given what is face up now — the
        table's public knowledge, the same for every seat (under Memory, what is
        remembered is not counted: remembering it is the game). ``event`` names the tile:
        a square (``"c3"``: certain if face up) or a back (``"deep-a"``: a face-down tile
        of that back; empty when none is left face down)."""
        if seat is not None:
            self._check_seat(seat)
        if isinstance(event, str) and event in TILE_COUNTS:
            return self._back_odds(event)
        try:
            if not isinstance(event, str):
                raise BadNotation("")
            i = _square_index(event)
        except BadNotation:
            raise BadArgument(f"event: Croak!'s chance event is a tile: a square such as 'c3' "
                              f"or a back ({', '.join(TILE_COUNTS)}), not {brief(event)}"
                              ) from None
        if self.face_up[i]:
            return {self.fronts[i]: Fraction(1)}
        return self._back_odds(self.backs[i])

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        # Every face-down tile's front is hidden from every seat (under Memory too: the
        # view no longer shows it). Shuffling the fronts among face-down tiles of one back
        # draws a deal uniformly among those consistent with what is face up. Sorted
        # first, so the sample depends on ``rng`` alone, never on the fronts it replaces.
        for back in TILE_COUNTS:
            squares = [i for i, (b, up) in enumerate(zip(self.backs, self.face_up,
                                                          strict=True)) if b == back and not up]
            fronts = sorted(self.fronts[i] for i in squares)
            rng.shuffle(fronts)
            for i, front in zip(squares, fronts, strict=True):
                self.fronts[i] = front

    def _back_odds(self, back: str) -> dict[str, Fraction]:
        left = dict(TILE_COUNTS[back])
        hidden = 0
        for b, front, up in zip(self.backs, self.fronts, self.face_up, strict=True):
            if b == back:
                if up:
                    left[front] -= 1
                else:
                    hidden += 1
        return {front: Fraction(n, hidden) for front, n in left.items() if n and hidden}

    def prompt(self, seat: int | None = None) -> str:
        """What the player to act must do now, in plain English, as ``seat`` reads it:
        "you" on that player's own board, their name for everyone else (nothing in it is
        hidden)."""
        if self.phase == OVER:
            if not self.winners:
                return "The game is over: a draw."
            return f"The game is over: {won(self.names, self.winners, seat)}!"
        name, you = self.names[self.to_move], seat == self.to_move
        if self.phase == BOUNCE and self._bouncer is not None:  # (one always is)
            return told(name, you, f"your {_frog_word(self._bouncer)} is on a Lily Pad at "
                                   f"{SQUARES[self._bouncer.sq]} and must bounce to a square "
                                   f"next to it.")
        if self.phase == FOLLOW:
            return told(name, you, "Mosquito! Move another of your frogs, or pass.")
        if self.phase == VICTIM:
            return told(name, you, f"your Servant is the third on the Log at "
                                   f"{SQUARES[self._victim_sq]}. Choose whose Servant it "
                                   f"eliminates.")
        return turn(name, you, "move one of your frogs to a square next to it.")

    def text(self, seat: int | None = None) -> str:
        """The pond as plain text, drawn from ``view(seat)`` only (so it hides what the
        view hides): ``?S``/``?A``/``?B`` a face-down tile by its back, ``Ly`` Lily Pad,
        ``Mq`` Mosquito, ``Md`` Mud, ``Pk`` Pike, ``Rd`` Reeds, ``Lg`` Log, ``M`` + colour
        initial a Male; then the frogs: ``Q0`` seat 0's Queen, ``S1`` a Servant of seat 1,
        in lower case while stuck in Mud."""
        view = self.view(seat)
        lines = ["     " + "".join(f"{c:<9}" for c in "abcdefgh").rstrip()]
        for y in range(SIZE):
            cells = []
            for tile in view["tiles"][y * SIZE:(y + 1) * SIZE]:
                code = _TEXT_CODES.get(tile["front"]) or _TEXT_CODES[tile["back"]]
                frogs = "".join((f["frog"].lower() if f["mud"] else f["frog"]) + str(f["seat"])
                                for f in tile["frogs"])
                cells.append(f"{code}{':' + frogs if frogs else ''}".ljust(9))
            lines.append(f"{y + 1:>2}   " + "".join(cells).rstrip())
        lines.append(view["prompt"])
        return "\n".join(lines)

    def _whose(self, frog: Frog) -> str:
        return f"{self.names[frog.seat]}'s"

    # -- explicit positions --------------------------------------------------------------
    def _normalize_position(self, position: Any) -> dict[str, Any]:
        normal = normalize_position(position, self.players, self.memory, self.seed)
        if self.max_turns is not None and normal["turns"] >= self.max_turns:
            raise BadPosition(f"'turns': after {normal['turns']} turns a game of "
                              f"max_turns={self.max_turns} is over")
        return normal

    def _setup_position(self, pos: dict[str, Any]) -> None:
        self._lay([t for row in pos["tiles"] for t in row], pos["face_up"])
        for seat, spec in enumerate(pos["frogs"]):
            self.males[seat] = set(spec["males"])
            if spec["queen"] is None:
                self.reserve[seat] = 0
                continue
            mud = list(spec["mud"])  # one entry a stuck frog: two Servants, two entries
            self._add(Frog(seat, True, INDEX[spec["queen"]], 1 if f"Q {spec['queen']}" in mud
                           else 0))
            for sq in spec["servants"]:
                stuck = f"S {sq}" in mud
                if stuck:
                    mud.remove(f"S {sq}")
                self._add(Frog(seat, False, INDEX[sq], 1 if stuck else 0))
            self.reserve[seat] = 6 - len(spec["servants"])
        for sq, order in pos["stacks"].items():  # the order the frogs came to each square
            self.at[INDEX[sq]].sort(key=lambda f: order.index(f"{f.letter}{f.seat}"))
        self.to_move, self.turns = pos["to_move"], pos["turns"]
        self._event(f"A game of Croak! from a set position. {self.names[self.to_move]} "
                    f"is to move.")

    def to_position(self) -> dict[str, Any]:
        """The current position in the explicit-position format (at the start of a turn),
        hidden fronts included: a teacher's tool for setting up scenarios."""
        if self.phase != MOVE:
            raise GameError("a position can be taken only at the start of a turn")
        frogs = []
        for seat in range(self.players):
            queen = self.queens[seat]
            servants = [f for f in self.frogs[seat] if not f.queen]
            frogs.append({
                "queen": SQUARES[queen.sq] if queen else None,
                "servants": [SQUARES[f.sq] for f in servants],
                "mud": [f"{f.letter} {SQUARES[f.sq]}" for f in self.frogs[seat] if f.mud],
                "males": [c for c in MALE_COLOURS if c in self.males[seat]],
            })
        return {
            "tiles": [[f"{self.backs[y * SIZE + x]}/{self.fronts[y * SIZE + x]}"
                       for x in range(SIZE)] for y in range(SIZE)],
            "face_up": [sq for i, sq in enumerate(SQUARES) if self.face_up[i]],
            "frogs": frogs,
            "to_move": self.to_move,
            "turns": self.turns,
            "stacks": {SQUARES[i]: [f"{f.letter}{f.seat}" for f in here]
                       for i, here in enumerate(self.at) if len(here) > 1},
        }


_TEXT_CODES = {"shallow": "?S", "deep-a": "?A", "deep-b": "?B",
               LILY: "Ly", MOSQUITO: "Mq", MUD: "Md", PIKE: "Pk", REEDS: "Rd", LOG: "Lg",
               **{f"male-{c}": "M" + ("k" if c == "pink" else c[0]) for c in MALE_COLOURS}}


def _frog_word(frog: Frog) -> str:
    return "Queen" if frog.queen else "Servant"


def normalize_position(position: Any, players: int, memory: bool, seed: int) -> dict[str, Any]:
    """Check an explicit Croak! position, whose shape ``CroakGame.POSITION`` has checked,
    and return it complete (see pondwidgets/croak/README.md).

    ``tiles`` may name only some squares (``{"c3": "deep-a/pike"}``): the rest of the box
    is shuffled onto the other squares with the game's seed.
    """
    # Tiles: a full 8x8 list of rows, or a dictionary naming some squares.
    given = position.get("tiles", {})
    if isinstance(given, list):
        if len(given) != SIZE or not all(isinstance(r, list) and len(r) == SIZE for r in given):
            raise BadPosition("'tiles' as a list must be 8 rows of 8 tiles")
        given = {SQUARES[y * SIZE + x]: t for y, row in enumerate(given) for x, t in
                 enumerate(row)}
    if not isinstance(given, dict):
        raise BadPosition("'tiles' is a dictionary {square: 'back/front'} or 8 rows of 8")
    box: dict[str, int] = {}
    for tile in all_tiles():
        box[tile] = box.get(tile, 0) + 1
    placed: dict[int, str] = {}
    spelled: dict[int, Any] = {}
    for sq, tile in given.items():
        i = _square(sq, "tiles")
        if i in spelled:
            raise BadPosition(f"tiles: {SQUARES[i]} is named twice ({brief(spelled[i])} and "
                              f"{brief(sq)})")
        spelled[i] = sq
        if not isinstance(tile, str) or tile.count("/") != 1:
            raise BadPosition(f"tile {brief(tile)} at {sq} should read 'back/front', like "
                              f"'deep-a/pike'")
        back, front = tile.split("/")
        if back not in BACKS:
            raise BadPosition(f"unknown tile back {brief(back)} at {sq} (backs: "
                              f"{', '.join(BACKS)})")
        if front not in FRONTS:
            raise BadPosition(f"unknown tile front {brief(front)} at {sq} (fronts: "
                              f"{', '.join(FRONTS)})")
        if box.get(tile, 0) == 0:
            raise BadPosition(f"too many {tile} tiles: the box holds "
                              f"{TILE_COUNTS[back].get(front, 0)}")
        box[tile] -= 1
        placed[i] = tile
    rest = [t for t, n in box.items() for _ in range(n)]
    random.Random(seed).shuffle(rest)  # its own stream: filling never shifts the game's draws
    tiles = [placed[i] if i in placed else rest.pop() for i in range(SIZE * SIZE)]
    face_up = position.get("face_up", [])
    if not isinstance(face_up, list):
        raise BadPosition("'face_up' is a list of squares")
    face_up = sorted({SQUARES[_square(sq, "face_up")] for sq in face_up},
                     key=INDEX.__getitem__)
    # Frogs.
    frogs = position["frogs"]  # one dictionary a seat: CroakGame.POSITION checked that
    queens: dict[int, int] = {}
    occupied: set[int] = set()
    norm_frogs: list[dict[str, Any]] = []
    for seat, spec in enumerate(frogs):
        queen = spec.get("queen")
        servants = spec.get("servants", [])
        mud = spec.get("mud", [])
        # (a player out keeps the Male pawns held when the Queen was lost: default none)
        males = spec.get("males", list(MALE_COLOURS) if queen is not None else [])
        if not isinstance(servants, list) or not isinstance(mud, list) \
                or not isinstance(males, list):
            raise BadPosition(f"seat {seat}: 'servants', 'mud' and 'males' are lists")
        bad_males = [m for m in males if m not in MALE_COLOURS]
        if bad_males or len(set(males)) != len(males):
            raise BadPosition(f"seat {seat}: Male pawns are distinct colours from "
                              f"{', '.join(MALE_COLOURS)}")
        if queen is None:
            if servants or mud:
                raise BadPosition(f"seat {seat} is out (no Queen) and so has no frogs")
            norm_frogs.append({"queen": None, "servants": [], "mud": [],
                               "males": [c for c in MALE_COLOURS if c in males]})
            continue
        qi = _square(queen, f"seat {seat}'s queen")
        if qi in queens.values():
            raise BadPosition(f"two Queens on {SQUARES[qi]}: Queens never share a square")
        queens[seat] = qi
        if len(servants) > 6:
            raise BadPosition(f"seat {seat} has {len(servants)} Servants; a player has 6")
        sv = [SQUARES[_square(s, f"seat {seat}'s servants")] for s in servants]
        for sq in [SQUARES[qi], *sv]:
            occupied.add(INDEX[sq])
        norm_mud: list[str] = []
        for entry in mud:
            if not isinstance(entry, str) or entry[:2] not in ("Q ", "S "):
                raise BadPosition(f"seat {seat}: a frog in Mud is written 'Q c3' or 'S c3'")
            sq = SQUARES[_square(entry[2:], f"seat {seat}'s mud")]
            frog = f"{entry[0]} {sq}"
            there = (sq == SQUARES[qi]) if entry[0] == "Q" else sv.count(sq)
            if norm_mud.count(frog) >= there:
                raise BadPosition(f"seat {seat} has no {'other ' * bool(there)}frog "
                                  f"{brief(entry)} to be stuck in Mud")
            if not (tiles[INDEX[sq]].endswith("/" + MUD) and sq in face_up):
                raise BadPosition(f"seat {seat}: a frog stuck in Mud stands on a face-up Mud "
                                  f"tile, and {sq} is not one")
            norm_mud.append(frog)
        norm_frogs.append({"queen": SQUARES[qi], "servants": sv, "mud": norm_mud,
                           "males": [c for c in MALE_COLOURS if c in males]})
    if len(queens) < 2:
        raise BadPosition("at least two players must still have their Queen")
    _check_reachable(norm_frogs, tiles, face_up)
    if memory:
        bare = [sq for sq in face_up if INDEX[sq] not in occupied]
        if bare:
            raise BadPosition(f"under the Memory option a face-up tile holds a frog; "
                              f"{', '.join(bare)} do not")
    to_move = position.get("to_move", min(queens))
    if type(to_move) is not int or to_move not in queens:
        raise BadPosition(f"'to_move' must be a seat still in the game, not {brief(to_move)}")
    turns = position.get("turns", 0)
    if type(turns) is not int or turns < 0:
        raise BadPosition(f"'turns' is the number of turns already played, 0 or more, not "
                          f"{brief(turns)}")
    return {
        "tiles": [tiles[y * SIZE:(y + 1) * SIZE] for y in range(SIZE)],
        "face_up": face_up,
        "frogs": norm_frogs,
        "to_move": to_move,
        "turns": turns,
        "stacks": _stacks(position.get("stacks", {}), norm_frogs),
    }


def _stacks(stacks: Any, frogs: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The order frogs came to the squares they share (``{"d4": ["S1", "S0"]}``: the
    Servant of seat 1 first), checked against the frogs: it is what a Log's victims are
    listed by, and what the board shows. A square not named keeps the seats' order."""
    if not isinstance(stacks, dict):
        raise BadPosition(f"'stacks' maps a square to its frogs in the order they came "
                          f"({{'d4': ['S1', 'S0']}}), not {brief(stacks)}")
    there: dict[str, list[str]] = {}
    for seat, spec in enumerate(frogs):
        for letter, sq in [("Q", spec["queen"])] * (spec["queen"] is not None) \
                + [("S", sq) for sq in spec["servants"]]:
            there.setdefault(sq, []).append(f"{letter}{seat}")
    normal = {}
    for sq, order in stacks.items():
        if not isinstance(sq, str) or sq not in there or not isinstance(order, list) \
                or sorted(map(str, order)) != sorted(there[sq]):
            raise BadPosition(f"'stacks': {brief(sq)} lists the frogs on that square in the "
                              f"order they came, each as 'S1' or 'Q0': "
                              f"{sorted(there.get(sq, [])) if isinstance(sq, str) else []}, "
                              f"not {brief(order)}")
        if len(order) > 1:
            normal[sq] = list(order)
    return normal


def _check_reachable(frogs: list[dict[str, Any]], tiles: list[str], face_up: list[str]) -> None:
    """Refuse frogs standing where the rules could never have left them: on a face-up Pike
    (it eats), or beside a rival anywhere but a face-up Log holding two Servants (landing
    on a rival eliminates it; a Queen never shares a Log; a third Servant eliminates one)."""
    at: dict[str, list[tuple[int, str]]] = {}
    for seat, spec in enumerate(frogs):
        if spec["queen"] is not None:
            at.setdefault(spec["queen"], []).append((seat, "Queen"))
        for sq in spec["servants"]:
            at.setdefault(sq, []).append((seat, "Servant"))
    for sq, here in at.items():
        front, up = tiles[INDEX[sq]].split("/")[1], sq in face_up
        if up and front == PIKE:
            raise BadPosition(f"{sq}: a frog on a face-up Pike would have been eaten (Pike)")
        if len({seat for seat, _ in here}) == 1:
            continue
        if not (up and front == LOG):
            raise BadPosition(f"{sq}: rival frogs share a square only as two Servants on a "
                              f"face-up Log; a frog landing on a rival eliminates it")
        if any(kind == "Queen" for _, kind in here) or len(here) != 2:
            raise BadPosition(f"{sq}: rivals share a Log only as two Servants (a Queen "
                              f"eliminates every Servant there, a third Servant one of them)")


def _square_index(sq: Any) -> int:
    x, y = parse_square(sq)
    return y * SIZE + x


def _square(sq: Any, where: str) -> int:
    try:
        x, y = parse_square(sq)
    except BadNotation as err:
        raise BadPosition(f"{where}: {err}") from None
    return y * SIZE + x


__all__ = ["CroakGame", "Move", "normalize_position"]
