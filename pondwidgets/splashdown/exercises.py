"""Splash down probability exercises: exact answers by enumeration and by a Markov chain,
with ``Fraction``; estimates from the rules model; checkers; simulations.

Each exercise has

- an exact answer computed in ``exact.py``, never typed in as a number: by listing every
  outcome of the dice and the coin (``Fraction``), or, for a frog's whole trip, by a Markov
  chain over its pad, its lives and its heading, step by step with ``Fraction`` — or, where no
  formula gives it (two bots playing a whole game), an estimate from a large seeded
  simulation, with a tolerance. What takes seconds to compute (the long pond's chain, the
  estimate) is shipped as a constant, which a slow test computes again, so a checker
  answers at once;
- a checker, ``check_<name>(answer)``, that shows feedback and returns a ``Verdict``;
- a simulation that plays seeded games with the rules model itself
  (:class:`~pondwidgets.splashdown.SplashdownGame`), one sample per game, ready for
  :func:`pondwidgets.core.exercises.plot_convergence`.

The exact answers and the simulations are computed apart: the Markov chain reads only the
pond's drawing (its pads, colours and edges, ``game.view()["map"]``) and the rules as
written in the README; the simulations let the rules model roll, move and toss. When both
agree, both are right.

The notebooks are ``notebooks/splashdown/03-probability.ipynb`` (students) and
``notebooks/solutions/splashdown-03-probability.ipynb`` (teachers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

from ..core.arguments import (
    checked,
    finite,
    flag,
    games,
    instance,
    items,
    one_of,
    optional,
    results,
    rule,
    simulation_seed,
    text,
    whole,
)
from ..core.bots import SeededBot
from ..core.errors import BadArgument, brief
from ..core.exercises import Exercise, bar_chart, confidence_interval, interval_text
from ..core.playing import Plays
from ..core.plotting import plot, pyplot
from ..core.simulate import GameResult, seeds, simulate, win_rate
from .exact import (
    FACE,
    FACES,
    HOME,
    HOME_LONG,
    HOME_LONG_FIRST_TURN,
    LANDINGS,
    LIVES,
    LIVES_RULE,
    PUSHED,
    TURNS,
    Pond,
    first_roll_mean_exact,
    first_roll_odds,
    first_roll_six_exact,
    home_at_all,
    home_chances,
    push_exact,
    runner_choice,
    yellow_safe_exact,
    yellow_survive_exact,
)
from .rules import SplashdownGame

__all__ = [
    "EXERCISES", "FACES", "HOME", "HOME_LONG", "HOME_LONG_FIRST_TURN", "LIVES", "THIEF_WIN",
    "Pond", "RunnerBot", "ShadowBot", "bar_chart", "check_first_roll_mean",
    "check_first_roll_six", "check_home_in_four", "check_home_long", "check_push_hurt",
    "check_push_mover", "check_push_pushed", "check_thief_win", "check_yellow_safe",
    "check_yellow_survive", "confidence_interval", "first_roll_odds", "first_rolls",
    "home_at_all", "home_chances", "home_chart", "home_within", "interval_text",
    "push_exact", "push_trials", "roll_chart", "runner_choice", "runner_turns",
    "thief_games", "thief_table", "wins", "yellow_lives_lost", "yellow_safe_exact",
    "yellow_survive_exact",
]

# The arguments' checks (BadArgument naming the argument), shared by the helpers below
# (those the exact answers share too are in exact.py).
ROLLS = rule(items, FACE, what="a list of rolls")
MAP = rule(instance, (str, dict), "a shipped map's name ('short', 'long', 'parallel') or a "
           "map of your own (a dictionary)")


def _chance(value: Any, name: str) -> Any:
    """A chance as an answer gives one: a finite number (a Fraction, an int or a float)."""
    if not isinstance(value, Fraction) and not finite(value):
        raise BadArgument(f"{name} is a chance (a Fraction or a number), not {brief(value)}")
    return value


def _odds(value: Any, name: str) -> Any:
    """A chance for each face of the die: ``{1: Fraction(1, 6), …}``."""
    if not isinstance(value, Mapping) or not all(k in value for k in range(1, 7)):
        raise BadArgument(f"{name} is a dictionary of a chance for each roll 1 to 6, or None, "
                          f"not {brief(value)}")
    for k in range(1, 7):
        _chance(value[k], f"{name}[{k}]")
    return value


# -- 1. The first turn: the better of two dice ---------------------------------------------
@checked(games=games, seed=simulation_seed)
def first_rolls(games: int = 2000, seed: int = 1) -> list[int]:
    """The first player's first roll in ``games`` seeded games of the rules model (one
    ``roll`` decision each: the model rolls two dice and keeps the higher)."""
    return [first_roll_trial(game_seed) for game_seed in seeds(games, seed)]


def first_roll_trial(game_seed: int) -> int:
    """One game of :func:`first_rolls`: the roll the first player keeps."""
    game = SplashdownGame(2, seed=game_seed)
    game.play("roll")
    roll: int = game.view()["roll"]
    return roll


@checked(rolls=ROLLS, odds=optional(_odds), title=text)
@plot
def roll_chart(rolls: Sequence[int], odds: Mapping[int, Any] | None = None,
               title: str = "The first roll: how often each roll came"):
    """Bars: how often each roll came in ``rolls``. Dots: ``odds``, a chance for each roll
    k (your formula, or :func:`first_roll_odds`); none when ``odds`` is None."""
    plt = pyplot()

    counts = Counter(rolls)
    fig, ax = plt.subplots(figsize=(6, 3), layout="constrained")
    ax.bar(list(FACES), [counts[k] / len(rolls) for k in FACES], color="#4a90c2",
           label=f"{len(rolls):,} games of the rules model")
    if odds is not None:
        ax.plot(list(FACES), [float(Fraction(odds[k])) for k in FACES], "o", color="#d55e00",
                label="the chances given")
    ax.set_xticks(list(FACES))
    ax.set_xlabel("the roll kept")
    ax.set_ylabel("share of games")
    ax.set_title(title)
    ax.legend(loc="upper left", fontsize="small")
    plt.close(fig)
    return fig


# -- 2. A push -------------------------------------------------------------------------------
@checked(colour=rule(one_of, ("green", "yellow", "red", "dark-green")))
def push_pond(colour: str = "yellow") -> dict:
    """A pond of two pads after Home: a green one, and one of ``colour``."""
    return {"name": f"a push on {colour}", "blocks": [[HOME], ["green"], [colour]]}


@checked(pushed=PUSHED, lives=LIVES_RULE)
def push_position(pushed: int = 2, lives: int = LIVES) -> dict:
    """The mover (seat 0) on pad 1 with ``lives`` lives; ``pushed`` frogs on pad 2."""
    return {"frogs": [{"pad": "1", "lives": lives}]
            + [{"pad": "2", "lives": LIVES} for _ in range(pushed)],
            "to_move": 0, "first_turn": False}


@checked(trials=games, seed=simulation_seed, colour=rule(one_of, ("green", "yellow", "red")),
         pushed=PUSHED, lives=LIVES_RULE)
def push_trials(trials: int = 2000, seed: int = 3, colour: str = "yellow", pushed: int = 2,
                lives: int = LIVES) -> list[tuple[int, int]]:
    """``trials`` seeded games of the rules model from :func:`push_position`: the mover
    rolls, lands on pad 2 (one step: any roll reaches it) and pushes. One
    ``(mover's lives lost, pushed frogs' lives lost)`` per game."""
    return [push_trial(game_seed, colour, pushed, lives) for game_seed in seeds(trials, seed)]


def push_trial(game_seed: int, colour: str = "yellow", pushed: int = 2, lives: int = LIVES
               ) -> tuple[int, int]:
    """One game of :func:`push_trials`: ``(mover's lives lost, pushed frogs' lives lost)``."""
    game = SplashdownGame(1 + pushed, seed=game_seed, map=push_pond(colour),
                          position=push_position(pushed, lives))
    before = [f["lives"] for f in game.view()["frogs"]]
    game.play("roll", 0)
    game.play("to 2", 0)
    if game.view()["phase"] == "push":
        game.play("push", 0)
        game.play("roll", 0)
    after = [0 if f["out"] else f["lives"] for f in game.view()["frogs"]]
    lost = [b - a for b, a in zip(before, after, strict=True)]
    return lost[0], sum(lost[1:])


# -- 3. Yellow pads -----------------------------------------------------------------------
YELLOW_POND = {"name": "two yellow pads", "blocks": [[HOME], ["yellow"], ["yellow"]]}


@checked(landings=LANDINGS, trials=games, seed=simulation_seed, lives=LIVES_RULE)
def yellow_lives_lost(landings: int = 6, trials: int = 2000, seed: int = 4,
                      lives: int = LIVES) -> list[int]:
    """``trials`` seeded games of the rules model on :data:`YELLOW_POND`: a frog with
    ``lives`` lives hops between the two yellow pads ``landings`` times (the other frog is
    already Home). The lives it lost, one number per game (``lives`` when it is out)."""
    return [yellow_trial(game_seed, landings, lives) for game_seed in seeds(trials, seed)]


def yellow_trial(game_seed: int, landings: int = 6, lives: int = LIVES) -> int:
    """One game of :func:`yellow_lives_lost`: the lives the frog lost."""
    position = {"frogs": [{"pad": "1", "lives": lives}, {"pad": HOME, "left_home": True}],
                "to_move": 0, "first_turn": False}
    game = SplashdownGame(2, seed=game_seed, map=YELLOW_POND, position=position)
    for _ in range(landings):
        if game.is_over:
            break
        pad = game.view()["frogs"][0]["pad"]
        game.play("roll", 0)
        game.play("to 2" if pad == "1" else "to 1", 0)
    frog = game.view()["frogs"][0]
    return lives if frog["out"] else lives - frog["lives"]


# -- 4. A trip out and back: the runner as a bot, simulated (the chain: exact.py) -------


class RunnerBot(SeededBot):
    """The careful runner as a bot for the rules model: it rolls, lands where
    :func:`runner_choice` says (turning back once it has stood on the last block) and never
    pushes. It reads the legal moves from the rules model, so a simulation with it tests
    the chain."""

    def __call__(self, game: SplashdownGame, seat: int):
        moves = [str(m) for m in game.legal_moves(seat)]
        if "roll" in moves:
            return "roll"
        if "no push" in moves:
            return "no push"
        if "keep" in moves:
            return "keep"
        pond = Pond.of(game.view()["map"])
        far = set(pond.blocks[pond.far_end])
        returning = any(s == seat and str(m)[3:] in far for s, m in game.history
                        if str(m).startswith("to "))
        options = [m[3:] for m in moves if m.startswith("to ")]
        return f"to {runner_choice(pond, options, returning)}"


@checked(lives=LIVES_RULE)
def runner_position(lives: int = LIVES) -> dict:
    """A lone frog at Home (seat 0), to play; the other frog has already come Home."""
    return {"frogs": [{"pad": HOME, "left_home": False, "lives": lives},
                      {"pad": HOME, "left_home": True}],
            "to_move": 0, "first_turn": False}


@checked(games=games, seed=simulation_seed, pond=MAP, lives=LIVES_RULE,
         max_turns=rule(whole, 1, 10**6, "a number of turns"))
def runner_turns(games: int = 2000, seed: int = 5, pond: str | dict[str, Any] = "short",
                 lives: int = LIVES, max_turns: int = 60) -> list[int | None]:
    """``games`` seeded games of the rules model in which a :class:`RunnerBot` runs alone
    from Home (:func:`runner_position`): the number of its turns until it is Home, one per
    game, or None when it is out (or still out on the pond after ``max_turns`` turns)."""
    return [runner_trial(game_seed, pond, lives, max_turns) for game_seed in seeds(games, seed)]


def runner_trial(game_seed: int, pond: str | dict[str, Any] = "short", lives: int = LIVES,
                 max_turns: int = 60) -> int | None:
    """One game of :func:`runner_turns`: the runner's turns until Home, or None."""
    game = SplashdownGame(2, seed=game_seed, map=pond, position=runner_position(lives))
    bot = RunnerBot(game_seed)  # it draws nothing from its generator: no game leaves it changed
    turns = 0
    while not game.is_over and turns < max_turns:
        move = bot(game, 0)
        turns += move == "roll"
        game.play(move, 0)
    return turns if game.view()["frogs"][0]["home"] else None


