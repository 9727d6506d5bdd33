"""Splash down's explicit-position format (README, "Explicit starting positions"):
checking a position and making it complete (``normalize_position``), and writing a game's
position now (``to_position``, which ``rules.SplashdownGame`` binds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import BadPosition, GameError, brief
from .declaration import LIVES, ROLL
from .maps import DARK_GREEN, HOME, Map

if TYPE_CHECKING:
    from .rules import SplashdownGame


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


def to_position(game: SplashdownGame) -> dict[str, Any]:
    """The current position in the explicit-position format (only at the start of a
    turn, before its roll): a teacher's tool for setting up scenarios."""
    if game.phase != ROLL:
        raise GameError("a position can be taken only at the start of a turn, before "
                        "its roll")
    names = game.map.names
    frogs: list[dict[str, Any]] = []
    for f in game.frogs:
        if f.out:
            frogs.append({"out": True})
        else:
            frogs.append({"pad": names[f.pad], "lives": f.lives,
                          "sets": [[names[p], n] for p, n in f.sets],
                          "left_home": f.left})
    return {"frogs": frogs, "flies": {names[i]: n for i, n in enumerate(game.flies)
                                      if n != game.map.printed[i]},
            "to_move": game.to_move, "first_turn": game.first_turn, "turns": game.turns}


__all__ = ["normalize_position", "to_position"]
