"""Hidden information never reaches a view (docs/design.md#hidden-information), tested by
indistinguishability.

In Rapidcroco the whole table is face up (the grid, the captured Crocs face up in front of
their players, the criteria once turned), so what is hidden is:

- the next criteria, not yet drawn: they come from the seed. Two games from the same
  explicit layout that differ only in their seed give identical views until a reveal;
- the solution of the race being run: the path and the culprit. The board must not solve
  the puzzle, so during a race no view holds them (``last`` is None), and changing them
  inside the model changes no view. They are shown once the round is decided.

``game.log`` in Python keeps everything.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pondwidgets.core import BotDriver, ManualClock
from pondwidgets.rapidcroco import CROCS, CulpritPath, RapidBot, RapidcrocoGame

from .helpers import game_from

SEEDS = (1, 2, 3, 1000, 2**40)


# -- helpers ---------------------------------------------------------------------------
def all_views(game):
    return [json.dumps(game.view(seat), sort_keys=True)
            for seat in (None, *range(game.players))]


def explicit_layout(seed=3, players=3, rounds=0):
    """A fully explicit position (every card named, no '?'): a seeded game after
    ``rounds`` rounds of RapidBots, between rounds, exported by to_position()."""
    game = RapidcrocoGame(players, seed=seed, clock=ManualClock(), target=32)
    driver = BotDriver(game, {s: RapidBot(s, error_rate=0.3) for s in range(players)})
    while game.round < rounds or game.view()["phase"] != "deal":
        assert driver.step(simulated=True)
    position = game.to_position()
    assert position["suspect"] is None
    assert all("?" not in cell for row in position["grid"] for cell in row)
    return position


def twins(position, players=3, **options):
    """Games from one explicit position that differ only in their seed."""
    return [RapidcrocoGame(players, seed=seed, position=position, clock=ManualClock(),
                           **options) for seed in SEEDS]


def test_twin_races_with_the_same_criteria_look_the_same_until_the_next_reveal():
    """Started in a race with the same criteria turned, games that differ only in their
    seed stay indistinguishable through the round, whatever is decided in it."""
    position = {**explicit_layout(rounds=2), "suspect": "c3"}
    games = twins(position)
    script = []
    chooser = random.Random(5)
    while games[0].view()["phase"] == "race":
        seat = chooser.choice(games[0].seats_to_act)
        move = chooser.choice(games[0].legal_moves(seat))
        script.append((seat, str(move)))
        for g in games:
            g.clock.advance(0.75)
            g.play(str(move), seat)
        first = all_views(games[0])
        assert all(all_views(g) == first for g in games[1:]), script
    assert games[0].view()["phase"] in ("deal", "over")


# -- the race's solution ------------------------------------------------------------------
SOLUTION_KEYS = ("path", "culprit", "reason", "explanation")


def test_a_race_view_holds_no_path_culprit_or_last_round():
    """docs/rules/rapidcroco.md#round-end and docs/design.md#hidden-information: during a race
    the board is sent the table and the criteria, never the solution."""
    game = game_from(*[list("??????")] * 6, suspect="c3", players=3)
    path = game.path
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view["phase"] == "race" and view["last"] is None
        text = json.dumps(view)
        for key in SOLUTION_KEYS:
            assert f'"{key}"' not in text
        assert path.explain() not in text and path.explain() not in " ".join(view["events"])
    assert game.path is not None and game.culprit is not None  # Python keeps them


def scrambled(game):
    """A copy whose internal solution is changed: another path and another culprit."""
    twin = game.copy()
    other = next(c for c in range(32) if c != twin.culprit)
    twin.culprit = other
    twin.path = CulpritPath(("a1", "b1", "a1"), "b1", "twice")
    return twin


def test_changing_the_models_culprit_and_path_changes_no_race_view():
    """Indistinguishability: a race view is the same whatever the model thinks the culprit
    and the path are, so it cannot be carrying them."""
    game = game_from(*[list("??????")] * 6, suspect="c3", players=4)
    game.clock.advance(1.0)
    game.play(next(str(m) for m in game.legal_moves(1)
                   if str(m) not in ("pass", f"arrest {game.path.culprit}")), 1)
    assert all_views(scrambled(game)) == all_views(game)


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5),
       options=st.sampled_from([{}, {"kid": True}, {"wrap": True}, {"turns": True},
                                {"wrap": True, "turns": True}]))
def test_no_race_view_of_a_random_game_depends_on_its_solution(seed, players, options):
    """The same, after every decision of random games with RapidBots."""
    game = RapidcrocoGame(players, seed=seed, clock=ManualClock(), max_rounds=6, **options)
    driver = BotDriver(game, {s: RapidBot(seed + s, error_rate=0.4) for s in range(players)})
    races = 0
    while driver.step(simulated=True):
        if game.view()["phase"] == "race":
            races += 1
            assert game.view()["last"] is None
            assert all_views(scrambled(game)) == all_views(game)
    assert game.is_over and races > 0


def test_the_solution_is_shown_once_the_round_is_decided():
    """docs/rules/rapidcroco.md#round-end: when the round ends the culprit is shown (and how
    the arms lead there); the Python log keeps every event, the view the latest ones."""
    game = game_from(*[list("??????")] * 6, suspect="c3")
    path = game.path
    culprit_name = CROCS[game.culprit].name
    game.clock.advance(2.0)
    game.play(f"arrest {path.culprit}", 0)
    last = game.view(1)["last"]
    assert last["path"] == list(path.sites) and last["culprit"]["name"] == culprit_name
    assert last["explanation"] == path.explain()
    assert any(culprit_name in line and "right!" in line for line in game.log)


def test_every_seat_sees_the_same_table():
    """The table is face up: captured Crocs lie face up in front of their players
    (docs/rules/rapidcroco.md#arrest), so views differ only in whose view it is, its legal
    moves and prompt."""
    game = game_from(*[list("??????")] * 5, list("?...??"),
                     hands={0: ["Cleo"], 1: ["Fifi", "Hattie"]}, suspect="c3", players=3)
    spectator = game.view(None)
    for seat in range(3):
        view = game.view(seat)
        assert [m["text"] for m in view["legal"]] == [str(m) for m in game.legal_moves(seat)]
        assert {**view, "seat": None, "legal": [], "prompt": spectator["prompt"]} == spectator
    assert [len(p["crocs"]) for p in spectator["players"]] == [1, 2, 0]


def test_the_python_log_keeps_everything_the_view_shows_the_latest():
    game = RapidcrocoGame(3, seed=4, clock=ManualClock(), max_rounds=4)
    BotDriver(game, {s: RapidBot(s, error_rate=0.5) for s in range(3)}).run()
    view = game.view()
    assert len(game.log) > len(view["events"]) == game.VIEW_EVENTS
    assert view["events"] == game.log[-game.VIEW_EVENTS:]
