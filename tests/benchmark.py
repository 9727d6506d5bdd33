"""Speed of the rules models, measured (never asserted in a test): `python tests/benchmark.py`.

For each game, random playouts through the same code the boards use: every decision is
``legal_moves()`` then ``play()`` of one of them at random (in a race, by a random one of
the racing seats). For Rapidcroco also ``culprit()`` paths per second and full games per
second (random deals played by RapidBots). Beside them, when
``open_spiel`` is installed (``pip install ".[bench]"``), OpenSpiel's pure-Python
tic-tac-toe measured by the same loop in the same run, and the ratio.

``--browser`` also measures the boards in a real browser (Debian's Chromium, a JupyterLab
server of its own, the harness of ``tests/browser``): in one notebook, a hot-seat Croak!
board, a hot-seat Rapidcroco board and a bare anywidget; in the page, with
``performance.now()``, the time from a click on a target square (Croak!) or on a button
(Rapidcroco: turn the criteria, give up) until the board's ``data-decisions`` changes, and
from a click on the bare widget's button until its trait change is seen; medians, each
board's ratio to the bare round trip, and the size of each bundle in
``pondwidgets/static/`` (bytes and gzipped).

``--boards 500`` makes 500 boards in this process, as re-running a board's cell does, then
500 more each closed, and reports the time of a move, the boards still open and the Python
memory held after each.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

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


def rapidcroco_rate(seconds: float, players: int = 2) -> float:
    """Decisions per second of random Rapidcroco playouts: in a race, a random seat of those
    racing makes a random decision (an arrest, right or wrong, or giving up)."""
    from pondwidgets.rapidcroco import RapidcrocoGame

    pick = random.Random(1)
    racer = [0]

    def legal(game):
        racer[0] = pick.choice(game.seats_to_act)
        return game.legal_moves(racer[0])

    return playout_rate(lambda seed: RapidcrocoGame(players, seed=seed), legal,
                        lambda g, m: g.play(m, racer[0]), lambda g: g.is_over, seconds)


def rapidcroco_games_rate(seconds: float, players: int = 2) -> tuple[float, float]:
    """Full Rapidcroco games per second, each a new seeded deal played to its end by
    RapidBots (10% wrong arrests) through the bot driver, and their mean number of rounds.
    (Players choosing uniformly at random almost never finish: about 33 of every 34 random
    arrests are wrong and give a Croc back, so such games last tens of thousands of rounds.)
    """
    from pondwidgets.core import BotDriver
    from pondwidgets.rapidcroco import RapidBot, RapidcrocoGame

    rng = random.Random(2)
    games = rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = RapidcrocoGame(players, seed=rng.getrandbits(32))
        BotDriver(game, {s: RapidBot(rng.getrandbits(32)) for s in range(players)}).run()
        games += 1
        rounds += game.round
    return games / (time.perf_counter() - start), rounds / games


def culprit_rate(seconds: float, wrap: bool = False) -> float:
    """``culprit()`` computations per second over 1,000 seeded layouts of dealt games
    (a third of their Crocs captured, so paths skip empty sites), each from a random Croc."""
    from pondwidgets.rapidcroco import RapidcrocoGame, culprit
    from pondwidgets.rapidcroco.rules import SITES

    rng = random.Random(3)
    cases = []
    for _ in range(1000):
        game = RapidcrocoGame(2, seed=rng.getrandbits(32))
        crocs = [i for i, card in enumerate(game.cards) if isinstance(card, int)]
        for site in rng.sample(crocs, len(crocs) // 3):
            game.cards[site] = None
        start_site = rng.choice([i for i, card in enumerate(game.cards) if isinstance(card, int)])
        cases.append((game.grid_text(), SITES[start_site]))
    variant = "wrap" if wrap else "standard"
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for grid, site in cases:
            culprit(grid, site, variant)
        done += len(cases)
    return done / (time.perf_counter() - start)


def rapidcroco_bot_strength(games: int) -> str:
    """RapidBot (its defaults: 10% errors) against RandomBot, half of the games from each
    seat; the races are run in the driver's simulated time."""
    from pondwidgets.core import RandomBot, simulate, win_rate
    from pondwidgets.rapidcroco import RapidBot, RapidcrocoGame

    first = simulate(lambda s: RapidcrocoGame(2, seed=s), [RapidBot(), RandomBot()],
                     games // 2, seed=1)
    second = simulate(lambda s: RapidcrocoGame(2, seed=s), [RandomBot(), RapidBot()],
                      games - games // 2, seed=2)
    wins = win_rate(first, 0) * len(first) + win_rate(second, 1) * len(second)
    return f"RapidBot beats RandomBot in {wins:.0f} of {games} games ({wins / games:.1%})"


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


# Hot-seat shuttle on face-up Reeds: every move is neutral and the next is known.
SHUTTLE = [("c3", "c4"), ("f6", "f5"), ("c4", "c3"), ("f5", "f6")]
BROWSER_BOARD = """\
from pondwidgets.croak import CroakBoard, CroakGame
position = {
    "frogs": [{"queen": "a1", "servants": ["c3"]}, {"queen": "h8", "servants": ["f6"]}],
    "tiles": {sq: "shallow/reeds" for sq in ("a1", "c3", "c4", "f5", "f6", "h8")},
    "face_up": ["a1", "c3", "c4", "f5", "f6", "h8"],
}
game = CroakGame(players=["Ada", "Bob"], seed=7, position=position)
board = CroakBoard(game, seat=None)
board
"""
# Hot-seat rounds that nobody wins: Ada turns the criteria, Ada (her buzzer first: two
# people race at the screen) gives up, then Bob, now the only one racing, gives up; the
# round ends without a capture and Ada, still the dealer, turns the criteria again. Each
# click is one decision: (select, target) for CLICK_UNTIL_CHANGED.
RAPIDCROCO_ROUND = [(None, '[data-role="reveal"]'),
                    ('[data-role="buzzer"][data-seat="0"]', '[data-role="pass"]'),
                    (None, '[data-role="pass"]')]
RAPIDCROCO_BOARD = """\
from pondwidgets.rapidcroco import RapidcrocoBoard, RapidcrocoGame
rapid = RapidcrocoBoard(RapidcrocoGame(["Ada", "Bob"], seed=7, target=32), seat=None)
rapid
"""
# Both run in the page: the clock starts at the click and stops in the MutationObserver
# callback that sees the attribute change (before the next paint). A click that changes
# nothing fails after 10 s instead of waiting for ever.
CLICK_UNTIL_CHANGED = """async ([root, attribute, select, target]) => {
  const el = document.querySelector(root);
  const before = el.getAttribute(attribute);
  if (select) el.querySelector(select).click();
  const changed = new Promise((resolve, reject) => {
    const late = setTimeout(() => {
      seen.disconnect();
      reject(new Error(`${root}: a click on ${target} changed no ${attribute}`));
    }, 10000);
    const seen = new MutationObserver(() => {
      if (el.getAttribute(attribute) !== before) {
        seen.disconnect(); clearTimeout(late); resolve();
      }
    });
    seen.observe(el, { attributes: true, attributeFilter: [attribute] });
  });
  const start = performance.now();
  el.querySelector(target).click();
  await changed;
  return performance.now() - start;
}"""


def browser_round_trips(rounds: int, warmup: int = 3) -> None:
    """Click-to-update times in Chromium: the Croak! and Rapidcroco boards against a bare
    anywidget."""
    sys.path.insert(0, str(ROOT))
    from tests.browser import harness

    problem = harness.chromium_problem()
    if problem:
        print(f"browser: not measured: {problem}")
        return
    from playwright.sync_api import sync_playwright

    sandbox = harness.Sandbox()
    try:
        harness.write_notebook(sandbox.root / "bench.ipynb",
                               [harness.PING_WIDGET, BROWSER_BOARD, RAPIDCROCO_BOARD])
        with harness.JupyterLab(sandbox).start() as lab, sync_playwright() as playwright:
            browser = harness.launch_chromium(playwright, sandbox)
            page = browser.new_page(viewport={"width": 1280, "height": 1400})
            harness.open_notebook(page, lab, "bench.ipynb", ".pw-croak")
            page.locator(".pw-ping").wait_for()
            page.locator('.pw-rapidcroco [data-role="reveal"]').wait_for()
            # In blocks, not interleaved: a click on one widget right after the other's
            # meets the other's TCP acknowledgement timing (Nagle, delayed ACKs) and makes
            # the bare round trip look twice as fast as it is on its own.
            moves = itertools.cycle(SHUTTLE)  # the board's moves go round and back
            decisions = itertools.cycle(RAPIDCROCO_ROUND)  # rounds without a capture

            def board_click():
                start, to = next(moves)
                return page.evaluate(CLICK_UNTIL_CHANGED, [
                    ".pw-croak", "data-decisions", f'[data-square="{start}"]',
                    f'[data-square="{to}"]'])

            def rapidcroco_click():
                select, target = next(decisions)
                return page.evaluate(CLICK_UNTIL_CHANGED, [
                    ".pw-rapidcroco", "data-decisions", select, target])

            def bare_click():
                return page.evaluate(CLICK_UNTIL_CHANGED,
                                     [".pw-ping", "data-count", None, "button"])

            croak, rapid, bare = [], [], []
            for _block in range(2):
                for clicks, click in ((croak, board_click), (rapid, rapidcroco_click),
                                      (bare, bare_click)):
                    times = [click() for _ in range(warmup + rounds // 2)]
                    clicks.extend(times[warmup:])
            version = browser.version
            browser.close()
    finally:
        sandbox.cleanup()
    board_ms, rapid_ms, bare_ms = (statistics.median(c) for c in (croak, rapid, bare))
    print(f"browser (Chromium {version}, JupyterLab), median of {rounds} clicks:")
    print(f"  {'croak board: click -> data-decisions':<44}{board_ms:>8.1f} ms")
    print(f"  {'rapidcroco board: click -> data-decisions':<44}{rapid_ms:>8.1f} ms")
    print(f"  {'bare anywidget: click -> trait seen':<44}{bare_ms:>8.1f} ms")
    print(f"  {'ratio croak / bare':<44}{board_ms / bare_ms:>8.2f}")
    print(f"  {'ratio rapidcroco / bare':<44}{rapid_ms / bare_ms:>8.2f}")


def bundle_report() -> None:
    sys.path.insert(0, str(ROOT))
    from tests.browser import harness

    print("bundles in pondwidgets/static/:")
    for name, size, gzipped in harness.bundle_sizes(ROOT / "pondwidgets" / "static"):
        print(f"  {name:<20}{size:>10,} bytes {gzipped:>10,} gzipped")


def boards_report(count: int, moves: int = 200) -> None:
    """Many boards in one kernel: ``count`` boards made on one game the way re-running a
    board's cell makes them (each replaces the last), then ``count`` boards on games of
    their own, each closed. After each, the median time of a move through the board's
    message path, the Board objects still alive and the Python memory held (tracemalloc)."""
    import gc
    import tracemalloc

    from pondwidgets.core.widget import Board
    from pondwidgets.croak import CroakBoard, CroakBot, CroakGame

    def move_time() -> float:
        """Median seconds of a move and its undo sent as browser messages to a board."""
        position = {"frogs": [{"queen": "c3", "servants": ["c4"]}, {"queen": "f6"}],
                    "tiles": {"d4": "shallow/reeds"}, "face_up": ["d4"]}
        board = CroakBoard(CroakGame(2, seed=1, position=position), seat=0)
        times = []
        for _ in range(moves):
            start = time.perf_counter()
            for content in ({"type": "move", "move": "S c4-d4", "decisions": 0},
                            {"type": "undo", "decisions": 1}):
                board._handle_msg({"content": {"data": {"method": "custom",
                                                        "content": content}}, "buffers": []})
            times.append((time.perf_counter() - start) / 2)
        assert board.error == {}, board.error
        board.close()
        return statistics.median(times)

    def state(label: str, game=None) -> None:
        gc.collect()
        alive = sum(isinstance(o, Board) for o in gc.get_objects())  # open or not
        held = tracemalloc.get_traced_memory()[0] / 2**20
        timed = move_time() if game is None else _game_move_time(game, moves)
        print(f"  {label:<42}{timed * 1000:>8.3f} ms a move {alive:>6} boards alive "
              f"{held:>8.1f} MB")

    print(f"{count} boards in one kernel (a move sent by a board, median of {moves}):")
    tracemalloc.start()
    state("before")
    game = CroakGame(2, seed=3)
    for _ in range(count):
        CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})  # the cell, run again
    state(f"after {count} on one game (a cell re-run)", game)
    for seed in range(count):
        CroakBoard(CroakGame(2, seed=seed), seat=0, bots={1: CroakBot(seed=1)}).close()
    state(f"after {count} more, each closed")
    tracemalloc.stop()


def _game_move_time(game, moves: int) -> float:
    """Median seconds of a move and its undo from Python on ``game``, whose boards follow
    it: what every board still listening costs each decision."""
    move = game.legal_moves()[0]
    times = []
    for _ in range(moves):
        start = time.perf_counter()
        game.play(move)
        game.undo()
        times.append((time.perf_counter() - start) / 2)
    return statistics.median(times)


GAMES = {"croak (2 players)": croak_rate, "croak (4 players)": lambda s: croak_rate(s, 4),
         "rapidcroco (2 players)": rapidcroco_rate,
         "rapidcroco (5 players)": lambda s: rapidcroco_rate(s, 5)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="measurements; the median counts")
    parser.add_argument("--bots", type=int, default=0, metavar="GAMES",
                        help="also play the heuristic bots against random ones")
    parser.add_argument("--browser", action="store_true",
                        help="also time clicks on the boards in Chromium, and bundle sizes")
    parser.add_argument("--clicks", type=int, default=20,
                        help="clicks measured per widget with --browser; the median counts")
    parser.add_argument("--boards", type=int, default=0, metavar="COUNT",
                        help="also make COUNT boards in this kernel: move time and memory")
    args = parser.parse_args()
    if args.boards:
        boards_report(args.boards)

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
    culprits = median(culprit_rate)
    print(f"{'rapidcroco culprit()':<32}{culprits:>12,.0f} paths/s")
    print(f"{'rapidcroco culprit(), wrap':<32}{median(lambda s: culprit_rate(s, True)):>12,.0f}"
          f" paths/s")
    for players in (2, 5):
        games = [rapidcroco_games_rate(args.seconds, players) for _ in range(args.repeat)]
        rate, rounds = statistics.median(g[0] for g in games), games[0][1]
        print(f"{f'rapidcroco ({players} players)':<32}{rate:>12,.1f} games/s "
              f"(about {rounds:.0f} rounds each)")
    if args.bots:
        print(f"croak bots: {croak_bot_strength(args.bots)}")
        print(f"rapidcroco bots: {rapidcroco_bot_strength(args.bots)}")
    if args.browser:
        browser_round_trips(args.clicks)
        bundle_report()


if __name__ == "__main__":
    main()
