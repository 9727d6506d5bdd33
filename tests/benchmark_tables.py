"""Shared tables under load: ``python tests/benchmark.py --tables`` (or ``python
tests/benchmark_tables.py``), a benchmark, never asserted in a test.

The real table server (``python -m pondwidgets.tables --port 0 --db FILE``, in a temporary
folder) runs in a process of its own, so its CPU and memory are its own. One client
process holds ``--students`` (30) simulated students at ``--tables`` (10) tables, each on
a WebSocket of its own from a loopback address of its own (a device, to the server's
limits). The tables take the registry's games in turn, with their ``limit`` options;
Froop!'s second table plays Panic, and Rapidcroco races. Two to four students sit at a
table; every other table's creator seats a bot (the search bot, the game's own, RandomBot).

Each student plays ``--games`` (1) whole games: it presses Start (and Next round when
only bots may start the next) and, whenever its seat is among ``to_act``, thinks for
``--think MIN MAX`` seconds (0.3 to 1.0, drawn from ``--seed``) and sends one of its
view's legal moves at random, with the ``seen`` of the picture it then has; a move
refused as stale (a race) is counted, and it looks again. Printed:

* **move → update**, per game: from sending a move (one in flight a student) to the first
  ``table`` message with that seat among the movers after ``seen``: median, 95th
  percentile and count (the client's own event loop included);
* **the server**: its CPU seconds over the run (``/proc/<pid>/stat``), as a share of one
  core, per decision (people's and bots') and in its busiest second, and its resident
  memory before, after and at its peak (``VmRSS``, ``VmHWM``); Linux only, else "?";
* **replays the same**, per table: a record (``save`` once over) has no seed, by design,
  so no deal can be dealt again from it alone. As each game ends, its table's row is read
  from the server's SQLite file (``store.py``: its replay save, seed included); then that
  save is loaded (``from_dict``) and the record's decisions replayed on a fresh game of
  its names and options on that seed: both must give the record's log and winners.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import re
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # pondwidgets from this checkout, even when not installed

from tornado.httpclient import HTTPRequest  # noqa: E402
from tornado.websocket import WebSocketClientConnection, websocket_connect  # noqa: E402

from pondwidgets.core.errors import GameError  # noqa: E402
from pondwidgets.core.replay import replay  # noqa: E402
from pondwidgets.games import GAMES  # noqa: E402
from pondwidgets.tables import seating  # noqa: E402

MOST_AT_A_TABLE = 4  # people and bots
EXPECTED_REFUSALS = ("the game moved on", "too late", "the game is over",
                     "there is no round to start", "there is nothing to start")
Message = dict[str, Any]


@dataclass
class Plan:
    """One table: its game, its options, its people and the bots its creator seats."""

    number: int
    game: str
    options: dict[str, Any]
    people: int
    bots: list[str]

    @property
    def label(self) -> str:
        return self.game + " Panic" * bool(self.options.get("panic"))

    @property
    def seats(self) -> str:
        return f"{self.people} people" + "".join(f" + {bot}" for bot in self.bots)


def plan_tables(students: int, tables: int) -> list[Plan]:
    """``tables`` tables for ``students`` people, as the module docstring says."""
    if not 1 <= tables <= students <= MOST_AT_A_TABLE * tables:
        raise SystemExit(f"{students} students do not fill {tables} tables of 1 to "
                         f"{MOST_AT_A_TABLE} people")
    people = [students // tables + (i < students % tables) for i in range(tables)]
    for i in range(0, tables - 1, 3):  # tables of every size: one person moves on
        if people[i] > 1 and people[i + 1] < MOST_AT_A_TABLE:
            people[i], people[i + 1] = people[i] - 1, people[i + 1] + 1
    names, plans, bot_tables = list(GAMES), [], 0
    for i, count in enumerate(people):
        entry = GAMES[names[i % len(names)]]
        options = dict(entry.limit)
        if entry.name == "froop" and i // len(names) % 2:
            options["panic"] = True  # a race beside Rapidcroco's
        bots = []
        if count == 1 or (i % 2 == 0 and count < MOST_AT_A_TABLE):
            offered = seating.offered(entry, seating.races(entry, count + 1, options))
            bots.append(offered[-1 - bot_tables % len(offered)])
            bot_tables += 1
        plans.append(Plan(i + 1, entry.name, options, count, bots))
    return plans


class Server:
    """The table server in a process of its own, on 127.0.0.1 and a free port, with its
    SQLite file in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.db = folder / "tables.sqlite3"
        path = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pondwidgets.tables", "--host", "127.0.0.1", "--port", "0",
             "--db", str(self.db)], stdout=subprocess.PIPE, text=True, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": path})
        line = self.process.stdout.readline() if self.process.stdout is not None else ""
        found = re.search(r"ws://127\.0\.0\.1:\d+/tables/ws", line)
        if found is None:
            self.stop()
            raise SystemExit(f"the table server did not say where it serves: {line!r}")
        self.url = found.group(0)

    def _read(self, name: str) -> str:
        with contextlib.suppress(OSError):  # not Linux: ""
            return Path(f"/proc/{self.process.pid}/{name}").read_text()
        return ""

    def cpu_seconds(self) -> float | None:
        """User and system CPU seconds the server has used (None: not known here)."""
        fields = self._read("stat").rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") if fields else None

    def memory(self) -> dict[str, int]:
        """Its resident set now (``VmRSS``) and at its peak (``VmHWM``), in bytes."""
        values = dict(line.split(":", 1) for line in self._read("status").splitlines()
                      if ":" in line)
        return {key: int(values[key].split()[0]) * 1024 for key in ("VmRSS", "VmHWM")
                if key in values}

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)  # as Ctrl-C: it closes its store
        try:
            self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


