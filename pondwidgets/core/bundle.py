"""A game's front end, sent to the browser once per kernel rather than once per board.

anywidget syncs ``_esm`` and ``_css`` as traits of every model, so a notebook saved with
its widget state would carry a game's whole JS and CSS again for each board. Instead
each game's bundle lives in one small ipywidgets model, a ``Bundle``, made on the first
board of that game and kept for the kernel's life; every board's ``_esm`` is the same
tiny loader (``js/shared/loader.js``), which finds the board's Bundle through its
``_bundle`` trait, imports the code once per page, adds the CSS once per page and hands
``initialize`` and ``render`` to the game's module. A saved notebook then holds each
bundle once, and a static rendering of its widget state still draws every board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import ipywidgets
import traitlets

STATIC = Path(__file__).parent.parent / "static"


def read(name: str) -> str:
    """A built file of ``pondwidgets/static/``, as text."""
    return (STATIC / name).read_text(encoding="utf-8")


class Bundle(ipywidgets.Widget):  # type: ignore[misc]  # ipywidgets ships no types
    """One game's front end: ``esm`` (its bundled ES module) and ``css``. A plain
    ipywidgets model (no view, no anywidget): every widget manager can restore it from
    saved state, and it never loads the code itself."""

    name = traitlets.Unicode().tag(sync=True)
    esm = traitlets.Unicode().tag(sync=True)
    css = traitlets.Unicode().tag(sync=True)

    _open: ClassVar[dict[str, Bundle]] = {}  # name -> the kernel's one Bundle of it

    @classmethod
    def of(cls, name: str) -> Bundle:
        """The Bundle of ``pondwidgets/static/<name>.js`` and ``.css``: made on first use,
        and again if it was closed (``Widget.close_all()``), so boards never point at a
        model the page no longer has."""
        bundle = cls._open.get(name)
        if bundle is None or bundle.comm is None:
            bundle = cls._open[name] = cls(name=name, esm=read(f"{name}.js"),
                                           css=read(f"{name}.css"))
        return bundle

    def set_state(self, sync_data: Any) -> None:
        # Python owns the bundle, as it owns a board's traits: a write from the browser is
        # never applied, and every view gets the Python values back.
        self.send_state()

    def __repr__(self) -> str:
        return f"<Bundle {self.name!r}>"
