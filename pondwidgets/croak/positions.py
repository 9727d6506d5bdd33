"""Croak!'s explicit-position format (pondwidgets/croak/README.md): checking a position
and completing it (``normalize_position``), setting a game up from one, and taking one
from a game (``to_position``); ``CroakGame`` binds the last three as its methods."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.errors import BadNotation, BadPosition, GameError, brief
from ..core.notation import parse_square
from .declaration import MOVE
from .tiles import (
    BACKS,
    FRONTS,
    INDEX,
    LOG,
    MALE_COLOURS,
    MUD,
    PIKE,
    SIZE,
    SQUARES,
    TILE_COUNTS,
    Frog,
    all_tiles,
)

if TYPE_CHECKING:
    from .rules import CroakGame


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


def normalize(game: CroakGame, position: Any) -> dict[str, Any]:
    """``CroakGame._normalize_position``: the position checked and completed for this game
    (its players, Memory, seed and ``max_turns``)."""
    normal = normalize_position(position, game.players, game.memory, game.seed)
    if game.max_turns is not None and normal["turns"] >= game.max_turns:
        raise BadPosition(f"'turns': after {normal['turns']} turns a game of "
                          f"max_turns={game.max_turns} is over")
    return normal


def setup_position(game: CroakGame, pos: dict[str, Any]) -> None:
    """``CroakGame._setup_position``: lay the tiles and frogs of a normalized position."""
    game._lay([t for row in pos["tiles"] for t in row], pos["face_up"])
    for seat, spec in enumerate(pos["frogs"]):
        game.males[seat] = set(spec["males"])
        if spec["queen"] is None:
            game.reserve[seat] = 0
            continue
        mud = list(spec["mud"])  # one entry a stuck frog: two Servants, two entries
        game._add(Frog(seat, True, INDEX[spec["queen"]], 1 if f"Q {spec['queen']}" in mud
                       else 0))
        for sq in spec["servants"]:
            stuck = f"S {sq}" in mud
            if stuck:
                mud.remove(f"S {sq}")
            game._add(Frog(seat, False, INDEX[sq], 1 if stuck else 0))
        game.reserve[seat] = 6 - len(spec["servants"])
    for sq, order in pos["stacks"].items():  # the order the frogs came to each square
        game.at[INDEX[sq]].sort(key=lambda f: order.index(f"{f.letter}{f.seat}"))
    game.to_move, game.turns = pos["to_move"], pos["turns"]
    game._event(f"A game of Croak! from a set position. {game.names[game.to_move]} "
                f"is to move.")


def to_position(game: CroakGame) -> dict[str, Any]:
    """The current position in the explicit-position format (at the start of a turn),
    hidden fronts included: a teacher's tool for setting up scenarios."""
    if game.phase != MOVE:
        raise GameError("a position can be taken only at the start of a turn")
    frogs = []
    for seat in range(game.players):
        queen = game.queens[seat]
        servants = [f for f in game.frogs[seat] if not f.queen]
        frogs.append({
            "queen": SQUARES[queen.sq] if queen else None,
            "servants": [SQUARES[f.sq] for f in servants],
            "mud": [f"{f.letter} {SQUARES[f.sq]}" for f in game.frogs[seat] if f.mud],
            "males": [c for c in MALE_COLOURS if c in game.males[seat]],
        })
    return {
        "tiles": [[f"{game.backs[y * SIZE + x]}/{game.fronts[y * SIZE + x]}"
                   for x in range(SIZE)] for y in range(SIZE)],
        "face_up": [sq for i, sq in enumerate(SQUARES) if game.face_up[i]],
        "frogs": frogs,
        "to_move": game.to_move,
        "turns": game.turns,
        "stacks": {SQUARES[i]: [f"{f.letter}{f.seat}" for f in here]
                   for i, here in enumerate(game.at) if len(here) > 1},
    }