@dataclass
class Figures:
    """What the students measure, at every table."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    refusals: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    unexpected: list[str] = field(default_factory=list)
    sent: Counter[str] = field(default_factory=Counter)  # requests, by type
    messages: int = 0
    received: int = 0  # bytes


@dataclass
class TableRun:
    """One table as the run goes: its plan, its code once made, each game's end."""

    plan: Plan
    code: asyncio.Future[str]
    # each game over: its record, and the replay save the store held then
    ended: list[tuple[Message, Message | None]] = field(default_factory=list)
    latest: Message = field(default_factory=dict)  # the creator's last table message


def device_address(number: int) -> str | None:
    """The loopback address student ``number`` connects from, a device of its own; None
    where 127.0.0.1 is the only one (macOS): the students are then one device."""
    address = f"127.{(number + 1) >> 16 & 255}.{(number + 1) >> 8 & 255}.{(number + 1) & 255}"
    with socket.socket() as probe, contextlib.suppress(OSError):
        probe.bind((address, 0))
        return address
    return None


def stored_save(db: Path, code: str) -> Message | None:
    """The replay save the server keeps of table ``code`` (read only, beside the server)."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        row = connection.execute("SELECT save FROM tables WHERE code = ?", (code,)).fetchone()
    return json.loads(row[0]) if row and row[0] else None


class Student:
    """One simulated student on a WebSocket of its own."""

    def __init__(self, number: int, table: TableRun, creator: bool, args: argparse.Namespace,
                 figures: Figures, db: Path) -> None:
        self.name, self.table, self.figures, self.db = f"Student {number}", table, figures, db
        self.creator = creator  # the table's first student: it creates the table
        self.games, self.think = args.games, args.think
        self.rng = random.Random(f"{args.seed}:{number}")
        self.address = device_address(number)
        self.seat: int | None = None
        self.latest: Message = {"view": None}
        self.pending: tuple[int, float] | None = None  # (seen, sent at) of its move in flight
        self.thinking = self.pressed = self.over = False
        self.released: int | None = None  # the decisions on which it pressed Next round
        self.played = 0  # games it has seen end
        self.done = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()

    async def take_part(self, url: str) -> None:
        self.link: WebSocketClientConnection = await websocket_connect(
            HTTPRequest(url, network_interface=self.address))
        plan = self.table.plan
        if self.creator:
            await self.send(type="create", game=plan.game, players=plan.people + len(
                plan.bots), name=self.name, options=plan.options)
        else:
            await self.send(type="join", code=await self.table.code, name=self.name)
        while not self.done.is_set():
            text = await self.link.read_message()
            if not isinstance(text, str):
                raise RuntimeError(f"{self.name}'s link closed")
            self.figures.messages += 1
            self.figures.received += len(text)
            message = json.loads(text)
            if message["type"] == "joined":
                self.seat = message["seat"]
                for seat, bot in enumerate(plan.bots if self.creator else [], plan.people):
                    await self.send(type="bot", seat=seat, bot=bot)
            elif message["type"] == "table":
                await self.on_table(message)
            elif message["type"] == "record":
                self.on_record(message["record"])
            elif message["type"] == "refused":
                self.on_refused(message)
        for task in self._tasks:
            task.cancel()

    async def send(self, **message: Any) -> None:
        self.figures.sent[message["type"]] += 1
        await self.link.write_message(json.dumps(message))

    def later(self, action: Callable[[], Awaitable[None]]) -> None:
        """Run ``action()`` after a person's think time, on the picture it then has."""
        async def act() -> None:
            await asyncio.sleep(self.rng.uniform(*self.think))
            await action()
        task = asyncio.get_running_loop().create_task(act())
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:  # in the report
            self.figures.unexpected.append(f"{self.name}: {task.exception()!r}")

    async def on_table(self, message: Message) -> None:
        self.latest, plan = message, self.table.plan
        if self.creator:
            self.table.latest = message
            if not self.table.code.done() and all(
                    seat["name"] for seat in message["seats"][plan.people:]):
                self.table.code.set_result(message["code"])  # its bots are seated
        view = message["view"]
        if view is None:
            return
        if self.pending is not None and self.seat in message["movers"][self.pending[0]:]:
            self.figures.latencies[plan.label].append(time.perf_counter() - self.pending[1])
            self.pending = None
        if view["is_over"]:
            if not self.over:
                self.over, self.pending, self.played = True, None, self.played + 1
                if self.creator:
                    await self.send(type="save")
                elif self.played >= self.games:
                    self.done.set()
            return
        if self.over:  # a New game: it waits for Start again
            self.over = self.pressed = False
        if message["holding"]:
            if self.seat not in message["ready"] and not self.pressed:
                self.pressed = True
                self.later(lambda: self.send(type="start"))
            return
        if message["waiting"] and self.released != view["decisions"]:
            self.released = view["decisions"]
            self.later(self.next_round)
        self.consider()

    def consider(self) -> None:
        """Start thinking if this seat may decide (its turn, or a race)."""
        view = self.latest["view"]
        if not self.thinking and self.pending is None and view and not view["is_over"] \
                and not self.latest["holding"] and self.seat in view["to_act"]:
            self.thinking = True
            self.later(self.move)

    async def move(self) -> None:
        self.thinking = False
        message = self.latest
        view = message["view"]
        if view["is_over"] or message["holding"] or self.pending is not None \
                or self.seat not in view["to_act"]:
            return  # the picture moved on while it thought: nothing for it now
        self.pending = view["decisions"], time.perf_counter()
        await self.send(type="move", move=self.rng.choice(view["legal"])["text"],
                        seen=view["decisions"])

    async def next_round(self) -> None:
        if self.latest.get("waiting"):
            await self.send(type="next_round", seen=self.latest["view"]["decisions"])

    def on_record(self, record: Message) -> None:
        table, plan = self.table, self.table.plan
        table.ended.append((record, stored_save(self.db, table.latest["code"])))
        print(f"  table {plan.number} ({plan.label}, {plan.seats}): game {self.played} over "
              f"after {len(record['decisions'])} decisions", flush=True)
        if self.played >= self.games:
            self.done.set()
        else:
            self.later(lambda: self.send(type="new_game",
                                         seen=self.latest["view"]["decisions"]))

    def on_refused(self, message: Message) -> None:
        request, reason = message["request"], message["reason"]
        if request == "move":
            self.pending = None
        if reason.startswith(EXPECTED_REFUSALS):
            self.figures.refusals[self.table.plan.label, request, reason] += 1
        else:
            self.figures.unexpected.append(f"{self.name} ({self.table.plan.label}), "
                                           f"{request}: {reason}")
        self.consider()  # it looks again


