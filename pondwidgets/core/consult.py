"""Asking a bot the package did not write — a student's — at arm's length.

Such a bot is never handed the real game. It gets ``game.sample_hidden(seat, rng)``: a
copy that holds only what its seat may know (the other hands, the pile's order and the
seed are drawn afresh or left out) and through which it cannot change the game. It must
answer within a time budget (``BUDGET`` seconds a decision, unless told otherwise): past
it, it is stopped and the decision is its fault. A bot that changes the copy it was
given — plays its move on it, edits a hand — is told so too: cheating is a fault, never
rewarded.

How the bot is stopped depends on where it is asked. Asked and waited for (``ask``: a
cell, a simulation, ``check_bot``) on a process's main thread, it runs in place under an
alarm (``SIGALRM``) whose handler raises ``OutOfTime`` inside it: no cost but the alarm's,
and a ``time.sleep`` is cut short too. Elsewhere (a Dask worker's thread, Windows) it runs
in a thread of its own, in which ``OutOfTime`` is raised once the budget is spent. On a
board it always thinks in a thread of its own (``start``), so that the kernel's loop keeps
answering while it does (``core.widget``). The browser's Pyodide has neither threads nor
alarms: there a trace function stops a pure-Python loop once the time is up.

The package's own bots (``own``) keep the real game: their speed matters for
simulations, and they neither loop nor cheat. ``Guarded`` is one of them: it asks the
student's bot it holds at arm's length itself.
"""

from __future__ import annotations

import ctypes
import hashlib
import inspect
import os
import pickle
import random
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any

from .clock import ManualClock

if TYPE_CHECKING:
    from .bots import Bot
    from .game import Game

BUDGET = 3.0  # seconds a student's bot may think over one decision
# Pyodide (the JupyterLite site) has the threading module but cannot start a thread, and
# no alarms; Windows has no SIGALRM.
THREADS = sys.platform != "emscripten"
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep  # pondwidgets/
ALARMS = THREADS and hasattr(signal, "setitimer")
# Frames that can be closed as they are freed: generators and coroutines.
RESUMABLE = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR


class Fault(Exception):
    """What a bot did wrong, in words that follow its name ("took longer than its budget
    of 3 s"); ``__cause__`` is the bot's own exception, if it raised one."""


class OutOfTime(BaseException):
    """Raised inside a bot whose time is up. A BaseException, as KeyboardInterrupt is, so
    that a student's ``except Exception`` does not swallow it."""


def own(bot: Any) -> bool:
    """Whether ``bot`` is one of the package's own bots (``RandomBot``, a game's
    heuristic bot, ``MCTSBot``, and ``Guarded``, which asks the bot it holds at arm's
    length itself): they get the real game."""
    return type(bot).__module__.startswith("pondwidgets.")


def thinks_apart(bot: Any) -> bool:
    """Whether a board lets ``bot`` think in a thread of its own: any bot but the
    package's own, and ``Guarded`` (a student's bot is inside)."""
    return not own(bot) or hasattr(bot, "faults")


def _sampler(game: Game, seat: int) -> random.Random:
    """The generator a question's sample is drawn from: the same for the same game, seat
    and decision (runs are reproducible), and no way back to the game's seed."""
    key = f"{game.seed} {len(game.history)} {seat}".encode()
    return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


