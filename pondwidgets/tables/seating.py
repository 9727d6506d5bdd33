"""The bots a table's creator may seat: the package's own, so that a client can make the
server run no code of its own, and search only within the table's budget."""

from __future__ import annotations

import random
from typing import Any

from ..core.bots import Bot, RandomBot
from ..core.clock import ManualClock
from ..core.search import MCTSBot
from ..games import Entry

# A search bot at a table thinks this many simulations a decision (0.04 s in Kecke Frösche
# to 0.1 s in Croak! on a laptop): the table's budget, whatever a client asks.
TABLE_SIMULATIONS = 200
TRIAL = 30  # decisions of a random trial game that show whether a game races


def offered(entry: Entry, races: bool) -> tuple[str, ...]:
    """The bots a table of ``entry`` offers: random, the game's own, and the search bot
    where no two seats ever act at once (it searches turn-based play only)."""
    return ("RandomBot", entry.bot_class) + (() if races else ("MCTSBot",))


def bot(entry: Entry, name: str, seed: int) -> Bot:
    """A new bot of the kind ``name`` (one ``offered``), seeded."""
    if name == "RandomBot":
        return RandomBot(seed)
    if name == "MCTSBot":
        return MCTSBot(TABLE_SIMULATIONS, seed=seed)
    made: Any = entry.bot(seed)  # (a SeededBot: a Bot, which the registry's type leaves out)
    return made


def races(entry: Entry, players: int, options: dict[str, Any]) -> bool:
    """Whether a game with these options lets several seats act at once: Rapidcroco's
    rounds, Froop!'s Panic. Told by the rules themselves, on a seeded random trial game
    (a race begins within the first decisions of every game that has one)."""
    cls: Any = entry.game
    game = cls(players, seed=0, clock=ManualClock(), **options)
    rng = random.Random(0)
    for _ in range(TRIAL):
        if len(game.seats_to_act) > 1:
            return True
        if game.is_over:
            return False
        seat = game.seats_to_act[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
    return False