@checked(results=rule(items, optional(TURNS), what="a list of runner_turns results"), turns=TURNS)
def home_within(results: Sequence[int | None], turns: int) -> list[int]:
    """1 for each game of :func:`runner_turns` in which the runner was Home within
    ``turns`` turns."""
    return [int(t is not None and t <= turns) for t in results]


@checked(results=rule(items, optional(TURNS), what="a list of runner_turns results"),
         chances=rule(items, _chance, what="a list of chances"), title=text)
@plot
def home_chart(results: Sequence[int | None], chances: Sequence[Fraction],
               title: str = "The careful runner: Home within k turns"):
    """The share of the games of :func:`runner_turns` in which the runner was Home within
    k turns (bars), beside the chain's exact chances (dots), for k = 0, 1, …"""
    plt = pyplot()

    ks = list(range(len(chances)))
    fig, ax = plt.subplots(figsize=(7, 3.2), layout="constrained")
    ax.bar(ks, [sum(home_within(results, k)) / len(results) for k in ks], color="#4a90c2",
           label=f"{len(results):,} games of the rules model")
    ax.plot(ks, [float(c) for c in chances], "o", color="#d55e00",
            label="exact: the Markov chain")
    ax.set_xticks(ks)
    ax.set_xlabel("turns k")
    ax.set_ylabel("P(Home within k turns)")
    ax.set_title(title)
    ax.legend(loc="upper left", fontsize="small")
    plt.close(fig)
    return fig


