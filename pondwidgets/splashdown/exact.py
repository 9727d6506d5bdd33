"""The exact answers of Splash down's probability exercises, in ``Fraction``: the first
roll, a push and yellow pads by listing every outcome, and the careful runner's trip by a
Markov chain over its pad, its lives and its heading (``exercises`` checks and offers them)."""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.arguments import checked, flag, instance, one_of, rule, whole
from ..core.errors import BadArgument, brief
from .rules import SplashdownGame

__all__ = [
    "COIN", "FACES", "HOME", "HOME_LONG", "HOME_LONG_FIRST_TURN", "LIVES", "Pond",
    "first_roll_mean_exact", "first_roll_odds", "first_roll_six_exact", "home_at_all",
    "home_chances", "push_exact", "push_outcome", "runner_choice", "yellow_safe_exact",
    "yellow_survive_exact",
]

FACES = range(1, 7)  # a fair d6: the die, and the frog die of a push
COIN = ("heads", "tails")  # a fair coin: tails costs a life on a yellow pad
LIVES = 5
HOME = "home"
RISK = {"green": 0, "dark-green": 0, "yellow": 1, "red": 2, HOME: 0}  # the runner's order
# The arguments' checks (BadArgument naming the argument), shared by the helpers below
# (and by those of exercises.py).
FACE = rule(whole, 1, 6, "a face of the die")
PUSHED = rule(whole, 1, 5, "a number of frogs")  # a game holds at most six frogs
LIVES_RULE = rule(whole, 1, LIVES, "a number of lives")
LANDINGS = rule(whole, 0, 1000, "a number of landings")
TURNS = rule(whole, 0, 1000, "a number of turns")


# -- 1. The first turn: the better of two dice ---------------------------------------------
def first_roll_odds() -> dict[int, Fraction]:
    """The distribution of the first player's first roll, the higher of two dice: all 36
    ordered pairs of faces, equally likely, counted."""
    counts = Counter(max(a, b) for a in FACES for b in FACES)
    return {k: Fraction(counts[k], len(FACES) ** 2) for k in FACES}


def first_roll_six_exact() -> Fraction:
    """The chance that the first player's first roll is a 6."""
    return first_roll_odds()[6]


def first_roll_mean_exact() -> Fraction:
    """The mean of the first player's first roll."""
    return sum((k * p for k, p in first_roll_odds().items()), Fraction(0))


# -- 2. A push -------------------------------------------------------------------------------
@checked(face=FACE)
def push_outcome(face: int) -> str:
    """What a push's roll of ``face`` does, as the rules say."""
    if face % 2 == 0:
        return "success"
    return "fail, and a life lost" if face == 1 else "fail"


@checked(colour=rule(one_of, ("green", "yellow", "red", "dark-green")), pushed=PUSHED,
         lives=LIVES_RULE)
def push_exact(colour: str = "yellow", pushed: int = 2, lives: int = LIVES) -> dict:
    """A frog with ``lives`` lives lands on a ``colour`` pad where ``pushed`` frogs stand,
    and pushes: every toss of the coin (a yellow pad) and every face of the frog die,
    equally likely, listed. Returns the mover's expected lives lost (``"mover"``), the
    chance it loses at least one (``"mover_hurt"``), and the pushed frogs' expected lives
    lost, all together (``"pushed"``)."""
    pads = {"green": [(Fraction(1), 0)], "dark-green": [(Fraction(1), 0)],
            "yellow": [(Fraction(1, 2), 0), (Fraction(1, 2), 1)], "red": [(Fraction(1), 1)]}
    if colour == "dark-green":
        raise BadArgument("colour: nobody on a dark-green pad can be pushed")
    mover = hurt = pushed_lost = Fraction(0)
    for p_pad, pad_loss in pads[colour]:
        if pad_loss >= lives:  # out before it can push
            mover += p_pad * pad_loss
            hurt += p_pad
            continue
        for face in FACES:
            p = p_pad * Fraction(1, len(FACES))
            outcome = push_outcome(face)
            lost = pad_loss + (outcome == "fail, and a life lost")
            mover += p * lost
            hurt += p * (lost > 0)
            pushed_lost += p * (pushed if outcome == "success" else 0)
    return {"mover": mover, "mover_hurt": hurt, "pushed": pushed_lost}


