"""A notebook's code cells, as the tests of its saved code read them."""

from __future__ import annotations

import json
from pathlib import Path


def code_cells(path: Path) -> list[str]:
    """The source of each code cell of the notebook at ``path``, in order."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def cell_of(cells: list[str], piece: str) -> str:
    """The one cell of ``cells`` whose source holds ``piece``."""
    found = [source for source in cells if piece in source]
    assert len(found) == 1, f"{piece!r} is in {len(found)} cells"
    return found[0]
