"""The fingerprint of what every game does: a hash of everything a player, a board, a save
or a bot could see, over five hundred seeded games of every game, player count and option.

A refactor must leave it unchanged; ``tests/test_fingerprint.py`` fails when it changes.
A change of behaviour that is meant updates it, with the reason, which goes into
``tests/fingerprint.json`` beside the new hashes (and so into the commit)::

    python tests/fingerprint.py                     # which cases differ from the committed
    python tests/fingerprint.py --update --why "legal moves sent as data in the view"

Each case (the conformance suite's cases: each game at its smallest and largest player
count, each option alone and each pair of options) plays its share of the games, seeded,
with random legal moves and time passing between them as in ``tests/conformance``. At
every step it records, each aspect in a hash of its own so that a change names what it
touched:

- ``legal``: the legal moves of every seat that may act, in notation;
- ``log``: the full account;
- ``views``: the view of every seat and the spectator's, and every seat's prompt;
- ``save``: ``to_dict()``, and every fifth step the view and legal moves of the game it
  loads back into;
- ``copies``: every fifth step, a copy's view, and a ``sample_hidden`` of a seat that may
  act: its views of every seat and its legal moves;
- ``undo``: now and then a move played and undone: the spectator's view after.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.conformance.cases import CASES, Case

HASHES = Path(__file__).with_name("fingerprint.json")
GAMES_PER_GAME = 100  # seeded games of each game (500 in all), shared among its cases
MOST_DECISIONS = 80  # a game longer than this is followed this far
ASPECTS = ("legal", "log", "views", "save", "copies", "undo")


def cases() -> list[Case]:
    """The conformance suite's CI cases (not its slow full grid)."""
    return [param.values[0] for param in CASES if not param.marks]


def seeds_per_case(case: Case, all_cases: list[Case]) -> int:
    share = sum(other.entry.name == case.entry.name for other in all_cases)
    return -(-GAMES_PER_GAME // share)


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False,
                      default=str).encode()


def _steps(case: Case, seed: int) -> Iterator[tuple[str, Any]]:
    """What one seeded game of ``case`` shows, step by step, as (aspect, value) pairs."""
    rng = random.Random(seed)
    game = case.new(seed=seed)
    seats = [*range(game.players), None]
    for step in range(MOST_DECISIONS + 1):
        acting = game.seats_to_act
        yield "legal", {seat: [str(m) for m in game.legal_moves(seat)] for seat in acting}
        yield "log", game.log
        yield "views", [(game.view(seat), game.prompt(seat)) for seat in seats]
        yield "save", game.to_dict()
        if step % 5 == 0:  # loading replays the whole game: every fifth step
            loaded = type(game).from_dict(game.to_dict(), clock=game.clock)
            yield "save", [loaded.view(None),
                           [str(m) for m in loaded.legal_moves(acting[0])] if acting else []]
            yield "copies", game.copy().view(None)
            if acting:
                seat = acting[step % len(acting)]
                sample = game.sample_hidden(seat, random.Random(seed * 1000 + step))
                yield "copies", [[sample.view(s) for s in seats],
                                 [str(m) for m in sample.legal_moves(seat)]]
        if game.is_over or step == MOST_DECISIONS:
            return
        seat = rng.choice(acting)
        move = rng.choice(game.legal_moves(seat))
        game.clock.advance(round(rng.uniform(0.1, 3.0), 3))
        if rng.random() < 0.1:
            game.play(move, seat)
            game.undo()
            yield "undo", game.view(None)
        game.play(move, seat)


def fingerprint(case: Case, all_cases: list[Case] | None = None) -> dict[str, str]:
    """The hash of each aspect of ``case``'s seeded games."""
    hashes = {aspect: hashlib.sha256() for aspect in ASPECTS}
    for seed in range(seeds_per_case(case, all_cases or cases())):
        for aspect, value in _steps(case, seed):
            hashes[aspect].update(_canonical(value) + b"\n")
    return {aspect: h.hexdigest()[:16] for aspect, h in hashes.items()}


def committed() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(HASHES.read_text(encoding="utf-8"))
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true",
                        help="write the hashes of today's code into tests/fingerprint.json")
    parser.add_argument("--why", default="",
                        help="with --update: why the games' behaviour changed (required)")
    args = parser.parse_args(argv)
    if args.update and not args.why.strip():
        parser.error("--update needs --why: the reason the behaviour changed")
    found = {str(case): fingerprint(case) for case in cases()}
    old = committed()["cases"] if HASHES.exists() else {}
    changed = {name: [a for a in ASPECTS if old.get(name, {}).get(a) != hashes[a]]
               for name, hashes in found.items()}
    changed = {name: aspects for name, aspects in changed.items() if aspects}
    gone = sorted(set(old) - set(found))
    for name, aspects in changed.items():
        print(f"{name}: {', '.join(aspects)} changed")
    for name in gone:
        print(f"{name}: no longer a case")
    if args.update:
        HASHES.write_text(json.dumps({"why": args.why.strip(), "cases": found}, indent=1)
                          + "\n", encoding="utf-8")
        print(f"wrote {HASHES.name}: {len(found)} cases")
        return 0
    if not changed and not gone:
        print(f"all {len(found)} cases as committed")
    return 1 if changed or gone else 0


if __name__ == "__main__":
    raise SystemExit(main())
