"""The Rapidcroco rules model: every rule and ruling of docs/rules/rapidcroco.md.

A game is a series of rounds, each a race:

======  ====================================================  =========================
phase   the decision                                          notation
======  ====================================================  =========================
deal    the dealer turns the criteria (a chance event)        ``reveal``
race    every seat still in the round: arrest a Croc on the   ``arrest c3``,
        grid or in another player's hand, or give up          ``arrest Lady Lagoon``,
                                                              ``pass``
======  ====================================================  =========================

In a race every seat still in the round is in ``seats_to_act`` at once; the first right
arrest wins the round. Time comes from the game's clock: the log says how long each
arrest took. The end of a round (the capture, the wrong arrests' penalties, the win) is
automatic and written to the log.

Its declaration (options, moves, position's shape) is ``declaration.py``; what it tells
people (the view, the prompt, the refusals) is ``telling.py``; its explicit positions are
``positions.py``; its chance and copies ``chance.py``. The class binds their functions as
its methods.
"""

from __future__ import annotations

from typing import Any

from ..core.clock import Clock
from ..core.errors import BadArgument, BadNotation, brief
from ..core.game import Game
from ..core.notation import parse_square, square_name
from . import chance, declaration, positions, telling
from .cards import ARROWS, BY_CODE, BY_NAME, CROCS, HIPPO, turned
from .culprit import SIZE, CulpritPath, walk
from .declaration import (
    ARREST_NAME,
    ARREST_SITE,
    DEAL,
    EMPTY,
    HIPPOS,
    OVER,
    PASS,
    RACE,
    SITE_INDEX,
    SITES,
    Move,
)

# The arrow each Croc shows after 0-3 quarter turns: ARROW[croc][turns].
ARROW = [[ARROWS[turned(croc.arm, q)] for q in range(4)] for croc in CROCS]


