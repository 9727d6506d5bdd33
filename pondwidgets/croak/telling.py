"""What Croak! tells people: the view a seat may see, the prompt, the pond as text, the
refusal texts, and the wording the log uses; ``CroakGame`` binds these as its methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import brief
from ..core.words import told, turn, won
from .declaration import BOUNCE, FOLLOW, MOVE, MOVES, OVER, VICTIM, Move
from .tiles import (
    INDEX,
    LILY,
    LOG,
    MALE_COLOURS,
    MOSQUITO,
    MUD,
    NEIGHBOURS,
    PIKE,
    REEDS,
    SIZE,
    SQUARES,
)

if TYPE_CHECKING:
    from .rules import CroakGame, Frog


# -- explaining refusals -----------------------------------------------------------------
def why_illegal(game: CroakGame, move: Move, seat: int) -> str:
    phase, name = game.phase, game.names[seat]
    if move.kind not in MOVES.kinds:
        return (f"{brief(move.kind)} is not a kind of Croak! move "
                f"({', '.join(MOVES.kinds)})")
    if move.kind == "jump" and not (move.frog in ("Q", "S") and all(
            type(v) is int and 0 <= v < SIZE * SIZE for v in (move.src, move.dst))):
        return f"{brief(tuple(move))} is not a jump between two squares of the pond"
    if phase == VICTIM:
        if move.kind == "eliminate":
            return (f"seat {brief(move.victim)} has no Servant on the Log at "
                    f"{SQUARES[game._victim_sq]} to eliminate")
        return (f"a third Servant has arrived on the Log at {SQUARES[game._victim_sq]}: "
                f"first choose whose Servant it eliminates, like "
                f"'{game.legal_moves(seat)[0]}' (Log rule)")
    if move.kind == "eliminate":
        return "'x' only chooses a victim when a third Servant arrives on a Log (Log rule)"
    if move.kind == "pass":
        return ("you may only pass after landing on a Mosquito; otherwise you must move "
                "one of your frogs")
    src, dst = move.src, move.dst
    word = "Queen" if move.frog == "Q" else "Servant"
    if phase == BOUNCE:
        frog = game._bouncer
        assert frog is not None  # a frog bounces
        if src != frog.sq or move.frog != frog.letter:
            return (f"your {_frog_word(frog)} on the Lily Pad at {SQUARES[frog.sq]} must "
                    f"bounce first (Lily Pad: you can never stay on a Lily Pad)")
    mine = [f for f in game.frogs[seat] if f.sq == src and f.letter == move.frog]
    if not mine:
        return f"{name} has no {word} on {SQUARES[src]}"
    if all(f.mud for f in mine):
        return (f"your {word} on {SQUARES[src]} is stuck in the Mud and cannot move this "
                f"turn (Mud)")
    if phase == FOLLOW and all(f.moved for f in mine):
        return ("that frog has already moved this turn: the Mosquito lets you move "
                "another frog (or pass)")
    if dst not in NEIGHBOURS[src]:
        return (f"{SQUARES[dst]} is not next to {SQUARES[src]}: a frog jumps to one of "
                f"the 8 squares around it")
    if phase == MOVE and mine[0] not in [f for f, _ in game._movers(seat)]:
        queen = game.queens[seat]
        assert queen is not None  # a seat to move has its Queen
        return (f"a Servant shares your Queen's square {SQUARES[queen.sq]}: "
                f"you must move the Queen or that Servant (Priority rules)")
    if phase == BOUNCE and dst in game._bounced and dst != game._bounce_prev:
        if not game.face_up[dst]:  # turned face down again (Memory): name no front
            return f"your frog may not go back to {SQUARES[dst]} in this chain of bounces"
        return (f"your frog already bounced off the Lily Pad at {SQUARES[dst]} in this "
                f"chain, so it may not go back there")
    if phase == BOUNCE and dst == game._bounce_prev:
        return (f"a frog may not bounce back onto the tile it just left "
                f"({SQUARES[dst]}) while another tile around it is free (Lily Pad)")
    own = [f for f in game.at[dst] if f.seat == seat]
    if own and move.frog == "Q":
        return ("you may not move onto a tile occupied by one of your own frogs "
                "(Priority rules)")
    if own and game.face_up[dst] and game.fronts[dst] == LOG:
        return ("your Queen occupies the entire Log, so your Servant cannot join her "
                "there (Log)")
    if own:
        return ("you may not move onto a tile occupied by one of your own frogs, "
                "except a Servant onto a face-up Log (Priority rules)")
    return "that move is not among the legal moves now"


# -- what a seat may see -----------------------------------------------------------------
def front_shown(game: CroakGame, square: str | None) -> bool:
    return square is None or game.face_up[INDEX[square]]


def view(game: CroakGame, seat: int | None) -> dict[str, Any]:
    tiles = []
    for i, sq in enumerate(SQUARES):
        tiles.append({
            "square": sq,
            "back": game.backs[i],
            "front": game.fronts[i] if game.face_up[i] else None,
            "frogs": [{"seat": f.seat, "frog": f.letter, "mud": bool(f.mud)}
                      for f in game.at[i]],
        })
    players = [{
        "name": game.names[s],
        "colour": game.colours[s],
        "queen": SQUARES[queen.sq] if (queen := game.queens[s]) else None,
        "servants": sum(1 for f in game.frogs[s] if not f.queen),
        "reserve": game.reserve[s],
        "males": [c for c in MALE_COLOURS if c in game.males[s]],
        "out": game.queens[s] is None,
    } for s in range(game.players)]
    return {
        "to_move": None if game.phase == OVER else game.to_move,
        "turn": game.turns + 1,
        "memory": game.memory,
        "bouncing": SQUARES[game._bouncer.sq] if game.phase == BOUNCE and game._bouncer
        else None,
        "players": players,
        "tiles": tiles,
    }


def prompt(game: CroakGame, seat: int | None = None) -> str:
    """What the player to act must do now, in plain English, as ``seat`` reads it:
    "you" on that player's own board, their name for everyone else (nothing in it is
    hidden)."""
    if game.phase == OVER:
        if not game.winners:
            return "The game is over: a draw."
        return f"The game is over: {won(game.names, game.winners, seat)}!"
    name, you = game.names[game.to_move], seat == game.to_move
    if game.phase == BOUNCE and game._bouncer is not None:  # (one always is)
        return told(name, you, f"your {_frog_word(game._bouncer)} is on a Lily Pad at "
                               f"{SQUARES[game._bouncer.sq]} and must bounce to a square "
                               f"next to it.")
    if game.phase == FOLLOW:
        return told(name, you, "Mosquito! Move another of your frogs, or pass.")
    if game.phase == VICTIM:
        return told(name, you, f"your Servant is the third on the Log at "
                               f"{SQUARES[game._victim_sq]}. Choose whose Servant it "
                               f"eliminates.")
    return turn(name, you, "move one of your frogs to a square next to it.")


def text(game: CroakGame, seat: int | None = None) -> str:
    """The pond as plain text, drawn from ``view(seat)`` only (so it hides what the
    view hides): ``?S``/``?A``/``?B`` a face-down tile by its back, ``Ly`` Lily Pad,
    ``Mq`` Mosquito, ``Md`` Mud, ``Pk`` Pike, ``Rd`` Reeds, ``Lg`` Log, ``M`` + colour
    initial a Male; then the frogs: ``Q0`` seat 0's Queen, ``S1`` a Servant of seat 1,
    in lower case while stuck in Mud."""
    view = game.view(seat)
    lines = ["     " + "".join(f"{c:<9}" for c in "abcdefgh").rstrip()]
    for y in range(SIZE):
        cells = []
        for tile in view["tiles"][y * SIZE:(y + 1) * SIZE]:
            code = _TEXT_CODES.get(tile["front"]) or _TEXT_CODES[tile["back"]]
            frogs = "".join((f["frog"].lower() if f["mud"] else f["frog"]) + str(f["seat"])
                            for f in tile["frogs"])
            cells.append(f"{code}{':' + frogs if frogs else ''}".ljust(9))
        lines.append(f"{y + 1:>2}   " + "".join(cells).rstrip())
    lines.append(view["prompt"])
    return "\n".join(lines)


# -- the log's wording -------------------------------------------------------------------
def _whose(game: CroakGame, frog: Frog) -> str:
    return f"{game.names[frog.seat]}'s"


_TEXT_CODES = {"shallow": "?S", "deep-a": "?A", "deep-b": "?B",
               LILY: "Ly", MOSQUITO: "Mq", MUD: "Md", PIKE: "Pk", REEDS: "Rd", LOG: "Lg",
               **{f"male-{c}": "M" + ("k" if c == "pink" else c[0]) for c in MALE_COLOURS}}


def _frog_word(frog: Frog) -> str:
    return "Queen" if frog.queen else "Servant"


def table_facts(game: CroakGame) -> dict[str, Any]:
    """What a board reads of the game beyond its views, for a shared table's stand-in
    (``tables.remote``): the odds of a Pike under each deep back, and which tiles are face
    up and their backs. All public: every back shows, and the odds count what is face up."""
    return {"odds": {back: {str(k): str(v) for k, v in game.chance_odds(back).items()}
                     for back in ("deep-a", "deep-b")},
            "face_up": list(game.face_up), "backs": list(game.backs)}
