"""Long work says how far it is (issue 26 item 11): ``simulate``, ``wins_alone`` and
``round_robin`` (so ``check_bot``) show a tqdm bar that reaches the number of games, per
game here and per task on an executor, once they have run ``PROGRESS_DELAY`` seconds:
``progress=True`` always, ``progress=None`` only in a Jupyter kernel (a widget there) and
not when ``PONDWIDGETS_PROGRESS`` is 0, which tests/conftest.py sets for every test and
notebook kernel; ``progress=False`` never."""

from __future__ import annotations

import importlib
import os
import sys
import types
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import ClassVar

import pytest

from pondwidgets.core import BadArgument, RandomBot
from pondwidgets.core.simulate import simulate, wins_alone
from pondwidgets.core.tournament import check_bot, round_robin
from tests.core.test_tournament import Always, Duel

module = importlib.import_module("pondwidgets.core.simulate")  # the module, not the function


def duel(seed):
    return Duel(seed=seed)


class Recorder:
    """A stand-in for the tqdm bar: what it was made with, its updates, whether closed."""

    made: ClassVar[list[Recorder]] = []

    def __init__(self, total, desc, **options):
        self.total, self.desc, self.options = total, desc, options
        self.updates, self.closed = [], False
        Recorder.made.append(self)

    def update(self, n):
        self.updates.append(n)

    def close(self):
        self.closed = True


@pytest.fixture
def bars(monkeypatch):
    """The bars made, each a Recorder (kernel or not)."""
    Recorder.made = []
    monkeypatch.setattr(module, "_bar", lambda kernel: Recorder)
    return Recorder.made


def in_a_kernel(monkeypatch, yes=True):
    monkeypatch.setattr(module, "_in_kernel", lambda: yes)


def test_the_tests_and_their_kernels_turn_the_bars_off():
    assert os.environ["PONDWIDGETS_PROGRESS"] == "0"  # inherited by nbval's kernels


def test_a_bar_counts_every_game_to_the_total(bars):
    simulate(duel, [RandomBot(), Always(5)], 12, progress=True)
    (bar,) = bars
    assert (bar.total, bar.desc, bar.updates, bar.closed) == (12, "simulate", [1] * 12, True)
    assert bar.options["delay"] == module.PROGRESS_DELAY == 1.5  # only a long run shows one


def test_on_an_executor_the_bar_moves_per_task(bars):
    with ThreadPoolExecutor(2) as pool:
        simulate(duel, [RandomBot(), Always(5)], 12, executor=pool, chunks=3, progress=True)
    (bar,) = bars
    assert sorted(bar.updates) == [4, 4, 4] and bar.closed


def test_a_round_robin_and_check_bot_have_one_bar_for_all_their_games(bars):
    bots = {"one": Always(1), "two": Always(2), "three": Always(3)}
    round_robin(duel, bots, games=6, progress=True)
    wins_alone(duel, Always(9), [Always(1)], 7, progress=True)
    check_bot(Always(9), duel, Always(1), games=10, progress=True)
    assert [(bar.desc, bar.total, sum(bar.updates), bar.closed) for bar in bars] == [
        ("round robin", 18, 18, True), ("wins_alone", 7, 7, True), ("round robin", 10, 10, True)]


def test_a_failed_run_closes_its_bar_short(bars):
    def fails(game, seat):
        raise ValueError("no")

    with pytest.raises(ValueError):
        simulate(duel, [RandomBot(), fails], 5, progress=True)
    (bar,) = bars
    assert bar.updates == [] and bar.closed  # a notebook's bar turns red: short of 5


def test_automatic_bars_only_in_a_kernel_and_not_when_turned_off(bars, monkeypatch):
    monkeypatch.delenv("PONDWIDGETS_PROGRESS")
    simulate(duel, [RandomBot(), RandomBot()], 3)  # pytest: no kernel
    assert bars == []
    in_a_kernel(monkeypatch)
    simulate(duel, [RandomBot(), RandomBot()], 3)
    assert len(bars) == 1
    simulate(duel, [RandomBot(), RandomBot()], 3, progress=False)
    assert len(bars) == 1
    for off in ("0", "false", "No", "off "):
        monkeypatch.setenv("PONDWIDGETS_PROGRESS", off)
        simulate(duel, [RandomBot(), RandomBot()], 3)
        round_robin(duel, {"a": Always(1), "b": Always(2)}, games=4)
    assert len(bars) == 1
    simulate(duel, [RandomBot(), RandomBot()], 3, progress=True)  # asked for: shown
    assert len(bars) == 2
    with pytest.raises(BadArgument, match=r"^progress is one of None, True, False, not 1"):
        simulate(duel, [RandomBot(), RandomBot()], 3, progress=1)


