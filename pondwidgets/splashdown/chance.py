"""Splash down's chance and copies: the exact odds of its chance events
(``chance_odds``; nothing is hidden, so ``sample_hidden`` redraws only chance to come),
and the quick copy that ``copy()`` and ``sample_hidden`` make. ``SplashdownGame``
(``rules.py``) binds these as its methods."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.copying import copy_by_table
from ..core.errors import BadArgument, GameError, brief
from .declaration import OVER, PUSH, PUSH_ROLL, ROLL

if TYPE_CHECKING:
    from .rules import Frog, SplashdownGame

PUSH_ODDS = {"success": Fraction(1, 2), "fail": Fraction(1, 3),
             "fail, and a life lost": Fraction(1, 6)}


# -- chance --------------------------------------------------------------------------------
def chance_odds(game: SplashdownGame, event: str | None = None, seat: int | None = None
                ) -> dict[Any, Fraction]:
    """The exact chance of each outcome of a chance event (the same for every seat:
    nothing is hidden): ``"die"`` (1 to 6, 1/6 each), ``"first-roll"`` (the higher of
    two dice: k with (2k-1)/36), ``"coin"`` (``heads``/``tails``, 1/2 each) or
    ``"push"`` (``success`` 1/2, ``fail`` 1/3, ``fail, and a life lost`` 1/6). With
    no event, the next chance event of the phase: the roll to come (``first-roll`` for
    the first turn without the re-roll option), a push's die in the push phases, and
    in the move phase the next die (a yellow pad's coin may come first)."""
    if seat is not None:
        game._check_seat(seat)
    if event is None:
        if game.phase == OVER:
            raise GameError("the game is over: no chance event is to come")
        if game.phase in (PUSH, PUSH_ROLL):
            event = "push"
        elif game.phase == ROLL and game.first_turn and not game.reroll:
            event = "first-roll"
        else:
            event = "die"
    if event == "die":
        return {k: Fraction(1, 6) for k in range(1, 7)}
    if event == "first-roll":
        return {k: Fraction(2 * k - 1, 36) for k in range(1, 7)}
    if event == "coin":
        return {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
    if event == "push":
        return dict(PUSH_ODDS)
    raise BadArgument(f"event: Splash down's chance events are 'die', 'first-roll', "
                      f"'coin' and 'push', not {brief(event)}")


# -- copies ------------------------------------------------------------------------------
def deepcopy(game: SplashdownGame, memo: dict) -> SplashdownGame:
    """``copy()`` and ``sample_hidden`` copy a game often (search bots): each container
    of the pond is copied by what it holds (numbers, strings: shared), not through
    deepcopy's generic walk. The map is shared: it never changes. What ``Game.copy`` has
    copied already (the record, the legal moves, the generator, the observers, the
    clock) is taken from ``memo``."""
    return copy_by_table(game, memo, _FAST_COPY)


def _frog(frog: Frog) -> Frog:
    twin = object.__new__(type(frog))  # (rules.py's Frog, not imported: it imports this)
    twin.seat, twin.pad, twin.lives = frog.seat, frog.pad, frog.lives
    twin.sets = [list(pair) for pair in frog.sets]
    twin.home, twin.left, twin.out = frog.home, frog.left, frog.out
    return twin


_FAST_COPY: dict[str, Callable[[Any], Any]] = {
    "frogs": lambda frogs: [_frog(frog) for frog in frogs],
    "last_chance": dict.copy,  # its values are numbers and strings
    **dict.fromkeys(("names", "flies", "dice", "push_frogs"), list),
    "map": lambda pond: pond,
}


__all__ = ["chance_odds"]
