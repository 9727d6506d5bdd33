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
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, NamedTuple

from ..core.arguments import LONGEST_GAME, flag, optional
from ..core.clock import Clock
from ..core.declaration import Exclusion, MoveKind, Moves, Option, Options, Position
from ..core.errors import BadArgument, BadNotation, BadPosition, GameError, brief
from ..core.game import Game
from ..core.notation import parse_square, square_name
from ..core.words import capital, who
from .cards import ARROWS, BY_CODE, BY_NAME, CROCS, HIPPO, TRAITS, Croc, turned
from .culprit import SIZE, CulpritPath, walk

DEAL, RACE, OVER = "deal", "race", "over"
SITES = tuple(square_name(i % SIZE, i // SIZE) for i in range(SIZE * SIZE))  # a1 b1 .. f6
SITE_INDEX = {site: i for i, site in enumerate(SITES)}  # SITES.index, without the scan
HIPPOS = 4
EMPTY = "."


# The declaration (core.declaration): Rapidcroco's kinds of decision and their notation.
MOVES = Moves(
    MoveKind("reveal"),
    MoveKind("arrest", "arrest {target}", target=None),
    MoveKind("pass"),
)
MOVE_KINDS = MOVES.kinds


class Move(NamedTuple):
    """One decision: ``reveal``, ``pass`` or ``arrest`` of ``target`` (a site such as
    ``c3`` for a Croc on the grid, a Croc's name for one in a player's hand)."""

    kind: str
    target: str = ""

    def __str__(self) -> str:
        return MOVES.text(self)


ARREST_SITE = [Move("arrest", site) for site in SITES]
ARREST_NAME = [Move("arrest", croc.name) for croc in CROCS]
PASS = Move("pass")
# The arrow each Croc shows after 0-3 quarter turns: ARROW[croc][turns].
ARROW = [[ARROWS[turned(croc.arm, q)] for q in range(4)] for croc in CROCS]
CODES = [croc.code for croc in CROCS]  # Croc.code builds its string each time


def _target(value: Any, name: str) -> int:
    """The number of Crocs that wins: 1 to 32, said as the rulebook says it."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= len(CROCS):
        raise BadArgument(f"{name} is the number of Crocs that wins (1 to {len(CROCS)}), not "
                          f"{brief(value)}")
    return value


def _rounds(value: Any, name: str) -> int:
    """A limit on rounds: 1 to LONGEST_GAME (None, no limit, is let through by optional)."""
    if not isinstance(value, int) or isinstance(value, bool) \
            or not 1 <= value <= LONGEST_GAME:
        raise BadArgument(f"{name} must be a whole number of at least 1 (at most "
                          f"{LONGEST_GAME:,}), or None, not {brief(value)}")
    return value


# The Kid variant ignores the arms, which are all that the Advanced variants change.
_NO_ARMS = ("the Kid variant (kid) ignores the arms, so the Advanced variants (wrap, turns) "
            "cannot go with it")


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
    OPTIONS = Options(
        Option("kid", False, flag, "Ignores the Hippos and the arms: the suspect, the Croc "
               "the criteria pick, is the culprit.", plays=(True,), variant="Kid"),
        Option("wrap", False, flag, "A Croc's arm that points out of the square carries on "
               "from the opposite side, in the same row or column.", plays=(True,),
               variant="Advanced 1"),
        Option("turns", False, flag, "Every card is dealt with a random quarter turn, and "
               "its arm turns with it.", plays=(True,), variant="Advanced 2"),
        Option("target", 3, _target, "The number of Crocs that wins, from 1 to 32, for "
               "longer or shorter games.", plays=(1,)),
        Option("max_rounds", None, optional(_rounds), "Ends the game after that many "
               "rounds, won by whoever holds the most Crocs (for lessons and simulations)."),
        exclusions=(Exclusion(("kid", "wrap"), _NO_ARMS), Exclusion(("kid", "turns"), _NO_ARMS)),
    )
    MOVES = MOVES
    POSITION = Position(required=("grid",),
                        optional=("hands", "suspect", "dealer", "rounds", "sitting_out"))
    MOVE = Move
    CACHES = Game.CACHES | {"_last"}  # the last round's account, built when asked

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

    def _deal_position(self) -> None:
        pos = self.position
        for site, cell in enumerate(cell for row in pos["grid"] for cell in row):
            if cell == EMPTY:
                continue
            code, _, quarter = cell.partition("/")
            if code == HIPPO:  # "H", or "H/2": turned as it was dealt
                self.cards[site], self.turn[site] = HIPPO, int(quarter or 0)
            else:
                croc = BY_CODE[code].number
                self.cards[site], self.turn[site], self.home[croc] = croc, int(quarter), site
        for seat, hand in enumerate(pos["hands"]):
            for entry in hand:  # "MGFo^@c3": the Croc and the empty site it came from
                code, _, site = entry.partition("@")
                code, _, quarter = code.partition("/")  # "MGFo^/2@c3": turned as it lay
                croc = BY_CODE[code].number
                self.home[croc] = SITES.index(site)
                self.turn[self.home[croc]] = int(quarter or 0)
                self.hands[seat].append(croc)
        self.dealer = pos["dealer"]
        self.round, self.sit_next = pos["rounds"], set(pos["sitting_out"])
        if pos["suspect"] is not None:  # the teacher has turned the criteria already
            self._begin_round(BY_CODE[pos["suspect"]].number, by_decision=False)

    def _normalize_position(self, position: Any) -> dict[str, Any]:
        """Validate an explicit layout and fill in what it leaves to the seed (see the
        README): every cell becomes a Croc code with its quarter turns, ``H`` (``H/2`` turned)
        or ``.``. ``POSITION`` has checked its shape: a dictionary of known keys, with a grid."""
        grid = position["grid"]
        if not isinstance(grid, list | tuple) or len(grid) != SIZE:
            raise BadPosition(f"the grid is a list of {SIZE} rows, not {brief(grid)}")
        cells: list[str] = []
        for number, row in enumerate(grid, start=1):
            row = list(row) if isinstance(row, str) else row
            if not isinstance(row, list | tuple) or len(row) != SIZE \
                    or not all(isinstance(c, str) for c in row):
                raise BadPosition(f"row {number} of the grid should be {SIZE} cells, not "
                                  f"{brief(row)}")
            cells.extend(c.strip() for c in row)
        hippo_turns: dict[int, int] = {}  # a Hippo turned as it was dealt: "H/2"
        for i, cell in enumerate(cells):
            if cell.partition("/")[0] == HIPPO and "/" in cell:
                cells[i], hippo_turns[i] = HIPPO, self._quarter(cell, f"site {SITES[i]}")
        hands = position.get("hands", {})
        if not isinstance(hands, dict | list):
            raise BadPosition(f"hands maps seats to lists of Crocs, not {brief(hands)}")
        items = hands.items() if isinstance(hands, dict) else enumerate(hands)
        held: list[list[str]] = [[] for _ in range(self.players)]  # Croc codes, or "?"
        quarters: list[list[int]] = [[] for _ in range(self.players)]  # turns at home
        homes: list[list[str]] = [[] for _ in range(self.players)]  # their sites, or ""
        named: set[str] = set()

        def claim(text: str, where: str) -> Croc:
            croc = BY_CODE.get(text) or BY_NAME.get(text.lower())
            if croc is None:
                raise BadPosition(f"{where}: {brief(text)} is not a Croc (write its code, "
                                  f"like MGFo^, or its name)")
            if croc.code in named:
                raise BadPosition(f"{where}: {croc.name} ({croc.code}) appears twice")
            named.add(croc.code)
            return croc

        given: dict[int, Any] = {}
        for key, hand in items:
            seat = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() \
                else key
            if type(seat) is not int or not 0 <= seat < self.players:  # True is no seat
                raise BadPosition(f"hands: {brief(key)} is not a seat of this game")
            if seat in given:
                raise BadPosition(f"hands: seat {seat} is given twice ({brief(given[seat])} "
                                  f"and {brief(key)})")
            given[seat] = key
            if not isinstance(hand, list | tuple) or not all(isinstance(c, str) for c in hand):
                raise BadPosition(f"hands: seat {seat}'s hand is a list of Crocs")
            entries = [c.strip().partition("@") for c in hand]
            held[seat] = [text.strip() if text.strip() == "?" else
                          claim(text.strip().partition("/")[0], f"seat {seat}'s hand").code
                          for text, _, _ in entries]
            # "MGFo^/2@c3": the Croc lay turned 2 at its home, and comes back so
            quarters[seat] = [self._quarter(text.strip(), f"seat {seat}'s hand")
                              for text, _, _ in entries]
            homes[seat] = [home.strip() for _, _, home in entries]
        for seat, hand in enumerate(held):
            if len(hand) >= self.target:  # the game would be over already
                raise BadPosition(f"hands: seat {seat} holds {len(hand)} Crocs, and "
                                  f"{self.target} win the game (target)")
        # Named cards first, so that arrows and "?" draw only from what is left.
        full: list[str | None] = [None] * len(cells)
        for i, cell in enumerate(cells):
            where = f"site {SITES[i]}"
            if cell in (HIPPO, EMPTY):
                full[i] = f"{HIPPO}/{hippo_turns[i]}" if hippo_turns.get(i) else cell
            elif cell not in ("?", *ARROWS.values()):
                text, _, quarter = cell.partition("/")
                if quarter not in ("", "0", "1", "2", "3"):
                    raise BadPosition(f"{where}: {brief(cell)} turns its card by 0 to 3 "
                                      f"quarter turns, like MGFo^/1")
                if quarter not in ("", "0") and not self.turns:
                    raise BadPosition(f"{where}: cards are turned only in Advanced 2 "
                                      f"(turns=True)")
                full[i] = f"{claim(text, where).code}/{quarter or 0}"
        hippos = cells.count(HIPPO)
        if hippos > HIPPOS:
            raise BadPosition(f"the grid has {hippos} Hippos; the game has {HIPPOS}")
        if HIPPOS - hippos > cells.count("?"):
            raise BadPosition(f"the grid has {hippos} Hippos and too few ? cells for the "
                              f"other {HIPPOS - hippos}: every card is on the grid")
        if cells.count(EMPTY) != sum(map(len, held)):
            raise BadPosition(f"each empty site is the home of a captured Croc: the grid has "
                              f"{cells.count(EMPTY)} empty sites but the hands hold "
                              f"{sum(map(len, held))} Crocs")
        self._pair_homes(cells, homes)
        rng = random.Random(self.seed)  # the seed fills what the position leaves open
        left = [c for c in CROCS if c.code not in named]
        rng.shuffle(left)
        for i, cell in enumerate(cells):
            if cell in ARROWS.values():
                arm = next(a for a, arrow in ARROWS.items() if arrow == cell)
                fits = [c for c in left if self.turns or c.arm == arm]
                if not fits:
                    raise BadPosition(f"site {SITES[i]}: no Croc is left whose arm points "
                                      f"{arm} (the deck has 8 per direction)")
                croc = fits[0]
                left.remove(croc)
                quarter_turns = next(q for q in range(4) if turned(croc.arm, q) == arm)
                full[i] = f"{croc.code}/{quarter_turns}"
        for hand in held:  # "?" in a hand: any Croc the grid leaves
            for k, code in enumerate(hand):
                if code == "?":
                    hand[k] = left.pop().code  # there are as many as empty sites
        # What is left fills the "?" cells exactly: 36 cards, one per site or hand.
        pool: list[str] = [*(c.code for c in left), *[HIPPO] * (HIPPOS - hippos)]
        rng.shuffle(pool)
        for i, cell in enumerate(cells):
            if cell == "?":
                card = pool.pop()
                full[i] = card if card == HIPPO else \
                    f"{card}/{rng.randrange(4) if self.turns else 0}"
        held = [[f"{code}/{quarter}@{home}" if quarter else f"{code}@{home}"
                 for code, quarter, home in zip(hand, turns, seat_homes, strict=True)]
                for hand, turns, seat_homes in zip(held, quarters, homes, strict=True)]
        suspect = position.get("suspect")
        if suspect is not None:
            if not isinstance(suspect, str):
                raise BadPosition(f"the suspect is a site or a Croc, not {brief(suspect)}")
            code = self._suspect_code(suspect.strip(), full, held)
            suspect = code
        dealer = position.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) \
                or not 0 <= dealer < self.players:
            raise BadPosition(f"the dealer is a seat of this game, not {brief(dealer)}")
        rounds = position.get("rounds", 0)
        if type(rounds) is not int or rounds < 0 \
                or (self.max_rounds is not None and rounds >= self.max_rounds):
            raise BadPosition(f"'rounds' is the number of rounds already decided, 0 or more "
                              f"(fewer than max_rounds, whose last ends the game), not "
                              f"{brief(rounds)}")
        sitting_out = position.get("sitting_out", [])
        if not isinstance(sitting_out, list | tuple) \
                or any(type(s) is not int or not 0 <= s < self.players for s in sitting_out) \
                or len(set(sitting_out)) != len(sitting_out):
            raise BadPosition(f"'sitting_out' lists seats, each once, not {brief(sitting_out)}")
        if any(held[s] for s in sitting_out):
            raise BadPosition("a seat sits out after a wrong arrest with no Croc to give back: "
                              "it holds none")
        return {"grid": [full[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)],
                "hands": held, "suspect": suspect, "dealer": dealer, "rounds": rounds,
                "sitting_out": sorted(sitting_out)}

    def _quarter(self, text: str, where: str) -> int:
        """The quarter turns of ``"H/2"`` (a Hippo) or ``"MGFo^/2"`` (a hand's Croc, as it
        lay at its home): 0 without ``/``."""
        quarter = text.partition("/")[2]
        if quarter not in ("", "0", "1", "2", "3"):
            raise BadPosition(f"{where}: {brief(text)} turns its card by 0 to 3 quarter "
                              f"turns, like H/1")
        if quarter not in ("", "0") and not self.turns:
            raise BadPosition(f"{where}: cards are turned only in Advanced 2 (turns=True)")
        return int(quarter or 0)

    @staticmethod
    def _pair_homes(cells: list[str], homes: list[list[str]]) -> None:
        """Give each hand Croc the empty site it came from: the one its entry names
        (``"Fifi@c3"``), else the next free one in reading order, seat by seat."""
        empties = [SITES[i] for i, cell in enumerate(cells) if cell == EMPTY]
        named = [home for seat_homes in homes for home in seat_homes if home]
        for home in named:
            if home not in empties:
                raise BadPosition(f"hands: a captured Croc comes from an empty site, and "
                                  f"{brief(home)} is not one")
            if named.count(home) > 1:
                raise BadPosition(f"hands: two Crocs come from {home}")
        free = iter(site for site in empties if site not in named)
        for seat_homes in homes:
            for k, home in enumerate(seat_homes):
                seat_homes[k] = home or next(free)

    @staticmethod
    def _suspect_code(text: str, full: list, held: list[list[str]]) -> str:
        try:
            x, y = parse_square(text, SIZE, SIZE)
        except BadNotation:
            croc = BY_CODE.get(text) or BY_NAME.get(text.lower())
            if croc is None:
                raise BadPosition(f"the suspect {brief(text)} is neither a site nor a Croc") \
                    from None
            return croc.code
        cell = full[y * SIZE + x]
        if cell.partition("/")[0] in (HIPPO, EMPTY):
            raise BadPosition(f"the suspect site {text} holds no Croc")
        return cell.partition("/")[0]

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

    def _why_waiting(self, seat: int) -> str:
        name = self.names[seat]
        if self.phase == DEAL:
            return f"the criteria are not turned yet: {self.names[self.dealer]} turns them"
        if seat in self.erred:
            return f"{name} arrested the wrong Croc and may not arrest again this round"
        if seat in self.sitting_out:
            return f"{name} sits out this round (a wrong arrest with no Croc to give back)"
        if seat in self.passed:
            return f"{name} gave up this round"
        return super()._why_waiting(seat)

    def chance_odds(self, event: str | None = "criteria", seat: int | None = None
                    ) -> dict[str, Fraction]:
        """The exact distribution of the next criteria draw (the one chance event,
        ``"criteria"``), by the Croc it picks: five fair pairs of cards, so each of the 32
        Crocs has 1/32, wherever it is. Every seat knows the same."""
        if seat is not None:
            self._check_seat(seat)
        if event not in (None, "criteria"):
            raise BadArgument(f"event: Rapidcroco's chance event is the next criteria "
                              f"('criteria'), not {brief(event)}")
        return {croc.name: Fraction(1, len(CROCS)) for croc in CROCS}

    def _why_illegal(self, move: Move, seat: int) -> str:
        # A hand-made move object may hold anything: every field is checked, never trusted.
        if move.kind not in MOVES.kinds:
            return f"{brief(move.kind)} is not a Rapidcroco decision ({', '.join(MOVES.kinds)})"
        if self.phase == DEAL:
            return "the criteria are not turned yet: the dealer turns them ('reveal')"
        if move.kind == "reveal":
            return "the criteria are already turned: find the culprit"
        if move.kind == "arrest":
            target = move.target
            if not isinstance(target, str):
                return f"an arrest names a site (a1 to f6) or a Croc, not {brief(target)}"
            if target in SITES:
                card = self.cards[SITES.index(target)]
                what = "a Hippo" if card == HIPPO else "an empty site (its Croc was captured)"
                return f"{target} holds {what}: only a Croc can be arrested"
            croc = BY_NAME.get(target.lower())
            if croc is None:
                return (f"{brief(target)} is neither a site (a1 to f6, in lower case) nor "
                        f"a Croc's name")
            if croc.number in self.hands[seat]:
                return f"{croc.name} is already yours: you cannot arrest your own Croc"
            site = self._site_of(croc.number)
            if site is not None:
                return (f"{croc.name} is on the grid: arrest it by its site "
                        f"('arrest {SITES[site]}')")
        return super()._why_illegal(move, seat)

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

    def _result(self, you: int | None = None) -> str:
        """How the game ended, as seat ``you`` reads it: "Ada has 3 Crocs and wins!" in
        the log and for everyone else, "You have 3 Crocs and win!" on Ada's own board."""
        best = who(self.names, self.winners, you)
        if self._by_target:
            return capital(f"{best} {best.does('has')} {self.target} Crocs and "
                           f"{best.does('wins')}!")
        rounds = "1 round" if self.max_rounds == 1 else f"{self.max_rounds} rounds"
        wins = best.does("wins") if len(self.winners) == 1 else "share the win"
        return f"{rounds} played: {best} {best.does('holds')} the most Crocs and {wins}."

    # -- reading the table ---------------------------------------------------------------
    @property
    def between_rounds(self) -> bool:
        """A round has been decided and the next criteria are still to be turned."""
        return self.phase == DEAL and self.round > 0

    @property
    def last(self) -> dict[str, Any] | None:
        """The decided round, for the board's replay (None before the first): who won, the
        suspect, the criteria, the culprit, the path and why, and ``as_decided``: the sites
        the round's end changed (the culprit taken, Crocs given back), as they were when it
        was decided, so the replay can show that table first. Built when first read, not at
        each round's end: most rounds of a simulation are never looked at."""
        if self._last is None and self._decided is not None:
            (round_, winner, suspect, path, culprit_croc, site, holder, erred,
             returned) = self._decided
            as_decided = {SITES[i]: self._empty(i) for i in returned}
            if winner is not None and site is not None:
                as_decided[SITES[site]] = self._card(culprit_croc, site)
            self._last = {
                "round": round_, "winner": winner,
                "suspect": self._record(suspect, path.sites[0] if path else None,
                                        None if path else holder),
                "culprit": self._record(culprit_croc,
                                        SITES[site] if site is not None else None, holder),
                "criteria": [{"trait": t, "face": CROCS[suspect].face(t)} for t in TRAITS],
                "as_decided": dict(sorted(as_decided.items())),
                "path": list(path.sites) if path else [],
                "reason": path.reason if path else "hand",
                "explanation": path.explain() if path else
                f"the criteria pick {CROCS[culprit_croc].name}, held by "
                f"{self.names[holder]}: the race is for that card itself",
                "wrong": {str(s): CROCS[c].name for s, c in sorted(erred.items())},
            }
        return self._last

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

    def _empty(self, site: int) -> dict[str, Any]:
        return {"kind": "empty", "site": SITES[site], "turn": self.turn[site]}

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

    def to_position(self) -> dict[str, Any]:
        """The table now as an explicit position: between rounds (no suspect), or as a
        race begins (its suspect), before anyone has arrested or given up. A game made
        from it goes on as this one, but for the criteria to come (the seed's)."""
        if self.is_over or (self.phase == RACE and (self.erred or self.passed)):
            raise GameError("a position is taken between rounds, or before anyone has "
                            "arrested or given up in this round")
        turn = self.turn

        def card(site: int, c) -> str:
            if isinstance(c, int):
                return f"{CROCS[c].code}/{turn[site]}"
            return EMPTY if c is None else f"{HIPPO}/{turn[site]}" if turn[site] else HIPPO

        def held(c: int) -> str:  # a captured Croc: its home, and how it lay there
            home = self.home[c]
            return f"{CROCS[c].code}{f'/{turn[home]}' if turn[home] else ''}@{SITES[home]}"

        grid = [card(i, c) for i, c in enumerate(self.cards)]
        racing = self.phase == RACE
        return {"grid": [grid[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)],
                "hands": [[held(c) for c in hand] for hand in self.hands],
                "suspect": CROCS[self._suspect].code if racing else None,
                "dealer": self.dealer,
                "rounds": self.round - racing,  # the race on is not decided yet
                "sitting_out": sorted(self.sitting_out if racing else self.sit_next)}

    def text(self) -> str:
        """The grid as text: arms as arrows, Hippos as H, empty sites as dots."""
        rows = [f"{r + 1} " + " ".join(row) for r, row in enumerate(self.grid_text())]
        return "\n".join(["  a b c d e f", *rows])

    # -- what a seat may see -------------------------------------------------------------
    def _card(self, croc: int, site: int | None = None) -> dict[str, Any]:
        c = CROCS[croc]
        card: dict[str, Any] = {"kind": "croc", "name": c.name, "code": c.code,
                                **{trait: c.face(trait) for trait in TRAITS}}
        if site is not None:  # (the Croc's own arm: it may have left the site since)
            card.update(site=SITES[site], arm=turned(c.arm, self.turn[site]),
                        turn=self.turn[site])
        return card

    def _record(self, croc: int, site: str | None, holder: int | None = None) -> dict:
        return {"name": CROCS[croc].name, "code": CODES[croc], "site": site,
                "holder": holder}

    def _view(self, seat: int | None) -> dict[str, Any]:
        # Everything here is on the table for all to see. Never here during a race: the
        # culprit and the path (the board must not solve the puzzle). The next criteria
        # do not exist before they are drawn.
        grid = []
        for i, card in enumerate(self.cards):
            if isinstance(card, int):
                grid.append(self._card(card, i))
            elif card == HIPPO:
                grid.append({"kind": "hippo", "site": SITES[i], "turn": self.turn[i]})
            else:
                grid.append(self._empty(i))
        criteria = None
        if self.phase == RACE:
            croc = CROCS[self._suspect]
            criteria = [{"trait": t, "face": croc.face(t)} for t in TRAITS]
        return {
            "round": self.round,
            "grid": grid,
            "criteria": criteria,
            "players": [{
                "seat": s, "name": self.names[s],
                "crocs": [self._card(c) for c in self.hands[s]],
                "wrong": s in self.erred, "passed": s in self.passed,
                "sitting_out": s in self.sitting_out and self.phase == RACE,
                "sits_next": s in self.sit_next,
            } for s in range(self.players)],
            "dealer": self.dealer,
            "target": self.target,
            "variant": {"kid": self.kid, "wrap": self.wrap, "turns": self.turns},
            "last": self.last if self.phase != RACE else None,
        }

    def prompt(self, seat: int | None = None) -> str:
        """The status line: what to do now."""
        if self.is_over:
            return self._result(seat)
        if self.phase == DEAL:
            dealer = who(self.names, [self.dealer], seat)
            return capital(f"{dealer} {dealer.does('turns')} the criteria to start round "
                           f"{self.round + 1}.")
        if seat is not None and seat not in self.seats_to_act:
            if seat in self.erred:
                return "Wrong arrest: you may not arrest again this round."
            if seat in self.sitting_out:
                return "You sit out this round."
            return "You gave up this round."
        find = "the Croc the criteria pick" if self.kid else \
            "the culprit: find the Croc the criteria pick, then follow the arms" + \
            (" (they wrap around the grid)" if self.wrap else "")
        return f"Round {self.round}: arrest {find}!"


__all__ = ["DEAL", "EMPTY", "HIPPOS", "MOVES", "MOVE_KINDS", "SITES", "Move", "RapidcrocoGame"]
