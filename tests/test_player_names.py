"""No seat of the course is named "You": a board calls its own person "you" already
("Your turn: …", "You win!"), so a player named "You" would read "You wins" on every
other board and in the log. Every Python snippet of every notebook (its code cells and
the examples in its text) and of the READMEs is read for the games it makes."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
READMES = [ROOT / "README.md", *sorted((ROOT / "pondwidgets").glob("*/README.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def snippets(path: Path) -> list[str]:
    """The Python in a notebook's cells (and in its text's examples) or in a README."""
    if path.suffix != ".ipynb":
        return BLOCK.findall(path.read_text(encoding="utf-8"))
    found = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":  # magics (%pip) are not Python
            found.append("\n".join(line for line in source.splitlines()
                                   if not line.lstrip().startswith(("%", "!"))))
        elif cell["cell_type"] == "markdown":
            found.extend(BLOCK.findall(source + "\n"))
    return found


def players_named_you(source: str) -> list[str]:
    """Each call in ``source`` whose players (the first argument, or ``players=``) list a
    player named "You" (in any case), as written."""
    calls = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        given = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "players")]
        for players in given:
            if isinstance(players, ast.List | ast.Tuple) and any(
                    isinstance(p, ast.Constant) and isinstance(p.value, str)
                    and p.value.strip().casefold() == "you" for p in players.elts):
                calls.append(ast.get_source_segment(source, node) or ast.dump(node))
    return calls


def test_the_scan_finds_a_seat_named_you():
    assert players_named_you('FroopBoard(FroopGame(["You", "Bot"]), seat=0)') == \
        ['FroopGame(["You", "Bot"])']
    assert players_named_you('SplashdownGame(players=("Ada", "you "), seed=1)')
    assert players_named_you('KeckeGame(["Ada", "Bot"], seed=1)') == []
    assert players_named_you('print("You win!")') == []


@pytest.mark.parametrize("path", NOTEBOOKS + READMES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_seat_is_named_you(path):
    named = [call for source in snippets(path) for call in players_named_you(source)]
    assert not named, (f"{path.relative_to(ROOT)} names a seat \"You\" (a board calls its "
                       f"own person \"you\" already): {named}")
