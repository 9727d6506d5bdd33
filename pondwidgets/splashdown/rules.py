"""The Splash down rules model: every rule and ruling of docs/rules/splashdown.md,
complete.

A turn is a chain of decisions by one player, each its own legal-move list:

==========  ===============================================  ======================
phase       the decision                                      notation
==========  ===============================================  ======================
roll        roll the die                                      ``roll``
reroll      (re-roll option, first turn) keep it or roll      ``keep``, ``reroll``
move        the landing pad, 1 to the roll steps away         ``to 5b``, ``to home``
push        (landed on other frogs) push them or not          ``push``, ``no push``
push-roll   roll the frog die for the push                    ``roll``
==========  ===============================================  ======================

Everything between decisions (the first turn's better of two dice, a pad's effect, the
yellow pad's coin, flies, a push's result, deaths, coming Home, skipping frogs that are
Home or out, the end) happens automatically and is written to the log.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core.arguments import LONGEST_GAME, checked_in_init, flag, optional, rule, whole
from ..core.clock import Clock
from ..core.declaration import MoveKind, Moves, Option, Options, Position
from ..core.errors import BadArgument, BadNotation, BadPosition, GameError, brief
from ..core.game import Game
from ..core.words import listed, told, turn, won
from .maps import DARK_GREEN, FAR, HOME, RED, YELLOW, Map, load_map

ROLL, REROLL, MOVE, PUSH, PUSH_ROLL, OVER = "roll", "reroll", "move", "push", "push-roll", \
    "over"
LIVES = 5
DEFAULT_NAMES = ["Ada", "Bob", "Cleo", "Dan", "Eve", "Finn"]
PUSH_ODDS = {"success": Fraction(1, 2), "fail": Fraction(1, 3),
             "fail, and a life lost": Fraction(1, 6)}

# The declaration (core.declaration): Splash down's kinds of decision and their notation.
MOVES = Moves(
    MoveKind("roll"),
    MoveKind("keep"),
    MoveKind("reroll"),
    MoveKind("to", "to {pad}", pad=None),  # the pad is already its name: "5b", "home"
    MoveKind("push"),
    MoveKind("no push"),
)
MOVE_KINDS = MOVES.kinds


class Move(NamedTuple):
    """One decision. ``kind`` is ``roll``, ``keep``, ``reroll``, ``to``, ``push`` or
    ``no push``; ``pad`` names the landing pad of a ``to`` (``"5b"``, ``"home"``).
    ``str(move)`` is its notation: ``roll``, ``to 5b``, ``no push``."""

    kind: str
    pad: str = ""

    def __str__(self) -> str:
        return MOVES.text(self)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


ROLL_MOVE, KEEP, REROLL_MOVE = Move("roll"), Move("keep"), Move("reroll")
PUSH_MOVE, NO_PUSH = Move("push"), Move("no push")
_SIMPLE = {"roll": ROLL_MOVE, "keep": KEEP, "reroll": REROLL_MOVE, "push": PUSH_MOVE,
           "no push": NO_PUSH}


class Frog:
    """One player's frog. ``pad`` is a pad number (0 is Home; -1 once out); ``sets`` holds
    ``[pad, flies]`` pairs, oldest first, each the flies of one dark-green pad; ``home``:
    came Home (banked, never leaves); ``left``: has left Home once."""

    __slots__ = ("home", "left", "lives", "out", "pad", "seat", "sets")

    def __init__(self, seat: int, pad: int = 0, lives: int = LIVES, sets=None,
                 home: bool = False, left: bool = False, out: bool = False):
        self.seat, self.pad, self.lives = seat, pad, lives
        self.sets: list[list[int]] = [list(s) for s in sets or ()]
        self.home, self.left, self.out = home, left, out

    @property
    def flies(self) -> int:
        return sum(n for _, n in self.sets)

    @property
    def playing(self) -> bool:
        return not (self.home or self.out)

    def __repr__(self) -> str:
        return f"Frog(seat={self.seat}, pad={self.pad}, lives={self.lives})"


class SplashdownGame(Game):
    """A game of Splash down for 2 to 6 players.

    ``players`` is a count or a list of names; ``map`` a shipped map's name (``"short"``,
    ``"long"``, ``"parallel"``: ``MAPS``) or a map of your own as a dictionary (see
    ``pondwidgets/splashdown/README.md``); ``fly_thief`` turns on the fly thief option;
    ``reroll`` lets the first player re-roll the first die instead of rolling two;
    ``max_turns`` ends the game as a draw after that many turns (for simulations);
    ``position`` starts from an explicit position (README, "Explicit starting positions").
    """

    NAME = "splashdown"
    TITLE = "Splash down"
    PLAYERS = range(2, 7)
    OPTIONS = Options(
        Option("map", "short", checked_in_init, "The pond to play: a shipped map's name (short, "
               "long or parallel) or a map of your own as a dictionary.",
               plays=("long", "parallel")),
        Option("fly_thief", False, flag, "A push that works steals flies from the frogs it "
               "pushed: from each one that survives, its oldest set; and a push that kills "
               "a frog takes all of that frog's flies.", plays=(True,), variant="Fly thief"),
        Option("reroll", False, flag, "As on Board Game Arena, the first player's first turn "
               "rolls one die instead of two, then keeps it or rolls once more.",
               plays=(True,)),
        Option("max_turns", None, optional(rule(whole, 1, LONGEST_GAME,
                                                "a whole number of turns (or None)")),
               "Ends the game as a draw after that many turns (for simulations)."),
    )
    MOVES = MOVES
    POSITION = Position(required=("frogs",),
                        optional=("flies", "to_move", "first_turn", "turns"),
                        seats="frogs", seat_keys=("pad", "lives", "sets", "left_home", "out"))
    MOVE = Move
    CACHES = Game.CACHES | {"map"}  # fixed by the options; its cache fills as it is read

    def __init__(self, players: int | list[str] = 2, *, seed: int | None = None,
                 position: dict | None = None, map: str | dict = "short",
                 fly_thief: bool = False, reroll: bool = False, max_turns: int | None = None,
                 clock: Clock | None = None) -> None:
        players = self.take_players(players, lambda n: DEFAULT_NAMES[:n])
        options = self.OPTIONS.take(locals())
        self.map: Map = load_map(map)  # a broken map, of any type: BadPosition, naming it
        self.fly_thief, self.reroll, self.max_turns = fly_thief, reroll, max_turns
        # a map of one's own is saved as its checked data (its place in the dict is kept)
        super().__init__(seed=seed, position=position, clock=clock, options={
            "players": players, **options,
            "map": map if isinstance(map, str) else self.map.spec})

    # -- setting up ----------------------------------------------------------------------
    def _setup(self) -> None:
        board = self.map
        self.flies: list[int] = list(board.printed)  # flies on each pad now
        self.turns = 0  # turns completed
        self.roll: int | None = None  # the roll to move by
        self.dice: list[int] = []  # the dice of this turn's roll
        self.origin = 0  # the pad the mover jumped from (a failed push goes back there)
        self.push_frogs: list[int] = []  # the seats on the pad the mover may push
        self.last_chance: dict[str, Any] | None = None
        if "moves" not in board.cache:  # the landings' move objects, made once per map
            to = [Move("to", name) for name in board.names]
            board.cache["moves"] = tuple(tuple(tuple(to[j] for j in within)
                                               for within in by_roll)
                                         for by_roll in board.within)
        if self.position is None:
            self.frogs = [Frog(seat) for seat in range(self.players)]
            self.to_move, self.first_turn = 0, True
            self._event(f"A new game of Splash down for {self.players} players on the map "
                        f"“{self.map.title}”. Every frog starts at Home with {LIVES} lives. "
                        f"{self.names[0]} starts.")
        else:
            pos = self.position
            index = board.index
            self.frogs = []
            for seat, spec in enumerate(pos["frogs"]):
                if spec.get("out"):
                    self.frogs.append(Frog(seat, -1, 0, out=True, left=True))
                    continue
                pad = index[spec["pad"]]
                sets = [[index[p], n] for p, n in spec["sets"]]
                self.frogs.append(Frog(seat, pad, spec["lives"], sets,
                                       home=pad == 0 and spec["left_home"],
                                       left=spec["left_home"]))
            for name, n in pos["flies"].items():
                self.flies[index[name]] = n
            self.to_move, self.first_turn = pos["to_move"], pos["first_turn"]
            self.turns = pos["turns"]
            self._event(f"A game of Splash down from a set position on the map "
                        f"“{self.map.title}”. {self.names[self.to_move]} is to play.")
        self.phase = ROLL

    # -- whose decision, and which ones are legal ----------------------------------------
    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.to_move,)

    def _legal(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == MOVE:  # a list of its own: the map's tuples are shared by every game
            return list(self.map.cache["moves"][self.frogs[seat].pad][self.roll])
        if phase in (ROLL, PUSH_ROLL):
            return [ROLL_MOVE]
        if phase == REROLL:
            return [KEEP, REROLL_MOVE]
        if phase == PUSH:
            return [PUSH_MOVE, NO_PUSH]
        return []

    # -- carrying out a decision ---------------------------------------------------------
    def _parse(self, text: str) -> Move:
        if not isinstance(text, str) or len(text) > 30:
            raise BadNotation("a Splash down move is written 'roll', 'keep', 'reroll', "
                              "'to 5b', 'to home', 'push' or 'no push'")
        words = text.lower().split()
        simple = _SIMPLE.get(" ".join(words))
        if simple is not None:
            return simple
        if len(words) == 2 and words[0] == "to":
            return Move("to", words[1])
        raise BadNotation(f"{brief(text)} is not a Splash down move: write 'roll', 'keep', "
                          f"'reroll', 'to 5b' (the pad to land on), 'to home', 'push' or "
                          f"'no push'")

    def _die(self) -> int:
        """A fair d6 from the game's rng (exactly uniform: 3 random bits, 6 and 7 drawn
        again)."""
        bits = self.rng.getrandbits
        while True:
            value = bits(3)
            if value < 6:
                return value + 1

    def _chance(self, kind: str, value: Any, seat: int) -> None:
        self._revealed()
        self.last_chance = {"kind": kind, "value": value, "seat": seat,
                            "decision": len(self.history) + 1}

    def _apply(self, move: Move, seat: int) -> None:
        name = self.names[seat]
        phase = self.phase
        if phase == ROLL:
            self.dice = []
            if self.first_turn:
                self.first_turn = False
                if not self.reroll:
                    a, b = self._die(), self._die()
                    self.dice = [a, b]
                    self._chance("die", max(a, b), seat)
                    self._event(f"{name} rolls two dice for the first turn, {a} and {b}, and "
                                f"keeps the higher: {max(a, b)}.")
                    self._start_move(max(a, b))
                    return
                value = self._die()
                self.dice = [value]
                self._chance("die", value, seat)
                self.roll = value
                self.phase = REROLL
                self._event(f"{name} rolls a {value} and may keep it or roll once more.")
                return
            value = self._die()
            self.dice = [value]
            self._chance("die", value, seat)
            self._event(f"{name} rolls a {value}.")
            self._start_move(value)
        elif phase == REROLL:
            if move.kind == "keep":
                assert self.roll is not None  # the first roll, to keep or roll again
                self._event(f"{name} keeps the {self.roll}.")
                self._start_move(self.roll)
            else:
                value = self._die()
                self.dice = [value]
                self._chance("die", value, seat)
                self._event(f"{name} rolls again: {value}. The new roll stands.")
                self._start_move(value)
        elif phase == MOVE:
            self._land(seat, self.map.index[move.pad])
        elif phase == PUSH:
            if move.kind == "push":
                self.phase = PUSH_ROLL
                self._event(f"{name} tries to push {self._list_names(self.push_frogs)} into "
                            f"the water.")
            else:
                self._event(f"{name} does not push and shares "
                            f"{self.map.names[self.frogs[seat].pad]}.")
                self._end_turn()
        else:  # PUSH_ROLL
            self._push(seat)

    def _start_move(self, roll: int) -> None:
        self.roll = roll
        self.phase = MOVE

    def _land(self, seat: int, pad: int) -> None:
        """The frog jumps to ``pad``: the pad's effect, then the flies, then the offer of
        a push (docs/rules/splashdown.md#landing-order)."""
        frog, board = self.frogs[seat], self.map
        name, where = self.names[seat], board.names[pad]
        self.origin = frog.pad
        self.roll = None
        frog.pad = pad
        frog.left = True
        if pad == 0:
            frog.home = True
            flies = frog.flies
            self._event(f"{name} jumps Home with {_count(flies, 'fly', 'flies')} and "
                        f"{_count(frog.lives, 'life', 'lives')}: safe for the rest of the "
                        f"game.")
            self._end_turn()
            return
        colour = board.colours[pad]
        self._event(f"{name} jumps from {self._pad(self.origin)} to {where} ({colour}).")
        if colour == RED:
            self._lose_life(frog, f"{name} lands on {where} (red) and loses a life")
        elif colour == YELLOW:
            heads = self.rng.getrandbits(1) == 0
            self._chance("coin", "heads" if heads else "tails", seat)
            if heads:
                self._event(f"{name} tosses the frog coin on {where} (yellow): heads, no harm "
                            f"done.")
            else:
                self._lose_life(frog, f"{name} tosses the frog coin on {where} (yellow): "
                                      f"tails, and loses a life")
        if frog.out:
            self._end_turn()
            return
        if colour == DARK_GREEN:
            flies = self.flies[pad]
            if flies:
                self.flies[pad] = 0
                frog.sets.append([pad, flies])
                self._event(f"{name} collects {_count(flies, 'fly', 'flies')} on {where}: "
                            f"{_count(frog.flies, 'fly', 'flies')} in all.")
            others = [f.seat for f in self.frogs if f.seat != seat and f.pad == pad]
            if others:
                self._event(f"{name} shares {where} with {self._list_names(others)}: nobody "
                            f"can be pushed off a dark-green pad.")
            self._end_turn()
            return
        others = [f.seat for f in self.frogs if f.seat != seat and f.pad == pad]
        if others:
            self.push_frogs = others
            self.phase = PUSH
            return
        self._end_turn()

    def _push(self, seat: int) -> None:
        """The frog die for a push: even, every frog there loses a life and the mover stays;
        odd, the mover goes back where it came from; a 1 also costs the mover a life."""
        frog, board = self.frogs[seat], self.map
        name = self.names[seat]
        value = self._die()
        self._chance("push", value, seat)
        pushed = self.push_frogs
        self.push_frogs = []
        if value % 2 == 0:
            self._event(f"{name} rolls a {value}: the push works! "
                        f"{self._list_names(pushed)} {'falls' if len(pushed) == 1 else 'fall'} "
                        f"into the water.")
            for victim_seat in pushed:  # in seat order
                victim = self.frogs[victim_seat]
                self._lose_life(victim, f"{self.names[victim_seat]} loses a life", thief=frog)
                if not victim.out and self.fly_thief and victim.sets:
                    stolen = victim.sets.pop(0)
                    frog.sets.append(stolen)
                    self._event(f"Fly thief: {name} steals {self.names[victim_seat]}'s "
                                f"{_count(stolen[1], 'fly', 'flies')} from "
                                f"{board.names[stolen[0]]}.")
        else:
            back = self._pad(self.origin)
            if value == 1:
                self._event(f"{name} rolls a 1: the push fails and {name} jumps back to "
                            f"{back}.")
            else:
                self._event(f"{name} rolls a {value}: the push fails and {name} jumps back "
                            f"to {back}.")
            frog.pad = self.origin
            if self.origin == 0:
                frog.left = False  # never left Home after all: still at the start
            if value == 1:
                self._lose_life(frog, f"{name} loses a life for the 1")
        self._end_turn()

    def _lose_life(self, frog: Frog, text: str, thief: Frog | None = None) -> None:
        """``frog`` loses a life (``text`` says why); at 0 it is out and its flies fly back
        to their pads — or, under the fly thief, to the frog whose push killed it."""
        frog.lives -= 1
        if frog.lives:
            self._event(f"{text}: {frog.lives} left.")
            return
        name = self.names[frog.seat]
        self._event(f"{text}: no lives left. {name} is out of the game.")
        frog.out = True
        frog.pad = -1
        sets, frog.sets = frog.sets, []
        if not sets:
            return
        if thief is not None and self.fly_thief:
            thief.sets.extend(sets)
            self._event(f"Fly thief: {self.names[thief.seat]} takes all of {name}'s "
                        f"{_count(sum(n for _, n in sets), 'fly', 'flies')}.")
            return
        for pad, n in sets:
            self.flies[pad] += n
        back = ", ".join(f"{n} to {self.map.names[pad]}" for pad, n in sets)
        self._event(f"{name}'s flies fly back to their pads: {back}.")

    def _pad(self, pad: int) -> str:
        """A pad's name as the log writes it: ``Home``, ``3a``."""
        return "Home" if pad == 0 else self.map.names[pad]

    def _end_turn(self) -> None:
        self.turns += 1
        self.roll = None
        self.dice = []
        self.push_frogs = []
        frogs = self.frogs
        if not any(f.playing for f in frogs):
            self._finish_game()
            return
        if self.max_turns is not None and self.turns >= self.max_turns:
            self._finish([], f"The game ends in a draw after {self.turns} turns "
                             f"(the turn limit).")
            return
        seat = self.to_move
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if frogs[seat].playing:
                break
        self.to_move = seat
        self.phase = ROLL
        self._know_legal(seat, [ROLL_MOVE])

    def _finish_game(self) -> None:
        """Every frog is Home or out: the most flies among the frogs Home wins, ties by the
        most lives; still tied, those tied share it; nobody Home, a draw."""
        home = [f for f in self.frogs if f.home]
        if not home:
            self._finish([], "Every frog is out: nobody came Home, so the game is a draw.")
            return
        best = max((f.flies, f.lives) for f in home)
        winners = [f.seat for f in home if (f.flies, f.lives) == best]
        flies, lives = best
        score = f"{_count(flies, 'fly', 'flies')} and {_count(lives, 'life', 'lives')}"
        if len(winners) == 1:
            text = f"Every frog is Home or out. {self.names[winners[0]]} wins with {score}!"
        else:
            text = (f"Every frog is Home or out. {self._list_names(winners)} tie with "
                    f"{score} each and share the win.")
        self._finish(winners, text)

    def _finish(self, winners: list[int], text: str) -> None:
        self.phase = OVER
        self.is_over = True
        self.winners = tuple(winners)
        self._event(text)

    def _list_names(self, seats: list[int]) -> str:
        return listed([self.names[s] for s in seats])

    # -- explaining refusals -------------------------------------------------------------
    def _why_illegal(self, move: Move, seat: int) -> str:
        phase, kind, board = self.phase, move.kind, self.map
        if not isinstance(kind, str) or kind not in MOVE_KINDS:
            return (f"{brief(kind)} is not a kind of Splash down move (roll, keep, reroll, "
                    f"to, push, no push)")
        if kind != "to" and move.pad != "":
            return f"'{kind}' names no pad (you gave {brief(move.pad)})"
        frog = self.frogs[seat]
        if phase == ROLL:
            return "first roll the die: play 'roll'"
        if phase == REROLL:
            return (f"you rolled a {self.roll} on the first turn: 'keep' it or 'reroll' "
                    f"(the new roll stands)")
        if phase == PUSH:
            return (f"you landed on {board.names[frog.pad]} with other frogs: decide whether "
                    f"to 'push' them or not ('no push')")
        if phase == PUSH_ROLL:
            return "roll the frog die for your push: play 'roll'"
        # the move phase
        if kind != "to":
            return (f"you rolled a {self.roll}: now choose the pad to land on, like "
                    f"'{self.legal_moves(seat)[0]}'")
        pad = move.pad
        if not isinstance(pad, str) or pad not in board.index:
            shown = ", ".join(board.names[:6])
            return f"{brief(pad)} is not a pad of this map (its pads are {shown}, …)"
        target, here = board.index[pad], frog.pad
        if target == here == 0:
            return ("your frog has not left Home yet: Home is a landing only once a frog has "
                    "left it")
        if target == here:
            return f"your frog is already on {pad}: a jump must leave its pad"
        steps = board.dist[here][target]
        assert self.roll is not None  # landing: the roll to move by
        if steps >= FAR or (steps > self.roll and here != 0 and target != 0
                            and board.distance_through_home(here, target) <= self.roll):
            return (f"{pad} can only be reached through Home within your roll, and no frog "
                    f"jumps through Home: Home is only ever a landing")
        return (f"{pad} is {_count(steps, 'step', 'steps')} away and you rolled a "
                f"{self.roll}: land at most {self.roll} and at least 1 step away")

    # -- what everyone may see (nothing is hidden in Splash down) ------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        board = self.map
        names = board.names
        cached = board.cache.get("view")
        if cached is None:
            cached = board.cache["view"] = {
                "name": board.name,
                "title": board.title,
                "blocks": [list(b) for b in board.blocks],
                "edges": [[names[a], names[b]] for a, b in board.edges],
                "layout": dict(board.layout),
            }
        picture = {
            **cached,
            "blocks": [list(b) for b in cached["blocks"]],
            "edges": [list(e) for e in cached["edges"]],
            "layout": dict(cached["layout"]),
            "pads": {names[i]: {"colour": board.colours[i], "flies": self.flies[i],
                                "printed": board.printed[i]} for i in range(len(names))},
        }
        frogs = [{
            "seat": f.seat,
            "name": self.names[f.seat],
            "pad": None if f.out else names[f.pad],
            "lives": f.lives,
            "flies": f.flies,
            "sets": [{"pad": names[p], "flies": n} for p, n in f.sets],
            "home": f.home,
            "out": f.out,
            "left_home": f.left,
        } for f in self.frogs]
        push = None
        if self.phase in (PUSH, PUSH_ROLL):
            push = {"pad": names[self.frogs[self.to_move].pad], "frogs": list(self.push_frogs),
                    "from": names[self.origin]}
        return {
            "map": picture,
            "frogs": frogs,
            "to_move": None if self.phase == OVER else self.to_move,
            "roll": self.roll if self.phase in (MOVE, REROLL) else None,
            "dice": list(self.dice),
            "first_turn": self.first_turn,
            "push": push,
            "last_chance": dict(self.last_chance) if self.last_chance else None,
            "turn": self.turns + (0 if self.is_over else 1),
            "options": {"fly_thief": self.fly_thief, "reroll": self.reroll,
                        "max_turns": self.max_turns},
        }

    def prompt(self, seat: int | None = None) -> str:
        """What the player to act must do now, in plain English, as ``seat`` reads it:
        "you" on that player's own board, their name for everyone else (nothing in Splash
        down is hidden)."""
        phase = self.phase
        if phase == OVER:
            if not self.winners:
                return "The game is over: it is a draw."
            end = "!" if len(self.winners) == 1 else "."
            return f"The game is over: {won(self.names, self.winners, seat)}{end}"
        name, you = self.names[self.to_move], seat == self.to_move
        frog = self.frogs[self.to_move]
        if phase == ROLL:
            if self.first_turn and self.reroll:
                return told(name, you, "you go first! Roll the die. If you don't like the "
                                       "number, you may roll once more.")
            if self.first_turn:
                return told(name, you, "you go first! Roll: you roll two dice and keep the "
                                       "higher.")
            return turn(name, you, "roll the die to see how far your frog may jump.")
        if phase == REROLL:
            return told(name, you, f"you rolled a {self.roll}. Keep it, or roll once more "
                                   f"(the new roll counts, even if it is lower).")
        if phase == MOVE:
            where = self._pad(frog.pad)
            steps = "1 step" if self.roll == 1 else f"1 to {self.roll} steps"
            return told(name, you, f"you rolled a {self.roll}. Pick a lily pad {steps} away "
                                   f"from {where}, in any direction.")
        where = self.map.names[frog.pad]
        if phase == PUSH:
            return told(name, you, f"{self._list_names(self.push_frogs)} "
                                   f"{'is' if len(self.push_frogs) == 1 else 'are'} on {where} "
                                   f"too. Try to push them into the water, or stay and share "
                                   f"the pad?")
        return told(name, you, f"roll the frog die! Even: they each lose a life. Odd: you "
                               f"jump back to {self._pad(self.origin)}. A 1 also costs you a "
                               f"life.")

    def chance_odds(self, event: str | None = None, seat: int | None = None
                    ) -> dict[Any, Fraction]:
        """The exact chance of each outcome of a chance event (the same for every seat:
        nothing is hidden): ``"die"`` (1 to 6, 1/6 each), ``"first-roll"`` (the higher of
        two dice: k with (2k-1)/36), ``"coin"`` (``heads``/``tails``, 1/2 each) or
        ``"push"`` (``success`` 1/2, ``fail`` 1/3, ``fail, and a life lost`` 1/6). With
        no event, the next chance event of the phase: the roll to come (``first-roll`` for
        the first turn without the re-roll option), a push's die in the push phases, and
        in the move phase the next die (a yellow pad's coin may come first)."""
        if seat is not None:
            self._check_seat(seat)
        if event is None:
            if self.phase == OVER:
                raise GameError("the game is over: no chance event is to come")
            if self.phase in (PUSH, PUSH_ROLL):
                event = "push"
            elif self.phase == ROLL and self.first_turn and not self.reroll:
                event = "first-roll"
            else:
                event = "die"
        if event == "die":
            return {k: Fraction(1, 6) for k in range(1, 7)}
        if event == "first-roll":
            return {k: Fraction(2 * k - 1, 36) for k in range(1, 7)}
        if event == "coin":
            return {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
        if event == "push":
            return dict(PUSH_ODDS)
        raise BadArgument(f"event: Splash down's chance events are 'die', 'first-roll', "
                          f"'coin' and 'push', not {brief(event)}")

    def text(self, seat: int | None = None) -> str:
        """The pond as plain text, block by block, drawn from ``view(seat)``: each pad with
        its colour, its flies (``*2``) and the frogs on it (their seats)."""
        view = self.view(seat)
        pads, frogs = view["map"]["pads"], view["frogs"]
        lines = []
        for block in view["map"]["blocks"]:
            cells = []
            for name in block:
                pad = pads[name]
                here = "".join(str(f["seat"]) for f in frogs if f["pad"] == name)
                flies = f"*{pad['flies']}" if pad["flies"] else ""
                cells.append(f"{name}:{pad['colour']}{flies}{'[' + here + ']' if here else ''}")
            lines.append("  ".join(cells))
        for f in frogs:
            state = "out" if f["out"] else "Home" if f["home"] else f"on {f['pad']}"
            lines.append(f"{f['name']} ({f['seat']}): {state}, {f['lives']} lives, "
                         f"{f['flies']} flies")
        lines.append(view["prompt"])
        return "\n".join(lines)

    # -- explicit positions --------------------------------------------------------------
    def _normalize_position(self, position: Any) -> dict[str, Any]:
        normal = normalize_position(position, self.players, self.map)
        if self.max_turns is not None and normal["turns"] >= self.max_turns:
            raise BadPosition(f"'turns': after {normal['turns']} turns a game of "
                              f"max_turns={self.max_turns} is over")
        return normal

    def to_position(self) -> dict[str, Any]:
        """The current position in the explicit-position format (only at the start of a
        turn, before its roll): a teacher's tool for setting up scenarios."""
        if self.phase != ROLL:
            raise GameError("a position can be taken only at the start of a turn, before "
                            "its roll")
        names = self.map.names
        frogs: list[dict[str, Any]] = []
        for f in self.frogs:
            if f.out:
                frogs.append({"out": True})
            else:
                frogs.append({"pad": names[f.pad], "lives": f.lives,
                              "sets": [[names[p], n] for p, n in f.sets],
                              "left_home": f.left})
        return {"frogs": frogs, "flies": {names[i]: n for i, n in enumerate(self.flies)
                                          if n != self.map.printed[i]},
                "to_move": self.to_move, "first_turn": self.first_turn, "turns": self.turns}


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def normalize_position(position: Any, players: int, board: Map) -> dict[str, Any]:
    """Check an explicit Splash down position on ``board``, whose shape
    ``SplashdownGame.POSITION`` has checked, and return it complete (see
    pondwidgets/splashdown/README.md). Refuses, naming the problem, any value that is
    malformed and any position the rules could never reach."""
    frogs = position["frogs"]  # one dictionary a seat: SplashdownGame.POSITION checked that
    index = board.index
    held: dict[str, int] = {}  # each dark-green pad whose flies a frog holds: by whom
    norm: list[dict[str, Any]] = []
    for seat, spec in enumerate(frogs):
        out = spec.get("out", False)
        if not isinstance(out, bool):
            raise BadPosition(f"seat {seat}: 'out' is True or False")
        if out:
            if set(spec) - {"out", "lives"} or spec.get("lives", 0) not in (0,) \
                    or type(spec.get("lives", 0)) is not int:
                raise BadPosition(f"seat {seat} is out: an eliminated frog has no pad, no "
                                  f"lives and no flies (write just {{'out': True}})")
            norm.append({"out": True})
            continue
        pad = spec.get("pad", HOME)
        if not isinstance(pad, str) or pad not in index:
            raise BadPosition(f"seat {seat}: {brief(pad)} is not a pad of this map")
        lives = spec.get("lives", LIVES)
        if type(lives) is not int or not 1 <= lives <= LIVES:
            raise BadPosition(f"seat {seat}: a frog in the game has 1 to {LIVES} lives, not "
                              f"{brief(lives)} (a frog with none is out: {{'out': True}})")
        left = spec.get("left_home", pad != HOME)
        if not isinstance(left, bool):
            raise BadPosition(f"seat {seat}: 'left_home' is True or False")
        if pad != HOME and not left:
            raise BadPosition(f"seat {seat}: a frog on {pad} has left Home ('left_home' "
                              f"cannot be False)")
        sets = spec.get("sets", [])
        if not isinstance(sets, list | tuple):
            raise BadPosition(f"seat {seat}: 'sets' is a list of [pad, flies] pairs, oldest "
                              f"first")
        norm_sets = []
        for entry in sets:
            if not (isinstance(entry, list | tuple) and len(entry) == 2):
                raise BadPosition(f"seat {seat}: a set of flies is written [pad, flies], "
                                  f"like ['2b', 2], not {brief(entry)}")
            where, flies = entry
            if not isinstance(where, str) or where not in index \
                    or board.colours[index[where]] != DARK_GREEN or not board.printed[
                        index[where]]:
                raise BadPosition(f"seat {seat}: flies come from a dark-green pad printed "
                                  f"with flies, and {brief(where)} is not one")
            printed = board.printed[index[where]]
            if type(flies) is not int or flies != printed:
                raise BadPosition(f"seat {seat}: a set holds all the flies of its pad: "
                                  f"{printed} from {where}, not {brief(flies)}")
            if where in held:
                raise BadPosition(f"the flies of {where} are held twice (seats {held[where]} "
                                  f"and {seat}): a pad's flies are in one place")
            held[where] = seat
            norm_sets.append([where, flies])
        if pad == HOME and not left and norm_sets:
            raise BadPosition(f"seat {seat} has never left Home, so it holds no flies")
        norm.append({"pad": pad, "lives": lives, "sets": norm_sets, "left_home": left})
    flies = position.get("flies", {})
    if not isinstance(flies, dict):
        raise BadPosition("'flies' is a dictionary {pad: flies on it now}")
    norm_flies = {}
    for where, n in flies.items():
        if not isinstance(where, str) or where not in index:
            raise BadPosition(f"flies: {brief(where)} is not a pad of this map")
        i = index[where]
        expected = 0 if where in held else board.printed[i]
        if type(n) is not int or n != expected:
            why = ("a frog holds its flies, so it has 0" if where in held else
                   f"its {board.printed[i]} printed flies are on it, as no frog holds them")
            raise BadPosition(f"flies: {where} cannot hold {brief(n)} flies: {why} (flies "
                              f"are on their pad or held by one frog)")
    for where in held:
        norm_flies[where] = 0
    playing = [s for s, f in enumerate(norm) if not f.get("out")
               and not (f["pad"] == HOME and f["left_home"])]
    if not playing:
        raise BadPosition("every frog is Home or out: that game would be over")
    to_move = position.get("to_move", playing[0])
    if type(to_move) is not int or to_move not in playing:
        raise BadPosition(f"'to_move' must be a seat whose frog is still in play (not Home, "
                          f"not out), not {brief(to_move)}")
    at_start = all(not f.get("out") and f["pad"] == HOME and not f["left_home"]
                   and f["lives"] == LIVES for f in norm)
    first_turn = position.get("first_turn", at_start and to_move == 0)
    if not isinstance(first_turn, bool):
        raise BadPosition("'first_turn' is True or False")
    if first_turn and not (at_start and to_move == 0):
        raise BadPosition("'first_turn' can only be True at the very start: every frog at "
                          "Home with 5 lives, seat 0 to play")
    turns = position.get("turns", 0)
    if type(turns) is not int or turns < 0 or (first_turn and turns):
        raise BadPosition(f"'turns' is the number of turns already played, 0 or more (0 "
                          f"when 'first_turn' is True), not {brief(turns)}")
    return {"frogs": norm, "flies": norm_flies, "to_move": to_move, "first_turn": first_turn,
            "turns": turns}


__all__ = ["MOVE_KINDS", "Move", "SplashdownGame", "normalize_position"]
