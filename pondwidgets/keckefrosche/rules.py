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

The options, the moves and their notation are ``declaration.py``; which moves are legal,
``legal.py``; what the game tells people (the view, the prompt, why a move is refused),
``telling.py``; chance, hidden information and copies, ``chance.py``; the
explicit-position format, ``positions.py``.
"""

from __future__ import annotations

from typing import Any

from ..core.clock import Clock
from ..core.errors import BadArgument, BadNotation, brief
from ..core.game import Game
from ..core.words import listed, plural
from . import chance, declaration, legal, positions, telling
from .cards import (
    BANG,
    BIOTOPE_NAMES,
    BIOTOPE_OF,
    BIOTOPES,
    CARD_NAMES,
    CHIP_VALUES,
    DECK,
    FROG_KIND,
    STORK,
    Display,
)
from .declaration import (
    _SIMPLE,
    BLOCK,
    COLLECT,
    COLLECTING,
    DEFAULT_NAMES,
    DISCARD,
    DISCARDING,
    DONE,
    NOTATION_HELP,
    OPEN,
    OVER,
    PLACE,
    Move,
    News,
)
from .legal import _discard
from .positions import normalize_position


class KeckeGame(Game):
    """A game of Kecke Frösche for 2 to 4 players.

    ``players`` is a count or a list of names; ``position`` starts from an explicit
    position (``pondwidgets/keckefrosche/README.md``). The rulebook has no options
    (docs/rules/keckefrosche.md#players), and every game ends by itself.
    """

    NAME = "keckefrosche"
    TITLE = "Kecke Frösche"
    PLAYERS = range(2, 5)
    OPTIONS = declaration.OPTIONS
    MOVES = declaration.MOVES
    POSITION = declaration.POSITION
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
            positions.set_up(self)
        self.phase = COLLECT if self.stage == COLLECTING else DISCARD

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
        self._event(f"{name} is dealt {CARD_NAMES[card]}.")

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

    # -- whose decision, and which ones are legal (legal.py) -----------------------------
    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.to_move,)

    _legal = legal.moves
    _discard_moves = legal.discard_moves

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
            self._event(f"{name} discards {CARD_NAMES[frog]} {BIOTOPE_NAMES[move.biotope]}.")
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
                    self._event(f"{name} draws {CARD_NAMES[card]} and starts the "
                                f"{BIOTOPE_OF[card]} row with it.")
                else:
                    self.drawn = card
                    self.phase = PLACE
                    self._event(f"{name} draws {CARD_NAMES[card]}.")
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
            self._event(f"{name} discards {CARD_NAMES[frog]} {BIOTOPE_NAMES[move.biotope]}.")
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

    # -- what the rules did by themselves ------------------------------------------------
    def _news(self, kind: str, text: str, seat: int | None = None, card: str | None = None,
              biotope: str | None = None, losers: tuple[int, ...] = ()) -> None:
        decision = len(self.history) + 1  # the one being applied: history takes it after
        last = self.news[-1] if self.news else None
        number = last.number + 1 if last is not None and last.decision == decision else 0
        self.news.append(News(decision, number, kind, text, seat, card, biotope, losers))

    # -- what it tells people (telling.py) -----------------------------------------------
    score_text = telling.score_text
    news_since = telling.news_since
    news_from = telling.news_from
    _why_illegal = telling.why_illegal
    _view = telling.view
    prompt = telling.prompt

    # -- chance, hidden information and copies (chance.py) -----------------------------
    chance_odds = chance.chance_odds
    _redraw_hidden = chance.redraw_hidden
    __deepcopy__ = chance.deepcopy

    # -- explicit positions (positions.py) -----------------------------------------------
    to_position = positions.to_position

    def _normalize_position(self, position: Any) -> dict[str, Any]:
        return normalize_position(position, self.players)


__all__ = ["KeckeGame"]
