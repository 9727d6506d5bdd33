"""Every notebook stays under 1 MB (docs/design.md#notebooks): a saved board holds only a
small loader, and each game's bundle is saved once per notebook, in its Bundle widget
(pondwidgets/core/bundle.py)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LIMIT = 1_000_000  # bytes
LOADER = 4_000  # bytes: a board's _esm is the loader, never a game's bundle


def notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.rglob("*.ipynb"))


def saved_widgets(path: Path) -> dict:
    nb = json.loads(path.read_text(encoding="utf-8"))
    widgets = nb.get("metadata", {}).get("widgets", {})
    return widgets.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})


def test_every_notebook_is_under_1_mb():
    assert notebooks(), f"no notebooks under {NOTEBOOKS}"
    heavy = {p.relative_to(NOTEBOOKS).as_posix(): p.stat().st_size for p in notebooks()
             if p.stat().st_size >= LIMIT}
    assert not heavy, (
        f"notebooks of {LIMIT:,} bytes or more: "
        + ", ".join(f"{name} ({size:,} bytes)" for name, size in sorted(heavy.items()))
        + ". Fewer, richer live boards; a board's saved state should hold no bundle.")


def test_saved_boards_hold_the_loader_and_each_bundle_is_saved_once():
    for path in notebooks():
        state = saved_widgets(path)
        bundles = Counter(m["state"].get("name") for m in state.values()
                          if m["state"].get("_model_name") == "WidgetModel"
                          and "esm" in m["state"])
        big = [i for i, m in state.items() if len(m["state"].get("_esm", "")) > LOADER
               or m["state"].get("_css")]
        assert not big, f"{path.name}: boards saved with a whole bundle: {big[:3]}"
        assert all(n == 1 for n in bundles.values()), f"{path.name}: {bundles}"


def test_saved_bundles_are_the_current_front_end():
    """A notebook opened before any cell runs draws its boards with the bundle saved in it:
    a saved bundle older than ``pondwidgets/static/`` would show last month's board (and
    miss what keeps saved boards through a save). After a change to ``js/``, execute the
    notebooks again."""
    static = NOTEBOOKS.parent / "pondwidgets" / "static"
    stale = []
    for path in notebooks():
        for model in saved_widgets(path).values():
            state = model["state"]
            if state.get("_model_name") == "WidgetModel" and "esm" in state:
                name = state["name"]
                if state["esm"] != (static / f"{name}.js").read_text(encoding="utf-8") \
                        or state["css"] != (static / f"{name}.css").read_text(encoding="utf-8"):
                    stale.append(f"{path.relative_to(NOTEBOOKS)} ({name})")
    assert not stale, "notebooks saved with an old bundle: execute them again: " + \
        ", ".join(stale)
