"""What Froop! tells people: the view a seat may see, the prompt, the end in words and
the refusal texts; ``FroopGame`` binds these as its methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import brief
from ..core.game import Game
from ..core.words import capital, plural, told, who
from ..core.words import turn as turn_prompt  # .cards.turn turns a card
from .cards import CARDS, NAME_OF, _letters_problem, is_card
from .declaration import _NO_FIELDS, AGAIN, MOVE_KINDS, NOTATION_HELP, OPTION_NAMES, Move
from .matching import BLOCK, MATCHED, block_pattern, match_on, placement_problem

if TYPE_CHECKING:
    from .rules import FroopGame


# -- why a move is refused -----------------------------------------------------------------
def why_illegal(game: FroopGame, move: Move, seat: int) -> str:
    # A hand-made move may hold anything in any field: nothing here may raise.
    try:
        return _refusal(game, move, seat)
    except Exception:  # a field whose comparison itself fails
        return f"{brief(move)} is not a legal decision now: {NOTATION_HELP}"


def _refusal(game: FroopGame, move: Move, seat: int) -> str:
    kind = move.kind
    if not isinstance(kind, str) or kind not in MOVE_KINDS:
        return f"{brief(kind)} is not a kind of Froop! decision: {NOTATION_HELP}"
    name = game.names[seat]
    if kind in ("draw", "pass", "stop", "others", "time") \
            and (move.card, move.x, move.y, move.to) != _NO_FIELDS:
        return f"'{Move(kind)}' names no card, cell or seat"
    if kind == "time":
        return _time_refusal(game, seat)
    if seat in game.must_give and kind != "give":
        return (f"Three! {name} must first give a card to another player "
                f"('give <card> to <seat>')")
    if kind == "play":
        return _play_refusal(game, move, seat)
    if kind == "give":
        return _give_refusal(game, move, seat)
    plays = game._plays_for(seat)
    again = game.phase == AGAIN
    if kind == "draw":
        if again:
            return (f"after matching {game._matched} symbols you may play again or "
                    f"stop ('stop' ends your turn without drawing)")
        if plays:
            return f"you may not draw while you have a legal play (such as {plays[0]})"
        return "the draw pile is empty: with no card that fits, pass"
    if kind == "pass":
        if again:
            return "to end your turn after a 3- or 4-match, say 'stop'"
        if plays:
            return f"you may not pass while you have a legal play (such as {plays[0]})"
        return "you may pass only on an empty pile: with no card that fits, draw one"
    if kind == "stop":
        if game.panic:
            return "in Panic nobody plays again after a match, so there is nothing to stop"
        return ("'stop' ends a turn after a 3- or 4-match instead of playing again; "
                "now lay a card (or draw, or pass, when none fits)")
    # others draw
    if game.panic:
        return "in Panic every other player draws by itself when you match 4 symbols"
    if not game.cutthroat:
        return ("making every other player draw is Cutthroat's reward for matching 4 "
                "symbols (cutthroat=True)")
    if not again or game._matched != 4:
        return "under Cutthroat you make the others draw right after matching 4 symbols"
    return "the draw pile is empty: nobody can draw"


def _time_refusal(game: FroopGame, seat: int) -> str:
    if not game.speed:
        return "there is no countdown: 'time' is the rules' decision under Speed only"
    # Before its deadline Game.play itself says how long the seat still has (1 ms, 0.4 s)
    return f"{game.names[seat]}'s time is not up"


def _play_refusal(game: FroopGame, move: Move, seat: int) -> str:
    letters, x, y = move.card, move.x, move.y
    problem = _letters_problem(letters)
    if problem:
        return problem
    if type(x) is not int or type(y) is not int:
        return f"a card is laid at a cell of whole numbers x,y, not {brief(x)},{brief(y)}"
    card = NAME_OF[letters]
    if card not in game.hands[seat]:
        if any(NAME_OF[laid.card] == card for laid in game.froop):
            return f"{card} is on the Froop already, not in your hand"
        return f"{card} is not in your hand"
    if game.panic:
        late = _too_late(game, letters, x, y, seat)
        if late:
            return late
    pattern = block_pattern(game.cells, x, y)
    return placement_problem(pattern, letters, x, y) or \
        "that play is not among the legal moves now"


def _too_late(game: FroopGame, letters: str, x: int, y: int, seat: int) -> str | None:
    """Panic: whether a card laid since made this play illegal — the newest card
    whose removal would make it legal again — named as "too late"."""
    block = [(x + dx, y + dy) for dx, dy in BLOCK]
    shown = [game.cells.get(cell, ".") for cell in block]
    for i in range(len(game.froop) - 1, max(-1, len(game.froop) - 4 * game.players), -1):
        laid = game.froop[i]
        if laid.seat is None:
            break  # the cards before the game began
        covers = [(laid.x + dx, laid.y + dy) for dx, dy in BLOCK]
        touched = False
        for j, cell in enumerate(block):
            if cell in covers:
                shown[j] = game._under[i][covers.index(cell)]
                touched = True
        if touched and match_on("".join(shown), letters) is not None:
            if laid.seat == seat:
                return (f"too late: your own card {laid.card} at {laid.x},{laid.y} "
                        f"changed that spot")
            return (f"too late: {game.names[laid.seat]}'s card ({laid.card} at "
                    f"{laid.x},{laid.y}) changed that spot")
    return None


def _give_refusal(game: FroopGame, move: Move, seat: int) -> str:
    if not (game.cutthroat or game.panic):
        return "giving a card away is part of Cutthroat and Panic (cutthroat=True)"
    if game.panic:
        if seat not in game.must_give:
            return "in Panic you give a card right after matching 3 symbols ('Three!')"
    elif game.phase != AGAIN or game._matched != 3:
        return "under Cutthroat you may give a card right after matching 3 symbols"
    card, to = move.card, move.to
    if not is_card(card):
        return f"{brief(card)} is not a card: name it by its name, like {CARDS[0]}"
    if card != NAME_OF[card]:
        return f"in 'give', name the card by its name: {NAME_OF[card]}"
    if card not in game.hands[seat]:
        return f"{card} is not in your hand"
    if type(to) is not int or not 0 <= to < game.players:
        return f"{brief(to)} is not a seat of this game (seats 0 to {game.players - 1})"
    if to == seat:
        return "give the card to another player, not to yourself"
    return "that gift is not among the legal moves now"


def _why_waiting(game: FroopGame, seat: int) -> str:
    name = game.names[seat]
    if game.panic and seat in game.stuck:
        return (f"{name} is stuck (no card fits and the pile is empty) until a new card "
                f"changes the Froop or someone gives {name} a card")
    if not game.panic and not game.is_over:
        return f"it is not {name}'s turn: {game.names[game.to_move]} is to play"
    return Game._why_waiting(game, seat)


# -- what a seat may see -------------------------------------------------------------------
def view(game: FroopGame, seat: int | None) -> dict[str, Any]:
    cells = sorted(game.cells.items(), key=lambda item: (item[0][1], item[0][0]))
    xmin, ymin, xmax, ymax = game.bounds()
    public = game.strategic
    players = [{"seat": s, "name": game.names[s], "cards": len(hand),
                "hand": list(hand) if public or s == seat else None,
                "points": game.points[s]} for s, hand in enumerate(game.hands)]
    plays = []
    if seat is not None:
        for move in game.legal_moves(seat):
            if move.kind == "play":
                name = NAME_OF[move.card]
                plays.append({"move": str(move), "card": name, "x": move.x, "y": move.y,
                              "turned": move.card != name,
                              "match": MATCHED[game._patterns[move.x, move.y]]})
    due = game.deadline
    countdown = None if due is None else {
        "seat": due.seat, "seconds": game.countdown,
        "left": round(max(0.0, due.time - max(game.clock.now(), game.last_time)), 1)}
    return {
        "cells": [[x, y, symbol] for (x, y), symbol in cells],
        "cards": [{"card": laid.card, "x": laid.x, "y": laid.y, "seat": laid.seat,
                   "match": laid.match} for laid in game.froop],
        "bounds": [xmin, ymin, xmax, ymax],
        "hand": list(game.hands[seat]) if seat is not None else None,
        "players": players,
        "pile": len(game.pile),
        "turn": None if game.panic or game.is_over else game.to_move,
        "chain": None if game.chain is None else
        {"seat": game.chain[0], "match": game.chain[1]},
        "must_give": sorted(game.must_give),
        "stuck": sorted(game.stuck),
        "passes": game.passes,
        "countdown": countdown,
        "plays": plays,
        "gave": [] if seat is None else
        [{"card": card, "seat": to} for card, to in sorted(game.gave[seat].items())],
        "variants": [name for name in OPTION_NAMES if getattr(game, name)],
    }


def prompt(game: FroopGame, seat: int | None = None) -> str:
    """What to do now, in plain English, as ``seat`` reads it (never what a hidden
    hand holds: a spectator learns only whose turn it is)."""
    if game.is_over:
        return _result(game, seat)
    if game.panic:
        return _panic_prompt(game, seat)
    name, you = game.names[game.to_move], seat == game.to_move
    if not you and game.hides_hands:  # what they may do would tell what they hold
        if game.phase == AGAIN:
            return f"{name} matched {game._matched} symbols and may play again."
        return f"{name}'s turn."
    plays = game._plays_for(game.to_move)
    if game.phase == AGAIN:
        extra = ""
        if game.cutthroat and game._matched == 3:
            extra = ", give a card to another player"
        elif game.cutthroat and game.pile:
            extra = ", make every other player draw a card"
        if not plays:
            return told(name, you, f"{game._matched} symbols matched, but no other card "
                                   f"fits: stop{' or' + extra[1:] if extra else ''}.")
        return told(name, you, f"{game._matched} symbols matched! Play another "
                               f"card{extra} or stop.")
    if plays:
        return turn_prompt(name, you, "lay a card so that it covers at least two "
                                      "symbols of the Froop, each one matching.")
    if game.pile:
        return turn_prompt(name, you, "no card of yours fits, so draw a card.")
    return turn_prompt(name, you, "no card of yours fits and the pile is empty, so "
                                  "pass.")


def _panic_prompt(game: FroopGame, seat: int | None) -> str:
    """Panic's line for ``seat``, everyone's own (the spectator: everyone at once)."""
    if seat is None:
        return "Panic! Everyone plays at once."
    if seat in game.must_give:
        return "Three! Give one of your cards to another player."
    if seat in game.stuck:
        return "You are stuck until the Froop changes or someone gives you a card."
    if game._plays_for(seat):
        return "Panic! Lay a card, quick, before the others do."
    if game.pile:
        return "Panic! No card of yours fits. Draw one, quick!"
    return "No card of yours fits and the pile is empty. Pass (you are stuck)."


def _result(game: FroopGame, you: int | None = None) -> str:
    """The end in words, as seat ``you`` reads it: "Ada has no card left and wins!" in
    the log and for everyone else, "You have no card left and win!" on Ada's board."""
    if game._ending == "draw":
        return "Nobody can play and the pile is empty: the game is a draw."
    best = who(game.names, game.winners, you)
    wins = best.does("wins") if len(game.winners) == 1 else "share the win"
    if game._ending == "ran out":
        return capital(f"{best} {best.does('has')} no card left and {wins}!")
    if game._ending == "marathon":
        scores = ", ".join(f"{game.names[s]} {p}" for s, p in enumerate(game.points))
        return (f"The last card of the pile is drawn: the Marathon is over ({scores}). "
                f"{capital(best)} {wins} with {plural(max(game.points), 'point')}!")
    fewest = min(len(hand) for hand in game.hands)
    return (f"Nobody can play and the pile is empty: {best} {best.does('has')} the "
            f"fewest cards ({fewest}) and {wins}.")


__all__ = ["prompt", "view", "why_illegal"]