class RapidcrocoGame(Game):
    """A game of Rapidcroco for 2 to 5 players.

    ``players`` is a count or a list of names. Variants: ``kid`` (arms and Hippos are
    ignored), ``wrap`` (Advanced 1: arms wrap around the grid), ``turns`` (Advanced 2:
    every card is dealt with a random quarter turn). ``target`` Crocs win (3 in the
    rulebook); ``max_rounds`` ends a game after that many rounds, won by whoever holds the
    most Crocs (for lessons and simulations). ``position`` starts from an explicit layout
    (see ``pondwidgets/rapidcroco/README.md``).
    """

    NAME = "rapidcroco"
    TITLE = "Rapidcroco"
    PLAYERS = range(2, 6)
    OPTIONS = declaration.OPTIONS
    MOVES = declaration.MOVES
    POSITION = declaration.POSITION
    MOVE = Move
    CACHES = Game.CACHES | {"_last"}  # the last round's account, built when asked
    # What the game tells people (telling.py) and its explicit positions (positions.py),
    # bound as its methods.
    _view = telling.view
    prompt = telling.prompt
    text = telling.text
    _why_illegal = telling.why_illegal
    _why_waiting = telling.why_waiting
    _result = telling._result
    last = property(telling.last)
    _normalize_position = positions.normalize_position
    _deal_position = positions.deal_position
    to_position = positions.to_position
    # Its chance and copies (chance.py).
    chance_odds = chance.chance_odds
    __deepcopy__ = chance.deepcopy

    def __init__(self, players: int | list[str] = 2, *, seed: int | None = None,
                 position: dict | None = None, kid: bool = False, wrap: bool = False,
                 turns: bool = False, target: int = 3, max_rounds: int | None = None,
                 clock: Clock | None = None) -> None:
        players = self.take_players(players, lambda n: [f"Player {s + 1}" for s in range(n)])
        options = self.OPTIONS.take(locals())
        self.kid, self.wrap, self.turns = kid, wrap, turns
        self.variant = "kid" if kid else "wrap" if wrap else "standard"  # for culprit()
        self.target, self.max_rounds = target, max_rounds
        super().__init__(seed=seed, position=position, clock=clock, options={
            "players": players, **options})

    # -- setting up ----------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        self.cards: list[int | str | None] = [None] * len(SITES)  # Croc number, HIPPO, None
        self.turn = [0] * len(SITES)  # quarter turns clockwise of the card dealt there
        # see _table: read only once the deal below is done
        self._by_cards: tuple[tuple[str, ...], tuple[Move, ...]] | None = None
        self.home: dict[int, int] = {}  # Croc number -> the site it was dealt to
        self.hands: list[list[int]] = [[] for _ in range(n)]  # in the order captured
        self.phase = DEAL
        self.dealer = 0  # "the oldest player" turns the first criteria
        self.round = 0  # rounds begun
        self.round_start = 0  # decisions made before this round's race
        self.suspect: int | None = None  # the Croc the criteria pick
        self.path: CulpritPath | None = None  # the walk, when the suspect is on the grid
        self.culprit: int | None = None  # the Croc whose arrest wins the round
        self.erred: dict[int, int] = {}  # seat -> the Croc it wrongly arrested this round
        self.passed: set[int] = set()
        self.sitting_out: set[int] = set()  # this round
        self.sit_next: set[int] = set()  # wrong arrest with no Croc to give back
        self._decided: tuple | None = None  # the decided round, as _end_round saw it
        self._last: dict[str, Any] | None = None  # last, once built from _decided
        self._event(f"A new game of Rapidcroco for {n} players: "
                    f"{', '.join(self.names)}. First to {self.target} Crocs wins.")
        if self.position is None:
            self._deal_shuffled()
        else:
            self._deal_position()
        self._acting = self._who_acts()

    def _deal_shuffled(self) -> None:
        deck: list[int | str] = [*range(len(CROCS)), *[HIPPO] * HIPPOS]
        self.rng.shuffle(deck)
        for site, card in enumerate(deck):
            self.cards[site] = card
            self.turn[site] = self.rng.randrange(4) if self.turns else 0
            if isinstance(card, int):  # not a Hippo
                self.home[card] = site

    # -- the rules -----------------------------------------------------------------------
    @property
    def seats_to_act(self) -> tuple[int, ...]:
        # Read several times a decision (the driver, legal_moves, play): worked out once
        # at the end of each decision (_apply) and of the setup, not at every read.
        return self._acting

    def _who_acts(self) -> tuple[int, ...]:
        """``seats_to_act`` worked out from the table: within a decision, the up-to-date
        answer."""
        if self.phase == DEAL:
            return (self.dealer,)
        if self.phase == RACE:  # read often: no set built
            out, passed, erred = self.sitting_out, self.passed, self.erred
            if not (out or passed or erred):  # every seat races
                return tuple(range(self.players))
            return tuple([s for s in range(self.players)
                          if s not in out and s not in passed and s not in erred])
        return ()

    def fresh(self, seen: int) -> bool:
        """In a race, a picture taken any time since the criteria were turned is current:
        a rival's arrest does not change who the culprit is."""
        if self.phase == RACE:
            return self.round_start <= seen <= len(self.history)
        return super().fresh(seen)

    def _legal(self, seat: int) -> list[Move]:
        if self.phase == DEAL:
            return [Move("reveal")]
        on_grid = self._table()[1]
        in_hands = [ARREST_NAME[c] for s, hand in enumerate(self.hands) if s != seat
                    for c in hand]
        return [*on_grid, *in_hands, PASS]

    def _parse(self, text: str) -> Move:
        words = text.strip().split(None, 1)
        kind = words[0].lower() if words else ""
        if kind in ("reveal", "pass") and len(words) == 1:
            return Move(kind)
        if kind == "arrest" and len(words) == 2:
            target = words[1].strip()
            try:
                x, y = parse_square(target, SIZE, SIZE)
                return Move("arrest", square_name(x, y))
            except BadNotation:
                pass
            croc = BY_CODE.get(target) or BY_NAME.get(target.lower())
            if croc is None:
                raise BadNotation(f"{brief(target)} is neither a site (a1 to f6) nor a "
                                  f"Croc's name")
            site = self._site_of(croc.number)
            return Move("arrest", SITES[site] if site is not None else croc.name)
        raise BadNotation(f"{brief(text)} is not a Rapidcroco decision: write 'reveal', "
                          f"'arrest c3', 'arrest <a Croc's name>' or 'pass'")

    def _apply(self, move: Move, seat: int) -> None:
        if move.kind == "reveal":
            self._revealed()  # a chance event: the criteria are drawn
            suspect = self.rng.randrange(len(CROCS))  # five fair pairs: uniform over 32
            self._event(f"{self.names[seat]} turns the criteria.")
            self._begin_round(suspect, by_decision=True)
        elif move.kind == "pass":
            self.passed.add(seat)
            self._event(f"{self.names[seat]} gives up this round.")
            if not self._who_acts():
                self._end_round(None)
        else:
            self._revealed()  # an arrest tells the table whether it was right
            self._arrest(seat, move.target)
        self._acting = self._who_acts()

    def _begin_round(self, suspect: int, by_decision: bool) -> None:
        self.round += 1
        # Decisions before the race: the reveal being applied is not in history yet.
        self.round_start = len(self.history) + by_decision
        self.suspect, self.erred, self.passed = suspect, {}, set()
        self.sitting_out, self.sit_next = self.sit_next, set()
        if len(self.sitting_out) == self.players:
            self._event("Everyone would sit out this round, so nobody does.")
            self.sitting_out = set()
        site = self._site_of(suspect)
        croc = CROCS[suspect]
        if site is None:  # the criteria pick a captured Croc: the race is for that card
            self.path, self.culprit = None, suspect
        else:
            self.path = walk(self._table()[0], site % SIZE, site // SIZE, self.variant)
            self.culprit = self._croc_at(SITE_INDEX[self.path.culprit])
        self.phase = RACE
        faces = ", ".join(croc.faces)
        where = "" if site is not None else \
            f" It is in {self.names[self._hand_of(suspect)]}'s hand!"
        self._event(f"Round {self.round}: the criteria are {faces}.{where}")
        for seat in sorted(self.sitting_out):
            self._event(f"{self.names[seat]} sits out this round.")

    def _arrest(self, seat: int, target: str) -> None:
        site = SITE_INDEX.get(target)
        croc = self._croc_at(site) if site is not None else BY_NAME[target.lower()].number
        where = target if site is not None else \
            f"{self.names[self._hand_of(croc)]}'s hand"
        # Timed as a save records it (ms after the start), so a loaded game says the same.
        seconds = round(self.now - self.started, 3) - round(self.revealed_at - self.started, 3)
        said = f"{self.names[seat]} arrests {CROCS[croc].name} ({where}) after {seconds:.1f} s"
        if croc == self.culprit:
            self._event(f"{said}: right!")
            self._end_round(seat)
            return
        self.erred[seat] = croc
        self._event(f"{said}: wrong! {self.names[seat]} may not arrest again this round.")
        if not self._who_acts():
            self._end_round(None)

    def _end_round(self, winner: int | None) -> None:
        self._revealed()  # the board shows the culprit and its path: nobody takes it back
        culprit_croc = self.culprit
        assert culprit_croc is not None  # a round was on
        site, holder = self._site_of(culprit_croc), self._holder(culprit_croc)
        if winner is not None:
            if site is not None:
                self._put(site, None)
            else:
                self.hands[self._hand_of(culprit_croc)].remove(culprit_croc)
            self.hands[winner].append(culprit_croc)
            taken = f" from {self.names[holder]}" if holder is not None else ""
            self._event(f"{self.names[winner]} takes {CROCS[culprit_croc].name}{taken}.")
        else:
            self._event(f"Nobody is left to arrest: the culprit was "
                        f"{CROCS[culprit_croc].name}.")
        returned = []  # the sites the penalties below fill again
        for seat in sorted(self.erred):  # the penalty, now that the culprit is settled
            if self.hands[seat]:
                back = self.hands[seat].pop()
                returned.append(self.home[back])
                self._put(self.home[back], back)
                self._event(f"{self.names[seat]} returns {CROCS[back].name} to "
                            f"{SITES[self.home[back]]}.")
            else:
                self.sit_next.add(seat)
                self._event(f"{self.names[seat]} has no Croc to return and sits out the "
                            f"next round.")
        # What ``last`` is built from when it is read (a copy of erred: a new round
        # starts a new dict, but nothing must change it under us).
        self._decided = (self.round, winner, self.suspect, self.path, culprit_croc, site,
                         holder, dict(self.erred), tuple(returned))
        self._last = None
        self.phase = DEAL
        self.dealer = winner if winner is not None else self.dealer
        self.suspect = self.path = self.culprit = None
        if winner is not None and len(self.hands[winner]) >= self.target:
            self._finish((winner,), by_target=True)
        elif self.max_rounds is not None and self.round >= self.max_rounds:
            most = max(map(len, self.hands))
            self._finish(tuple(s for s in range(self.players) if len(self.hands[s]) == most),
                         by_target=False)

    def _finish(self, winners: tuple[int, ...], by_target: bool) -> None:
        self.phase, self.is_over, self.winners = OVER, True, winners
        self._by_target = by_target
        self._event(self._result())

    # -- reading the table ---------------------------------------------------------------
    @property
    def between_rounds(self) -> bool:
        """A round has been decided and the next criteria are still to be turned."""
        return self.phase == DEAL and self.round > 0

    @property
    def revealed_at(self) -> float:
        """When this round's criteria were turned: the time of the reveal decision, or the
        start for criteria turned by the position. Read from the decision times, so that
        it moves with them when a save is loaded on another clock."""
        return self.times[self.round_start - 1] if self.round_start else self.started

    def _site_of(self, croc: int) -> int | None:
        site = self.home.get(croc)
        return site if site is not None and self.cards[site] == croc else None

    def _holder(self, croc: int) -> int | None:
        return next((s for s, hand in enumerate(self.hands) if croc in hand), None)

    def _hand_of(self, croc: int) -> int:
        """The seat holding ``croc``, which is in a hand, not on the grid."""
        holder = self._holder(croc)
        assert holder is not None  # (the caller found it on no site)
        return holder

    def _croc_at(self, site: int) -> int:
        """The Croc on ``site``, where one lies (not a Hippo, not an empty site)."""
        card = self.cards[site]
        assert isinstance(card, int)  # (an arrest's site, the culprit's)
        return card

    @property
    def _suspect(self) -> int:
        """The Croc the criteria pick, during a race."""
        assert self.suspect is not None  # a race is on
        return self.suspect

    def arm_at(self, site: int) -> str | None:
        """The direction the arm of the Croc at ``site`` points on the table, if any."""
        if not isinstance(site, int) or isinstance(site, bool) or not 0 <= site < len(SITES):
            raise BadArgument(f"site is a site's number, 0 to {len(SITES) - 1} (a1 is 0, b1 "
                              f"is 1…), not {brief(site)}")
        card = self.cards[site]
        return turned(CROCS[card].arm, self.turn[site]) if isinstance(card, int) else None

    def grid_text(self) -> list[str]:
        """The grid as ``culprit()`` reads it: 6 strings of ``^ > v <``, ``H`` and ``.``."""
        return list(self._table()[0])  # a list of its own: the caller may change it

    def _table(self) -> tuple[tuple[str, ...], tuple[Move, ...]]:
        """What follows from the cards on the grid alone: its text (for the walk) and the
        arrests of its Crocs by site (for the legal moves). The cards change only at a
        round's end (``_put``), so this is worked out again only then, not every decision."""
        if self._by_cards is None:
            cells = "".join([ARROW[card][turn] if isinstance(card, int) else card or EMPTY
                             for card, turn in zip(self.cards, self.turn, strict=True)])
            self._by_cards = (
                tuple(cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)),
                tuple(move for move, card in zip(ARREST_SITE, self.cards, strict=True)
                      if type(card) is int))
        return self._by_cards

    def _put(self, site: int, card: int | None) -> None:
        """Change the card at ``site`` after the deal (a capture, a Croc given back)."""
        self.cards[site] = card
        self._by_cards = None  # _table works it out again

    @property
    def criteria(self) -> tuple[str, ...] | None:
        """The five criteria faces turned up now (None between rounds)."""
        return CROCS[self._suspect].faces if self.phase == RACE else None

    def suspect_site(self) -> str | None:
        """Where the Croc the criteria pick sits (None in a hand or between rounds)."""
        if self.phase != RACE:
            return None
        site = self._site_of(self._suspect)
        return SITES[site] if site is not None else None


__all__ = ["RapidcrocoGame"]
