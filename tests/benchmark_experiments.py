"""The class experiments under load (``python tests/benchmark.py --experiments``): what the
classroom's server pays to confirm a result, and what a class sending at once does to the
tables' event loop.

1. For every experiment of every game: the time of one game (the median of 40), and of
   ``confirm``, the 24 sampled games the server plays again for one result.
2. A class: ``--students`` (30) students join an experiment on a real server on this
   machine, each from a loopback address of its own (so the per-device limits hold as
   for real devices), play ``--games`` (1,000) games each, and send at the same moment.
   Meanwhile a probe asks the server's ``GET /tables/api`` every 20 ms: how long the
   server took to answer it shows what the tables' players would feel. Printed: the time
   until every result is pooled, each send's time (median, slowest), the probe's (median,
   95th percentile, slowest), and whether the pooled counts are those of the games.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import secrets
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from pondwidgets.core.experiments import Tally
from pondwidgets.games import GAMES
from pondwidgets.tables.experiments import SAMPLE, ClassExperiments, find
from tests.tables.threads import on_a_thread


def per_experiment() -> None:
    room = ClassExperiments()
    token = secrets.token_urlsafe(18)  # one student, in every experiment
    print(f"{'experiment':<34}{'one game':>12}{f'confirm ({SAMPLE} games)':>22}")
    for entry in GAMES.values():
        for experiment in entry.experiments.values():
            seeds = range(1000, 1040)
            times = []
            for seed in seeds:
                start = time.perf_counter()
                experiment.trial(seed)
                times.append(time.perf_counter() - start)
            seed = room.join("bench", {"experiment": experiment.id, "name": "Ada",
                                       "token": token})["seed"]
            values = experiment.samples(200, seed)
            result = room.check(_result(experiment.id, token, seed, values))
            start = time.perf_counter()
            room.confirm(result)
            confirm = time.perf_counter() - start
            print(f"{experiment.id:<34}{statistics.median(times) * 1000:>10.2f} ms"
                  f"{confirm * 1000:>19.1f} ms")


def _result(experiment_id: str, token: str, seed: int, values: list[int]) -> dict:
    counts = find(experiment_id).counts(values)
    return {"experiment": experiment_id, "token": token, "seed": seed,
            "games": len(values), "values": values, **counts}


def _post(port: int, source: str, path: str, body: dict) -> tuple[int, dict, float]:
    start = time.perf_counter()
    link = http.client.HTTPConnection("127.0.0.1", port, timeout=120,
                                      source_address=(source, 0))
    link.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    answer = link.getresponse()
    data = json.loads(answer.read())
    link.close()
    return answer.status, data, time.perf_counter() - start


def a_class(experiment_id: str, students: int, games: int) -> None:
    from pondwidgets.tables.server import serve

    async def start():
        return serve("127.0.0.1", 0)[0]

    async def stop(served):
        await served.stop()

    experiment = find(experiment_id)
    with on_a_thread(start, stop) as server:
        port = server.port
        sources = [f"127.0.{1 + n // 250}.{1 + n % 250}" for n in range(students)]
        joined = []
        for n, source in enumerate(sources):
            token = secrets.token_urlsafe(18)
            status, answer, _ = _post(port, source, "/tables/experiments/join", {
                "experiment": experiment_id, "name": f"Student {n + 1}", "token": token})
            assert status == 200, answer
            joined.append((source, token, answer["seed"]))
        results = [(source, _result(experiment_id, token, seed,
                                    experiment.samples(games, seed)))
                   for source, token, seed in joined]
        probes: list[float] = []
        sending = threading.Event()

        def probe() -> None:
            while not sending.is_set():
                start = time.perf_counter()
                link = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                link.request("GET", "/tables/api")
                link.getresponse().read()
                link.close()
                probes.append(time.perf_counter() - start)
                time.sleep(0.02)

        prober = threading.Thread(target=probe)
        prober.start()
        time.sleep(0.3)  # the probe's time on an idle server first
        start = time.perf_counter()
        with ThreadPoolExecutor(students) as pool:
            sent = list(pool.map(lambda r: _post(port, r[0], "/tables/experiments/send",
                                                 r[1]), results))
        everything = time.perf_counter() - start
        sending.set()
        prober.join()
        refused = [answer for status, answer, _ in sent if status != 200]
        shown = server.experiments.summary()[0]["class"]
        direct = Tally.of(v for _, r in results for v in r["values"])
        print(f"{students} students x {games:,} games of {experiment_id}: all sent and "
              f"pooled in {everything:.2f} s; {len(refused)} asked to send again "
              f"({refused[0]['error'] if refused else 'none'})")
        times = sorted(t for _, _, t in sent)
        print(f"  a send: median {statistics.median(times):.2f} s, slowest {times[-1]:.2f} s")
        probes.sort()
        print(f"  the server's answer to a table page meanwhile: median "
              f"{statistics.median(probes) * 1000:.1f} ms, 95th percentile "
              f"{probes[int(0.95 * (len(probes) - 1))] * 1000:.1f} ms, slowest "
              f"{probes[-1] * 1000:.1f} ms ({len(probes)} probes)")
        if not refused:
            same = (shown["games"], shown["total"]) == (direct.count, direct.total)
            print(f"  pooled counts are the games': {same}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="benchmark.py --experiments")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--experiment", default="croak/pike_endings",
                        help="the experiment the class sends (default: whole games between "
                             "bots; the slowest, froop/game_length, plays 14 ms a game)")
    args = parser.parse_args(argv)
    per_experiment()
    a_class(args.experiment, args.students, args.games)
    asyncio.set_event_loop(None)
