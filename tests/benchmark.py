"""Speed of the rules models, measured (never asserted in a test).

Run ``python tests/benchmark.py`` (from the repository, with the project's venv). For every
game in the registry (``pondwidgets/games.json``), at its smallest and its largest player
count (its class's ``PLAYERS``), it plays seeded random playouts through the same code
the boards use (``Game.play``, its legal-move check included): every decision is
``legal_moves(seat)`` then ``play(move, seat)`` of one of them at random; in a race
(several seats in ``seats_to_act``) a random one of the racing seats decides. Each game
is built with its registry entry's ``limit`` options (Croak!'s ``max_turns``, Rapidcroco's
``max_rounds``), so every playout ends, and a new seeded game starts at each end.

The reference is OpenSpiel's pure-Python tic-tac-toe (``open_spiel.python.games.
tic_tac_toe``, ``pip install ".[bench]"``), played by the same loop (``legal_actions()``,
``apply_action()`` of a random one, ``is_terminal()``). The machine is shared and noisy, so
the reference and each game run in short alternating slices (``--slice``, 0.2 s; the order
within a pair alternates), and every pair of slices gives one ratio: game decisions per
second over reference decisions per second in the same fraction of a second.

Printed, one line a game and player count:

* ``decisions/s``: the game's decisions per second, over all its slices;
* ``ratio``: the median of the per-pair ratios to the reference, then their interquartile
  range and their minimum and maximum (above 1: faster than tic-tac-toe);
* ``games/s``: full games per second (playouts finished over the same time), and
  ``dec./game`` the mean number of decisions in a finished game;

and last, the reference's own line (its decisions and games per second over all its
slices). A ratio of 1.5 reads: 1.5 times as many decisions a second as tic-tac-toe.
Options:

``--seconds S`` (default 8): time per game and player count, reference slices included;
``--slice S`` (default 0.2): one slice; ``--game NAME`` (repeatable): only these games;
``--profile NAME``: instead of the table, profile ``--seconds`` of that game's playouts
(largest player count; ``--players N`` for another) and print the top entries of
``cProfile`` by cumulative time.

Froop!'s line is followed by the median time to find every legal placement of a
seven-card hand on a 60-card Froop built by seeded random play (``froop_placements``).

``--bots GAMES`` also plays each registered game's bot (only those of ``--game``, if
given) against RandomBot (two players, the entry's ``limit`` options, half of the games
from each seat) and counts its wins alone (``core.simulate.wins_alone``).

``--froop-bots GAMES`` instead plays GAMES two-player Froop! games in each of Speed (its
20 s countdown, and 8 s and 5 s, which a big hand overruns), Panic under Strategic and
Panic: FroopBot against RandomBot, the FroopBot of before issue 24 (``old_froopbot``:
it did not hurry for the countdown, and in Panic ignored Strategic's public hands)
against RandomBot, and FroopBot against that old one; wins alone, half from each seat.

``--executors`` instead measures what an executor costs and from when it pays: the
start-up of a process pool and of a local Dask cluster, a task's cost beyond its games,
``simulate``'s wall time serially and on each at several sizes, with the tasks it chose,
and the run from which each is worth it (``tests/benchmark_executors.py`` says how).

``--simulate`` instead times ``core.simulate.simulate(new_game, bots, games, seed)``
against the loop it drives, for every game (or those of ``--game``), two players, the
entry's ``limit`` options: once with RandomBot at both seats, once with the registry's
bot (``entry.bot()``) at seat 0 against RandomBot. The baseline plays the same games (the
seeds ``simulate`` draws, each bot reseeded as it reseeds them): in a turn-based game the
bare loop ``seat = game.current_player; game.play(bots[seat](game, seat), seat)`` until
the game is over; in a race (Rapidcroco, Froop! under Panic, where RandomBot answers at
once), the race's own bot loop, ``BotDriver(game, bots, limit=None).run()``, the least
that plays a race. Both run in alternating slices of whole games (about ``--slice`` s,
the order within a pair alternating, ``--seconds`` a line), their results checked the
same; each pair gives one ratio, simulate's cost per decision over the baseline's
(below 1.1: the aim of issue 29 for a turn-based game), printed as its median, quartiles
and minimum and maximum.

``--notebooks [NOTEBOOK ...]`` instead times Run All of each notebook given (none: every
notebook of the course, ``notebooks/``), each in a kernel of its own started in its
folder, as nbval runs them, and prints a Markdown table of the wall times (the kernel's
start included) and their total: the README's table of the course's notebooks.

``--browser`` also measures the boards in a real browser (Debian's Chromium, a JupyterLab
server of its own, the harness of ``tests/browser``): in one notebook, a hot-seat Croak!
board, a hot-seat Rapidcroco board and a bare anywidget; in the page, with
``performance.now()``, the time from a click on a target square (Croak!) or on a button
(Rapidcroco: turn the criteria, give up) until the first feedback (the clicked control's
pending mark, ``data-pending``, seen, and the next frame, which paints it) and until the
board's ``data-decisions`` changes, and from a click on the bare widget's button until
its trait change is seen; clicks back to back and 300 ms apart (as a person clicks);
medians, each board's ratio to the bare round trip, and the size of each bundle in
``pondwidgets/static/`` (bytes and gzipped).

``--lite`` builds the JupyterLite site with the README's command (``bash tests/dev.sh
lite``), serves it statically and, with every request outside localhost refused, reports
its size (whole, gzipped file by file, and Pyodide's part), the time from loading its front
page to an idle kernel (three fresh browser profiles, the median), and the same clicks as
``--browser`` on the same boards, in a notebook uploaded to the site.

``--memory [NOTEBOOK ...]`` instead runs each notebook given (none: every notebook of the
course) top to bottom in a fresh kernel of its own, as ``--notebooks`` does, and reads the
kernel's memory after Run All, while it still runs as a student's would: its resident set
(RSS), the part of it that is its own (USS: without the shared libraries' pages, which
all kernels share), with psutil when installed, else from ``/proc/<pid>/``, and its peak
resident set during the run (``VmHWM``, on Linux). It prints a Markdown table of them,
then each game's three notebooks open together (rules, variants, probability: the sum of
their kernels) and what a class of 30 students, each with one game's three open, needs
on one server: 30 times the largest game's sum, by RSS and by USS.

``--lite-notebooks [NOTEBOOK ...]`` instead times Run All of each notebook the JupyterLite
site holds (or those given) in the site, offline, and in a JupyterLab server started here,
in the same Chromium, site and JupyterLab taking turns notebook by notebook, each with its
kernel idle first, and prints a Markdown table of the two, their ratio and a note, the
plots' own time left out of both (the site has no matplotlib offline), then the kernel's
start and, for each notebook over 2x, its cells that lose most (``tests/benchmark_lite.py``
says how the cells and the plots are timed, and what is checked).

``--experiments [OPTION ...]`` instead times the class experiments: what confirming a
result costs the server for each, and a class of 30 sending at once to a real server
(``tests/benchmark_experiments.py``).

``--tables [OPTION ...]`` instead runs the shared tables under load: a table server in a
process of its own, 30 simulated students at 10 tables playing whole games with bots on
some seats, each student's move-to-update latency, the server's CPU and memory, and
whether every table's game replays the same (``tests/benchmark_tables.py`` says how; its
options follow the flag: ``--tables --students 6 --tables 2``).

``--boards 500`` makes 500 boards in this process, as re-running a board's cell does, then
500 more each closed, and reports the time of a move, the boards still open and the Python
memory held after each.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # pondwidgets from this checkout, even when not installed

from pondwidgets.games import GAMES, Entry  # noqa: E402

CHECK_EVERY = 16  # decisions between clock reads (a read costs well under 1% of them)


def player_counts(entry: Entry) -> list[int]:
    """The smallest and the largest player count of a registered game."""
    return sorted({entry.game.PLAYERS[0], entry.game.PLAYERS[-1]})


class Playouts:
    """Seeded random playouts, resumable: ``run(seconds)`` plays on from where the last
    slice stopped, starting a new game at each end. ``step(state, rng)`` makes one random
    decision and says whether the game is over."""

    def __init__(self, new_state: Callable[[int], object],
                 step: Callable[[object, random.Random], bool], seed: int = 0):
        self.new_state, self.step = new_state, step
        self.rng = random.Random(seed)
        self.state = new_state(self.rng.getrandbits(32))
        self.decisions = self.games = self.finished_decisions = 0
        self.seconds = 0.0
        self._since_start = 0  # decisions in the game being played

    def run(self, seconds: float) -> tuple[int, float]:
        """Play for about ``seconds``; return the decisions made and the time taken."""
        step, rng, state = self.step, self.rng, self.state
        decisions = games = finished = 0
        since = self._since_start
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            for _ in range(CHECK_EVERY):
                since += 1
                if step(state, rng):
                    games += 1
                    finished += since
                    since = 0
                    state = self.new_state(rng.getrandbits(32))
            decisions += CHECK_EVERY
            now = time.perf_counter()
            if now >= deadline:
                break
        self.state, self._since_start = state, since
        self.decisions += decisions
        self.games += games
        self.finished_decisions += finished
        self.seconds += now - start
        return decisions, now - start


def game_playouts(entry: Entry, players: int, seed: int = 0) -> Playouts:
    """Random playouts of a registered game through ``legal_moves`` and ``play``."""
    cls, limit = entry.game, entry.limit

    def step(game, rng) -> bool:
        seats = game.seats_to_act
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)  # a race: anyone
        game.play(rng.choice(game.legal_moves(seat)), seat)
        return game.is_over

    return Playouts(lambda s: cls(players, seed=s, **limit), step, seed)


def reference_playouts(seed: int = 0) -> tuple[Playouts, str] | None:
    """OpenSpiel's pure-Python tic-tac-toe (its state's legal_actions and apply_action run
    Python code) by the same loop, and its name; None when open_spiel is not installed."""
    try:
        from importlib.metadata import version

        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")

    def step(state, rng) -> bool:
        state.apply_action(rng.choice(state.legal_actions()))
        return state.is_terminal()

    label = f"open_spiel {version('open_spiel')} python_tic_tac_toe"
    return Playouts(lambda _seed: game.new_initial_state(), step, seed), label


def interleaved(game: Playouts, reference: Playouts | None, seconds: float,
                slice_: float) -> list[float]:
    """Run the game and the reference in alternating slices for ``seconds`` in all; the
    ratio of their rates in each pair of slices (empty without a reference)."""
    game.run(slice_ / 4)  # warm-up: in the totals, not in the ratios
    if reference is None:
        game.run(seconds)
        return []
    reference.run(slice_ / 4)
    ratios = []
    for pair in range(max(1, round(seconds / (2 * slice_)))):
        first, second = (game, reference) if pair % 2 else (reference, game)
        a, b = first.run(slice_), second.run(slice_)
        (g, g_t), (r, r_t) = (a, b) if first is game else (b, a)
        ratios.append((g / g_t) / (r / r_t))
    return ratios


def rules_speed(names: list[str], seconds: float, slice_: float) -> None:
    """The table of the module docstring, a line printed as soon as it is measured."""
    ref = reference_playouts()
    reference, label = ref if ref else (None, "")
    pairs = max(1, round(seconds / (2 * slice_)))
    print(f"Random playouts through legal_moves() and play(), each game with its registry "
          f"limit, {seconds:g} s a line")
    if reference is None:
        print("open_spiel is not installed: no reference, no ratio (pip install '.[bench]')")
    else:
        print(f"reference: {label}, by the same loop, in {pairs} pairs of {slice_:g} s "
              f"slices with each line")
    print(f"  {'':<26}{'decisions/s':>12}  {'ratio':>6} {'IQR':>11} {'min-max':>11}"
          f"{'games/s':>10}{'dec./game':>11}")

    def line(title: str, playouts: Playouts, ratios: list[float]) -> None:
        rate = playouts.decisions / playouts.seconds
        games = playouts.games / playouts.seconds
        length = playouts.finished_decisions / playouts.games if playouts.games else 0
        spread = " " * 30
        if ratios:
            q1, _, q3 = statistics.quantiles(ratios, n=4, method="inclusive") \
                if len(ratios) > 1 else ratios * 3
            spread = f"{statistics.median(ratios):>6.2f} {q1:>5.2f}-{q3:<5.2f} " \
                     f"{min(ratios):>5.2f}-{max(ratios):<5.2f}"
        print(f"  {title:<26}{rate:>12,.0f}  {spread}{games:>10,.1f}{length:>11,.1f}",
              flush=True)

    for name in names:
        entry = GAMES[name]
        for players in player_counts(entry):
            playouts = game_playouts(entry, players)
            line(f"{name}, {players} players", playouts,
                 interleaved(playouts, reference, seconds, slice_))
        if name == "froop":
            print(f"  {froop_placements()}", flush=True)
    if reference is not None:
        line("tic-tac-toe (reference)", reference, [])


def froop_placements(size: int = 60, hand: int = 7, repetitions: int = 2000,
                     seed: int = 0) -> str:
    """Froop!'s legal plays: the median time to find every legal placement of a hand of
    ``hand`` cards (each way up) on a Froop of ``size`` cards, built by seeded random play
    (two-player Marathon games, which go on past a player running out), the hand drawn
    from the cards not on it. The aim: at most 20 ms."""
    from pondwidgets.froop import FroopGame

    rng = random.Random(seed)
    while True:
        game = FroopGame(2, seed=rng.getrandbits(32), marathon=True)
        while not game.is_over and len(game.froop) < size:
            seat = rng.choice(game.seats_to_act)
            game.play(rng.choice(game.legal_moves(seat)), seat)
        if len(game.froop) == size:
            break
    cards = rng.sample(sorted(game.hands[0] + game.hands[1] + game.pile), hand)
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        plays = game.placements(cards)
        times.append(time.perf_counter() - start)
    return (f"froop: every legal play of a {hand}-card hand on a {size}-card Froop "
            f"({len(plays)} plays): median {statistics.median(times) * 1e6:,.1f} µs over "
            f"{repetitions:,} repetitions (aim: at most 20 ms)")


def profile(name: str, players: int | None, seconds: float, top: int = 30) -> None:
    """cProfile of ``seconds`` of random playouts of one game, by cumulative time."""
    import cProfile
    import pstats

    entry = GAMES[name]
    players = players or player_counts(entry)[-1]
    playouts = game_playouts(entry, players)
    profiler = cProfile.Profile()
    profiler.enable()
    playouts.run(seconds)
    profiler.disable()
    print(f"{name}, {players} players: {playouts.decisions:,} decisions, "
          f"{playouts.games} games, under cProfile")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


# Races, where the baseline is the race's own bot loop: (game, options, title).
SIMULATED_RACES = (("rapidcroco", {}, "rapidcroco"), ("froop", {"panic": True}, "froop Panic"))


def simulate_speed(names: list[str], seconds: float, slice_: float) -> None:
    """``simulate`` against the loop it drives, per decision, as the module docstring says."""
    from pondwidgets.core import RandomBot
    from pondwidgets.core.bots import BotDriver
    from pondwidgets.core.simulate import seeds, simulate

    def bare(new_game, bots, games, seed, race):
        results = []
        for game_seed in seeds(games, seed):
            game = new_game(game_seed)
            for i, bot in enumerate(bots):  # as simulate reseeds them
                bot.reseed(game_seed + i + 1)
            if race:
                BotDriver(game, dict(enumerate(bots)), limit=None).run()
            else:
                while not game.is_over:
                    seat = game.current_player
                    game.play(bots[seat](game, seat), seat)
            results.append((game_seed, game.winners, len(game.history)))
        return results

    def simulated(new_game, bots, games, seed, race):
        return [(r.seed, r.winners, r.decisions)
                for r in simulate(new_game, bots, games, seed, progress=False)]

    def timed(run, *args):
        start = time.perf_counter()
        results = run(*args)
        return time.perf_counter() - start, results

    races = {(name, tuple(options.items())): title for name, options, title in SIMULATED_RACES}
    cases = [(name, {}) for name in names] + [(name, options) for name, options, _ in
                                              SIMULATED_RACES if options and name in names]
    pairs = max(1, round(seconds / (2 * slice_)))
    print(f"simulate() against the loop it drives, two players, each game with its registry "
          f"limit, {pairs} pairs of about {slice_:g} s slices a line; ratio: simulate's cost "
          f"per decision over the baseline's")
    print(f"  {'':<40}{'baseline':<14}{'dec./s':>9}{'games':>6}  {'ratio':>6} {'IQR':>11} "
          f"{'min-max':>11}")
    for name, options in cases:
        entry = GAMES[name]
        race = (name, tuple(options.items())) in races
        title = races.get((name, tuple(options.items())), name)

        def new_game(seed, entry=entry, options=options):
            return entry.game(2, seed=seed, **entry.limit, **options)

        for who, bots in (("RandomBot, RandomBot", [RandomBot(), RandomBot()]),
                          (f"{entry.bot_class}, RandomBot", [entry.bot(), RandomBot()])):
            took, _ = timed(bare, new_game, bots, 4, 10**6, race)  # warm-up, calibration
            games = max(1, round(slice_ / (took / 4)))
            ratios, decisions, spent = [], 0, 0.0
            for pair in range(pairs):
                order = (simulated, bare) if pair % 2 else (bare, simulated)
                (a, a_results), (b, b_results) = (timed(run, new_game, bots, games, pair, race)
                                                  for run in order)
                if a_results != b_results:
                    raise SystemExit(f"{title}, {who}: simulate's results differ from the "
                                     f"baseline's (seed {pair})")
                base, sim = (a, b) if order[0] is bare else (b, a)
                ratios.append(sim / base)
                decisions += sum(r[2] for r in a_results)
                spent += base
            q1, _, q3 = statistics.quantiles(ratios, n=4, method="inclusive") \
                if len(ratios) > 1 else ratios * 3
            print(f"  {title + ', ' + who:<40}{'BotDriver.run' if race else 'bare loop':<14}"
                  f"{decisions / spent:>9,.0f}{games:>6}  {statistics.median(ratios):>6.2f} "
                  f"{q1:>5.2f}-{q3:<5.2f} {min(ratios):>5.2f}-{max(ratios):<5.2f}", flush=True)


def bot_strength(entry: Entry, games: int) -> str:
    """A game's bot against RandomBot in two-player games with the entry's limit options,
    half of them from each seat (races run in the driver's simulated time); only a win
    alone counts, as the issues measure a bot."""
    from pondwidgets.core import RandomBot, wins_alone

    wins = wins_alone(lambda seed: entry.game(2, seed=seed, **entry.limit), entry.bot(),
                      [RandomBot()], games, seed=1)
    return (f"{entry.bot_class} wins {wins} of {games} games alone against RandomBot "
            f"({wins / games:.1%}; a shared win or a draw is not won)")


def old_froopbot(seed: int | None = None):
    """FroopBot as it was before issue 24 (only here, to measure against): it does not
    hurry for Speed's countdown (a reaction time past it loses the turn: the rules draw
    for it), and in Panic it ignores the hands Strategic shows."""
    from pondwidgets.froop.bots import FroopBot, Look

    class OldFroopBot(FroopBot):
        @staticmethod
        def time_left(game, seat):
            return None

        def __call__(self, game, seat):
            view = game.view(seat)
            legal = list(view["legal"])
            if len(legal) <= 1:
                return legal[0]["text"]
            look = Look(view, seat, self)
            look.rival_hands = []
            return look.choose(legal)

    return OldFroopBot(seed)


def paced_randombot(seed: int | None = None):
    """RandomBot with FroopBot's reaction time (its default ``delay``): in Panic a bot
    with no delay answers at once and wins every race, so there the random player races
    at FroopBot's pace, and only its choices are random."""
    from pondwidgets.core import RandomBot
    from pondwidgets.froop import FroopBot

    class PacedRandomBot(RandomBot):
        def __init__(self, seed=None):
            self.pace = FroopBot(seed)
            super().__init__(seed)

        def reseed(self, seed):
            super().reseed(seed)
            if hasattr(self, "pace"):
                self.pace.reseed(None if seed is None else seed + 1)

        def delay(self, game, seat):
            return self.pace.delay(game, seat)

    return PacedRandomBot(seed)


