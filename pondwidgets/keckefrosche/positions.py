"""Kecke Frösche's explicit positions (README, "Explicit starting positions"): checking one
(``normalize_position``), setting up a game's table from one, and the table now as one
(``to_position``)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..core.errors import BadPosition, GameError, brief
from .cards import BANG, BIOTOPE_OF, BIOTOPES, CHIP_VALUES, DECK_COUNTS, STORK, Display
from .declaration import COLLECT, COLLECTING, DISCARD, DISCARDING

if TYPE_CHECKING:
    from .rules import KeckeGame


def set_up(game: KeckeGame) -> None:
    """The table of a game made from its explicit position (``game.position``, checked):
    a pile or a supply left out is shuffled by the game's seed."""
    pos, rng = game.position, game.rng
    game.displays = [Display(d, d["storks"], d["chips"]) for d in pos["displays"]]
    game.piles = {b: list(pos["biotopes"][b]) for b in BIOTOPES}
    game.box_storks, game.box_bang = pos["box"]["storks"], pos["box"]["bang"]
    if pos["pile"] is None:
        game.pile = _unplaced(pos)
        rng.shuffle(game.pile)
    else:
        game.pile = list(reversed(pos["pile"]))  # the top is the list's end
    if pos["supply"] is None:
        held = Counter(v for d in game.displays for v in d.chips)
        game.supply = list((Counter(CHIP_VALUES) - held).elements())
        rng.shuffle(game.supply)
    else:
        game.supply = list(reversed(pos["supply"]))  # the next chip is the end
    game.stage, game.to_move = pos["stage"], pos["to_move"]
    game.turn, game.passes = pos["turn"], pos["passes"]
    game._event(f"A game of Kecke Frösche from a set position, in the "
                f"{game.stage} phase. {game.names[game.to_move]} is to play.")


def _unplaced(pos: dict) -> list[str]:
    placed: Counter[str] = Counter()
    for d in pos["displays"]:
        for b in BIOTOPES:
            placed.update(d[b])
        placed[STORK] += d["storks"]
    for b in BIOTOPES:
        placed.update(pos["biotopes"][b])
    placed[STORK] += pos["box"]["storks"]
    placed[BANG] += pos["box"]["bang"]
    return sorted((DECK_COUNTS - placed).elements())


def to_position(game: KeckeGame) -> dict[str, Any]:
    """The table now as an explicit position, at the beginning of a turn (not while a
    drawn frog waits for its place, a stork from the box for its biotope or a biotope
    to open, nor once the turn has discarded), the pile's order and every chip's value
    included (the supply's too): a teacher's tool for setting up scenarios. A game
    made from it goes on exactly as this one."""
    if game.phase not in (COLLECT, DISCARD) or game.discarded:
        raise GameError("a position starts at the beginning of a turn: finish this one "
                        "first")
    return {
        "displays": [{**{b: list(d.rows[b]) for b in BIOTOPES}, "storks": d.storks,
                      "chips": list(d.chips)} for d in game.displays],
        "biotopes": {b: list(game.piles[b]) for b in BIOTOPES},
        "box": {"storks": game.box_storks, "bang": game.box_bang},
        "pile": list(reversed(game.pile)),  # top first
        "supply": list(reversed(game.supply)),  # the next chip first
        "stage": game.stage,
        "to_move": game.to_move,
        "turn": game.turn,
        "passes": game.passes,
    }


def _count(value: Any, what: str) -> int:
    if type(value) is not int or value < 0:
        raise BadPosition(f"{what} is a whole number of at least 0, not {brief(value)}")
    return value


