"""Saving a game as data and loading it by replay: the save's dictionary (``Game.to_dict``),
sealed with a digest, and ``Game.from_dict``, which checks a save and plays its decisions
again at their times, as undo does (``replay``). ``Game`` binds these as its methods;
the files beside the notebook are ``core.saves``'."""

from __future__ import annotations

import copy as _copy
import hashlib
import json
from typing import TYPE_CHECKING, Any, TypeVar

from .clock import Clock
from .errors import BadSave, GameError, IllegalMove, brief
from .game_arguments import game_clock

if TYPE_CHECKING:
    from .game import Game

SAVE_FORMAT = "pondwidgets-save"
MAX_SECONDS = 1e9  # a decision's time after the start, in a save: under about 31 years
_G = TypeVar("_G", bound="Game")  # a game's own class: CroakGame.from_dict gives a CroakGame


def to_dict(game: Game) -> dict[str, Any]:
    """A JSON-safe save: format version, options, seed, explicit start (if any) and the
    decisions made, sealed with a digest so that a changed save is refused."""
    game._not_sampled("saved")
    body = {
        "format": SAVE_FORMAT,
        "version": game.SAVE_VERSION,
        "game": game.NAME,
        # The caller's own copies: a save changed after it was made changes no game.
        "options": _copy.deepcopy(game.options),
        "seed": game.seed,
        "position": _copy.deepcopy(game.position),
        "decisions": [[seat, str(move), round(time - game.started, 3)]
                      for (seat, move), time in zip(game.history, game.times, strict=True)],
    }
    return {**body, "digest": digest_of(body)}


def from_dict(cls: type[_G], data: Any, clock: Clock | None = None) -> _G:
    """``cls.from_dict(data, clock)``: rebuild a game from ``to_dict()`` output by replaying
    its decisions. Raises BadSave saying what is wrong; a damaged save can never yield an
    unreachable state."""
    clock = game_clock(clock)  # a bad clock is the caller's argument, not the save's fault
    if not isinstance(data, dict):
        raise BadSave(f"a save is a dictionary, not {type(data).__name__}")
    expected = {"format", "version", "game", "options", "seed", "position", "decisions",
                "digest"}
    if set(data) != expected:
        missing, extra = expected - set(data), set(data) - expected
        raise BadSave("this is not a pondwidgets save: "
                      + ", ".join([f"missing {sorted(missing)}"] * bool(missing)
                                  + [f"unknown {sorted(extra)}"] * bool(extra)))
    if data["format"] != SAVE_FORMAT:
        raise BadSave(f"this is not a pondwidgets save (format {brief(data['format'])})")
    if data["game"] != cls.NAME:
        raise BadSave(f"this save is a {brief(data['game'])} game, not {cls.NAME!r}")
    if data["version"] != cls.SAVE_VERSION:
        raise BadSave(f"this save has format version {brief(data['version'])}; this version "
                      f"of pondwidgets reads version {cls.SAVE_VERSION}")
    body = {k: v for k, v in data.items() if k != "digest"}
    try:
        digest = digest_of(body)
    except (TypeError, ValueError) as err:
        raise BadSave(f"the save holds data that is not JSON: {err}") from None
    except RecursionError:
        raise BadSave("the save is nested too deeply to be a pondwidgets save") from None
    if data["digest"] != digest:
        raise BadSave("the save was changed after it was written (its digest does not "
                      "match its contents)")
    if not isinstance(data["options"], dict) or not isinstance(data["decisions"], list):
        raise BadSave("the save's options or decisions are malformed")
    if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
        raise BadSave(f"the save's seed must be a whole number, not {brief(data['seed'])}")
    try:
        game = cls(**data["options"], seed=data["seed"], position=data["position"],
                   clock=clock)
    except (GameError, TypeError) as err:
        raise BadSave(f"the save's options or starting position are invalid: {err}") from None
    game._replay(data["decisions"], checked=True)
    if game.times:  # the game goes on from its last decision, in this clock's time
        game.resume()
    return game


def replay(game: Game, decisions: list[Any], checked: bool = False) -> None:
    """Play recorded ``[seat, move, seconds after the start]`` decisions again, at their
    recorded times, telling observers nothing until the end."""
    game._replaying = True
    try:
        for number, entry in enumerate(decisions, start=1):
            try:
                seat, move, offset = entry
                if not isinstance(offset, int | float) or isinstance(offset, bool) \
                        or not 0 <= offset < MAX_SECONDS:
                    raise IllegalMove(f"{brief(offset)} is not a time in seconds")
                if game.started + offset < game.last_time - 0.001:
                    raise IllegalMove("its time is earlier than the decision before it")
                game.play_at(game.started + offset, move, seat)
            except (GameError, TypeError, ValueError) as err:
                if not checked:
                    raise
                raise BadSave(f"decision {number} of the save ({brief(entry)}) cannot be "
                              f"replayed: {err}") from None
    finally:
        game._replaying = False


def digest_of(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(canonical.encode()).hexdigest()
