"""The search bot (``core.search.MCTSBot``) measured: its speed, its strength, and the
table of strength against budget that ``notebooks/bots/02-search.ipynb`` plots. Never
asserted in a test; run from the repository with the project's venv:

``python tests/benchmark_search.py --speed 6``
    ``MCTSBot(100)``'s simulations per second on each turn-based game (two players, a
    position some seeded random decisions in), beside OpenSpiel's Python ``MCTSBot(100)``
    (random rollouts) on its pure-Python tic-tac-toe (``pip install ".[bench]"``), in
    short alternating slices of the same run (the machine is shared and noisy): the median
    of each. A tic-tac-toe simulation is short, so each line also gives the decisions a
    simulation plays (in the tree and rolling out, counted apart from the timed slices),
    the decisions simulated per second and the median of their ratio to OpenSpiel's over
    the slices, and the median seconds of a 100-simulation decision at that position.

``python tests/benchmark_search.py --strength 200``
    ``MCTSBot(N)`` against each game's heuristic bot in a seeded round robin of that many
    two-player games, seats alternating (``core.tournament.round_robin``), on a process
    pool of a worker per core (``simulate``'s executor): with random rollouts, N being
    ``BUDGETS[game]``, then with rollouts played by the heuristic bot, N being
    ``HEURISTIC_BUDGETS[game]``; each N chosen so a decision takes about 0.2 s on the
    2-core machine this was written on. The seconds a decision took are measured first,
    on two serial games, and printed.

``python tests/benchmark_search.py --strength-time 200``
    As ``--strength``, at equal time: each side has the same seconds a decision
    (``--seconds``, 0.2 by default; the heuristic bots need far less), MCTSBot's N set to
    fill them on this machine (the tables' N scaled by the seconds a decision took over
    one serial game).

``python tests/benchmark_search.py --budgets 100``
    For ``BUDGET_GAME``, ``MCTSBot(N)`` against its heuristic bot at each N of
    ``BUDGET_STEPS``, that many games each (seats alternating, the same seeds for every
    N), and writes the table to ``pondwidgets/core/search_budgets.json``, which the
    notebook prints and plots (recomputing it takes far longer than a notebook may).

``--game NAME`` (repeatable) limits ``--speed`` and ``--strength`` (``--strength-time``)
to those games, ``--rollout random`` or ``heuristic`` ``--strength`` to those rollouts, and
``--simulations N`` sets N instead of the tables' (what a longer think would do:
``--strength 40 --game croak --rollout random --simulations 480``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # pondwidgets from this checkout, even when not installed

from pondwidgets.core import BotDriver, ManualClock, MCTSBot, round_robin  # noqa: E402
from pondwidgets.games import GAMES  # noqa: E402

# Simulations a decision, per turn-based game, for a decision of about 0.2 s on the 2-core
# machine this was written on: with random rollouts (MCTSBot's default), and with rollouts
# played by the game's heuristic bot (slower each, but better judged).
BUDGETS = {"croak": 120, "splashdown": 400, "keckefrosche": 200, "froop": 250}
HEURISTIC_BUDGETS = {"croak": 20, "splashdown": 300, "keckefrosche": 25, "froop": 60}
BUDGET_GAME = "froop"
BUDGET_STEPS = [1, 4, 16, 64, 256, 1024]
TABLE = ROOT / "pondwidgets" / "core" / "search_budgets.json"
SLICE = 0.5  # seconds of one slice of --speed
SIMULATIONS = 100  # a decision's simulations in --speed


def two_player(name: str):
    """The registered game's two-player game on a seed (its limit options on)."""
    entry = GAMES[name]
    return lambda seed: entry.game(2, seed=seed, clock=ManualClock(), **entry.limit)


def position(name: str, seed: int = 5, decisions: int = 6):
    """A two-player game ``decisions`` seeded random decisions in, not over, the player
    to act with a choice to make (the first seed from ``seed`` that gives one)."""
    rng = random.Random(seed)
    game = two_player(name)(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves(game.current_player)), game.current_player)
    while not game.is_over and len(game.legal_moves(game.current_player)) < 2:
        game.play(game.legal_moves(game.current_player)[0], game.current_player)
    return game if not game.is_over else position(name, seed + 1, decisions)


