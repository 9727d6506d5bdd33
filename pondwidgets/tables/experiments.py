"""The class's experiments, on the classroom's server, with no network in it: the seeds
each student is given, the results they send, checked and pooled, and what the teacher's
screen shows (``server.py`` carries the requests over HTTP, ``teacher.py`` pushes the
summary to the teacher's page).

A student **joins** an experiment (a game's simulation exercise, ``core.experiments``)
under a name and a token their kernel chose (``sharing.py``): they get a simulation seed
of their own, drawn here, so that no two students play the same games. They then **send**
the values of the first ``games`` games of that seed, with their count of successes (a
chance) or their count, sum and sum of squares (a mean). Every request is untrusted:

- each field is of its JSON type, and each number in its range, before anything else;
- the seed is the one this student was given, and the counts add up to the values;
- a random sample of the games, chosen here after the result arrives, is played again
  by the rules model from each game's own seed (``confirm``, on a worker thread): one
  that does not give the value sent refuses the whole result, so an invented count is
  refused with a message that says so;
- a name is one student's: another token asking for it is refused.

A refused request changes nothing. An accepted result replaces that student's last one;
the class's figures are recomputed from the pooled counts and sums (``core.experiments.
pool``), never by averaging estimates, and each accepted result adds a point to the
curve of the pooled estimate against the class's total games.
"""

from __future__ import annotations

import random
import secrets
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.errors import GameError, brief
from ..core.experiments import CHANCE, COUNTS, MOST_GAMES, Experiment, Tally, pool
from ..core.simulate import seeds
from ..games import GAMES
from . import protocol
from .limits import Window
from .protocol import Refused
from .table import digest

SAMPLE = 24  # games of each result played again here; all of a smaller result
LARGEST_BODY = 1_048_576  # bytes of a request: 100,000 values of a few digits each
MOST_NAMES = 12  # students one device may join as (a shared laptop, a few tabs)
REQUESTS, WINDOW = 30, 60.0  # requests one device may make in so many seconds
MOST_POINTS = 2000  # points of the pooled curve kept; the oldest go first
SEED_BITS = 63  # a student's seed, as core.simulate draws a game's

# Each request's fields and their JSON types; a result's counts depend on its kind.
JOIN: dict[str, type] = {"experiment": str, "name": str, "token": str}
SEND: dict[str, type] = {"experiment": str, "token": str, "seed": int, "games": int, "values": list}
KINDS = {int: "whole number", str: "text", list: "list"}  # for refusals


class SkippedExperiments(UserWarning):
    """Kept experiments that could not be read back: the class starts them afresh."""


class Storage(Protocol):
    """Where the class's experiments are kept across a restart (``store.py``)."""

    def save_experiments(self, state: dict[str, Any]) -> None: ...

    def load_experiments(self) -> dict[str, Any] | None: ...


@dataclass
class Student:
    """One student of the class: their name, device, and seed in each experiment."""

    name: str
    device: str
    seeds: dict[str, int] = field(default_factory=dict)  # experiment id -> seed


@dataclass(frozen=True)
class Result:
    """A result as sent, checked but not yet confirmed: whose (their token's digest),
    which seed, and each game's value."""

    experiment: Experiment
    student: str
    seed: int
    values: tuple[int, ...]

    @property
    def tally(self) -> Tally:
        return Tally.of(self.values)


def find(name: Any) -> Experiment:
    """The experiment ``"croak/pike_at_start"`` names, or ``Refused``."""
    game, _, exercise = str(name).partition("/")
    entry = GAMES.get(game)
    experiment = entry.experiments.get(exercise) if entry is not None else None
    if experiment is None:
        raise Refused(f"no experiment is named {brief(name)} (they are named like "
                      f"'croak/pike_at_start')")
    return experiment


