"""Every Python example in the READMEs runs, so what a newcomer reads is what works.

Each README's ```python blocks run in order in one namespace (a later block may use an
earlier one's imports), as a reader would type them into one notebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
READMES = [ROOT / "README.md", *sorted((ROOT / "pondwidgets").glob("*/README.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


@pytest.mark.parametrize("readme", READMES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_python_example_in_the_readme_runs(readme, capsys):
    blocks = BLOCK.findall(readme.read_text(encoding="utf-8"))
    assert blocks, f"{readme.name} has no Python example"
    from pondwidgets.core.widget import _Table

    namespace: dict = {}
    open_before = set(_Table._open)
    try:
        for number, block in enumerate(blocks, start=1):
            try:
                exec(compile(block, f"{readme.name}, example {number}", "exec"), namespace)
            except Exception as err:
                pytest.fail(f"{readme.relative_to(ROOT)}, example {number} fails: "
                            f"{type(err).__name__}: {err}\n{block}")
    finally:  # the boards the examples opened
        for key in set(_Table._open) - open_before:
            for board in list(_Table._open[key].boards):
                board.close()