# Froop! variants where FroopBot changed (issue 24): Speed at its 20 s and at a countdown
# a big hand overruns, and Panic under Strategic (hands public).
FROOP_VARIANTS = (("Speed, 20 s", {"speed": True}),
                  ("Speed, 8 s", {"speed": True, "countdown": 8}),
                  ("Speed, 5 s", {"speed": True, "countdown": 5}),
                  ("Panic, Strategic", {"panic": True, "strategic": True}),
                  ("Panic", {"panic": True}))


def froop_bots(games: int) -> None:
    """Two-player Froop! games in each of ``FROOP_VARIANTS``: FroopBot and the old one
    (``old_froopbot``) each against RandomBot (in Speed as it is: it answers at once,
    never running out of time; in Panic ``paced_randombot``, at FroopBot's reaction time,
    so that it races fairly), and FroopBot against the old one, half of
    the games from each seat (seed 1, races in the driver's simulated time); wins alone."""
    from pondwidgets.core import RandomBot, wins_alone
    from pondwidgets.froop import FroopBot, FroopGame

    for label, options in FROOP_VARIANTS:
        random_bot = paced_randombot if options.get("panic") else RandomBot

        def new_game(seed, options=options):
            return FroopGame(2, seed=seed, **options)

        line = []
        for what, bot, rival in (("new vs RandomBot", FroopBot(), random_bot()),
                                 ("old vs RandomBot", old_froopbot(), random_bot()),
                                 ("new vs old", FroopBot(), old_froopbot())):
            wins = wins_alone(new_game, bot, [rival], games, seed=1, progress=False)
            line.append(f"{what} {wins}/{games} ({wins / games:.1%})")
        print(f"froop {label}: " + "; ".join(line), flush=True)


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
# All run in the page: the clock starts at the click. The first feedback is the pending
# mark (input.js, `data-pending` on the clicked control), seen by a MutationObserver (before
# the next paint), and the frame that paints it (the next requestAnimationFrame after it);
# the update, the MutationObserver callback that sees `attribute` change. A widget with no
# mark (the bare anywidget) reports null feedback. `gap` ms: the call returns no sooner
# than that after its click (0: back to back; 300: as a person clicks). A click that
# changes nothing fails after 10 s instead of waiting for ever.
CLICK_UNTIL_CHANGED = """async ([root, attribute, select, target, gap]) => {
  const el = document.querySelector(root);
  const before = el.getAttribute(attribute);
  if (select) el.querySelector(select).click();
  const button = el.querySelector(target);
  let start = 0, feedback = null, painted = null;
  const marked = new MutationObserver(() => {
    if (feedback === null && button.hasAttribute("data-pending")) {
      feedback = performance.now() - start;
      marked.disconnect();
      requestAnimationFrame(() => { painted = performance.now() - start; });
    }
  });
  marked.observe(el, { attributes: true, attributeFilter: ["data-pending"], subtree: true });
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
  start = performance.now();
  button.click();
  await changed;
  const update = performance.now() - start;
  marked.disconnect();
  // The frame after the mark, when the update came first (painted is then still due).
  if (feedback !== null && painted === null) {
    await new Promise((r) => requestAnimationFrame(() => r()));
  }
  const rest = gap - (performance.now() - start);
  if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  return { update, feedback, painted };
}"""