# -- 3. Yellow pads -----------------------------------------------------------------------
@checked(landings=rule(whole, 0, 16, "a number of landings"))
def yellow_safe_exact(landings: int = 3) -> Fraction:
    """The chance that ``landings`` yellow landings in a row cost no life: every sequence of
    tosses listed, only all heads is safe."""
    sequences: list[tuple[str, ...]] = [()]
    for _ in range(landings):
        sequences = [(*s, toss) for s in sequences for toss in COIN]
    return Fraction(sum("tails" not in s for s in sequences), len(sequences))


@checked(landings=LANDINGS, lives=LIVES_RULE)
def yellow_survive_exact(landings: int = 6, lives: int = LIVES) -> Fraction:
    """The chance that a frog with ``lives`` lives is still in after ``landings`` yellow
    landings: fewer tails than lives. By counting: C(n, j) of the 2**n sequences of tosses
    hold exactly j tails."""
    return Fraction(sum(math.comb(landings, j) for j in range(min(lives, landings + 1))),
                    2 ** landings)


# -- 4. A trip out and back: a Markov chain ---------------------------------------------------
@dataclass(frozen=True)
class Pond:
    """A pond as the view draws it (``game.view()["map"]``): its pads block by block, each
    pad's colour, and who neighbours whom."""

    blocks: tuple[tuple[str, ...], ...]
    colours: Mapping[str, str]
    neighbours: Mapping[str, frozenset[str]]

    @classmethod
    def of(cls, drawing: Mapping[str, Any]) -> Pond:
        """The pond of a view's ``map``."""
        near: dict[str, set[str]] = {pad: set() for pad in drawing["pads"]}
        for a, b in drawing["edges"]:
            near[a].add(b)
            near[b].add(a)
        return cls(tuple(tuple(block) for block in drawing["blocks"]),
                   {pad: info["colour"] for pad, info in drawing["pads"].items()},
                   {pad: frozenset(n) for pad, n in near.items()})

    @classmethod
    def named(cls, name: str | dict[str, Any] = "short") -> Pond:
        """A shipped pond by name (or a map of your own), as the rules model draws it."""
        return cls.of(SplashdownGame(2, seed=0, map=name).view()["map"])

    def block(self, pad: str) -> int:
        return next(i for i, block in enumerate(self.blocks) if pad in block)

    @property
    def far_end(self) -> int:
        """The number of the last block."""
        return len(self.blocks) - 1

    def landings(self, pad: str, roll: int) -> dict[str, int]:
        """The pads a frog on ``pad`` may land on with ``roll``, and how many steps away:
        at least 1, at most ``roll``, along the edges (breadth first), never its own pad,
        never passing through Home; Home as a landing only for a frog not on it."""
        steps = {pad: 0}
        queue = deque([pad])
        while queue:
            here = queue.popleft()
            if steps[here] == roll or (here == HOME and here != pad):
                continue  # Home is a landing, never a pad to pass through
            for there in sorted(self.neighbours[here]):
                if there not in steps:
                    steps[there] = steps[here] + 1
                    queue.append(there)
        return {p: n for p, n in steps.items() if p != pad}


def _pads(value: Any, name: str) -> Any:
    """Pads to choose among: one pad's name or more (a list, or the landings' dict)."""
    if not isinstance(value, list | tuple | dict | set | frozenset) or not value or not all(
            isinstance(pad, str) for pad in value):
        raise BadArgument(f"{name} is the pads to choose among (a list of pad names, one or "
                          f"more), not {brief(value)}")
    return value


@checked(pond=rule(instance, Pond, "a Pond (Pond.of(game.view()['map']))"), options=_pads,
         returning=flag)
def runner_choice(pond: Pond, options: Iterable[str], returning: bool) -> str:
    """The careful runner's landing pad among ``options``: going out, a pad of the farthest
    block it can reach; coming back, of the block nearest Home (Home itself when it can);
    among the pads of that block, the safest (green or dark green, then yellow, then red),
    then the first by name."""
    unknown = [pad for pad in options if pad not in pond.colours]
    if unknown:
        raise BadArgument(f"options: {brief(unknown[0])} is not a pad of this pond")

    def key(pad: str) -> tuple:
        block = pond.block(pad)
        return (block if returning else -block, RISK[pond.colours[pad]], pad)

    return min(options, key=key)