def fields(request: Any, wanted: dict[str, type], kind: str) -> dict[str, Any]:
    """``request`` if it is a JSON object of exactly ``wanted``'s fields, each of its
    JSON type (``true`` is no whole number), else ``Refused`` naming what is wrong."""
    if not isinstance(request, dict):
        raise Refused(f"a {kind} is a JSON object, not {brief(request)}")
    missing = sorted(set(wanted) - set(request))
    extra = sorted(set(request) - set(wanted))
    if missing or extra:
        raise Refused(f"a {kind} has the fields {', '.join(wanted)}" + (
            f": {', '.join(missing)} missing" if missing else "") + (
            f"; no field {', '.join(map(repr, extra))}" if extra else ""))
    for name, kind_of in wanted.items():
        if type(request[name]) is not kind_of:
            raise Refused(f"a {kind}'s {name!r} is a {KINDS[kind_of]}, not "
                          f"{brief(request[name])}")
    return request


def whole(value: int, name: str, low: int, high: int) -> int:
    if not low <= value <= high:
        raise Refused(f"{name} is a whole number from {low:,} to {high:,}, not "
                      f"{brief(value)}")
    return value


class ClassExperiments:
    """The class's students and their results, by experiment. ``listeners`` are called
    after every change (the teacher's page); ``clock`` times the requests of each device
    (``time.monotonic`` by default); ``rng`` draws seeds and samples (the system's
    randomness: a student cannot foresee which of their games are played again);
    ``store``, if given, keeps everything after every change, and gives it back now.
    A student is known by their token's digest (``table.digest``), as a seat is: the
    token itself is never kept."""

    def __init__(self, clock: Callable[[], float] | None = None,
                 rng: random.Random | None = None, store: Storage | None = None) -> None:
        self.clock = clock if clock is not None else time.monotonic
        self.rng = rng if rng is not None else secrets.SystemRandom()
        self.store = store
        self.students: dict[str, Student] = {}  # token's digest -> student
        self.names: dict[str, str] = {}  # name, casefolded -> its student's digest
        self.results: dict[str, dict[str, Tally]] = {}  # experiment id -> digest -> tally
        self.curves: dict[str, list[Tally]] = {}  # experiment id -> the pooled, in turn
        self.requests = Window(REQUESTS, WINDOW)
        self.listeners: list[Callable[[], None]] = []
        kept = store.load_experiments() if store is not None else None
        if kept is not None:
            try:
                restore(self, kept)
            except (GameError, ValueError, TypeError, KeyError) as err:
                warnings.warn(f"the class's kept experiments are damaged, and skipped: "
                              f"{err}", SkippedExperiments, stacklevel=2)

    # -- requests ---------------------------------------------------------------------------
    def admit(self, device: str) -> None:
        """Count one request of ``device``; ``Refused`` once it has made too many."""
        now = self.clock()
        if self.requests.full(device, now):
            raise Refused(f"too many requests from this device: at most {REQUESTS} a "
                          f"minute. Wait a minute, then send again")
        self.requests.add(device, now)

    def join(self, device: str, request: Any) -> dict[str, Any]:
        """A student's seed in an experiment: the same one each time they ask."""
        asked = fields(request, JOIN, "join")
        experiment = find(asked["experiment"])
        name = protocol.name(asked["name"])
        token = digest(protocol.token(asked["token"]))
        student = self.students.get(token)
        holder = self.names.get(name.casefold())
        if holder is not None and holder != token:
            raise Refused(f"{name!r} is taken in this class: another student has that "
                          f"name. Choose another (add your initial)")
        if student is not None and student.name.casefold() != name.casefold():
            raise Refused(f"this token belongs to {student.name!r}: a new name asks for a "
                          f"token of its own")
        if student is None:
            if sum(s.device == device for s in self.students.values()) >= MOST_NAMES:
                raise Refused(f"at most {MOST_NAMES} students join from one device")
            student = self.students[token] = Student(name, device)
            self.names[name.casefold()] = token
        seed = student.seeds.get(experiment.id)
        if seed is None:
            seed = student.seeds[experiment.id] = self._new_seed(experiment)
            self._changed()  # the teacher sees who has joined, and waits for them
        return {"experiment": experiment.id, "name": student.name, "seed": seed,
                "most": MOST_GAMES}

    def _new_seed(self, experiment: Experiment) -> int:
        """A seed no other student of this experiment holds (nor a notebook's own, which
        are small): their games are other games."""
        held = {s.seeds.get(experiment.id) for s in self.students.values()}
        while True:
            seed = self.rng.getrandbits(SEED_BITS)
            if seed >= 2**32 and seed not in held:
                return seed

    def check(self, request: Any) -> Result:
        """A result as sent, if it is well formed and adds up; ``Refused`` else. Nothing
        changes: ``confirm`` plays a sample of its games, ``accept`` takes it."""
        if isinstance(request, dict):
            kind = self._kind_of(request)
            wanted = {**SEND, **{name: int for name in COUNTS[kind]}}
        else:
            wanted = SEND
        sent = fields(request, wanted, "result")
        experiment = find(sent["experiment"])
        token = digest(protocol.token(sent["token"]))
        student = self.students.get(token)
        if student is None or experiment.id not in student.seeds:
            raise Refused(f"join the experiment {experiment.id!r} first: its seed is "
                          f"given as you join")
        if sent["seed"] != student.seeds[experiment.id]:
            raise Refused(f"the seed {brief(sent['seed'])} is not yours: your games in "
                          f"{experiment.id!r} are those of the seed you were given, "
                          f"{student.seeds[experiment.id]}")
        games = whole(sent["games"], "games", 1, MOST_GAMES)
        values = sent["values"]
        if len(values) != games:
            raise Refused(f"a result of {games:,} games has {games:,} values, not "
                          f"{len(values):,}")
        low, high = experiment.bounds
        for index, value in enumerate(values):
            if not experiment.value_ok(value):
                raise Refused(f"game {index + 1}'s value is a whole number from {low} to "
                              f"{high} in this experiment, not {brief(value)}")
        for name, right in experiment.counts(values).items():
            if sent[name] != right:
                raise Refused(f"the counts do not add up: the values sent give {name} "
                              f"{right:,}, not {brief(sent[name])}")
        return Result(experiment, token, sent["seed"], tuple(values))

    def _kind_of(self, request: dict[str, Any]) -> str:
        try:
            return find(request.get("experiment")).kind
        except Refused:
            return CHANCE  # (refused by name as the fields are read)

    def confirm(self, result: Result) -> None:
        """Play a random sample of ``result``'s games again, each from its own seed:
        ``Refused`` if one does not give the value sent. Slow (a few games of the rules
        model): the server runs it on a worker thread, and it reads no shared state."""
        game_seeds = seeds(len(result.values), result.seed)
        sample = self.rng.sample(range(len(game_seeds)), min(SAMPLE, len(game_seeds)))
        for index in sorted(sample):
            played = result.experiment.trial(game_seeds[index])
            if played != result.values[index]:
                raise Refused(f"game {index + 1:,} of your seed gives {played}, not the "
                              f"{result.values[index]} sent: a result is the values your "
                              f"simulation gave, unchanged, so this one was not taken")

    def accept(self, result: Result) -> dict[str, Any]:
        """Take a confirmed result: it replaces the student's last in that experiment.
        The answer tells the student their estimate and the class's."""
        student = self.students[result.student]
        experiment = result.experiment
        taken = self.results.setdefault(experiment.id, {})
        taken[result.student] = result.tally
        pooled = pool(taken.values())
        curve = self.curves.setdefault(experiment.id, [])
        curve.append(pooled)
        del curve[:-MOST_POINTS]
        self._changed()
        return {"experiment": experiment.id, "name": student.name,
                "yours": _figures(result.tally, experiment.bounds),
                "class": _figures(pooled, experiment.bounds),
                "students": len(taken)}

    def clear(self, experiment_id: str) -> int:
        """The teacher's Clear: forget every result of that experiment (a practice run
        before the real one), keeping who joined and their seeds, so each may send again.
        How many results were cleared; ``Refused`` for an experiment nobody joined."""
        experiment = find(experiment_id)
        if not any(experiment.id in s.seeds for s in self.students.values()):
            raise Refused(f"no student has joined the experiment {experiment.id!r}")
        cleared = len(self.results.pop(experiment.id, {}))
        self.curves.pop(experiment.id, None)
        self._changed()
        return cleared

    def _changed(self) -> None:
        if self.store is not None:
            self.store.save_experiments(state(self))
        for listener in self.listeners:
            listener()

    # -- what the teacher sees ---------------------------------------------------------------
    def summary(self) -> list[dict[str, Any]]:
        """Every experiment a student has joined, in the order of their games: its
        students' figures by name, the class's, and the pooled curve."""
        joined: dict[str, Experiment] = {}
        for student in self.students.values():
            for experiment_id in student.seeds:
                joined.setdefault(experiment_id, find(experiment_id))
        out = []
        for experiment_id in sorted(joined, key=_order):
            experiment = joined[experiment_id]
            taken = self.results.get(experiment_id, {})
            bounds = experiment.bounds
            rows = sorted(({"name": self.students[token].name, **_figures(tally, bounds)}
                           for token, tally in taken.items()),
                          key=lambda r: r["name"].casefold())
            waiting = sorted(s.name for token, s in self.students.items()
                             if experiment_id in s.seeds and token not in taken)
            exact = experiment.exact()
            pooled = pool(taken.values())
            out.append({
                "id": experiment_id, "game": experiment.game,
                "title": GAMES[experiment.game].title, "question": experiment.question,
                "kind": experiment.kind,
                "exact": None if exact is None else {"value": exact[0], "text": exact[1]},
                "students": rows, "waiting": waiting,
                "class": _figures(pooled, bounds) if pooled.count else None,
                "curve": [_figures(point, bounds)
                          for point in self.curves.get(experiment_id, [])]})
        return out


