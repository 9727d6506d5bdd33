"""The Froop! rules model: every rule and ruling of docs/rules/froop.md, complete, with
its variants (Cutthroat, Speed, Strategic, Panic, Marathon) as options.

A turn is a chain of decisions by one player, each its own legal-move list (the phases,
the kinds of decision and their notation: ``declaration.py``); Speed adds ``time``, the
rules' own decision when the countdown runs out (``deadline``). Everything else (the
deal, the draws of Cutthroat, Panic and Marathon, the end and the score) happens
automatically and is logged; an event naming a hidden card (a draw, a gift) shows in
views only as its covered text.

Legal plays come from an index of the Froop's blocks by pattern, kept up to date as cards
are laid (``matching.py``). What the game tells people is ``telling.py``; the
explicit-position format, ``positions.py``; chance, hidden information and copies,
``chance.py``.
"""

from __future__ import annotations

import bisect
import random
from typing import Any

from ..core.clock import Clock
from ..core.errors import BadNotation, brief
from ..core.game import Deadline, Game
from ..core.words import listed, plural
from . import chance, declaration, matching, positions, telling
from .cards import CARDS, HAND_SIZE, NAME_OF, SYMBOL_NAMES, name_of, turn
from .declaration import (
    _GIVE_TEXT,
    _PLAY_TEXT,
    _SIMPLE,
    AGAIN,
    DEFAULT_NAMES,
    DRAW,
    NOTATION_HELP,
    OTHERS,
    OVER,
    PASS,
    PLAY,
    RACE,
    STOP,
    TIME,
    Move,
)
from .matching import Laid

HIDDEN = "hidden"  # Event.square of an event that names a card from a hand or the pile


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
    OPTIONS = declaration.OPTIONS
    MOVES = declaration.MOVES
    POSITION = declaration.POSITION
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
        # block -> its pattern as a number (matching.CODE), from its first cell seen on
        self._patterns: dict[tuple[int, int], int] = {}
        # For each pattern's bit's place (matching.FILED), its blocks (>= 2 seen), or None.
        self._index: list[list[tuple[int, int]] | None] = [None] * len(matching.FILED)
        self._filed = 0  # the bits (matching.BIT) of the patterns _index has
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
        self.seats_to_act = self._who_acts()

    def _deal(self) -> None:
        rng, n, names = self.rng, self.players, self.names
        deck = _shuffled(rng)  # the top is the list's end
        # One card at a time round the table, from the dealer: seat s takes the s-th card
        # from the top, then every n-th.
        self.hands = [sorted(deck[-1 - s:-1 - s - n * HAND_SIZE:-n]) for s in range(n)]
        del deck[-n * HAND_SIZE:]
        start = deck.pop()
        letters = start if rng.random() < 0.5 else turn(start)  # face up as it came
        self._lay(letters, 0, 0, None)
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

    # -- the Froop (matching.py) ---------------------------------------------------------
    _lay = matching._lay
    placements = matching.placements
    _placements = matching._placements
    plays = matching.plays
    _plays_for = matching._plays_for
    match_of = matching.match_of
    top = matching.top
    bounds = matching.bounds

    @property
    def _matched(self) -> int:
        """How many symbols the card that gave the chain its turn matched (phase again)."""
        assert self.chain is not None  # a chain goes on
        return self.chain[1]

    # -- whose decision, and which ones are legal ----------------------------------------
    # Read several times a decision: worked out once at the end of each (_apply), and kept
    # as a plain attribute, which reads quicker than a property.
    seats_to_act: tuple[int, ...] = ()

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
        if self.panic and seat in self.must_give:
            return self._gives(seat)
        plays = self._plays[seat]  # (_plays_for, spelt out: asked every decision)
        if plays is None:
            plays = self._plays[seat] = self._placements(self.hands[seat])
        if self.phase != AGAIN:  # play, or Panic's race
            if plays:
                return plays  # (as the cache of plays: neither is changed in place)
            return [DRAW] if self.pile else [PASS]
        moves = list(plays)
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
        kind, card, x, y, to = move
        if kind == "play":
            self._play(seat, card, x, y)
        elif kind == "draw":
            if self._draw(seat, 1) and not self.panic:
                self._next_turn(seat)
        elif kind == "pass":
            self._pass(seat, f"{self.names[seat]} passes: no card fits and the pile is empty.")
        elif kind == "stop":
            self._event(f"{self.names[seat]} stops.")
            self._next_turn(seat)
        elif kind == "give":
            self._give(seat, card, to)
        elif kind == "others":
            self._event(f"{self.names[seat]} makes every other player draw a card.")
            if self._others_draw(seat):
                self._next_turn(seat)
        else:
            self._time_out(seat)
        self.seats_to_act = self._who_acts()

    def _play(self, seat: int, letters: str, x: int, y: int) -> None:
        name = NAME_OF[letters]
        hand = self.hands[seat]
        hand.remove(name)
        match = self._lay(letters, x, y, seat)
        assert match is not None  # (a play covers two symbols or more)
        self._plays = [None] * self.players  # a new Froop: every seat's plays change
        self.passes = 0
        if self.stuck:
            self.stuck.clear()
        # A card laid is nobody's secret any more (only Cutthroat and Panic give cards).
        if (self.cutthroat or self.panic) and any(self.gave):
            for known in self.gave:
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

    # -- what it tells people (telling.py) -----------------------------------------------
    _result = telling._result
    _why_illegal = telling.why_illegal
    _why_waiting = telling._why_waiting
    _view = telling.view
    prompt = telling.prompt

    # -- chance, hidden information and copies (chance.py) -----------------------------
    _unseen = chance._unseen
    chance_odds = chance.chance_odds
    _redraw_hidden = chance._redraw_hidden
    __deepcopy__ = chance.deepcopy

    # -- explicit positions (positions.py) -----------------------------------------------
    def _normalize_position(self, position: Any) -> dict[str, Any]:
        return positions.normalize_position(position, self.players, self.marathon,
                                            panic=self.panic, cutthroat=self.cutthroat)

    _from_position = positions._from_position
    to_position = positions.to_position


# The swaps of ``random.Random.shuffle`` on the 84 cards, last place first: (the place,
# how many places it picks from, and the bits a pick draws).
_SWAPS = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(CARDS))))


def _shuffled(rng: random.Random) -> list[str]:
    """The cards as ``rng.shuffle(list(CARDS))`` leaves them, from the same draws in the
    same order (each swap's pick is ``getrandbits`` of its bits, drawn again while out of
    range), in one loop: without the Python call ``shuffle`` makes for each card."""
    deck = list(CARDS)
    if type(rng) is not random.Random:  # (its own draws, if a subclass makes them)
        rng.shuffle(deck)
        return deck
    getrandbits = rng.getrandbits
    for i, n, bits in _SWAPS:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _check_letters(letters: str, text: str) -> None:
    bad = sorted({c for c in letters if c not in SYMBOL_NAMES})
    if bad:
        raise BadNotation(f"{brief(text)}: a card's letters are H (heart), S (smiley), B "
                          f"(bat wing) and F (flower), not {', '.join(bad)}")


__all__ = ["FroopGame"]