# -- 5. The fly thief: who wins? (simulation only) -------------------------------------------
REFERENCE_GAMES, REFERENCE_SEED = 1000, 2024
THIEF_MAP = "short"
LIMIT = 100_000  # decisions a game may take: simulate's own


class ShadowBot(SeededBot):
    """A bot that hunts flies in other frogs' pockets: when a rival in play carries flies
    and stands where it may land (not a dark-green pad), it lands there and pushes —
    unless it is on its last life. Otherwise it plays as ``SplashBot`` does."""

    def __init__(self, seed: int | None = None):
        from .bots import SplashBot

        self.inner = SplashBot(seed)
        super().__init__(seed)

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        if hasattr(self, "inner"):
            self.inner.reseed(seed)

    def __call__(self, game: SplashdownGame, seat: int):
        legal = [str(m) for m in game.legal_moves(seat)]
        view = game.view(seat)
        me = view["frogs"][seat]
        if "push" in legal:
            return "push" if me["lives"] > 1 else "no push"
        if me["lives"] > 1:
            pads = view["map"]["pads"]
            prey = [f for f in view["frogs"]
                    if f["seat"] != seat and not (f["home"] or f["out"]) and f["flies"]
                    and pads[f["pad"]]["colour"] not in ("dark-green", HOME)
                    and f"to {f['pad']}" in legal]
            if prey:
                richest = max(prey, key=lambda f: (f["flies"], -f["seat"]))
                return f"to {richest['pad']}"
        return self.inner(game, seat)


