"""Helpers for Kecke Frösche tests: games from small explicit positions, the rest of the 66
cards filled in where they change nothing, and the chips a test chooses (``rig_chips``)."""

from __future__ import annotations

from collections import Counter

from pondwidgets.core import ManualClock
from pondwidgets.keckefrosche import KeckeGame
from pondwidgets.keckefrosche.cards import BANG, BIOTOPE_OF, BIOTOPES, DECK_COUNTS, STORK


def display(water=(), bank=(), dike=(), storks=0, chips=()):
    """One seat's display: its rows (left to right), storks and chip values."""
    return {"water": list(water), "bank": list(bank), "dike": list(dike), "storks": storks,
            "chips": list(chips)}


def _placed(displays, biotopes, box, pile):
    placed = Counter(pile)
    for d in displays:
        for b in BIOTOPES:
            placed.update(d.get(b, []))
        placed[STORK] += d.get("storks", 0)
    for cards in biotopes.values():
        placed.update(cards)
    placed[STORK] += box.get("storks", 0)
    placed[BANG] += box.get("bang", 0)
    return DECK_COUNTS - placed


def _interleaved(frogs: list[str], above: str | None) -> list[str]:
    """Frogs of one biotope in a pile order (bottom to top) where no two identical ones
    touch, nor the top one and ``above`` (the lowest card the test put on the pile)."""
    left = Counter(frogs)
    down: list[str] = []  # from the top of the filler downwards
    last = above
    while left:
        pick = next(k for k in sorted(left, key=lambda k: (-left[k], k)) if k != last)
        down.append(pick)
        left[pick] -= 1
        if not left[pick]:
            del left[pick]
        last = pick
    return down[::-1]


def game_from(*displays, biotopes=None, box=None, pile=None, stage="collecting", to_move=0,
              spare_storks="box", fill=None, seed=0):
    """A game on a ManualClock from an explicit position.

    ``pile`` (top first) is the cards the test wants drawn first; in the collecting phase
    the unplaced cards follow them (frogs sorted, then storks, then bang frogs). In the
    discarding phase every unplaced frog goes under its biotope's pile (no two identical
    ones touching), bang frogs into the box, and storks into the box (or, with
    ``spare_storks=seat``, that seat's stork row). ``fill="table"`` does the same in the
    collecting phase, so that the pile holds only the cards the test names."""
    displays = [dict(d) for d in displays]
    biotopes = {b: list((biotopes or {}).get(b, [])) for b in BIOTOPES}
    box = dict(box or {})
    pile = list(pile or [])
    rest = _placed(displays, biotopes, box, pile)
    if fill is None:
        fill = "pile" if stage == "collecting" else "table"
    if fill == "pile":
        order = sorted(c for c in rest.elements() if c not in (STORK, BANG))
        pile += order + [STORK] * rest[STORK] + [BANG] * rest[BANG]
    else:
        for b in BIOTOPES:
            frogs = [c for c in rest.elements() if BIOTOPE_OF.get(c) == b]
            above = biotopes[b][0] if biotopes[b] else None
            biotopes[b] = _interleaved(frogs, above) + biotopes[b]
        box["bang"] = box.get("bang", 0) + rest[BANG]
        if spare_storks == "box":
            box["storks"] = box.get("storks", 0) + rest[STORK]
        else:
            displays[spare_storks]["storks"] = displays[spare_storks].get("storks", 0) \
                + rest[STORK]
    position = {"displays": displays, "biotopes": biotopes, "box": box, "pile": pile,
                "stage": stage, "to_move": to_move}
    return KeckeGame(len(displays), seed=seed, position=position, clock=ManualClock())


def rig_chips(game, *values):
    """The next chips taken from the supply are worth these values, in order (the rest of
    the supply stays below them)."""
    supply = Counter(game.supply)
    supply.subtract(values)
    assert all(n >= 0 for n in supply.values()), "the supply has no such chips"
    game.supply = list(supply.elements()) + list(reversed(values))
    return game


def play(game, *moves):
    """Play these decisions in order (notation), each by the seat to act."""
    for move in moves:
        game.play(move)
    return game


def moves(game, seat=None):
    return {str(m) for m in game.legal_moves(seat)}


def seat_view(game, seat):
    return game.view()["players"][seat]


def biotope(game, name):
    return next(b for b in game.view()["biotopes"] if b["id"] == name)


def where_is_every_card(game) -> Counter:
    """Every one of the 63 cards of the deck, wherever it is: pile, displays, biotope
    piles, box, and the frog just drawn, waiting to be placed (the three biotope cards lie
    on the table always)."""
    found = Counter(game.pile)
    if game.drawn:
        found[game.drawn] += 1
    for d in game.displays:
        for b in BIOTOPES:
            found.update(d.rows[b])
        found[STORK] += d.storks
    for b in BIOTOPES:
        found.update(game.piles[b])
    found[STORK] += game.box_storks
    found[BANG] += game.box_bang
    return found