SPACINGS = (("back to back", 0), ("300 ms apart", 300))


def open_lite(stack, browser, sandbox, notebook: Path, loads: int = 3):
    """The JupyterLite site built with the README's command and served statically, its
    size, and the median of ``loads`` front-page loads to an idle kernel, each in a fresh
    offline browser profile; then ``notebook`` uploaded and run there: its page."""
    from tests.browser import harness
    from tests.browser.lite import StaticSite, build_site, offline, open_site, open_uploaded

    site = sandbox.base / "site"
    print(f"site: built in {build_site(site):.0f} s; {lite_size(site)}")
    server = stack.enter_context(StaticSite(sandbox, site).start())
    idle, pages = [], []
    for _ in range(loads):
        context, aborted = offline(browser, server, viewport={"width": 1280, "height": 1400})
        pages.append(context.new_page())
        idle.append(open_site(pages[-1], server))
        assert not aborted, aborted
        if len(pages) < loads:
            context.close()
    print(f"page load to an idle kernel (the start notebook, no network, a fresh browser "
          f"profile each): median {statistics.median(idle):.1f} s of "
          f"{', '.join(f'{t:.1f}' for t in idle)}")
    page = pages[-1]
    open_uploaded(page, notebook)
    harness.run_all(page)
    return page


def lite_size(site: Path) -> str:
    """The site's size: whole, compressed (each file gzipped, as a web server sends it),
    and Pyodide's part of it."""
    import gzip

    files = [p for p in site.rglob("*") if p.is_file()]
    pyodide = site / "static" / "pyodide"

    def mb(paths, packed=False):
        sizes = (len(gzip.compress(p.read_bytes(), 6)) if packed else p.stat().st_size
                 for p in paths)
        return f"{sum(sizes) / 1e6:.1f} MB"

    ours = [p for p in files if pyodide in p.parents]
    return (f"{mb(files)} ({mb(files, True)} gzipped) in {len(files)} files, of which "
            f"Pyodide and the wheels {mb(ours)} ({mb(ours, True)} gzipped)")