def test_a_kernel_is_an_ipython_shell_with_a_kernel(monkeypatch):
    fake = types.ModuleType("IPython")
    monkeypatch.setitem(sys.modules, "IPython", fake)
    fake.get_ipython = lambda: None  # IPython imported, no shell: a script, pytest
    assert not module._in_kernel()
    fake.get_ipython = lambda: types.SimpleNamespace()  # IPython in a terminal
    assert not module._in_kernel()
    fake.get_ipython = lambda: types.SimpleNamespace(kernel=object())  # ipykernel, Pyodide
    assert module._in_kernel()
    monkeypatch.delitem(sys.modules, "IPython")
    assert not module._in_kernel()


def test_the_text_bar_draws_on_stderr_after_its_delay_only(capsys, monkeypatch):
    simulate(duel, [RandomBot(), RandomBot()], 20, progress=True)  # quicker than 1.5 s
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(module, "PROGRESS_DELAY", 0)
    simulate(duel, [RandomBot(), RandomBot()], 20, progress=True)
    err = capsys.readouterr().err
    assert "simulate: 100%" in err and "20/20" in err
    monkeypatch.delenv("PONDWIDGETS_PROGRESS")
    simulate(duel, [RandomBot(), RandomBot()], 20)  # None, outside a kernel: nothing
    assert capsys.readouterr() == ("", "")


ROOT = Path(__file__).resolve().parents[2]
SETUP = """
import os, sys
from pondwidgets.core import RandomBot
from pondwidgets.core.tournament import round_robin
from tests.core.test_tournament import Duel
simulation = sys.modules["pondwidgets.core.simulate"]
"""
PLAY = """round_robin(lambda s: Duel(seed=s), {"a": RandomBot(), "b": RandomBot(7)}, games=30)"""


def run_in_a_kernel(cells: list[str]) -> list[list[dict]]:
    """The iopub messages a real IPython kernel (as nbval starts one, inheriting this
    environment: PONDWIDGETS_PROGRESS=0) sends while running each of ``cells``."""
    from jupyter_client.manager import start_new_kernel

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    manager, client = start_new_kernel(kernel_name="python3", env=env, cwd=str(ROOT))
    try:
        every = []
        for code in cells:
            msg_id, messages = client.execute(code), []
            while not (messages and messages[-1]["msg_type"] == "status"
                       and messages[-1]["content"]["execution_state"] == "idle"):
                message = client.get_iopub_msg(timeout=60)
                if message["parent_header"].get("msg_id") == msg_id:
                    messages.append(message)
            every.append(messages)
        return every
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def test_in_a_notebook_kernel_the_bar_is_a_widget_unless_turned_off_or_quick():
    setup, off, quick, on = run_in_a_kernel(
        [SETUP, PLAY, f"os.environ.pop('PONDWIDGETS_PROGRESS')\n{PLAY}",
         f"simulation.PROGRESS_DELAY = 0  # any run is long enough\n{PLAY}"])
    for messages in (setup, off, quick, on):
        errors = [m["content"] for m in messages if m["msg_type"] == "error"]
        assert not errors, errors
        assert not [m for m in messages if m["msg_type"] == "stream"]  # no text bar
    kinds = [m["msg_type"] for m in off]
    assert "display_data" not in kinds and "comm_open" not in kinds  # as nbval sees it
    # quicker than PROGRESS_DELAY: nothing shown, and the bar's widgets closed, not kept
    assert "display_data" not in [m["msg_type"] for m in quick]
    opened = {m["content"]["comm_id"] for m in quick if m["msg_type"] == "comm_open"}
    closed = {m["content"]["comm_id"] for m in quick if m["msg_type"] == "comm_close"}
    assert opened and opened == closed
    shown = [m["content"]["data"] for m in on if m["msg_type"] == "display_data"]
    assert any("application/vnd.jupyter.widget-view+json" in data for data in shown), shown
    values = [m["content"]["data"]["state"].get("value") for m in on
              if m["msg_type"] == "comm_msg" and m["content"]["data"].get("method") == "update"]
    counts = [v for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    assert max(counts) == 30  # the bar's value: every game of the pair
    assert any(isinstance(v, str) and "30/30" in v for v in values)  # its text
