"""What Splash down tells people: the view (nothing is hidden, so every seat's is the
same), the prompt, the pond as plain text, the refusal texts, and the log's wording
helpers. Each function takes the game first; ``rules.SplashdownGame`` binds them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import brief
from ..core.words import listed, told, turn, won
from .chance import PUSH_ODDS
from .declaration import MOVE, MOVE_KINDS, OVER, PUSH, PUSH_ROLL, REROLL, ROLL, Move
from .maps import FAR

if TYPE_CHECKING:
    from .rules import SplashdownGame


# -- explaining refusals -----------------------------------------------------------------
def why_illegal(game: SplashdownGame, move: Move, seat: int) -> str:
    phase, kind, board = game.phase, move.kind, game.map
    if not isinstance(kind, str) or kind not in MOVE_KINDS:
        return (f"{brief(kind)} is not a kind of Splash down move (roll, keep, reroll, "
                f"to, push, no push)")
    if kind != "to" and move.pad != "":
        return f"'{kind}' names no pad (you gave {brief(move.pad)})"
    frog = game.frogs[seat]
    if phase == ROLL:
        return "first roll the die: play 'roll'"
    if phase == REROLL:
        return (f"you rolled a {game.roll} on the first turn: 'keep' it or 'reroll' "
                f"(the new roll stands)")
    if phase == PUSH:
        return (f"you landed on {board.names[frog.pad]} with other frogs: decide whether "
                f"to 'push' them or not ('no push')")
    if phase == PUSH_ROLL:
        return "roll the frog die for your push: play 'roll'"
    # the move phase
    if kind != "to":
        return (f"you rolled a {game.roll}: now choose the pad to land on, like "
                f"'{game.legal_moves(seat)[0]}'")
    pad = move.pad
    if not isinstance(pad, str) or pad not in board.index:
        shown = ", ".join(board.names[:6])
        return f"{brief(pad)} is not a pad of this map (its pads are {shown}, …)"
    target, here = board.index[pad], frog.pad
    if target == here == 0:
        return ("your frog has not left Home yet: Home is a landing only once a frog has "
                "left it")
    if target == here:
        return f"your frog is already on {pad}: a jump must leave its pad"
    steps = board.dist[here][target]
    assert game.roll is not None  # landing: the roll to move by
    if steps >= FAR or (steps > game.roll and here != 0 and target != 0
                        and board.distance_through_home(here, target) <= game.roll):
        return (f"{pad} can only be reached through Home within your roll, and no frog "
                f"jumps through Home: Home is only ever a landing")
    return (f"{pad} is {_count(steps, 'step', 'steps')} away and you rolled a "
            f"{game.roll}: land at most {game.roll} and at least 1 step away")


# -- what everyone may see (nothing is hidden in Splash down) ----------------------------
def view(game: SplashdownGame, seat: int | None) -> dict[str, Any]:
    board = game.map
    names = board.names
    cached = board.cache.get("view")
    if cached is None:
        cached = board.cache["view"] = {
            "name": board.name,
            "title": board.title,
            "blocks": [list(b) for b in board.blocks],
            "edges": [[names[a], names[b]] for a, b in board.edges],
            "layout": dict(board.layout),
        }
    picture = {
        **cached,
        "blocks": [list(b) for b in cached["blocks"]],
        "edges": [list(e) for e in cached["edges"]],
        "layout": dict(cached["layout"]),
        "pads": {names[i]: {"colour": board.colours[i], "flies": game.flies[i],
                            "printed": board.printed[i]} for i in range(len(names))},
    }
    frogs = [{
        "seat": f.seat,
        "name": game.names[f.seat],
        "pad": None if f.out else names[f.pad],
        "lives": f.lives,
        "flies": f.flies,
        "sets": [{"pad": names[p], "flies": n} for p, n in f.sets],
        "home": f.home,
        "out": f.out,
        "left_home": f.left,
    } for f in game.frogs]
    push = None
    if game.phase in (PUSH, PUSH_ROLL):
        push = {"pad": names[game.frogs[game.to_move].pad], "frogs": list(game.push_frogs),
                "from": names[game.origin]}
    return {
        "map": picture,
        "frogs": frogs,
        "to_move": None if game.phase == OVER else game.to_move,
        "roll": game.roll if game.phase in (MOVE, REROLL) else None,
        "dice": list(game.dice),
        "first_turn": game.first_turn,
        "push": push,
        "last_chance": dict(game.last_chance) if game.last_chance else None,
        "turn": game.turns + (0 if game.is_over else 1),
        "options": {"fly_thief": game.fly_thief, "reroll": game.reroll,
                    "max_turns": game.max_turns},
    }


def prompt(game: SplashdownGame, seat: int | None = None) -> str:
    """What the player to act must do now, in plain English, as ``seat`` reads it:
    "you" on that player's own board, their name for everyone else (nothing in Splash
    down is hidden)."""
    phase = game.phase
    if phase == OVER:
        if not game.winners:
            return "The game is over: it is a draw."
        end = "!" if len(game.winners) == 1 else "."
        return f"The game is over: {won(game.names, game.winners, seat)}{end}"
    name, you = game.names[game.to_move], seat == game.to_move
    frog = game.frogs[game.to_move]
    if phase == ROLL:
        if game.first_turn and game.reroll:
            return told(name, you, "you go first! Roll the die. If you don't like the "
                                   "number, you may roll once more.")
        if game.first_turn:
            return told(name, you, "you go first! Roll: you roll two dice and keep the "
                                   "higher.")
        return turn(name, you, "roll the die to see how far your frog may jump.")
    if phase == REROLL:
        return told(name, you, f"you rolled a {game.roll}. Keep it, or roll once more "
                               f"(the new roll counts, even if it is lower).")
    if phase == MOVE:
        where = game._pad(frog.pad)
        steps = "1 step" if game.roll == 1 else f"1 to {game.roll} steps"
        return told(name, you, f"you rolled a {game.roll}. Pick a lily pad {steps} away "
                               f"from {where}, in any direction.")
    where = game.map.names[frog.pad]
    if phase == PUSH:
        return told(name, you, f"{game._list_names(game.push_frogs)} "
                               f"{'is' if len(game.push_frogs) == 1 else 'are'} on {where} "
                               f"too. Try to push them into the water, or stay and share "
                               f"the pad?")
    return told(name, you, f"roll the frog die! Even: they each lose a life. Odd: you "
                           f"jump back to {game._pad(game.origin)}. A 1 also costs you a "
                           f"life.")


def text(game: SplashdownGame, seat: int | None = None) -> str:
    """The pond as plain text, block by block, drawn from ``view(seat)``: each pad with
    its colour, its flies (``*2``) and the frogs on it (their seats)."""
    view = game.view(seat)
    pads, frogs = view["map"]["pads"], view["frogs"]
    lines = []
    for block in view["map"]["blocks"]:
        cells = []
        for name in block:
            pad = pads[name]
            here = "".join(str(f["seat"]) for f in frogs if f["pad"] == name)
            flies = f"*{pad['flies']}" if pad["flies"] else ""
            cells.append(f"{name}:{pad['colour']}{flies}{'[' + here + ']' if here else ''}")
        lines.append("  ".join(cells))
    for f in frogs:
        state = "out" if f["out"] else "Home" if f["home"] else f"on {f['pad']}"
        lines.append(f"{f['name']} ({f['seat']}): {state}, {f['lives']} lives, "
                     f"{f['flies']} flies")
    lines.append(view["prompt"])
    return "\n".join(lines)


# -- the log's wording -------------------------------------------------------------------
def _pad(game: SplashdownGame, pad: int) -> str:
    """A pad's name as the log writes it: ``Home``, ``3a``."""
    return "Home" if pad == 0 else game.map.names[pad]


def _list_names(game: SplashdownGame, seats: list[int]) -> str:
    return listed([game.names[s] for s in seats])


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def table_facts(game: SplashdownGame) -> dict[str, Any]:
    """What a board reads of the game beyond its views, for a shared table's stand-in
    (``tables.remote``): the push's die, the same for everyone."""
    return {"odds": {"push": {k: str(v) for k, v in PUSH_ODDS.items()}}}