def browser_round_trips(rounds: int, warmup: int = 3, lite: bool = False) -> None:
    """Click-to-update times in Chromium: the Croak! and Rapidcroco boards against a bare
    anywidget, in JupyterLab, or with ``lite`` in the JupyterLite site (built here, served
    statically, no network), where the page's load to an idle kernel is timed too."""
    sys.path.insert(0, str(ROOT))
    from tests.browser import harness
    from tests.browser.lite import SHOWN

    problem = harness.chromium_problem()
    if problem:
        print(f"browser: not measured: {problem}")
        return
    from playwright.sync_api import sync_playwright

    sandbox = harness.Sandbox()
    where = "JupyterLite, offline" if lite else "JupyterLab"
    try:
        bench = harness.write_notebook(sandbox.root / "bench.ipynb",
                                       [harness.PING_WIDGET, BROWSER_BOARD, RAPIDCROCO_BOARD])
        with contextlib.ExitStack() as stack:
            playwright = stack.enter_context(sync_playwright())
            browser = harness.launch_chromium(playwright, sandbox)
            if lite:
                page = open_lite(stack, browser, sandbox, bench)
            else:
                lab = stack.enter_context(harness.JupyterLab(sandbox).start())
                page = browser.new_page(viewport={"width": 1280, "height": 1400})
                harness.open_notebook(page, lab, "bench.ipynb", ".pw-croak")
            page.locator(f"{SHOWN} .pw-ping").wait_for()
            page.locator(f'{SHOWN} .pw-rapidcroco [data-role="reveal"]').wait_for()
            # In blocks, not interleaved: a click on one widget right after the other's
            # meets the other's TCP acknowledgement timing (Nagle, delayed ACKs) and makes
            # the bare round trip look twice as fast as it is on its own.
            moves = itertools.cycle(SHUTTLE)  # the board's moves go round and back
            decisions = itertools.cycle(RAPIDCROCO_ROUND)  # rounds without a capture

            def board_click(gap):
                start, to = next(moves)
                return page.evaluate(CLICK_UNTIL_CHANGED, [
                    f"{SHOWN} .pw-croak", "data-decisions", f'[data-square="{start}"]',
                    f'[data-square="{to}"]', gap])

            def rapidcroco_click(gap):
                select, target = next(decisions)
                return page.evaluate(CLICK_UNTIL_CHANGED, [
                    f"{SHOWN} .pw-rapidcroco", "data-decisions", select, target, gap])

            def bare_click(gap):
                return page.evaluate(CLICK_UNTIL_CHANGED,
                                     [f"{SHOWN} .pw-ping", "data-count", None, "button", gap])

            widgets = {"croak": board_click, "rapidcroco": rapidcroco_click,
                       "bare": bare_click}
            results = {(name, spacing): [] for name in widgets for spacing, _ in SPACINGS}
            for _block in range(2):
                for spacing, gap in SPACINGS:
                    for name, click in widgets.items():
                        times = [click(gap) for _ in range(warmup + rounds // 2)]
                        results[name, spacing].extend(times[warmup:])
            version = browser.version
            browser.close()
    finally:
        sandbox.cleanup()

    def median(name, spacing, key):
        values = [r[key] for r in results[name, spacing] if r[key] is not None]
        return statistics.median(values) if values else None

    def ms(value):
        return f"{value:>8.1f}" if value is not None else f"{'-':>8}"

    labels = {"croak": "croak board (click a target square)",
              "rapidcroco": "rapidcroco board (criteria, give up)",
              "bare": "bare anywidget (no pending mark)"}
    print(f"browser (Chromium {version}, {where}), median of {rounds} clicks, in ms "
          f"from the click: pending mark seen / painted (next frame) / data-decisions "
          f"(bare: trait seen) changed:")
    print(f"  {'':<40}{'':<14}{'mark':>8}{'painted':>8}{'update':>8}")
    for spacing, _ in SPACINGS:
        for name in widgets:
            print(f"  {labels[name]:<40}{spacing:<14}{ms(median(name, spacing, 'feedback'))}"
                  f"{ms(median(name, spacing, 'painted'))}{ms(median(name, spacing, 'update'))}")
        bare = median("bare", spacing, "update")
        for name in ("croak", "rapidcroco"):
            print(f"  {'ratio ' + name + ' / bare (update)':<54}{'':>16}"
                  f"{median(name, spacing, 'update') / bare:>8.2f}")


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


def notebook_times(paths: list[str]) -> None:
    """Run All of each course notebook (all of ``notebooks/`` when ``paths`` is empty), one
    after another in a kernel of its own started in the notebook's folder, as nbval and
    JupyterLab run them (``PONDWIDGETS_PROGRESS=0``, as in the tests): a Markdown table of
    each one's wall time, the kernel's start included, and the total."""
    import nbformat
    from nbclient import NotebookClient

    os.environ["PONDWIDGETS_PROGRESS"] = "0"
    notebooks = [Path(p).resolve() for p in paths] or sorted((ROOT / "notebooks").rglob("*.ipynb"))
    total = 0.0
    print("| notebook | Run All |\n|---|---:|")
    for path in notebooks:
        notebook = nbformat.read(path, as_version=4)
        client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}})
        start = time.perf_counter()
        client.execute()
        took = time.perf_counter() - start
        total += took
        print(f"| `{path.relative_to(ROOT / 'notebooks').as_posix()}` | {took:.1f} s |",
              flush=True)
    print(f"| all {len(notebooks)} | {total:.0f} s |")