def speed(names: list[str], seconds: float) -> None:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.games import tic_tac_toe  # noqa: F401 (registers the game)

    ttt = pyspiel.load_game("python_tic_tac_toe")
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    spiel_bot = mcts.MCTSBot(ttt, uct_c=2, max_simulations=SIMULATIONS, evaluator=rollouts,
                             random_state=np.random.RandomState(0))
    spiel_depth = spiel_decisions(spiel_bot, ttt.new_initial_state())

    print(f"MCTSBot({SIMULATIONS}) searches, median of {SLICE} s slices, alternating with "
          f"OpenSpiel's Python MCTSBot({SIMULATIONS}) (random rollouts) on "
          f"python_tic_tac_toe: simulations a second; decisions a simulation plays (tree "
          f"and rollout); decisions simulated a second, and their ratio to OpenSpiel's; "
          f"the seconds of a {SIMULATIONS}-simulation decision")
    reference = []
    for name in names:
        game, bot = position(name), MCTSBot(SIMULATIONS, seed=0)
        ours, spiel, searches = [], [], []
        for _ in range(max(1, round(seconds / (2 * SLICE)))):
            ours.append(per_second(lambda: bot.search(game, game.current_player),  # noqa: B023
                                   SIMULATIONS, searches))
            spiel.append(per_second(lambda: spiel_bot.step(ttt.new_initial_state()),
                                    SIMULATIONS))
        reference += spiel
        depth = decisions(name, game)
        ratio = statistics.median(o * depth / (r * spiel_depth)
                                  for o, r in zip(ours, spiel, strict=True))
        print(f"  {GAMES[name].title:<14} {statistics.median(ours):8.0f} /s  "
              f"{depth:5.1f} decisions  {statistics.median(ours) * depth:8.0f} /s  "
              f"{ratio:5.2f}x  {statistics.median(searches):.3f} s a decision   "
              f"({len(game.legal_moves(game.current_player))} legal moves at the root)")
    print(f"  {'tic-tac-toe':<14} {statistics.median(reference):8.0f} /s  {spiel_depth:5.1f} "
          f"decisions  {statistics.median(reference) * spiel_depth:8.0f} /s   (OpenSpiel "
          f"MCTSBot, the same run)")


def per_second(search, simulations: int, seconds: list[float] | None = None) -> float:
    """Simulations a second: ``search()``, running ``simulations`` each, for one slice
    (the seconds of each search added to ``seconds``)."""
    done, start = 0, time.perf_counter()
    while (now := time.perf_counter()) - start < SLICE:
        search()
        done += simulations
        if seconds is not None:
            seconds.append(time.perf_counter() - now)
    return done / (time.perf_counter() - start)


class CountingMCTS(MCTSBot):
    """MCTSBot counting the decisions its simulations play (in the tree and rolling out):
    each sample ends with them in its history."""

    played = 0

    def _play_out(self, state):
        result = super()._play_out(state)
        self.played += len(state.history)
        return result


def decisions(name: str, game, searches: int = 5) -> float:
    """The decisions a simulation of ``MCTSBot`` plays on average at ``game`` (counted
    apart from the timed slices)."""
    bot = CountingMCTS(SIMULATIONS, seed=1)
    for _ in range(searches):
        bot.search(game, game.current_player)
    return bot.played / (searches * SIMULATIONS) - len(game.history)


def spiel_decisions(bot, state, searches: int = 5) -> float:
    """The decisions (``apply_action``: in the tree and rolling out) an OpenSpiel
    simulation plays on average from ``state``, counted apart from the timed slices."""
    from open_spiel.python.games.tic_tac_toe import TicTacToeState

    played, apply = 0, TicTacToeState._apply_action

    def counted(self, action):
        nonlocal played
        played += 1
        apply(self, action)

    TicTacToeState._apply_action = counted
    try:
        for _ in range(searches):
            bot.step(state.clone())
    finally:
        TicTacToeState._apply_action = apply
    return played / (searches * bot.max_simulations)


class TimedMCTS(MCTSBot):
    """MCTSBot keeping the seconds each of its decisions took."""

    seconds: list[float]

    def __call__(self, game, seat):
        start = time.perf_counter()
        move = super().__call__(game, seat)
        self.seconds.append(time.perf_counter() - start)
        return move


def decision_seconds(name: str, bot: MCTSBot, games: int = 2) -> list[float]:
    """The seconds of each searched decision of ``bot`` against the game's heuristic bot,
    over ``games`` serial games (forced moves, made without searching, left out)."""
    seconds = []
    for seed in range(games):
        timed = TimedMCTS(bot.simulations, rollout=bot.rollout, seed=seed)
        timed.seconds = []
        game = two_player(name)(seed)
        BotDriver(game, {seed % 2: timed, 1 - seed % 2: GAMES[name].bot(seed=seed)}).run()
        seconds += timed.seconds
    return seconds