class Question:
    """One decision asked of ``bot`` for ``seat`` of ``game``: ``given`` is what the bot
    is handed (a sample of what that seat may know, on a clock of its own that stands at
    the game's time), ``decisions`` the game's decision count when it was asked."""

    def __init__(self, bot: Bot, game: Game, seat: int, budget: float = BUDGET) -> None:
        self.bot, self.seat, self.budget = bot, seat, budget
        self.decisions = len(game.history)
        self.given = game.sample_hidden(seat, _sampler(game, seat))
        self.given.clock = ManualClock(game.clock.now())
        self._before = _state(self.given)
        self.answer: Any = None
        self.error: BaseException | None = None
        self.finished = threading.Event()
        self._thread: threading.Thread | None = None

    # -- the call ---------------------------------------------------------------------------
    def _call(self) -> None:
        try:
            self.answer = self.bot(self.given, self.seat)
        except KeyboardInterrupt:  # the person pressed Interrupt: theirs, not the bot's
            self.finished.set()
            raise
        except BaseException as err:  # a student's bot: everything it raises is kept
            self.error = err
        self.finished.set()

    def start(self, then: Callable[[], None] | None = None) -> None:
        """Ask in a thread of its own; ``then()`` is called in that thread once the bot
        has answered (or raised, or was stopped)."""
        def run() -> None:
            self._call()
            if then is not None:
                then()

        self._thread = threading.Thread(target=run, daemon=True,
                                        name=f"pondwidgets bot at seat {self.seat}")
        self._thread.start()

    def stop(self) -> None:
        """Stop the bot: ``OutOfTime`` is raised inside it at its next step (a bot blocked
        inside a C call, such as a long ``time.sleep``, stops when that call returns; it
        holds only its sample, so it can do no harm meanwhile)."""
        thread = self._thread
        if thread is not None and thread.is_alive() and thread.ident is not None:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident),
                                                       ctypes.py_object(OutOfTime))

    def ask(self) -> Any:
        """Ask and wait, at most the budget: the bot's answer, or ``Fault``."""
        if ALARMS and threading.current_thread() is threading.main_thread():
            self._alarmed()
        elif THREADS:
            self.start()
            try:
                self.finished.wait(self.budget)
            except BaseException:  # Interrupt while waiting: the bot stops too
                self.stop()
                raise
            if not self.finished.is_set():
                self.stop()
                self.error = OutOfTime()
        else:
            self._traced()
        return self.verdict()

    def _alarmed(self) -> None:
        """In place, under an alarm that raises OutOfTime in the bot when its time is up."""
        ringing = True

        def ring(signum: int, frame: FrameType | None) -> None:
            if ringing:
                raise OutOfTime

        previous = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, self.budget)
        try:
            self._call()
        except OutOfTime:  # it rang as the bot returned: an answer given stands
            self.finished.set()
        finally:
            ringing = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    def _traced(self) -> None:
        """Without threads: the bot runs here, and a trace function raises OutOfTime in
        it once its time is up (a pure-Python loop is stopped; a C call is not). The
        clock is read at every call, and at every line of code that is not the package's:
        the package's own functions always return, so tracing their lines too only made a
        bot that calls the rules two to three times slower in the browser.

        It never raises as a generator is entered other than at a line: an unfinished
        generator is closed as it is freed, an exception raised there is swallowed, and
        Python then drops the trace function, which would leave the bot unwatched for
        ever. The next ordinary call or line raises instead."""
        deadline = time.monotonic() + self.budget

        def tracer(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
            if time.monotonic() > deadline and (event == "line"
                                                or not frame.f_code.co_flags & RESUMABLE):
                raise OutOfTime
            return None if frame.f_code.co_filename.startswith(PACKAGE) else tracer

        previous = sys.gettrace()
        sys.settrace(tracer)
        try:
            self._call()
        finally:
            sys.settrace(previous)

    # -- what the bot did --------------------------------------------------------------------
    def verdict(self) -> Any:
        """The bot's answer, once it has finished, or ``Fault`` saying what it did wrong:
        took too long, raised, or changed the game it was given."""
        if isinstance(self.error, OutOfTime) or not self.finished.is_set():
            raise Fault(f"took longer than its budget of {self.budget:g} s for one "
                        f"decision, and was stopped")
        if self.error is not None:
            raise Fault(f"raised {said(self.error)}") from self.error
        changed = self.changed()
        if changed:
            raise Fault(f"changed the game it was given ({changed}); a bot only returns "
                        f"its move, and the game it is given is a copy, so that was "
                        f"not counted")
        return self.answer

    def changed(self) -> str:
        """What the bot changed in the game it was given, in words ("played a move on
        it", "its hands"), or "" when nothing."""
        if len(self.given.history) != self.decisions:
            return "it played a move on it"
        after = _state(self.given)
        if after == self._before:
            return ""
        old, new = pickle.loads(self._before), pickle.loads(after)  # which parts, in words
        names = sorted(k for k in old.keys() | new.keys()
                       if pickle.dumps(old.get(k)) != pickle.dumps(new.get(k)))
        return f"its {', '.join(n.lstrip('_') for n in names)}"


def _state(game: Game) -> bytes:
    """The game's state, pickled: what a bot may not change. The rng (a sample's own), the
    clock (its own) and the caches the rules fill as they are read (``Game.CACHES``) are
    left out."""
    skip = {"rng", "clock", "_observers", *type(game).CACHES}
    return pickle.dumps({k: v for k, v in vars(game).items() if k not in skip})


def said(err: BaseException) -> str:
    """``ZeroDivisionError: division by zero``, cut short."""
    text = str(err)
    text = text if len(text) <= 120 else text[:119] + "…"
    return f"{type(err).__name__}: {text}" if text else type(err).__name__