def replays(record: Message, save: Message | None) -> tuple[bool, bool]:
    """Whether the store's save, and the record's decisions on its seed, give the record's
    log and winners; and whether the record's decisions on another seed do too."""
    cls: Any = GAMES[record["game"]].game

    def same(make: Callable[[], Any]) -> bool:
        try:
            game = make()
        except GameError:  # a save refused, or a decision illegal on that deal
            return False
        return bool(game.log == record["log"] and list(game.winners) == record["winners"])

    def replayed(seed: int) -> Any:
        game = cls(record["names"], seed=seed, **record["options"])
        replay(game, record["decisions"], checked=True)
        return game

    if save is None:
        return False, False
    return (same(lambda: cls.from_dict(save)) and save["decisions"] == record["decisions"]
            and same(lambda: replayed(save["seed"]))), same(lambda: replayed(save["seed"] + 1))


async def run_class(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Play every table's games: the figures, and what each table ended with."""
    figures, loop = Figures(), asyncio.get_running_loop()
    tables = [TableRun(plan, loop.create_future())
              for plan in plan_tables(args.students, args.tables)]
    seats = [(table, person == 0) for table in tables for person in range(table.plan.people)]
    students = [Student(number, table, creator, args, figures, server.db)
                for number, (table, creator) in enumerate(seats, start=1)]
    samples: list[tuple[float, float]] = []  # (time, server CPU seconds), for its busiest

    async def sample() -> None:
        while (cpu := server.cpu_seconds()) is not None:
            samples.append((time.perf_counter(), cpu))
            await asyncio.sleep(1.0)

    sampler = loop.create_task(sample())
    start, cpu_start, client_start = time.perf_counter(), server.cpu_seconds(), \
        time.process_time()
    try:
        await asyncio.wait_for(asyncio.gather(*(s.take_part(server.url) for s in students)),
                               args.timeout)
    except asyncio.TimeoutError:
        for table in tables:  # where each stood
            view = table.latest.get("view") or {}
            print(f"  table {table.plan.number} ({table.plan.label}): {len(table.ended)} over, "
                  f"then {({key: view.get(key) for key in ('decisions', 'to_act', 'phase')})}")
        raise SystemExit(f"the run took over --timeout {args.timeout:g} s") from None
    finally:
        sampler.cancel()
    wall, cpu_end = time.perf_counter() - start, server.cpu_seconds()
    for student in students:
        student.link.close()
    busiest = max(((c2 - c1) / (t2 - t1)
                   for (t1, c1), (t2, c2) in itertools.pairwise(samples)), default=0.0)
    return {"figures": figures, "tables": tables, "wall": wall, "busiest": busiest,
            "cpu": None if cpu_start is None or cpu_end is None else cpu_end - cpu_start,
            "client": (time.process_time() - client_start) / wall}


def report(args: argparse.Namespace, result: dict[str, Any], before: dict[str, int],
           after: dict[str, int]) -> bool:
    """Print the figures as Markdown tables; whether every table replays the same."""
    figures, tables = result["figures"], result["tables"]
    cpu, wall, busiest = result["cpu"], result["wall"], result["busiest"]

    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.0f} ms"

    def p95(values: list[float]) -> float:
        return sorted(values)[min(len(values) - 1, int(0.95 * len(values)))]

    def mib(values: dict[str, int], key: str) -> str:  # Linux's figures: else "?"
        return f"{values[key] / 2**20:.0f} MiB" if key in values else "?"

    print(f"\n{args.students} students at {args.tables} tables, {args.games} whole game"
          f"{'s' * (args.games > 1)} a table, think {args.think[0]:g}–{args.think[1]:g} s, "
          f"seed {args.seed}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
          f"at the end\n\n"
          f"| table | game | seats | decisions | replays the same |\n|---:|---|---|---:|---|")
    all_same, decisions = True, 0
    for table in tables:
        checks = [replays(record, save) for record, save in table.ended]
        same = len(checks) == args.games and all(kept for kept, _ in checks)
        all_same &= same
        count = sum(len(record["decisions"]) for record, _ in table.ended)
        decisions += count
        print(f"| {table.plan.number} | {table.plan.label} | {table.plan.seats} | {count} | "
              f"{'yes' if same else 'NO'}; the record alone, on another seed: "
              f"{'yes' if any(alone for _, alone in checks) else 'no'} |")
    print("\n| game | moves timed | move → update, median | 95th percentile | slowest | "
          "refused as stale |\n|---|---:|---:|---:|---:|---:|")
    labels = list(dict.fromkeys(table.plan.label for table in tables))
    every = [t for label in labels for t in figures.latencies[label]]
    for label, times in [*((label, figures.latencies[label]) for label in labels),
                         ("all", every)]:
        stale = sum(n for (game, _, _), n in figures.refusals.items() if label in (game, "all"))
        if times:
            print(f"| {label} | {len(times)} | {ms(statistics.median(times))} | "
                  f"{ms(p95(times))} | {ms(max(times))} | {stale} |")
    share = f"{100 * cpu / wall:.1f}% of one core" if cpu is not None else "? of one core"
    print(f"\n| the server | |\n|---|---|\n| wall time of the run | {wall:.0f} s ({decisions} "
          f"decisions, people's and bots', {decisions / wall:.1f} a second) |")
    if cpu is not None:
        print(f"| CPU over the run | {cpu:.1f} s: {share}, {1000 * cpu / max(decisions, 1):.1f}"
              f" ms a decision; busiest second {100 * busiest:.0f}% |")
    print(f"| memory (resident) | {mib(before, 'VmRSS')} before the students, "
          f"{mib(after, 'VmRSS')} after; peak {mib(after, 'VmHWM')} |\n"
          f"| messages to the students | {figures.messages:,} ({figures.received / 2**20:.1f} MiB"
          f" of JSON) |\n| this client (every student) | {100 * result['client']:.0f}% of "
          f"one core |\n  requests sent: "
          + ", ".join(f"{n} {kind}" for kind, n in figures.sent.items()))
    for (label, request, reason), count in sorted(figures.refusals.items()):
        print(f"  refused as expected: {count} × {label} {request}: {reason}")
    for line in figures.unexpected:
        print(f"  UNEXPECTED: {line}")
    if every and cpu is not None:
        print(f"\none laptop holds {args.students} students at {args.tables} tables: the "
              f"server used {share} (busiest second {100 * busiest:.0f}%) and "
              f"{mib(after, 'VmHWM')} at its peak, a move seen on its board in "
              f"{ms(statistics.median(every))} (95%: {ms(p95(every))}); by CPU alone one "
              f"core would serve about {args.students * wall / cpu:,.0f} such students "
              f"(extrapolated, not measured)")
    return all_same and not figures.unexpected


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30, help="simulated students (30)")
    parser.add_argument("--tables", type=int, default=10,
                        help="tables, the games in turn (10: each game twice)")
    parser.add_argument("--games", type=int, default=1, help="whole games a table plays (1)")
    parser.add_argument("--think", type=float, nargs=2, default=(0.3, 1.0),
                        metavar=("MIN", "MAX"), help="a person's think time, seconds")
    parser.add_argument("--seed", type=int, default=0,
                        help="the students' think times and moves (the server deals)")
    parser.add_argument("--timeout", type=float, default=900.0,
                        help="seconds before a stalled run stops")
    args = parser.parse_args(argv)
    if args.games < 1 or not 0 <= args.think[0] <= args.think[1]:
        parser.error("--games is at least 1, and --think MIN MAX with 0 <= MIN <= MAX")
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            before = server.memory()
            print(f"table server {server.url} (pid {server.process.pid}):", flush=True)
            result = asyncio.run(run_class(server, args))
            after = server.memory()
        finally:
            server.stop()
    if not report(args, result, before, after):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
