"""A class experiment: one simulation exercise of a game, declared once so that every
student can play games of their own and the class pools them (``pondwidgets.tables``
carries the results to the teacher's screen).

An :class:`Experiment` names the question, says whether it estimates a chance (each game
gives 1 or 0) or a mean (each game gives a whole number within ``bounds``), and holds
``trial(game_seed)``: one game's value, played by the rules model from that game's seed
alone. A simulation of ``n`` games from a simulation seed plays the games of
``seeds(n, seed)`` (``core.simulate``), so ``experiment.samples(n, seed)`` is the
notebook's own simulation, and any one of its games can be played again by itself: the
server re-runs a sample of a student's games to confirm what they sent.

A :class:`Tally` is what a result comes to: its count, sum and sum of squares. Tallies
add, so the class's estimate is computed from the pooled counts, never by averaging
estimates of different sizes; its interval is the one ``core.estimates`` draws.

Nothing here imports Jupyter or a network library.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from .simulate import seeds

if TYPE_CHECKING:
    from .exercises import Exercise

__all__ = ["CHANCE", "COUNTS", "MEAN", "MOST_GAMES", "Experiment", "Tally", "experiments",
           "pool"]

CHANCE, MEAN = "chance", "mean"
MOST_GAMES = 100_000  # games one student's result may hold: their block of a seed's games
# What a result states of its games besides their values, by kind (Experiment.counts).
COUNTS = {CHANCE: ("successes",), MEAN: ("count", "sum", "squares")}
Z = 1.96  # standard errors either side: a 95% interval, as the notebooks' plots draw


@dataclass(frozen=True)
class Tally:
    """``count`` games whose values add up to ``total``, their squares to ``squares``."""

    count: int = 0
    total: int = 0
    squares: int = 0

    @classmethod
    def of(cls, values: Iterable[int]) -> Tally:
        count = total = squares = 0
        for value in values:
            count, total, squares = count + 1, total + value, squares + value * value
        return cls(count, total, squares)

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.count + other.count, self.total + other.total,
                     self.squares + other.squares)

    @property
    def mean(self) -> Fraction:
        """The estimate, exactly: the sum over the count."""
        if not self.count:
            raise ValueError("a tally of no games has no mean")
        return Fraction(self.total, self.count)

    def interval(self, z: float = Z) -> tuple[float, float, float]:
        """``(estimate, low, high)``: the mean and ``z`` standard errors either side, the
        spread being the games' sample standard deviation (``n - 1``), as
        ``core.estimates.confidence_interval`` gives it for the same games."""
        n = self.count
        mean = self.mean
        spread = (self.squares - n * mean * mean) / max(n - 1, 1)  # exact: a Fraction
        half = z * math.sqrt(spread) / math.sqrt(n)
        return float(mean), float(mean) - half, float(mean) + half


def pool(tallies: Iterable[Tally]) -> Tally:
    """The tally of every game of ``tallies``: the class's, from each student's."""
    return sum(tallies, Tally())


@dataclass(frozen=True)
class Experiment:
    """One simulation exercise as a class runs it: ``game`` (its registry name) and
    ``name`` (unique in the game) make its ``id``; ``question`` says what is estimated,
    as the notebook's plot labels it; ``trial(game_seed)`` is one game's value; ``kind``
    is ``CHANCE`` (values 1 or 0) or ``MEAN`` (whole numbers from ``bounds[0]`` to
    ``bounds[1]``); ``exercise`` is the checker whose answer the teacher may show (None:
    no checker has one, the class's estimate is all there is)."""

    game: str
    name: str
    question: str
    trial: Callable[[int], int]
    kind: str = CHANCE
    bounds: tuple[int, int] = (0, 1)
    exercise: Exercise | None = None

    def __post_init__(self) -> None:
        if self.kind not in (CHANCE, MEAN):
            raise ValueError(f"an experiment's kind is {CHANCE!r} or {MEAN!r}, not "
                             f"{self.kind!r}")
        if self.kind == CHANCE and self.bounds != (0, 1):
            raise ValueError(f"experiment {self.name!r}: a chance's games give 1 or 0")
        if not self.bounds[0] < self.bounds[1]:
            raise ValueError(f"experiment {self.name!r}: bounds are (lowest, highest)")

    @property
    def id(self) -> str:
        """``"croak/pike_at_start"``: how the class's server and the teacher name it."""
        return f"{self.game}/{self.name}"

    def samples(self, games: int, seed: int) -> list[int]:
        """The values of the games of ``seeds(games, seed)``: the notebook's simulation."""
        return [self.trial(game_seed) for game_seed in seeds(games, seed)]

    def counts(self, values: Iterable[int]) -> dict[str, int]:
        """What a result of these games states beside them (``COUNTS``): for a chance
        the successes; for a mean the count, the sum and the sum of squares."""
        tally = Tally.of(values)
        if self.kind == CHANCE:
            return {"successes": tally.total}
        return {"count": tally.count, "sum": tally.total, "squares": tally.squares}

    def value_ok(self, value: object) -> bool:
        """Whether ``value`` is one a game of this experiment can give."""
        low, high = self.bounds
        return type(value) is int and low <= value <= high

    def exact(self) -> tuple[float, str] | None:
        """The answer the teacher may show beside the class's estimate, as a number and in
        words (``(0.125, "1/8 ≈ 0.125")``), or None when no checker holds one. A checker
        whose answer is itself an estimate says so."""
        if self.exercise is None:
            return None
        answer = self.exercise.answer
        if not self.exercise.exact:
            note = self.exercise.estimate_note
            return float(answer), f"≈ {float(answer):.4f}, the model's estimate" + (
                f" {note}" if note else "")
        value = Fraction(answer)
        if value.denominator == 1:
            return float(value), str(value.numerator)
        return float(value), f"{value} ≈ {float(value):.4f}"


def experiments(*declared: Experiment) -> dict[str, Experiment]:
    """A game's experiments by name, as its ``experiments.py`` lists them: each name once,
    all of one game."""
    by_name: dict[str, Experiment] = {}
    for experiment in declared:
        if experiment.name in by_name:
            raise ValueError(f"two experiments are named {experiment.name!r}")
        by_name[experiment.name] = experiment
    if len({e.game for e in declared}) > 1:
        raise ValueError("a game's experiments are all of that game")
    return by_name