def thief_bots() -> list:
    """The two bots of exercise 5: the heuristic ``SplashBot`` (seat 0, who starts) and a
    :class:`ShadowBot` (seat 1)."""
    from .bots import SplashBot

    return [SplashBot(), ShadowBot()]


@checked(games=games, seed=simulation_seed, fly_thief=flag, map=MAP)
def thief_games(games: int = 500, seed: int = 6, fly_thief: bool = True,
                map: str | dict[str, Any] = THIEF_MAP) -> list[GameResult]:
    """``games`` seeded two-player games, :func:`thief_bots` on ``map``, with or without the
    fly thief (at most 200 turns each)."""
    return simulate(partial(thief_game, map=map, fly_thief=fly_thief), thief_bots(),
                    games=games, seed=seed)


def thief_game(game_seed: int, map: str | dict[str, Any] = THIEF_MAP, fly_thief: bool = True
               ) -> SplashdownGame:
    """A game of :func:`thief_games`, from its seed: two players, at most 200 turns."""
    return SplashdownGame(2, seed=game_seed, map=map, fly_thief=fly_thief, max_turns=200)


def thief_trial(game_seed: int, fly_thief: bool = True, map: str | dict[str, Any] = THIEF_MAP
                ) -> GameResult:
    """One game of :func:`thief_games`, played as ``simulate`` plays it."""
    new_game = partial(thief_game, map=map, fly_thief=fly_thief)
    return Plays(new_game, thief_bots(), None, LIMIT).game(game_seed)


@checked(results=results, seat=rule(whole, 0, 5, "a seat"))
def wins(results: Sequence[GameResult], seat: int = 1) -> list[int]:
    """1 for each game ``seat`` won (alone or shared), else 0."""
    return [int(seat in r.winners) for r in results]


@checked(games=games, seed=simulation_seed)
def thief_table(games: int = 500, seed: int = 6) -> str:
    """Each bot's share of wins without and with the fly thief, with 95% confidence
    intervals, from ``games`` seeded games each (the same seeds: only the option
    differs). Shared wins count for both."""
    lines = [f"{f'{games:,} games each':<20}{'SplashBot wins':>22}{'ShadowBot wins':>22}"]
    for label, on in (("without fly thief", False), ("with fly thief", True)):
        results = thief_games(games, seed, on)
        cells = []
        for seat in (0, 1):
            mean, low, high = confidence_interval(wins(results, seat))
            cells.append(f"{mean:.3f} ({low:.2f}–{high:.2f})")
        lines.append(f"{label:<20}" + "".join(f"{c:>22}" for c in cells))
    return "\n".join(lines)


def thief_win_estimate() -> float:
    """The model's estimate for exercise 5, ShadowBot's share of wins with the fly thief,
    from :data:`REFERENCE_GAMES` seeded games: what :data:`THIEF_WIN` holds."""
    return win_rate(thief_games(REFERENCE_GAMES, REFERENCE_SEED, True), 1)


