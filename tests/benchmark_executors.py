"""What an executor costs and when it pays: ``python tests/benchmark.py --executors``.

Measured with Kecke Frösche, two players, KeckeBot against RandomBot (the registry's
``limit`` options), on a worker per core (``os.cpu_count()``), three ways: serially, on a
``ProcessPoolExecutor`` and on a local Dask cluster of single-threaded worker processes
(``pip install ".[cluster]"``). Printed:

* **start-up**: from creating the pool (Linux's default ``fork``, and ``spawn``, the
  default on macOS and Windows) or the cluster and its ``Client`` until it has answered
  a first task per worker, each making a game (pondwidgets imported); the best of
  ``rounds``;
* **per task**: what one task of ``simulate`` costs beyond its games, measured with
  tasks of no games through the same path (``tasks.play_task``: the pickled game maker
  and bots read, the results sent back): the round trip of one task alone (the median of
  60), and the executor's time per task when 400 are submitted at once (the wall time
  over the tasks, times the workers: the worker time each takes);
* **simulations**: for each run size, the wall time of ``simulate`` serially and on the
  pool and the cluster (started beforehand), with the tasks it chose (``chunks`` None: as
  many as the games' time is worth, ``tasks.TASK_SECONDS`` of games each) and the
  executor's share of the run: tasks times the cost per task, over the run's serial time
  (the aim: under 5%), after checking that all three give the same results; the best of
  ``rounds``, the three taking turns so that a busy moment slows all;
* **worth it from**: the run, in games and in seconds of serial play, from which each
  executor is faster than playing here, counting its start-up (once per session) and not
  (already started): from the largest run's per-game times.

Run it on an idle machine: the figures are the machine's, and a busy core slows the
parallel runs more than the serial one.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from pondwidgets.core import RandomBot, simulate, tasks
from pondwidgets.games import GAMES

ENTRY = GAMES["keckefrosche"]
SIZES = (100, 1000, 5000)


def new_game(seed):
    return ENTRY.game(2, seed=seed, **ENTRY.limit)


def bots():
    return [ENTRY.bot(), RandomBot()]


def warm(_: int) -> int:
    """A worker's first task: pondwidgets imported and a game made."""
    new_game(0)
    return os.getpid()


def started(make, workers: int, first):
    """An executor made by ``make()``, and the seconds until ``workers`` first tasks
    have come back (``first(executor)`` submits them and waits)."""
    start = time.perf_counter()
    executor = make()
    first(executor)
    return executor, time.perf_counter() - start


def pool_first(pool, workers: int) -> None:
    list(pool.map(warm, range(workers)))


def client_first(client, workers: int) -> None:
    client.wait_for_workers(workers)
    client.gather(client.map(warm, range(workers), pure=False))


def task_cost(executor, workers: int, alone: int = 60, together: int = 400
              ) -> tuple[float, float]:
    """Seconds a task of no games costs: alone (its round trip), and per task when
    ``together`` are submitted at once, in worker time (wall time × workers ÷ tasks)."""
    import cloudpickle

    task = cloudpickle.dumps((new_game, bots(), None, 100_000))
    trips = []
    for _ in range(alone):
        start = time.perf_counter()
        executor.submit(tasks.play_task, task, []).result()
        trips.append(time.perf_counter() - start)
    start = time.perf_counter()
    for future in [executor.submit(tasks.play_task, task, []) for _ in range(together)]:
        future.result()
    return statistics.median(trips), (time.perf_counter() - start) * workers / together


def counted_tasks(executor, games: int) -> int:
    """The tasks ``simulate`` sends for ``games`` games (``chunks`` None)."""

    class Counting:
        submitted = 0

        def submit(self, fn, *args):
            Counting.submitted += 1
            return executor.submit(fn, *args)

    simulate(new_game, bots(), games, seed=1, executor=Counting())
    return Counting.submitted