CLASS = 30  # students on one server, in the README's figure


def kernel_memory(pid: int) -> tuple[int, int, int | None]:
    """The kernel process ``pid``'s resident set in bytes, the part of it its own (USS:
    not pages of shared libraries, which every kernel maps once between them), and its
    peak resident set (``VmHWM``; None off Linux)."""
    def kib(path: str, *keys: str) -> int | None:
        try:
            lines = Path(f"/proc/{pid}/{path}").read_text().splitlines()
        except OSError:
            return None
        values = dict(line.split(":", 1) for line in lines if ":" in line)
        return sum(int(values[k].split()[0]) * 1024 for k in keys if k in values)

    try:
        import psutil
    except ImportError:
        rss = kib("status", "VmRSS") or 0
        own = kib("smaps_rollup", "Private_Clean", "Private_Dirty") or rss
    else:
        full = psutil.Process(pid).memory_full_info()
        rss, own = full.rss, getattr(full, "uss", full.rss)
    return rss, own, kib("status", "VmHWM")


def notebook_memory(paths: list[str]) -> None:
    """Run All of each course notebook in a fresh kernel of its own (as ``notebook_times``),
    then its kernel's memory, still running: a Markdown table per notebook and per game."""
    import nbformat
    from nbclient import NotebookClient

    os.environ["PONDWIDGETS_PROGRESS"] = "0"
    notebooks = [Path(p).resolve() for p in paths] or sorted((ROOT / "notebooks").rglob("*.ipynb"))
    mib = 1024 * 1024
    after: dict[Path, tuple[int, int]] = {}
    print("| notebook | kernel after Run All (RSS) | its own (USS) | peak during it |\n"
          "|---|---:|---:|---:|")
    for path in notebooks:
        notebook = nbformat.read(path, as_version=4)
        client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}})
        with client.setup_kernel():  # what execute() does, the kernel read before shutdown
            for index, cell in enumerate(notebook.cells):
                client.execute_cell(cell, index)
            rss, own, peak = kernel_memory(client.km.provisioner.pid)
        after[path] = rss, own
        shown = f"{peak / mib:.0f} MiB" if peak else "?"
        print(f"| `{path.relative_to(ROOT / 'notebooks').as_posix()}` | {rss / mib:.0f} MiB "
              f"| {own / mib:.0f} MiB | {shown} |", flush=True)
    games = {}
    for name in GAMES:
        three = [ROOT / "notebooks" / name / f for f in
                 ("01-rules.ipynb", "02-variants.ipynb", "03-probability.ipynb")]
        if all(p in after for p in three):
            games[name] = tuple(sum(after[p][i] for p in three) for i in (0, 1))
    if not games:
        return
    print("\n| game | its three notebooks' kernels (RSS) | their own (USS) |\n|---|---:|---:|")
    for name, (rss, own) in games.items():
        print(f"| {name} | {rss / mib:.0f} MiB | {own / mib:.0f} MiB |")
    largest = max(games, key=lambda name: games[name][0])
    rss, own = games[largest]
    print(f"\nA class of {CLASS}, each with {largest}'s three open (the largest): "
          f"{CLASS * rss / mib / 1024:.1f} GiB of kernels by RSS ({CLASS} x {rss / mib:.0f} "
          f"MiB), {CLASS * own / mib / 1024:.1f} GiB by USS (each kernel's own memory, the "
          f"shared libraries' pages left out), JupyterLab's server aside.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0,
                        help="time per game and player count, reference slices included")
    parser.add_argument("--slice", type=float, default=0.2,
                        help="one slice of the game or the reference, in seconds")
    parser.add_argument("--game", action="append", choices=list(GAMES), metavar="NAME",
                        help=f"only this game (repeatable; default all: {', '.join(GAMES)})")
    parser.add_argument("--profile", choices=list(GAMES), metavar="NAME",
                        help="profile this game's playouts instead of the table")
    parser.add_argument("--players", type=int, help="with --profile: the player count")
    parser.add_argument("--bots", type=int, default=0, metavar="GAMES",
                        help="also play each game's bot against random ones")
    parser.add_argument("--froop-bots", type=int, default=0, metavar="GAMES",
                        help="instead, FroopBot against RandomBot and its old self in "
                             "Speed and Panic (issue 24)")
    parser.add_argument("--executors", action="store_true",
                        help="instead, what a process pool and a Dask cluster cost (start-up, "
                             "per task) and from how many games each pays")
    parser.add_argument("--browser", action="store_true",
                        help="also time clicks on the boards in Chromium, and bundle sizes")
    parser.add_argument("--lite", action="store_true",
                        help="the same clicks in the JupyterLite site (built here, offline), "
                             "its load to an idle kernel and its size")
    parser.add_argument("--clicks", type=int, default=20,
                        help="clicks measured per widget with --browser; the median counts")
    parser.add_argument("--boards", type=int, default=0, metavar="COUNT",
                        help="also make COUNT boards in this kernel: move time and memory")
    parser.add_argument("--simulate", action="store_true",
                        help="instead, time simulate() against the loop it drives, per "
                             "decision, for each game (or those of --game)")
    parser.add_argument("--notebooks", nargs="*", metavar="NOTEBOOK",
                        help="instead, time Run All of these notebooks (none: the course)")
    parser.add_argument("--lite-notebooks", nargs="*", metavar="NOTEBOOK",
                        help="instead, Run All of these notebooks (none: the site's) in the "
                             "JupyterLite site, offline, beside JupyterLab")
    parser.add_argument("--memory", nargs="*", metavar="NOTEBOOK",
                        help="instead, each notebook's kernel memory after Run All "
                             "(none: the course), per game and for a class of 30")
    parser.add_argument("--experiments", nargs=argparse.REMAINDER, metavar="OPTION",
                        help="instead, the class experiments: each one's cost to confirm, "
                             "and a class of 30 sending at once (tests/"
                             "benchmark_experiments.py; its options follow)")
    parser.add_argument("--tables", nargs=argparse.REMAINDER, metavar="OPTION",
                        help="instead, 30 students at 10 shared tables on a server of its "
                             "own (tests/benchmark_tables.py; its options follow)")
    args = parser.parse_args()
    if args.experiments is not None:
        from tests.benchmark_experiments import main as experiments_under_load

        experiments_under_load(args.experiments)
        return
    if args.tables is not None:
        from tests.benchmark_tables import main as tables_under_load

        tables_under_load(args.tables)
        return
    if args.memory is not None:
        notebook_memory(args.memory)
        return
    if args.notebooks is not None:
        notebook_times(args.notebooks)
        return
    if args.lite_notebooks is not None:
        from tests.benchmark_lite import lite_notebook_times

        lite_notebook_times(args.lite_notebooks)
        return
    if args.executors:
        from tests.benchmark_executors import executor_report

        executor_report()
        return
    if args.simulate:
        simulate_speed(args.game or list(GAMES), args.seconds, args.slice)
        return
    if args.froop_bots:
        froop_bots(args.froop_bots)
        return
    if args.profile:
        profile(args.profile, args.players, args.seconds)
        return
    if args.boards:
        boards_report(args.boards)
    rules_speed(args.game or list(GAMES), args.seconds, args.slice)
    if args.bots:
        for name in args.game or list(GAMES):
            print(f"{name} bots: {bot_strength(GAMES[name], args.bots)}")
    if args.browser:
        browser_round_trips(args.clicks)
        bundle_report()
    if args.lite:
        browser_round_trips(args.clicks, lite=True)


if __name__ == "__main__":
    main()