def normalize_position(position: Any, players: int) -> dict[str, Any]:
    """Check an explicit Kecke Frösche position, whose shape ``KeckeGame.POSITION`` has
    checked, and return it complete (README, "Explicit starting positions"). Refuses,
    naming the problem, anything malformed and any position the rules could never reach."""
    displays = position["displays"]  # one dictionary a seat: KeckeGame.POSITION checked that
    placed: Counter = Counter()
    chips: Counter = Counter()
    norm_displays = []
    for seat, spec in enumerate(displays):
        entry: dict[str, Any] = {}
        for b in BIOTOPES:
            row = spec.get(b, [])
            if not isinstance(row, list | tuple):
                raise BadPosition(f"seat {seat}: the {b} row is a list of frog kinds")
            for card in row:
                if not isinstance(card, str) or BIOTOPE_OF.get(card) != b:
                    raise BadPosition(f"seat {seat}: {brief(card)} is not a frog of the {b} "
                                      f"row (its frogs are {b}-1 to {b}-4)")
            entry[b] = list(row)
            placed.update(row)
        entry["storks"] = _count(spec.get("storks", 0), f"seat {seat}: 'storks'")
        placed[STORK] += entry["storks"]
        held = spec.get("chips", [])
        if not isinstance(held, list | tuple) or any(
                type(v) is not int or v not in (1, 2, 3) for v in held):
            raise BadPosition(f"seat {seat}: 'chips' lists chip values, each 1, 2 or 3")
        entry["chips"] = list(held)
        chips.update(held)
        norm_displays.append(entry)
    for v, n in chips.items():
        if n > CHIP_VALUES.count(v):
            raise BadPosition(f"the chips held include {n} worth {v}, but only "
                              f"{CHIP_VALUES.count(v)} chips are worth {v}")
    biotopes = position.get("biotopes", {})
    if not isinstance(biotopes, dict) or any(k not in BIOTOPES for k in biotopes):
        raise BadPosition("'biotopes' is a dictionary {'water': [...], 'bank': [...], "
                          "'dike': [...]}, each pile bottom to top")
    norm_piles = {}
    for b in BIOTOPES:
        pile = biotopes.get(b, [])
        if not isinstance(pile, list | tuple):
            raise BadPosition(f"the {b} pile is a list of cards, bottom to top")
        for i, card in enumerate(pile):
            if card == STORK:
                if i != len(pile) - 1:
                    raise BadPosition(f"a stork lies inside the {b} pile: a stork is only "
                                      f"ever on top (it leaves before any frog follows it)")
            elif not isinstance(card, str) or BIOTOPE_OF.get(card) != b:
                raise BadPosition(f"the {b} pile holds {brief(card)}: only its own frogs "
                                  f"({b}-1 to {b}-4) and a stork on top go there")
            elif i and pile[i - 1] == card:
                raise BadPosition(f"the {b} pile has two {card} on top of each other: "
                                  f"identical frogs never lie on each other")
        norm_piles[b] = list(pile)
        placed.update(pile)
    box = position.get("box", {})
    if not isinstance(box, dict) or any(k not in ("storks", "bang") for k in box):
        raise BadPosition("'box' is a dictionary {'storks': n, 'bang': n}")
    norm_box = {"storks": _count(box.get("storks", 0), "the box's 'storks'"),
                "bang": _count(box.get("bang", 0), "the box's 'bang'")}
    placed[STORK] += norm_box["storks"]
    placed[BANG] += norm_box["bang"]
    stage = position.get("stage", COLLECTING)
    if stage not in (COLLECTING, DISCARDING):
        raise BadPosition(f"'stage' is 'collecting' or 'discarding', not {brief(stage)}")
    pile = position.get("pile")
    if pile is not None:
        if not isinstance(pile, list | tuple) or any(
                not isinstance(c, str) or c not in DECK_COUNTS for c in pile):
            raise BadPosition("'pile' lists the draw pile's cards, top first: frog kinds, "
                              "'stork' and 'bang'")
        placed.update(pile)
    for card, n in sorted(placed.items()):
        if n > DECK_COUNTS[card]:
            raise BadPosition(f"the position holds {n} × {card}, but the game has only "
                              f"{DECK_COUNTS[card]}")
    missing = DECK_COUNTS - placed
    if pile is not None and missing:
        card = sorted(missing)[0]
        raise BadPosition(f"{missing[card]} × {card} {'is' if missing[card] == 1 else 'are'} "
                          f"nowhere: every one of the 66 cards must be in exactly one place "
                          f"(leave 'pile' out to shuffle the rest into it)")
    pile_size = len(pile) if pile is not None else sum(missing.values())
    blocked = [b for b in BIOTOPES if norm_piles[b] and norm_piles[b][-1] == STORK]
    if stage == COLLECTING:
        if len(blocked) > 1:
            raise BadPosition(f"{' and '.join(blocked)} are both blocked: while collecting "
                              f"only one biotope can be blocked")
        if not pile_size:
            raise BadPosition("the collecting phase needs a draw pile: with the pile empty "
                              "the discarding phase has begun")
    else:
        if pile_size:
            raise BadPosition("the discarding phase begins only once the draw pile is empty")
        if len(blocked) < 2 and norm_box["storks"]:
            raise BadPosition("the discarding phase starts by blocking biotopes with storks "
                              "from the box until two are blocked: with a stork in the box, "
                              "two biotopes must be blocked")
        for seat, d in enumerate(norm_displays):
            if not (d["water"] or d["bank"] or d["dike"] or d["storks"]):
                raise BadPosition(f"seat {seat} has no card left: in the discarding phase "
                                  f"that game would be over")
    to_move = position.get("to_move", 0)
    if type(to_move) is not int or not 0 <= to_move < players:
        raise BadPosition(f"'to_move' is a seat, 0 to {players - 1}, not {brief(to_move)}")
    supply = position.get("supply")
    if supply is not None:
        if not isinstance(supply, list | tuple) or any(
                type(v) is not int or v not in (1, 2, 3) for v in supply):
            raise BadPosition("'supply' lists the chips not yet taken, the next first: "
                              "chip values, each 1, 2 or 3")
        if Counter(supply) + chips != Counter(CHIP_VALUES):
            raise BadPosition(f"the supply and the chips held must be the {len(CHIP_VALUES)} "
                              f"chips, each once: {sorted(CHIP_VALUES)} (leave 'supply' out "
                              f"to shuffle the chips no display holds into it)")
        supply = list(supply)
    turn = position.get("turn", 1)
    if type(turn) is not int or turn < 1:
        raise BadPosition(f"'turn' is the number of the turn to play, 1 or more, not "
                          f"{brief(turn)}")
    passes = position.get("passes", 0)
    if type(passes) is not int or not 0 <= passes < players:
        raise BadPosition(f"'passes' counts the passes in a row, 0 to {players - 1} (as many "
                          f"as the players end the game), not {brief(passes)}")
    if passes and stage != DISCARDING:
        raise BadPosition("a player passes only in the discarding phase")
    return {"displays": norm_displays, "biotopes": norm_piles, "box": norm_box,
            "pile": list(pile) if pile is not None else None, "supply": supply,
            "stage": stage, "to_move": to_move, "turn": turn, "passes": passes}


__all__ = ["normalize_position", "set_up", "to_position"]