def executor_report(rounds: int = 3) -> None:
    from distributed import Client, LocalCluster

    workers = os.cpu_count() or 1
    print(f"{ENTRY.title}, {ENTRY.bot_class} against RandomBot, {workers} workers "
          f"(os.cpu_count()); load average {os.getloadavg()[0]:.1f} at the start\n")
    cluster_options = dict(n_workers=workers, threads_per_worker=1, processes=True,
                           dashboard_address=None)
    starts: dict[str, list[float]] = {"ProcessPoolExecutor (fork)": [],
                                      "ProcessPoolExecutor (spawn)": [],
                                      "Dask LocalCluster + Client": []}
    for _ in range(rounds):
        for how in ("fork", "spawn"):
            context = multiprocessing.get_context(how)
            pool, seconds = started(lambda c=context: ProcessPoolExecutor(workers, mp_context=c),
                                    workers, lambda p: pool_first(p, workers))
            pool.shutdown()
            starts[f"ProcessPoolExecutor ({how})"].append(seconds)

        def make_client():
            return Client(LocalCluster(**cluster_options))

        client, seconds = started(make_client, workers, lambda c: client_first(c, workers))
        client.cluster.close()
        client.close()
        starts["Dask LocalCluster + Client"].append(seconds)
    print("| start-up, until a first task per worker has made a game | best | all |\n"
          "|---|---:|---|")
    for way, times in starts.items():
        print(f"| {way} | {min(times):.2f} s | {', '.join(f'{t:.2f}' for t in times)} |")

    with ProcessPoolExecutor(workers) as pool, LocalCluster(**cluster_options) as cluster, \
            Client(cluster) as client:
        pool_first(pool, workers)
        client_first(client, workers)
        ways = {"serial": None, "ProcessPoolExecutor": pool, "Dask": client}
        costs = {way: task_cost(executor, workers) for way, executor in ways.items()
                 if executor is not None}
        print("\n| a task's cost beyond its games | alone (round trip) | 400 at once, "
              "worker time each |\n|---|---:|---:|")
        for way, (alone, together) in costs.items():
            print(f"| {way} | {alone * 1e3:.1f} ms | {together * 1e3:.1f} ms |")
        best = {(way, games): float("inf") for way in ways for games in SIZES}
        for _ in range(rounds):
            for games in SIZES:
                results = {}
                for way, executor in ways.items():
                    start = time.perf_counter()
                    results[way] = simulate(new_game, bots(), games, seed=1, executor=executor)
                    best[way, games] = min(best[way, games], time.perf_counter() - start)
                if any(r != results["serial"] for r in results.values()):
                    raise SystemExit("the executors' results differ from the serial run's")
        sent = {games: counted_tasks(pool, games) for games in SIZES}
    print("\n| games | serial | ProcessPoolExecutor | Dask | tasks | Dask's cost per task, "
          "share of the serial time |\n|---:|---:|---:|---:|---:|---:|")
    for games in SIZES:
        serial = best["serial", games]
        cells = [f"{serial:.2f} s"] + [
            f"{best[way, games]:.2f} s ({serial / best[way, games]:.2f}×)"
            for way in ("ProcessPoolExecutor", "Dask")]
        share = sent[games] * costs["Dask"][1] / serial
        print(f"| {games:,} | {' | '.join(cells)} | {sent[games]} | {share:.1%} |")
    print("(the same results all three ways; tasks: 0 means played here, whole)")

    # wall(games) = fixed + games × a game's time there, from the two largest runs
    small, large = SIZES[-2], SIZES[-1]
    here = best["serial", large] / large
    print("\n| worth it from | started now (start-up counted) | already running |\n"
          "|---|---:|---:|")
    for way, start_way in (("ProcessPoolExecutor", "ProcessPoolExecutor (fork)"),
                           ("Dask", "Dask LocalCluster + Client")):
        there = (best[way, large] - best[way, small]) / (large - small)
        fixed = max(0.0, best[way, small] - small * there)
        if there >= here:
            print(f"| {way} | never, at these sizes | never, at these sizes |")
            continue
        cells = [(fixed + min(starts[start_way])) / (here - there), fixed / (here - there)]
        print(f"| {way} | " + " | ".join(f"{g:,.0f} games ({g * here:.1f} s played here)"
                                           for g in cells) + " |")
