"""The public API carries complete type annotations, and the wheel says so (``py.typed``).

mypy checks the annotations themselves (``python -m mypy``, a step of ``tests/dev.sh
test``: strict for core and the registry, mypy's default mode for the games). What mypy's
default mode lets a game leave out, a parameter or a return with no annotation, this test
finds in what a user is handed: the names of every game package's ``__all__``, and the
public names each core module (and the registry) defines. A class counts with its public
methods, properties, ``__init__`` and ``__call__``, wherever they are defined (a game's
class inherits much of ``Game``)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import pondwidgets.core
from pondwidgets.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
DUNDERS = {"__init__", "__call__"}


def _modules() -> list[str]:
    core = [f"pondwidgets.core.{info.name}"
            for info in pkgutil.iter_modules(pondwidgets.core.__path__)]
    return ["pondwidgets.games", *sorted(core)]


def _public() -> dict[str, object]:
    """Every public name to check, as ``module.name``: the games' ``__all__`` (their
    boards included) and what core's modules and the registry define themselves."""
    found: dict[str, object] = {}
    for name in _modules():
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if (not attr.startswith("_") and getattr(value, "__module__", None) == name
                    and (inspect.isclass(value) or inspect.isfunction(value))):
                found[f"{name}.{attr}"] = value
    for game in GAMES:
        package = importlib.import_module(f"pondwidgets.{game}")
        for attr in package.__all__:
            value = getattr(package, attr)
            if inspect.isclass(value) or inspect.isfunction(value):
                found[f"pondwidgets.{game}.{attr}"] = value
    return found


def _ours(obj: object) -> bool:
    return getattr(obj, "__module__", "").startswith("pondwidgets")


def _gaps(where: str, function: Callable[..., Any], method: bool = False) -> list[str]:
    """What ``function`` leaves unannotated: its parameters (``self``/``cls`` aside) and
    its return (a decorated function's own, under its decorator)."""
    function = inspect.unwrap(function)
    if getattr(function, "__code__", None) is None:
        return []  # a C function
    annotations = getattr(function, "__annotations__", {})
    names = list(inspect.signature(function).parameters)
    if method and names and names[0] in ("self", "cls"):
        names = names[1:]
    gaps = [f"{where}: parameter {n!r}" for n in names if n not in annotations]
    # an __init__ with a parameter may leave out its ``-> None`` (PEP 484; so does mypy)
    if "return" not in annotations and not (where.endswith(".__init__") and names):
        gaps.append(f"{where}: return")
    return gaps


def _class_gaps(cls: type) -> list[str]:
    gaps: list[str] = []
    for klass in cls.__mro__:
        if not _ours(klass):
            continue
        for attr, value in vars(klass).items():
            if attr.startswith("_") and attr not in DUNDERS:
                continue
            at = f"{klass.__module__}.{klass.__qualname__}.{attr}"  # where it is defined
            if isinstance(value, property):
                gaps += [g for part in (value.fget, value.fset) if part is not None
                         for g in _gaps(at, part, method=True)
                         if not (part is value.fset and g.endswith(": return"))]
            elif isinstance(value, (staticmethod, classmethod)):
                gaps += _gaps(at, value.__func__, method=isinstance(value, classmethod))
            elif inspect.isfunction(value) and _ours(value):
                # (not a function a library made: a dataclass's __init__ is typed)
                gaps += _gaps(at, value, method=True)
    return gaps


def test_the_public_api_is_fully_annotated():
    gaps: list[str] = []
    seen: set[int] = set()
    for where, value in sorted(_public().items()):
        if id(value) in seen:
            continue  # RandomBot, exported by every game, is checked once
        seen.add(id(value))
        gaps += _class_gaps(value) if inspect.isclass(value) else _gaps(where, value)
    gaps = list(dict.fromkeys(gaps))
    assert not gaps, f"{len(gaps)} annotations missing in the public API:\n" + "\n".join(gaps)


def test_the_walk_finds_what_it_should():
    """The test above walks what it means to: every game's rules class and board, and
    core's pieces (a walk that finds nothing passes anything)."""
    public = _public()
    for name in ("pondwidgets.croak.CroakGame", "pondwidgets.froop.FroopBoard",
                 "pondwidgets.core.game.Game", "pondwidgets.core.widget.Board",
                 "pondwidgets.core.simulate.simulate", "pondwidgets.games.load_game"):
        assert name in public, name
    assert _gaps("f", _untyped) == ["f: parameter 'x'", "f: parameter 'y'", "f: return"]
    assert _gaps("f", _typed) == []


def _untyped(x, y=1):
    return x


def _typed(x: int, *rest: int, **named: str) -> int:
    return x


def test_py_typed_ships_in_the_wheel(tmp_path):
    """The package says it is typed (PEP 561): ``pondwidgets/py.typed`` is in the wheel,
    so mypy and pyright read pondwidgets' annotations in a user's own code."""
    assert (ROOT / "pondwidgets" / "py.typed").is_file()
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path),
         str(ROOT)], capture_output=True, text=True, timeout=300)
    if built.returncode:
        pytest.fail(f"pip wheel failed:\n{built.stdout}\n{built.stderr}")
    (wheel,) = tmp_path.glob("pondwidgets-*.whl")
    assert "pondwidgets/py.typed" in zipfile.ZipFile(wheel).namelist()
