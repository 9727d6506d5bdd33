"""What a client may send a table server, checked before anything reads it, and how every
message is written on the wire.

A message is one JSON object in one WebSocket text frame, its ``type`` naming it. Each
type has its fields, each of one JSON type (``int`` is never ``True``); a field not listed
is refused, as is a frame over ``LONGEST_MESSAGE`` bytes or nested deeper than a move
needs. The server's messages are written by ``dumps`` alone (sorted keys, no spaces, ASCII), so
two equal messages are equal bytes: the indistinguishability tests compare bytes.
"""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import GameError, brief

LONGEST_MESSAGE = 4096  # bytes of one frame from a client: a move is a few dozen
LONGEST_NAME = 40  # characters of a player's name (as a game's take_players allows)
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # a join code's: no I or O, read as 1 and 0
CODE_LENGTH = 4

# Each message a client may send: its fields and their JSON types. ``options`` is a
# game's options, checked by the game itself as it is made.
REQUESTS: dict[str, dict[str, type]] = {
    "create": {"game": str, "players": int, "name": str, "options": dict},
    "join": {"code": str, "name": str},
    "rejoin": {"code": str, "token": str},  # your own seat again: a reload, a dropped link
    "watch": {"code": str},  # a spectator (the projector)
    "bot": {"seat": int, "bot": str},  # the creator gives a free seat to a bot
    "move": {"move": str, "seen": int},
    "undo": {"seen": int},
    "new_game": {"seen": int},
    "start": {},  # a game against the clock: this person is ready
    "next_round": {"seen": int},
    "save": {},
}
# Fields a message may leave out: the token a screen chose for the seat it asks for, so
# that asking again after a dropped link (its answer lost) gives the same seat, not two.
OPTIONAL: dict[str, dict[str, type]] = {"create": {"token": str}, "join": {"token": str}}
TOKEN_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
SHORTEST_TOKEN = 22  # characters: 128 bits of secrets.token_urlsafe
KINDS = {int: "whole number", str: "text", dict: "JSON object"}  # for refusals
# What a move's text may be: a game's notation is short; a frame is bounded anyway.
LONGEST_TEXT = 200


class Refused(GameError):
    """A client's message that the server does not act on: the reason goes back to it."""


def dumps(message: dict[str, Any]) -> str:
    """A server message as it goes on the wire: one way only, so equal is byte-equal."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False)


def _reject_constant(name: str) -> Any:
    raise Refused(f"a message holds numbers, not {name}")


def read(frame: str | bytes) -> tuple[str, dict[str, Any]]:
    """A client's frame as ``(type, fields)``, every field of its declared type, or
    ``Refused`` saying what is wrong with it."""
    size = len(frame.encode("utf-8", "surrogatepass") if isinstance(frame, str) else frame)
    if size > LONGEST_MESSAGE:
        raise Refused(f"a message has at most {LONGEST_MESSAGE:,} bytes, not {size:,}")
    try:
        data = json.loads(frame, parse_constant=_reject_constant)
    except Refused:
        raise
    except (ValueError, RecursionError):
        raise Refused(f"a message is a JSON object, not {brief(frame)}") from None
    if not isinstance(data, dict):
        raise Refused(f"a message is a JSON object, not {brief(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in REQUESTS:
        raise Refused(f"no message has the type {brief(kind)} (they are "
                      f"{', '.join(sorted(REQUESTS))})")
    fields = REQUESTS[kind]
    optional = OPTIONAL.get(kind, {})
    extra = sorted(set(data) - set(fields) - set(optional) - {"type"})
    if extra:
        raise Refused(f"a {kind!r} message has no field {brief(extra)}")
    given = {**fields, **{name: wanted for name, wanted in optional.items() if name in data}}
    for name, wanted in given.items():
        value = data.get(name)
        if type(value) is not wanted:
            raise Refused(f"a {kind!r} message's {name!r} is a {KINDS[wanted]}, not "
                          f"{brief(value)}")
        if isinstance(value, str) and len(value) > LONGEST_TEXT:
            raise Refused(f"a {kind!r} message's {name!r} has at most {LONGEST_TEXT} "
                          f"characters, not {len(value):,}")
    return kind, {name: data[name] for name in given}


def token(text: str) -> str:
    """A seat's token as a screen chose it: SHORTEST_TOKEN or more characters of URL-safe
    base64, as ``secrets.token_urlsafe(18)`` gives (a guessable one weakens only the seat
    of the screen that chose it)."""
    if len(text) < SHORTEST_TOKEN or not set(text) <= TOKEN_LETTERS:
        raise Refused(f"a token is {SHORTEST_TOKEN} or more letters, digits, '-' or '_' "
                      f"(secrets.token_urlsafe(18)), not {brief(text)}")
    return text


def name(text: str) -> str:
    """A player's name as a table keeps it: trimmed, 1 to ``LONGEST_NAME`` characters of
    text a board can show (no control characters)."""
    text = text.strip()
    if not 0 < len(text) <= LONGEST_NAME or not text.isprintable():
        raise Refused(f"a name has 1 to {LONGEST_NAME} letters, digits or signs, not "
                      f"{brief(text)}")
    return text


def code(text: str) -> str:
    """A join code as typed (any case, spaces around): its letters, or ``Refused``."""
    letters = text.strip().upper()
    if len(letters) != CODE_LENGTH or any(c not in CODE_LETTERS for c in letters):
        raise Refused(f"a join code is {CODE_LENGTH} letters (such as 'KXBT'), not "
                      f"{brief(text)}")
    return letters
