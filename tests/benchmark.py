"""Speed of the rules models, measured (never asserted in a test): `python tests/benchmark.py`.

For each game, random playouts through the same code the boards use: every decision is
``legal_moves()`` then ``play()`` of one of them at random. Beside them, when
``open_spiel`` is installed (``pip install ".[bench]"``), OpenSpiel's pure-Python
tic-tac-toe measured by the same loop in the same run, and the ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

CHECK_EVERY = 256  # decisions between clock reads


def playout_rate(new_state: Callable[[int], object], legal: Callable, play: Callable,
                 over: Callable, seconds: float, seed: int = 0) -> float:
    """Decisions per second of seeded random playouts, starting a new game at each end."""
    rng = random.Random(seed)
    state = new_state(rng.getrandbits(32))
    decisions = 0
    start = time.perf_counter()
    while True:
        for _ in range(CHECK_EVERY):
            if over(state):
                state = new_state(rng.getrandbits(32))
            play(state, rng.choice(legal(state)))
        decisions += CHECK_EVERY
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def croak_rate(seconds: float, players: int = 2) -> float:
    from pondwidgets.croak import CroakGame

    return playout_rate(lambda seed: CroakGame(players, seed=seed, max_turns=400),
                        lambda g: g.legal_moves(), lambda g, m: g.play(m),
                        lambda g: g.is_over, seconds)


def openspiel_rate(seconds: float) -> float | None:
    """OpenSpiel's pure-Python tic-tac-toe (its state's legal_actions and apply_action run
    Python code), or None when open_spiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    return playout_rate(lambda _seed: game.new_initial_state(), lambda s: s.legal_actions(),
                        lambda s, a: s.apply_action(a), lambda s: s.is_terminal(), seconds)


def croak_bot_strength(games: int) -> str:
    """CroakBot against RandomBot in two-player games, half of them from each seat."""
    from pondwidgets.core import RandomBot, simulate, win_rate
    from pondwidgets.croak import CroakBot, CroakGame

    def new_game(seed):
        return CroakGame(2, seed=seed, max_turns=400)

    first = simulate(new_game, [CroakBot(), RandomBot()], games // 2, seed=1)
    second = simulate(new_game, [RandomBot(), CroakBot()], games - games // 2, seed=2)
    wins = win_rate(first, 0) * len(first) + win_rate(second, 1) * len(second)
    return f"CroakBot beats RandomBot in {wins:.0f} of {games} games ({wins / games:.1%})"


GAMES = {"croak (2 players)": croak_rate, "croak (4 players)": lambda s: croak_rate(s, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="measurements; the median counts")
    parser.add_argument("--bots", type=int, default=0, metavar="GAMES",
                        help="also play the heuristic bots against random ones")
    args = parser.parse_args()

    def median(measure):
        rates = [measure(args.seconds) for _ in range(args.repeat)]
        return None if None in rates else statistics.median(rates)

    reference = median(openspiel_rate)
    if reference is None:
        print("open_spiel is not installed: no reference (pip install '.[bench]')")
    else:
        print(f"{'open_spiel python_tic_tac_toe':<32}{reference:>12,.0f} decisions/s")
    for name, measure in GAMES.items():
        rate = median(measure)
        ratio = f"   ratio {rate / reference:.2f}" if reference else ""
        print(f"{name:<32}{rate:>12,.0f} decisions/s{ratio}")
    if args.bots:
        print(f"croak bots: {croak_bot_strength(args.bots)}")


if __name__ == "__main__":
    main()