_runner_choice = runner_choice.__wrapped__  # unchecked, for the chain's inner loop


Chain = dict[tuple[str, int, bool], Fraction]  # (pad, lives, returning): chance


def _turn(pond: Pond, states: Chain, rolls: Mapping[int, Fraction]) -> tuple[Chain, Fraction,
                                                                              Fraction]:
    """One turn of the chain: the new states, and the chance of coming Home and of being
    out in this turn."""
    after: Chain = {}
    home = out = Fraction(0)
    for (pad, lives, returning), p in states.items():
        for roll, p_roll in rolls.items():
            landing = _runner_choice(pond, pond.landings(pad, roll), returning)
            turned = returning or pond.block(landing) == pond.far_end
            colour = pond.colours[landing]
            losses = {"red": [(Fraction(1), 1)],
                      "yellow": [(Fraction(1, 2), 0), (Fraction(1, 2), 1)]}.get(
                colour, [(Fraction(1), 0)])
            for p_loss, loss in losses:
                q = p * p_roll * p_loss
                if lives - loss <= 0:
                    out += q
                elif landing == HOME:
                    home += q
                else:
                    key = (landing, lives - loss, turned)
                    after[key] = after.get(key, Fraction(0)) + q
    return after, home, out


POND = rule(instance, (str, dict, Pond), "a shipped map's name ('short', 'long', "
            "'parallel'), a map of your own (a dictionary) or a Pond")


@checked(turns=TURNS, pond=POND, lives=LIVES_RULE, first_turn=flag)
def home_chances(turns: int = 8, pond: str | dict[str, Any] | Pond = "short",
                 lives: int = LIVES, first_turn: bool = False) -> list[Fraction]:
    """The chance that a lone frog, starting at Home with ``lives`` lives and running the
    careful runner's way (:func:`runner_choice`), is back Home within k of its turns, for
    k = 0, 1, …, ``turns``: a Markov chain over (pad, lives, heading), one turn at a time,
    in exact fractions. With ``first_turn`` its first roll is the better of two dice (the
    first player's first turn)."""
    pond = pond if isinstance(pond, Pond) else Pond.named(pond)
    die = {k: Fraction(1, len(FACES)) for k in FACES}
    states: Chain = {(HOME, lives, False): Fraction(1)}
    chances, home = [Fraction(0)], Fraction(0)
    for turn in range(turns):
        rolls = first_roll_odds() if first_turn and turn == 0 else die
        states, came, _out = _turn(pond, states, rolls)
        home += came
        chances.append(home)
    return chances


@checked(pond=POND, lives=LIVES_RULE, first_turn=flag)
def home_at_all(pond: str | dict[str, Any] | Pond = "long", lives: int = LIVES,
                first_turn: bool = False) -> Fraction:
    """The chance that the runner comes Home alive at all: the chain run until no frog is
    left on the pond (the runner moves on every turn, so that comes). With ``first_turn``
    its first roll is the better of two dice, as in :func:`home_chances`."""
    pond = pond if isinstance(pond, Pond) else Pond.named(pond)
    die = {k: Fraction(1, len(FACES)) for k in FACES}
    states: Chain = {(HOME, lives, False): Fraction(1)}
    home = Fraction(0)
    for turn in range(4 * len(pond.colours) + 10):
        rolls = first_roll_odds() if first_turn and turn == 0 else die
        states, came, _out = _turn(pond, states, rolls)
        home += came
        if not states:
            return home
    raise RuntimeError("the runner is still on the pond after many turns: does it go round "
                       "in circles on this map?")


# home_at_all("long") and home_at_all("long", first_turn=True), shipped: the chain takes
# seconds to run on the long pond, and the map and the rules fix it. A slow test runs it
# again and compares (tests/splashdown/test_exercises.py).
HOME_LONG = Fraction(183002580869514066689310201893485, 190115477885777551187041365000192)
HOME_LONG_FIRST_TURN = Fraction(1097812851318867606047687992854409,
                                1140692867314665307122248190001152)
