"""Checks for the arguments of every constructor and function of the package: each
refuses a bad value with :class:`~pondwidgets.core.errors.BadArgument`, naming the
argument and what it should be, before anything is changed.

Numbers are compared without converting to float first: ``10**400`` is a whole number
that no float holds, and ``math.isfinite(10**400)`` raises ``OverflowError``.
"""

from __future__ import annotations

import functools
import inspect
import math
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, ParamSpec, Protocol, TypeGuard, TypeVar, overload

from .errors import BadArgument, brief

if TYPE_CHECKING:
    from .game import Game

P = ParamSpec("P")
R = TypeVar("R", covariant=True)
T = TypeVar("T")


def _real(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def finite(value: Any) -> TypeGuard[int | float]:
    """Whether ``value`` is a number (not a bool) that a float holds: not NaN, not an
    infinity, not a whole number too big for a float."""
    if not _real(value):
        return False
    if isinstance(value, int):
        return abs(value) <= 1e300  # a float holds it (comparing an int never overflows)
    return math.isfinite(value)


def flag(value: Any, name: str) -> bool:
    """``value`` if it is True or False (not 1, not "yes")."""
    if not isinstance(value, bool):
        raise BadArgument(f"{name} is True or False, not {brief(value)}")
    return value


def whole(value: Any, name: str, low: int | None = None, high: int | None = None,
          what: str = "a whole number") -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high`` (None: no bound)."""
    if not isinstance(value, int) or isinstance(value, bool) \
            or (low is not None and value < low) or (high is not None and value > high):
        raise BadArgument(f"{name} is {what}{_bounds(low, high)}, not {brief(value)}")
    return value


def number(value: Any, name: str, low: float | None = None, high: float | None = None,
           what: str = "a number", above: bool = False) -> float:
    """``value`` as a float if it is a finite number (not a bool) from ``low`` to ``high``
    (``above``: strictly above ``low``)."""
    if not finite(value) or (low is not None and (value <= low if above else value < low)) \
            or (high is not None and value > high):
        bounds = f" above {low:g}" if above and high is None else _bounds(low, high)
        raise BadArgument(f"{name} is {what}{bounds}, not {brief(value)}")
    return float(value)


SEED_BITS = 3_000  # about 900 digits: a seed a save can write (Python writes 4,300 at most)
MOST = 10_000_000  # games, deals or trials a helper plays: more would run for days
LONGEST_GAME = 10**9  # the most turns or rounds a game's max_turns (max_rounds) may allow


def seed(value: Any, name: str = "seed") -> int | None:
    """``value`` if it is None (a fresh seed) or a whole number (not a bool) that a save can
    write: a random generator takes any, but Python cannot write a number of 4,300 digits."""
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                              or value.bit_length() > SEED_BITS):
        raise BadArgument(f"{name} is a whole number (of fewer than 900 digits) or None, not "
                          f"{brief(value)}")
    return value


def count(value: Any, name: str, low: int = 1, high: int = MOST,
          what: str = "a number of games") -> int:
    """``value`` if it is a whole number of games, deals or trials to play, from ``low`` to
    ``high`` (by default 1 to ``MOST``: a simulation of 10**400 games would never end)."""
    return whole(value, name, low, high, what)


@overload
def folder(value: Any, name: str, what: str = ..., *, none: Literal[False]) -> Path: ...
@overload
def folder(value: Any, name: str, what: str = ..., none: bool = True) -> Path | None: ...
def folder(value: Any, name: str, what: str = "a folder's path", none: bool = True
           ) -> Path | None:
    """``value`` as a ``Path`` if it is a path (a ``str`` or an ``os.PathLike``, with no
    NUL character, which no file system allows), or None when ``none`` allows it."""
    if value is None and none:
        return None
    if isinstance(value, str | os.PathLike):
        try:
            path = Path(value)
        except TypeError:  # a PathLike whose __fspath__ gives no str
            path = None
        if path is not None and "\0" not in str(path):
            return path
    raise BadArgument(f"{name} is {what} (a str or a Path){' or None' * none}, not "
                      f"{brief(value)}")


def function(value: Any, name: str, what: str = "a function") -> Any:
    """``value`` if it can be called."""
    if not callable(value):
        raise BadArgument(f"{name} is {what}, not {brief(value)}")
    return value


def one_of(value: Any, name: str, allowed: Iterable[Any]) -> Any:
    """``value`` if it is one of ``allowed`` (compared by type too: True is not 1)."""
    allowed = list(allowed)
    if not any(type(value) is type(a) and value == a for a in allowed):
        raise BadArgument(f"{name} is one of {', '.join(map(repr, allowed))}, "
                          f"not {brief(value)}")
    return value


def text(value: Any, name: str, longest: int = 200, what: str = "a text") -> str:
    """``value`` if it is a ``str`` of at most ``longest`` characters."""
    if not isinstance(value, str) or len(value) > longest:
        raise BadArgument(f"{name} is {what} of at most {longest:,} characters, not "
                          f"{brief(value)}")
    return value


def simulation_seed(value: Any, name: str = "seed") -> int:
    """``value`` if it is a simulation's seed, as ``core.simulate`` takes one: a whole
    number from 0 to 2**64 - 1."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**64:
        raise BadArgument(f"{name} is a whole number from 0 to 2**64 - 1, not {brief(value)}")
    return value


def instance(value: Any, name: str, kind: type | tuple[type, ...], what: str) -> Any:
    """``value`` if it is an instance of ``kind``."""
    if not isinstance(value, kind):
        raise BadArgument(f"{name} is {what}, not {brief(value)}")
    return value


def results(value: Any, name: str = "results") -> Any:
    """``value`` if it is a list (or tuple) of one simulated game's result or more, each
    with ``winners`` and ``value`` (``core.simulate.GameResult``)."""
    if not isinstance(value, list | tuple) or not value or not all(
            hasattr(r, "winners") and hasattr(r, "value") for r in value):
        raise BadArgument(f"{name} is a list of one game's result or more (what a "
                          f"simulation returns), not {brief(value)}")
    return value


def items(value: Any, name: str, each: Rule, low: int = 1, high: int = MOST,
          what: str = "a list") -> Any:
    """``value`` if it is a list or tuple of ``low`` to ``high`` entries, each passing
    ``each`` (named ``name[i]``)."""
    if not isinstance(value, list | tuple | range) or not low <= len(value) <= high:
        raise BadArgument(f"{name} is {what} ({low:,} to {high:,} entries), not "
                          f"{brief(value)}")
    for i, entry in enumerate(value):
        each(entry, f"{name}[{i}]")
    return value


# -- rules: a check with its bounds given now, for ``checked`` -------------------------------
Rule = Callable[[Any, str], Any]


def rule(check: Callable[..., Any], *args: Any, **kwargs: Any) -> Rule:
    """``check`` (one of the checks above) with its other arguments given now:
    ``rule(whole, 1, 6)`` checks ``whole(value, name, 1, 6)``."""
    return lambda value, name: check(value, name, *args, **kwargs)


def checked_in_init(value: Any, name: str) -> Any:
    """The value as given: the rule of an option whose check needs the other arguments
    (how many colours depends on ``players``), so that ``__init__`` checks it itself."""
    return value


def optional(check: Rule) -> Rule:
    """``check``, or None."""
    return lambda value, name: None if value is None else check(value, name)


class Checked(Protocol[P, R]):
    """A function of the package whose arguments ``checked`` checks: called as the
    function is; ``__wrapped__`` is the function itself, unchecked (for a loop that made
    its arguments itself)."""

    @property
    def __wrapped__(self) -> Callable[P, R]: ...

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...


def checked(**rules: Rule) -> Callable[[Callable[P, T]], Checked[P, T]]:
    """A decorator for a function of the package: before it runs, each argument named in
    ``rules`` (given, or left at its default) is checked by its rule, ``rule(value,
    name)``, which raises BadArgument naming it. A call the function's signature refuses
    (an argument missing, unknown or given twice) is a BadArgument too, naming it."""

    def decorate(fn: Callable[P, T]) -> Checked[P, T]:
        signature = inspect.signature(fn)
        unknown = set(rules) - set(signature.parameters)
        if unknown:  # a mistake in the package itself, found when it is imported
            raise TypeError(f"{fn.__qualname__} has no argument {sorted(unknown)}")

        @functools.wraps(fn)
        def with_checks(*args: P.args, **kwargs: P.kwargs) -> T:
            try:
                bound = signature.bind(*args, **kwargs)
            except TypeError as err:
                raise BadArgument(f"{fn.__name__}(): {err}") from None
            bound.apply_defaults()
            for name, check in rules.items():
                check(bound.arguments[name], name)
            return fn(*args, **kwargs)

        return with_checks

    return decorate


def game_options(value: Any, name: str, game_class: type[Game], players: Any = None
                 ) -> dict[str, Any]:
    """``value`` if it is a dictionary of options that ``game_class`` takes (its declared
    ``OPTIONS``), as a simulation passes
    them on to every game it makes: an unknown one raises BadArgument naming it, and a
    game is made once (for ``players``, else the fewest) so that a bad value is refused
    now, naming its option, rather than from inside the simulation."""
    if not isinstance(value, dict):
        raise BadArgument(f"{name} is a dictionary of {game_class.TITLE}'s options, not "
                          f"{brief(value)}")
    offered = game_class.OPTIONS.names()
    for option in value:
        if option not in offered:
            raise BadArgument(f"{brief(option)} is not an option of {game_class.TITLE} (its "
                              f"options are {', '.join(offered) or 'none'})")
    make: Callable[..., Game] = game_class  # each game's constructor takes its own arguments
    make(game_class.PLAYERS[0] if players is None else players, seed=0, **value)
    return value


def games(value: Any, name: str) -> int:
    """A number of games, deals or trials to play: 1 to ``MOST``."""
    return count(value, name)


def _bounds(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {_figure(low)} to {_figure(high)}"
    if low is not None:
        return f", {_figure(low)} or more"
    if high is not None:
        return f", {_figure(high)} or less"
    return ""


def _figure(bound: float) -> str:
    """A bound as people write it: 10,000,000 (not 1e+07), 0.5."""
    return f"{bound:,}" if isinstance(bound, int) else f"{bound:g}"
