"""The wall between the rules and Jupyter (docs/design.md#two-floors), for every registered
game: importing its package (rules, bots), playing, simulating, saving and loading load no
Jupyter module, so simulations, worker processes and scripts never pay for Jupyter. Only
the board (``<game>.widget``, imported on first use) does.

Each game runs in a fresh interpreter, as a worker process starts."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .cases import ENTRIES

JUPYTER = ("ipywidgets", "anywidget", "traitlets", "IPython", "ipykernel", "comm")

SCRIPT = r"""
import json, random, sys, tempfile

from pondwidgets.core import ManualClock, simulate
from pondwidgets.core.saves import write_save
from pondwidgets.games import GAMES, load_game

entry = GAMES[sys.argv[1]]
entry.module()  # the game's package, as `from pondwidgets.<game> import ...` loads it
players = entry.game.PLAYERS[0]
game = entry.game(players, seed=1, clock=ManualClock(), **entry.limit)
rng = random.Random(1)
for _ in range(12):  # a short play, by notation and by move object
    if game.is_over:
        break
    seat = rng.choice(game.seats_to_act)
    move = rng.choice(game.legal_moves(seat))
    game.play(str(move) if rng.random() < 0.5 else move, seat)
    game.view(seat), game.view(None), game.prompt(seat)
results = simulate(lambda s: entry.game(players, seed=s, **entry.limit),
                   [entry.bot(seat) for seat in range(players)], games=2, seed=1)
assert len(results) == 2
again = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
assert again.history == game.history
with tempfile.TemporaryDirectory() as folder:
    assert load_game(write_save(game, folder)).history == game.history
print(json.dumps(sorted(name for name in sys.modules
                        if name.split(".")[0] in sys.argv[2:]
                        or name == f"pondwidgets.{entry.name}.widget")))
"""


@pytest.mark.parametrize("entry", ENTRIES)
def test_rules_bots_simulation_and_saves_load_no_jupyter_module(entry):
    out = subprocess.run([sys.executable, "-c", SCRIPT, entry.name, *JUPYTER],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert json.loads(out.stdout.splitlines()[-1]) == []
