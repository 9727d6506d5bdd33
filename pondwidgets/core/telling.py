"""What every game tells people alike: the lines of its event log (``Event``), and
``view(seat)``'s common keys, with that seat's legal moves as data and the recent events as
it may read them. ``Game`` binds these as its methods; each game's own
part is its ``telling.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .game import Game


class Event(NamedTuple):
    """One line of the event log.

    ``text`` is the full account, kept in Python. ``square`` names a tile whose front the
    text gives away and ``covered`` is the account as it would read whatever that front
    (a bounce off a Lily Pad reads as the jump any tile could give): a view shows it while
    the tile is face down again (Croak!'s Memory option), or drops the event when
    ``covered`` is None. Remembering the tile is the game, so the event list must not.
    """

    text: str
    square: str | None = None
    covered: str | None = None


def view(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The JSON-safe picture ``seat`` may see (None: a spectator). It is the only thing a
    board is ever sent, so it holds nothing that seat may not know."""
    if seat is not None:
        game._check_seat(seat)
    picture = {
        "game": game.NAME,
        "seat": seat,
        "to_act": list(game.seats_to_act),
        "is_over": game.is_over,
        "winners": list(game.winners),
        "decisions": len(game.history),
        "undo_floor": game.undo_floor,
        "legal": game.legal_data(seat) if seat is not None else [],
        "events": game._public_events(),
        "names": list(game.names),
        "phase": game.phase,
        "prompt": game.prompt(seat),
    }
    picture.update(game._view(seat))
    return picture


def legal_data(game: Game, seat: int) -> list[dict[str, Any]]:
    """That seat's legal moves as a view sends them: each its notation, its kind and
    its fields (``MOVES.data``), so a board reads them and never parses notation."""
    data = game.MOVES.data
    return [data(move) for move in game.legal_moves(seat)]


def public_events(game: Game) -> list[str]:
    shown = []
    for event in reversed(game.events):
        text = event.text if game._front_shown(event.square) else event.covered
        if text is not None:
            shown.append(text)
            if len(shown) == game.VIEW_EVENTS:
                break
    return shown[::-1]
