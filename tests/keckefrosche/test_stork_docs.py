"""What the docs and the notebooks say KeckeBot keeps back is what the code does: how many
storks the default ``KeckeBot()`` keeps from the collecting phase (its ``keep_storks``),
read from every text that says so, and the keeper and spender of the probability
notebook. A text that names another number fails here, not in a student's hands."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

from pondwidgets.keckefrosche import KeckeBot, variants
from pondwidgets.keckefrosche.exercises import KEEPER, SPENDER

ROOT = Path(__file__).resolve().parent.parent.parent
NUMBERS = {"no": 0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
# "the default KeckeBot() (which keeps 1)", "keeps one stork back", "keep_storks=1"
CLAIMS = re.compile(r"\(which keeps (\w+)\)|keeps (\w+) storks? back|keep_storks=(\d+)\)")


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word.lower()]


def _markdown(notebook: str) -> str:
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _claims(text: str) -> list[int]:
    return [_number(next(g for g in m.groups() if g)) for m in CLAIMS.finditer(text)]


def test_the_default_keckebot_keeps_what_its_signature_says():
    default = inspect.signature(KeckeBot).parameters["keep_storks"].default
    assert KeckeBot().keep_storks == default == 1


def test_every_text_about_the_default_keckebot_names_its_keep_storks():
    keeps = KeckeBot().keep_storks
    texts = {"KeckeBot's docstring": KeckeBot.__doc__ or "",
             "strategy_table's docstring": variants.strategy_table.__doc__ or "",
             "notebooks/keckefrosche/02-variants.ipynb": _markdown(
                 "keckefrosche/02-variants.ipynb")}
    for where, text in texts.items():
        said = _claims(text)
        assert said, f"{where} no longer says how many storks KeckeBot() keeps"
        assert set(said) == {keeps}, f"{where} says {said}, KeckeBot() keeps {keeps}"


def test_the_keeper_and_the_spender_are_what_the_notebook_says():
    for notebook in ("keckefrosche/03-probability.ipynb",
                     "solutions/keckefrosche-03-probability.ipynb"):
        text = " ".join(_markdown(notebook).split())
        assert f"with `keep_storks` {KEEPER} and {SPENDER})" in text, notebook
