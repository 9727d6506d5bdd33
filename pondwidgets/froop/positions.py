"""Froop!'s explicit positions (README, "Explicit starting positions"): checking one and
making it complete, building a game from it, and giving a game back as one;
``FroopGame`` binds ``_from_position`` and ``to_position`` as its methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import BadPosition, GameError, brief
from ..core.words import plural
from .cards import CARD_SET, CARDS, NAME_OF, _letters_problem, name_of
from .matching import block_pattern, placement_problem

if TYPE_CHECKING:
    from .rules import FroopGame


def _card_name(value: Any, where: str) -> str:
    problem = _letters_problem(value.upper() if isinstance(value, str) else value)
    if problem:
        raise BadPosition(f"{where}: {problem}")
    return NAME_OF[value.upper()]


def normalize_position(position: Any, players: int, marathon: bool = False, *,
                       panic: bool = False, cutthroat: bool = False) -> dict[str, Any]:
    """Check an explicit Froop! position, whose shape ``FroopGame.POSITION`` has checked
    (its keys, and one hand per seat), and return it complete (README, "Explicit starting
    positions"). Refuses, naming the problem, anything malformed and any position the
    rules could never reach."""
    where: dict[str, str] = {}  # card name -> where it is, to name a card found twice

    def claim(name: str, place: str) -> None:
        if name in where:
            raise BadPosition(f"{name} is in the position twice ({where[name]} and {place}): "
                              f"every card is in exactly one place")
        where[name] = place

    froop = position["froop"]
    if not isinstance(froop, list | tuple) or not froop:
        raise BadPosition("'froop' lists the cards laid, in order, each [letters, x, y] (or "
                          "[letters, x, y, seat]); the first is the starting card at 0,0")
    cells: dict[tuple[int, int], str] = {}
    laid = []
    for number, entry in enumerate(froop, start=1):
        at = f"card {number} of the Froop"
        if not isinstance(entry, list | tuple) or len(entry) not in (3, 4):
            raise BadPosition(f"{at}: each card laid is [letters, x, y], or [letters, x, y, "
                              f"seat] with the seat that laid it, not {brief(entry)}")
        letters, x, y = entry[:3]
        seat = entry[3] if len(entry) == 4 else None  # who laid it (None: nobody's turn)
        if seat is not None and (type(seat) is not int or not 0 <= seat < players
                                 or number == 1):
            raise BadPosition(f"{at}: the seat that laid it is a seat, 0 to {players - 1} "
                              f"(or None; the starting card's is None), not {brief(seat)}")
        problem = _letters_problem(letters.upper() if isinstance(letters, str) else letters)
        if problem:
            raise BadPosition(f"{at}: {problem}")
        letters = letters.upper()
        if type(x) is not int or type(y) is not int:
            raise BadPosition(f"{at}: x and y are whole numbers, not {brief(x)}, {brief(y)}")
        claim(NAME_OF[letters], f"the Froop, {at}")
        if number == 1:
            if (x, y) != (0, 0):
                raise BadPosition(f"the starting card lies at 0,0, not at {x},{y}")
        else:
            pattern = block_pattern(cells, x, y)
            problem = placement_problem(pattern, letters, x, y)
            if problem:
                raise BadPosition(f"{at}, {letters} at {x},{y}, is not a legal play on the "
                                  f"cards before it: {problem}")
        cells[x, y], cells[x + 1, y] = letters[0], letters[1]
        cells[x, y + 1], cells[x + 1, y + 1] = letters[2], letters[3]
        laid.append([letters, x, y] if seat is None else [letters, x, y, seat])
    hands = position["hands"]  # one entry a seat: FroopGame.POSITION checked that
    norm_hands = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list | tuple):
            raise BadPosition(f"seat {seat}'s hand is a list of card names, not {brief(hand)}")
        if not hand:
            raise BadPosition(f"seat {seat}'s hand is empty: that player has run out, and the "
                              f"game would be over")
        names = [_card_name(card, f"seat {seat}'s hand") for card in hand]
        for name in names:
            claim(name, f"seat {seat}'s hand")
        norm_hands.append(sorted(names))
    pile = position.get("pile")
    if pile is not None:
        if not isinstance(pile, list | tuple):
            raise BadPosition(f"'pile' lists the draw pile's cards, top first, not "
                              f"{brief(pile)}")
        pile = [_card_name(card, "the pile") for card in pile]
        for name in pile:
            claim(name, "the pile")
        missing = [card for card in CARDS if card not in where]
        if missing:
            raise BadPosition(f"{missing[0]} is nowhere: every one of the 84 cards must be in "
                              f"exactly one place (leave 'pile' out to put the rest there)")
    pile_size = len(pile) if pile is not None else len(CARD_SET) - len(where)
    if marathon and not pile_size:
        raise BadPosition("Marathon ends the moment the last card of the pile is drawn: a "
                          "Marathon position needs a draw pile")
    to_move = position.get("to_move", 0)
    if type(to_move) is not int or not 0 <= to_move < players:
        raise BadPosition(f"'to_move' is a seat, 0 to {players - 1}, not {brief(to_move)}")
    points = position.get("points", [0] * players)
    if not isinstance(points, list | tuple) or len(points) != players \
            or any(type(p) is not int or p < 0 for p in points):
        raise BadPosition(f"'points' lists each seat's Marathon points ({players} whole "
                          f"numbers of at least 0), not {brief(points)}")
    if any(points) and not marathon:
        raise BadPosition("points are scored only in Marathon (marathon=True)")
    passes = position.get("passes", 0)
    if type(passes) is not int or not 0 <= passes < players:
        raise BadPosition(f"'passes' counts the passes in a row, 0 to {players - 1} (as many "
                          f"as the players end the game), not {brief(passes)}")
    if passes and (pile_size or panic):
        raise BadPosition("a player passes only on an empty pile, and never in Panic (a "
                          "Panic seat that passes is 'stuck')")
    stuck = position.get("stuck", [])
    if not isinstance(stuck, list | tuple) \
            or any(type(s) is not int or not 0 <= s < players for s in stuck) \
            or len(set(stuck)) != len(stuck):
        raise BadPosition(f"'stuck' lists seats (0 to {players - 1}), each once, not "
                          f"{brief(stuck)}")
    if stuck and (pile_size or not panic):
        raise BadPosition("a seat is stuck only in Panic (panic=True), once it passed on an "
                          "empty pile")
    if len(stuck) == players:
        raise BadPosition("every seat is stuck: that game would be over")
    gave = _gifts(position.get("gave", [[]] * players), norm_hands, cutthroat or panic)
    return {"froop": laid, "hands": norm_hands, "pile": pile, "to_move": to_move,
            "points": list(points), "passes": passes, "stuck": sorted(stuck), "gave": gave}


def _gifts(gave: Any, hands: list[list[str]], giving: bool) -> list[list[list]]:
    """The position's ``gave``, checked: for each seat, the cards it gave that are still in
    the hand they went to, ``[card, seat]``, sorted (its owner knows where they are)."""
    players = len(hands)
    if not isinstance(gave, list | tuple) or len(gave) != players \
            or not all(isinstance(cards, list | tuple) for cards in gave):
        raise BadPosition(f"'gave' lists, for each seat ({players} seats), the cards it gave "
                          f"still held where they went, each [card, seat], not {brief(gave)}")
    seen: set[str] = set()
    out = []
    for giver, cards in enumerate(gave):
        known = []
        for entry in cards:
            if not isinstance(entry, list | tuple) or len(entry) != 2:
                raise BadPosition(f"seat {giver}'s 'gave': each card given is [card, seat], "
                                  f"not {brief(entry)}")
            card, to = _card_name(entry[0], f"seat {giver}'s 'gave'"), entry[1]
            if type(to) is not int or not 0 <= to < players or to == giver:
                raise BadPosition(f"seat {giver}'s 'gave': {card} went to another seat, not "
                                  f"{brief(to)}")
            if card not in hands[to] or card in seen:
                raise BadPosition(f"seat {giver}'s 'gave': {card} is not in seat {to}'s hand "
                                  f"(or is given twice): a card given and still held is "
                                  f"where it went")
            seen.add(card)
            known.append([card, to])
        out.append(sorted(known))
    if seen and not giving:
        raise BadPosition("cards are given only in Cutthroat and Panic (cutthroat=True, "
                          "panic=True)")
    return out


# -- a game from a position, and back ----------------------------------------------------
def _from_position(game: FroopGame) -> None:
    pos = game.position
    for letters, x, y, *seat in pos["froop"]:  # legal plays after the first (normalized)
        game._lay(letters, x, y, seat[0] if seat else None)
    game.hands = [list(hand) for hand in pos["hands"]]
    if pos["pile"] is None:
        placed = {name_of(letters) for letters, *_ in pos["froop"]}
        placed.update(card for hand in pos["hands"] for card in hand)
        game.pile = [card for card in CARDS if card not in placed]
        game.rng.shuffle(game.pile)
    else:
        game.pile = list(reversed(pos["pile"]))  # given top first; the top is the end
    game.to_move = pos["to_move"]
    game.points = list(pos["points"])
    game.passes, game.stuck = pos["passes"], set(pos["stuck"])
    game.gave = [{card: to for card, to in known} for known in pos["gave"]]
    who = "Everyone plays at once: Panic!" if game.panic else \
        f"{game.names[game.to_move]} is to play."
    game._event(f"A game of Froop! from a set position: {plural(len(game.froop), 'card')} "
                f"on the Froop, {plural(len(game.pile), 'card')} in the pile. {who}")


def to_position(game: FroopGame) -> dict[str, Any]:
    """The table now as an explicit position (at the beginning of a turn: not during
    a chain, nor while a Panic seat owes a card)."""
    if game.chain is not None or game.must_give or game.is_over:
        raise GameError("a position starts at the beginning of a turn: finish this one "
                        "first")
    return {"froop": [[laid.card, laid.x, laid.y] if laid.seat is None else
                      [laid.card, laid.x, laid.y, laid.seat] for laid in game.froop],
            "hands": [list(hand) for hand in game.hands],
            "pile": list(reversed(game.pile)), "to_move": game.to_move,
            "points": list(game.points), "passes": game.passes,
            "stuck": sorted(game.stuck),
            "gave": [sorted([card, to] for card, to in known.items())
                     for known in game.gave]}


__all__ = ["normalize_position", "to_position"]
