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

This module is the state machine; the game's declaration is ``declaration.py``, what it
tells people (the view, the prompt, the refusal texts) ``telling.py``, its explicit
positions ``positions.py``, and its chance and copies ``chance.py``.
"""

from __future__ import annotations

from typing import Any

from ..core.clock import Clock
from ..core.errors import BadNotation, BadPosition, brief
from ..core.game import Game
from . import chance, declaration, positions, telling
from .declaration import (
    _SIMPLE,
    DEFAULT_NAMES,
    KEEP,
    LIVES,
    MOVE,
    NO_PUSH,
    OVER,
    PUSH,
    PUSH_MOVE,
    PUSH_ROLL,
    REROLL,
    REROLL_MOVE,
    ROLL,
    ROLL_MOVE,
    Move,
)
from .maps import DARK_GREEN, RED, YELLOW, Map, load_map
from .telling import _count


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
    OPTIONS = declaration.OPTIONS
    MOVES = declaration.MOVES
    POSITION = declaration.POSITION
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

    # -- chance and copies (chance.py) -------------------------------------------------
    chance_odds = chance.chance_odds
    __deepcopy__ = chance.deepcopy

    # -- what it tells people (telling.py) -----------------------------------------------
    _why_illegal = telling.why_illegal
    _view = telling.view
    prompt = telling.prompt
    text = telling.text
    _pad = telling._pad
    _list_names = telling._list_names

    # -- explicit positions (positions.py) -----------------------------------------------
    to_position = positions.to_position

    def _normalize_position(self, position: Any) -> dict[str, Any]:
        normal = positions.normalize_position(position, self.players, self.map)
        if self.max_turns is not None and normal["turns"] >= self.max_turns:
            raise BadPosition(f"'turns': after {normal['turns']} turns a game of "
                              f"max_turns={self.max_turns} is over")
        return normal


__all__ = ["SplashdownGame"]