def strength(names: list[str], games: int, rollouts: list[str],
             simulations: int | None = None, seconds: float | None = None) -> None:
    workers = os.cpu_count() or 1
    budget = "N" if seconds is None else f"N for {seconds} s a decision"
    print(f"MCTSBot({budget}) against each game's heuristic bot, {games} two-player games, "
          f"seats alternating, on ProcessPoolExecutor({workers}): with random rollouts, then "
          f"with rollouts played by the heuristic bot")
    with ProcessPoolExecutor(workers) as pool:
        for name in names:
            entry = GAMES[name]
            budgets = {"random": simulations or BUDGETS[name],
                       "heuristic": simulations or HEURISTIC_BUDGETS[name]}
            for kind in rollouts:
                n = budgets[kind]
                if seconds is not None:  # equal time: N scaled to fill it, on this machine
                    probe = decision_seconds(name, searcher(entry, kind, n), games=1)
                    n = max(1, round(n * seconds / statistics.mean(probe)))
                bot = searcher(entry, kind, n)
                label = (f"MCTSBot({n})" if kind == "random" else
                         f"MCTSBot({n}, rollout={entry.bot_class})")
                taken = decision_seconds(name, bot)
                print(f"\n{entry.title}, {label}: a searched decision takes "
                      f"{statistics.mean(taken):.3f} s on average (90th percentile "
                      f"{statistics.quantiles(taken, n=10)[-1]:.3f} s, most "
                      f"{max(taken):.3f} s; {len(taken)} decisions of two serial games)")
                start = time.perf_counter()
                table = round_robin(two_player(name), {label: bot, entry.bot_class: entry.bot()},
                                    games=games, seed=1, executor=pool)
                print(table)
                print(f"({time.perf_counter() - start:.0f} s)", flush=True)


def searcher(entry, kind: str, n: int) -> MCTSBot:
    """``MCTSBot(n)`` with ``kind`` rollouts (random, or the game's heuristic bot)."""
    if kind == "random":
        return MCTSBot(n)
    return MCTSBot(n, rollout=entry.bot())


def budgets(games: int) -> None:
    entry = GAMES[BUDGET_GAME]
    rows = []
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        for budget in BUDGET_STEPS:
            name = f"MCTSBot({budget})"
            table = round_robin(two_player(BUDGET_GAME), {name: MCTSBot(budget),
                                                          entry.bot_class: entry.bot()},
                                games=games, seed=1, executor=pool)
            line = next(s for s in table.standings if s.name == name)
            seconds = statistics.mean(decision_seconds(BUDGET_GAME, MCTSBot(budget),
                                                       games=1))
            rows.append({"simulations": budget, "games": line.games, "wins": line.wins,
                         "draws": line.draws, "losses": line.losses,
                         "score": round(line.score, 4), "low": round(line.low, 4),
                         "high": round(line.high, 4), "seconds": round(seconds, 4)})
            print(rows[-1], flush=True)
    TABLE.parent.mkdir(parents=True, exist_ok=True)
    TABLE.write_text(json.dumps({
        "about": f"MCTSBot(N) against {entry.bot_class} in {entry.title}, two players, "
                 f"{games} games at each N, seats alternating (tests/benchmark_search.py "
                 f"--budgets {games}); score: win 1, draw 1/2, with its 95% interval; "
                 f"seconds: a searched decision's mean on the machine it ran on",
        "game": BUDGET_GAME, "opponent": entry.bot_class, "rows": rows}, indent=1) + "\n",
        encoding="utf-8")
    print(f"written to {TABLE.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", type=float, metavar="SECONDS")
    parser.add_argument("--strength", type=int, metavar="GAMES")
    parser.add_argument("--strength-time", type=int, metavar="GAMES")
    parser.add_argument("--seconds", type=float, default=0.2, metavar="S")
    parser.add_argument("--budgets", type=int, metavar="GAMES")
    parser.add_argument("--game", action="append", choices=list(BUDGETS), metavar="NAME")
    parser.add_argument("--rollout", action="append", choices=["random", "heuristic"])
    parser.add_argument("--simulations", type=int, metavar="N")
    args = parser.parse_args()
    names = args.game or list(BUDGETS)
    if not (args.speed or args.strength or args.strength_time or args.budgets):
        parser.error("say what to measure: --speed, --strength, --strength-time or --budgets")
    if args.speed:
        speed(names, args.speed)
    if args.strength:
        strength(names, args.strength, args.rollout or ["random", "heuristic"],
                 args.simulations)
    if args.strength_time:
        strength(names, args.strength_time, args.rollout or ["random", "heuristic"],
                 seconds=args.seconds)
    if args.budgets:
        budgets(args.budgets)


if __name__ == "__main__":
    main()
