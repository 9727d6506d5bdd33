"""A server on an event loop of a thread of its own, as a test that drives browsers or
kernels from its own thread needs: started, served while the block runs, stopped."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Awaitable, Callable, Iterator
from typing import TypeVar

WAIT = 10.0  # seconds a start or a stop may take
Served = TypeVar("Served")


@contextlib.contextmanager
def on_a_thread(start: Callable[[], Awaitable[Served]],
                stop: Callable[[Served], Awaitable[object]]) -> Iterator[Served]:
    """What the coroutine ``start()`` gives, served on a loop of its own thread until the
    block ends; then ``await stop(it)`` there, and the loop ends."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        served = asyncio.run_coroutine_threadsafe(start(), loop).result(WAIT)
        try:
            yield served
        finally:
            asyncio.run_coroutine_threadsafe(stop(served), loop).result(WAIT)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(WAIT)
        loop.close()