def _order(experiment_id: str) -> tuple[int, int]:
    """Games in the registry's order, each game's experiments in its notebook's."""
    game, _, name = experiment_id.partition("/")
    names = list(GAMES[game].experiments)
    return list(GAMES).index(game), names.index(name)


def _figures(tally: Tally, bounds: tuple[int, int]) -> dict[str, Any]:
    """A tally as the teacher's page and a student's answer show it: its counts (from
    which the estimate is exactly ``total / games``) and its 95% interval, within what a
    game can give (a chance's from 0 to 1: few games would reach past them)."""
    estimate, low, high = tally.interval()
    low, high = max(low, bounds[0]), min(high, bounds[1])
    return {"games": tally.count, "total": tally.total, "estimate": estimate, "low": low,
            "high": high}


# -- kept across a restart ------------------------------------------------------------------
def state(room: ClassExperiments) -> dict[str, Any]:
    """Everything the class's experiments hold, as JSON: the students (by their token's
    digest), their seeds, their results' tallies, and the curves."""
    return {
        "students": {key: {"name": s.name, "device": s.device, "seeds": s.seeds}
                     for key, s in room.students.items()},
        "results": {eid: {key: [t.count, t.total, t.squares] for key, t in taken.items()}
                    for eid, taken in room.results.items()},
        "curves": {eid: [[t.count, t.total, t.squares] for t in curve]
                   for eid, curve in room.curves.items()}}


def restore(room: ClassExperiments, kept: dict[str, Any]) -> None:
    """Take back what ``state`` gave, or ValueError (or TypeError, KeyError) saying what
    is damaged in it: then nothing is taken."""
    students = {str(key): Student(str(s["name"]), str(s["device"]),
                                  {find(eid).id: _whole(seed) for eid, seed in
                                   dict(s["seeds"]).items()})
                for key, s in dict(kept["students"]).items()}
    results = {find(eid).id: {str(key): _tally(t) for key, t in dict(taken).items()}
               for eid, taken in dict(kept["results"]).items()}
    curves = {find(eid).id: [_tally(t) for t in curve][-MOST_POINTS:]
              for eid, curve in dict(kept["curves"]).items()}
    if any(key not in students for taken in results.values() for key in taken):
        raise ValueError("a result is of no student")
    room.students, room.results, room.curves = students, results, curves
    room.names = {s.name.casefold(): key for key, s in students.items()}


def _whole(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"not a seed: {value!r}")
    return value


def _tally(kept: Any) -> Tally:
    count, total, squares = kept
    if not all(type(n) is int for n in kept) or count < 1 or squares < 0:
        raise ValueError(f"not a tally: {kept!r}")
    return Tally(count, total, squares)