# thief_win_estimate(), shipped: its games take seconds (half a minute in a browser), and
# their seeds fix the result. A slow test plays them again and compares.
THIEF_WIN = 430 / 1000


# -- the checkers ------------------------------------------------------------------------------
# A hint points at the method, never at the arithmetic that gives the answer.
_FIRST_TURN = "the first turn uses the two-dice rule of exercise 1"
check_first_roll_six = Exercise("first_roll_six", first_roll_six_exact, hints=[
    "List the 36 ordered pairs of two dice, all equally likely. In how many is the higher "
    "one a 6?",
    "The opposite may be easier to count: the pairs where neither die is a 6.",
])
check_first_roll_mean = Exercise("first_roll_mean", first_roll_mean_exact, probability=False,
                                 hints=[
    "First find the chance of each roll k, from 1 to 6: count the pairs of dice whose "
    "higher die is exactly k (a 6 × 6 table of the pairs helps).",
    "The mean weighs each roll by its chance: add up k × P(roll = k) over the six rolls.",
])
check_push_mover = Exercise("push_mover", lambda: push_exact("yellow")["mover"],
                            probability=False, hints=[
    "Add up the mover's expected losses, one source at a time: the yellow pad's coin, then "
    "the frog die.",
    "Each source costs at most one life, so its expected loss is the chance that it costs "
    "one. Which faces of the frog die cost the pusher a life?",
])
check_push_hurt = Exercise("push_hurt", lambda: push_exact("yellow")["mover_hurt"], hints=[
    "It is easier to find the chance that the mover loses no life at all.",
    "No life lost needs two things at once: what must the coin show, and which faces of the "
    "frog die must it avoid? The coin and the die are independent.",
])
check_push_pushed = Exercise("push_pushed", lambda: push_exact("yellow")["pushed"],
                             probability=False, hints=[
    "An even roll pushes every frog on the pad into the water: each loses one life.",
    "Find one frog's expected loss first. Averages add, even when the frogs' losses come "
    "from the same roll.",
])
check_yellow_safe = Exercise("yellow_safe", lambda: yellow_safe_exact(3), hints=[
    "Each landing is a fresh toss of the coin, whatever happened before.",
    "No life lost means heads on every toss. How do the chances of independent events "
    "combine when all of them must happen?",
])
check_yellow_survive = Exercise("yellow_survive", lambda: yellow_survive_exact(6), hints=[
    "The frog is out only if at least 5 of the 6 tosses are tails. Find that chance first.",
    "Count the sequences of 6 tosses, then those with exactly 5 tails and those with 6: "
    "C(n, k) counts the ways to choose which k of n tosses are tails.",
])
check_home_in_four = Exercise(
    "home_in_four", lambda: home_chances(4, "short")[4],
    assumes="one ordinary die on every turn, the first included",
    readings={_FIRST_TURN: lambda: home_chances(4, "short", first_turn=True)[4]},
    hints=[
        "Home to the far end (block 8) is 8 steps, and so is the way back. With at most 6 "
        "steps a turn, how many turns does each half take at least?",
        "Within 4 turns, each half takes exactly 2 turns. Which pairs of rolls carry the "
        "runner over a whole half? Count them among the 36 pairs. (Can it lose all 5 lives "
        "in 4 turns?)",
    ])
# The shipped value goes in through a function, as the computed ones do: "Not answered
# yet" then asks for a fraction in words, with no example chosen near or far from it.
check_home_long = Exercise(
    "home_long", lambda: HOME_LONG,
    assumes="one ordinary die on every turn, the first included",
    readings={_FIRST_TURN: HOME_LONG_FIRST_TURN},
    hints=[
        "On the long pond the runner may lose all its lives: red pads it cannot avoid, and "
        "yellow ones. Let the chain run until no frog is left on the pond.",
        "home_chances(k, 'long') lists the chances for 0 to k turns: take k large enough "
        "that the last ones no longer change.",
    ])
check_thief_win = Exercise(
    "thief_win", THIEF_WIN, tolerance=0.05,
    estimate_note=f"from {REFERENCE_GAMES:,} seeded games",
    hints=["Run the simulation above and read where the curve settles (ShadowBot's wins, "
           "with the fly thief).",
           "Use more games: the confidence interval narrows as 1/√(games)."])

EXERCISES = {ex.name: ex for ex in (
    check_first_roll_six, check_first_roll_mean, check_push_mover, check_push_hurt,
    check_push_pushed, check_yellow_safe, check_yellow_survive, check_home_in_four,
    check_home_long, check_thief_win)}
