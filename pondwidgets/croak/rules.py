"""The Croak! rules model: every rule and ruling of docs/rules/croak.md, complete.

A turn is a chain of decisions by one player, each its own legal-move list (the phases
and their notation: declaration.py). Everything between decisions (revealing, eliminating,
births, Mud, Pikes, passing a turn that has no legal move) happens automatically and is
written to the log. What the game tells people is telling.py; positions, positions.py;
chance, hidden information and copies, chance.py.
"""

from __future__ import annotations

from ..core.clock import Clock
from ..core.errors import BadArgument, BadNotation, brief
from ..core.game import LONGEST_NAME, Game
from ..core.notation import parse_square
from . import chance, declaration, positions, telling
from .declaration import _JUMPS, BOUNCE, FOLLOW, MOVE, OVER, PASS, VICTIM, Move
from .telling import _frog_word
from .tiles import (
    BACK_FRONT,
    COLOURS,
    INDEX,
    LILY,
    LOG,
    MALE_COLOURS,
    MOSQUITO,
    MUD,
    NEIGHBOURS,
    PIKE,
    SETUPS,
    SIZE,
    SQUARES,
    Frog,
    all_tiles,
    front_name,
)

RESERVE = 4  # Servants each player keeps off the pond at the start (6 minus the 2 placed)


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
    OPTIONS = declaration.OPTIONS
    MOVES = declaration.MOVES
    POSITION = declaration.POSITION
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

    # -- what it tells people (telling.py) -----------------------------------------------
    _why_illegal = telling.why_illegal
    _front_shown = telling.front_shown
    _view = telling.view
    prompt = telling.prompt
    text = telling.text
    _whose = telling._whose

    # -- chance, hidden information and copies (chance.py) -----------------------------
    chance_odds = chance.chance_odds
    _redraw_hidden = chance.redraw_hidden
    __deepcopy__ = chance.deepcopy

    # -- explicit positions (positions.py) -----------------------------------------------
    _normalize_position = positions.normalize
    _setup_position = positions.setup_position
    to_position = positions.to_position


__all__ = ["CroakGame"]
