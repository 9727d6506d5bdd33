"""RapidBot: a Rapidcroco player with a human-like reaction time and a set error rate.

Its reaction time, from the moment the criteria are turned, is drawn from a log-normal
distribution (reaction times are right-skewed: most answers are near the typical time, a
few are much slower)::

    seconds = (look + step * arms) * exp(spread * Z),   Z ~ Normal(0, 1)

``arms`` is the number of arms to follow from the suspect to the culprit (0 in the Kid
variant or when the suspect is in a hand), so a long path takes longer to follow, as it
does for people. The median is ``look + step * arms``; ``spread`` 0 makes it exact.
With probability ``error_rate`` the bot arrests the wrong Croc: one of the path's other
Crocs (stopping too early, or going one arm too far — the mistakes people make), else
any other Croc. Tune ``look``, ``step`` and ``error_rate`` for a fair opponent.

The bot reads only what is on the table: the criteria and the grid.
"""

from __future__ import annotations

import math

from ..core.arguments import number
from ..core.bots import SeededBot
from .cards import BY_FACES
from .culprit import CulpritPath, culprit
from .declaration import DEAL
from .rules import RapidcrocoGame


class RapidBot(SeededBot):
    """``RapidBot(seed, look=2.5, step=0.8, spread=0.3, error_rate=0.1, pause=5.0)``:
    ``pause`` is how long it waits before turning the criteria when it deals: time for
    the people at the table to watch the last round's path replayed."""

    def __init__(self, seed: int | None = None, *, look: float = 2.5, step: float = 0.8,
                 spread: float = 0.3, error_rate: float = 0.1, pause: float = 5.0):
        for name, value in (("look", look), ("step", step), ("spread", spread),
                            ("pause", pause)):
            number(value, name, 0, what="a number of seconds")  # BadArgument (a ValueError)
        number(error_rate, "error_rate", 0, 1, what="a probability")
        self.look, self.step, self.spread = look, step, spread
        self.error_rate, self.pause = error_rate, pause
        super().__init__(seed)

    def solve(self, game: RapidcrocoGame) -> CulpritPath | None:
        """The round's path as the bot follows it from the table (None: suspect in a hand)."""
        site = game.suspect_site()
        return culprit(game.grid_text(), site, game.variant) if site is not None else None

    def delay(self, game: RapidcrocoGame, seat: int) -> float:
        """Seconds until this bot decides, drawn when it starts looking."""
        if game.phase == DEAL:
            return self.pause
        path = self.solve(game)
        arms = len(path.sites) - 1 if path is not None else 0
        return (self.look + self.step * arms) * math.exp(self.spread * self.rng.gauss(0, 1))

    def __call__(self, game: RapidcrocoGame, seat: int) -> str:
        if game.phase == DEAL:
            return "reveal"
        path = self.solve(game)
        criteria = game.criteria
        assert criteria is not None  # a race: the criteria are turned
        right = f"arrest {path.culprit}" if path is not None else \
            f"arrest {BY_FACES[criteria].name}"
        legal = {str(m) for m in game.legal_moves(seat)}
        if right not in legal:  # the culprit is this bot's own Croc: it cannot win it
            return "pass"
        if self.rng.random() >= self.error_rate:
            return right
        near = [f"arrest {s}" for s in (path.sites if path is not None else ())]
        wrong = [m for m in near if m in legal and m != right] or \
            sorted(m for m in legal if m.startswith("arrest") and m != right)
        return self.rng.choice(wrong) if wrong else right

    def __repr__(self) -> str:
        return (f"RapidBot(look={self.look}, step={self.step}, spread={self.spread}, "
                f"error_rate={self.error_rate})")
