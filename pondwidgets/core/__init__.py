"""Game-agnostic foundation: the rules-model base class, errors, clocks, notation, bots
(the search bot included), simulation and tournaments, and the board base. Only the board
base (``core.widget``, ``core.bundle``) imports ipywidgets, anywidget or traitlets, and
nothing imports it but a game's board: a game's rules, bots, simulations and saves load no
Jupyter module (``tests/conformance/test_no_jupyter.py``, docs/design.md#two-floors)."""

from .bots import Bot, BotDriver, BotsStopped, Guarded, RandomBot
from .clock import ManualClock, SystemClock
from .errors import (
    BadArgument,
    BadNotation,
    BadPosition,
    BadSave,
    BotError,
    GameError,
    IllegalMove,
)
from .game import Deadline, Event, Game, why_not
from .notation import parse_square, square_name
from .search import MCTSBot
from .simulate import GameResult, simulate, win_rate, wins_alone
from .tournament import round_robin

__all__ = [
    "BadArgument", "BadNotation", "BadPosition", "BadSave", "Bot", "BotDriver", "BotError",
    "BotsStopped", "Deadline", "Event", "Game", "GameError", "GameResult", "Guarded",
    "IllegalMove", "MCTSBot", "ManualClock", "RandomBot", "SystemClock", "parse_square",
    "round_robin", "simulate", "square_name", "why_not", "win_rate", "wins_alone",
]
