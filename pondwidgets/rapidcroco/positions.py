"""Rapidcroco's explicit positions: checking a teacher's layout and filling in what it
leaves to the seed (``normalize_position``), dealing a game from it, and taking the table
now as one (``to_position``). The format is in ``pondwidgets/rapidcroco/README.md``."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.errors import BadNotation, BadPosition, GameError, brief
from ..core.notation import parse_square
from .cards import ARROWS, BY_CODE, BY_NAME, CROCS, HIPPO, Croc, turned
from .culprit import SIZE
from .declaration import EMPTY, HIPPOS, RACE, SITES

if TYPE_CHECKING:
    from .rules import RapidcrocoGame


def normalize_position(game: RapidcrocoGame, position: Any) -> dict[str, Any]:
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
            cells[i], hippo_turns[i] = HIPPO, _quarter(game, cell, f"site {SITES[i]}")
    hands = position.get("hands", {})
    if not isinstance(hands, dict | list):
        raise BadPosition(f"hands maps seats to lists of Crocs, not {brief(hands)}")
    items = hands.items() if isinstance(hands, dict) else enumerate(hands)
    held: list[list[str]] = [[] for _ in range(game.players)]  # Croc codes, or "?"
    quarters: list[list[int]] = [[] for _ in range(game.players)]  # turns at home
    homes: list[list[str]] = [[] for _ in range(game.players)]  # their sites, or ""
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
        if type(seat) is not int or not 0 <= seat < game.players:  # True is no seat
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
        quarters[seat] = [_quarter(game, text.strip(), f"seat {seat}'s hand")
                          for text, _, _ in entries]
        homes[seat] = [home.strip() for _, _, home in entries]
    for seat, hand in enumerate(held):
        if len(hand) >= game.target:  # the game would be over already
            raise BadPosition(f"hands: seat {seat} holds {len(hand)} Crocs, and "
                              f"{game.target} win the game (target)")
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
            if quarter not in ("", "0") and not game.turns:
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
    _pair_homes(cells, homes)
    rng = random.Random(game.seed)  # the seed fills what the position leaves open
    left = [c for c in CROCS if c.code not in named]
    rng.shuffle(left)
    for i, cell in enumerate(cells):
        if cell in ARROWS.values():
            arm = next(a for a, arrow in ARROWS.items() if arrow == cell)
            fits = [c for c in left if game.turns or c.arm == arm]
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
                f"{card}/{rng.randrange(4) if game.turns else 0}"
    held = [[f"{code}/{quarter}@{home}" if quarter else f"{code}@{home}"
             for code, quarter, home in zip(hand, turns, seat_homes, strict=True)]
            for hand, turns, seat_homes in zip(held, quarters, homes, strict=True)]
    suspect = position.get("suspect")
    if suspect is not None:
        if not isinstance(suspect, str):
            raise BadPosition(f"the suspect is a site or a Croc, not {brief(suspect)}")
        code = _suspect_code(suspect.strip(), full, held)
        suspect = code
    dealer = position.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) \
            or not 0 <= dealer < game.players:
        raise BadPosition(f"the dealer is a seat of this game, not {brief(dealer)}")
    rounds = position.get("rounds", 0)
    if type(rounds) is not int or rounds < 0 \
            or (game.max_rounds is not None and rounds >= game.max_rounds):
        raise BadPosition(f"'rounds' is the number of rounds already decided, 0 or more "
                          f"(fewer than max_rounds, whose last ends the game), not "
                          f"{brief(rounds)}")
    sitting_out = position.get("sitting_out", [])
    if not isinstance(sitting_out, list | tuple) \
            or any(type(s) is not int or not 0 <= s < game.players for s in sitting_out) \
            or len(set(sitting_out)) != len(sitting_out):
        raise BadPosition(f"'sitting_out' lists seats, each once, not {brief(sitting_out)}")
    if any(held[s] for s in sitting_out):
        raise BadPosition("a seat sits out after a wrong arrest with no Croc to give back: "
                          "it holds none")
    return {"grid": [full[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)],
            "hands": held, "suspect": suspect, "dealer": dealer, "rounds": rounds,
            "sitting_out": sorted(sitting_out)}


def _quarter(game: RapidcrocoGame, text: str, where: str) -> int:
    """The quarter turns of ``"H/2"`` (a Hippo) or ``"MGFo^/2"`` (a hand's Croc, as it
    lay at its home): 0 without ``/``."""
    quarter = text.partition("/")[2]
    if quarter not in ("", "0", "1", "2", "3"):
        raise BadPosition(f"{where}: {brief(text)} turns its card by 0 to 3 quarter "
                          f"turns, like H/1")
    if quarter not in ("", "0") and not game.turns:
        raise BadPosition(f"{where}: cards are turned only in Advanced 2 (turns=True)")
    return int(quarter or 0)


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



def deal_position(game: RapidcrocoGame) -> None:
    """Lay out the cards and hands of ``game.position`` (normalized), its dealer and
    rounds, and turn its criteria if it has a suspect: ``_setup``'s explicit deal."""
    pos = game.position
    for site, cell in enumerate(cell for row in pos["grid"] for cell in row):
        if cell == EMPTY:
            continue
        code, _, quarter = cell.partition("/")
        if code == HIPPO:  # "H", or "H/2": turned as it was dealt
            game.cards[site], game.turn[site] = HIPPO, int(quarter or 0)
        else:
            croc = BY_CODE[code].number
            game.cards[site], game.turn[site], game.home[croc] = croc, int(quarter), site
    for seat, hand in enumerate(pos["hands"]):
        for entry in hand:  # "MGFo^@c3": the Croc and the empty site it came from
            code, _, site = entry.partition("@")
            code, _, quarter = code.partition("/")  # "MGFo^/2@c3": turned as it lay
            croc = BY_CODE[code].number
            game.home[croc] = SITES.index(site)
            game.turn[game.home[croc]] = int(quarter or 0)
            game.hands[seat].append(croc)
    game.dealer = pos["dealer"]
    game.round, game.sit_next = pos["rounds"], set(pos["sitting_out"])
    if pos["suspect"] is not None:  # the teacher has turned the criteria already
        game._begin_round(BY_CODE[pos["suspect"]].number, by_decision=False)


def to_position(game: RapidcrocoGame) -> dict[str, Any]:
    """The table now as an explicit position: between rounds (no suspect), or as a
    race begins (its suspect), before anyone has arrested or given up. A game made
    from it goes on as this one, but for the criteria to come (the seed's)."""
    if game.is_over or (game.phase == RACE and (game.erred or game.passed)):
        raise GameError("a position is taken between rounds, or before anyone has "
                        "arrested or given up in this round")
    turn = game.turn

    def card(site: int, c) -> str:
        if isinstance(c, int):
            return f"{CROCS[c].code}/{turn[site]}"
        return EMPTY if c is None else f"{HIPPO}/{turn[site]}" if turn[site] else HIPPO

    def held(c: int) -> str:  # a captured Croc: its home, and how it lay there
        home = game.home[c]
        return f"{CROCS[c].code}{f'/{turn[home]}' if turn[home] else ''}@{SITES[home]}"

    grid = [card(i, c) for i, c in enumerate(game.cards)]
    racing = game.phase == RACE
    return {"grid": [grid[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)],
            "hands": [[held(c) for c in hand] for hand in game.hands],
            "suspect": CROCS[game._suspect].code if racing else None,
            "dealer": game.dealer,
            "rounds": game.round - racing,  # the race on is not decided yet
            "sitting_out": sorted(game.sitting_out if racing else game.sit_next)}


__all__ = ["deal_position", "normalize_position", "to_position"]
