"""Random Rapidcroco playouts with the invariants checked after every decision, and the culprit
rule on random grids (docs/rules/rapidcroco.md#follow-arms; docs/design.md#tests).

Every variant (standard, kid, wrap, turns, wrap+turns) is played by 2 to 5 seats, each
driven by a RandomBot, a RapidBot (random error rate and speed), or a "person" who picks a
random legal decision and now and then clicks something illegal (a Hippo, an empty site,
their own Croc), which must be refused with the game unchanged. Some stretches are played
by the BotDriver in simulated time. At random points the game is saved and loaded through
JSON (and play goes on with the loaded game), or a decision is made and undone. Games are
bounded by ``max_rounds``. Moves come from a ``random.Random`` seeded by the drawn seed,
so a failure prints a seed that replays the whole game.

The oracle for paths (``next_card``) is written here again, simply, rather than trusting
the culprit module.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pondwidgets.core import BotDriver, IllegalMove, ManualClock, RandomBot
from pondwidgets.rapidcroco import CROCS, RapidBot, RapidcrocoGame, culprit
from pondwidgets.rapidcroco.declaration import SITES

from ..support import state

VARIANTS = {
    "standard": {},
    "kid": {"kid": True},
    "wrap": {"wrap": True},
    "turns": {"turns": True},
    "wrap+turns": {"wrap": True, "turns": True},
}
MAX_ROUNDS = 10
STEPS = {"^": (0, -1), ">": (1, 0), "v": (0, 1), "<": (-1, 0)}


# -- the path oracle ---------------------------------------------------------------------
def xy(site):
    return "abcdef".index(site[0]), int(site[1:]) - 1


def name(x, y):
    return f"{'abcdef'[x]}{y + 1}"


def next_card(rows, site, wrap):
    """The site of the card the arm on ``site`` points at, skipping empty sites; None when
    it points off the grid (standard) over empty sites only."""
    x, y = xy(site)
    dx, dy = STEPS[rows[y][x]]
    for _ in range(6):
        x, y = x + dx, y + dy
        if wrap:
            x, y = x % 6, y % 6
        elif not (0 <= x < 6 and 0 <= y < 6):
            return None
        if rows[y][x] != "." or name(x, y) == site:
            return name(x, y)
    raise AssertionError("unreachable: a line has 6 sites")


def check_path(rows, path, start, variant):
    """The shape of a walk (docs/rules/rapidcroco.md#follow-arms,
    docs/rules/rapidcroco.md#variant-wrap, docs/rules/rapidcroco.md#variant-kid)."""
    sites, guilty, reason = path
    cell = {name(x, y): rows[y][x] for y in range(6) for x in range(6)}
    assert sites[0] == start and cell[start] in STEPS
    assert len(sites) <= 37
    if variant == "kid":
        assert path == ((start,), start, "kid")
        return
    body = sites[:-1]
    assert len(set(body)) == len(body), f"a site visited twice before the end: {sites}"
    assert all(cell[s] in STEPS for s in body)
    for here, there in pairwise(sites):
        assert next_card(rows, here, variant == "wrap") == there, (here, there, sites)
    last = sites[-1]
    if reason == "edge":
        assert variant == "standard"
        assert guilty == last and cell[last] in STEPS
        assert next_card(rows, last, False) is None
    elif reason == "hippo":
        assert cell[last] == "H" and guilty == start
    elif reason == "twice":
        assert last in body and guilty == last
    else:
        raise AssertionError(f"unknown reason {reason!r}")
    assert cell[guilty] in STEPS
    assert path.explain().startswith(
        {"edge": last, "hippo": "the arms reach a Hippo", "twice": last}[reason])


GRIDS = st.lists(st.sampled_from("^>v<H."), min_size=36, max_size=36)


@pytest.mark.parametrize("variant", ["standard", "wrap", "kid"])
@settings(max_examples=300)
@given(cells=GRIDS, pick=st.integers(0, 35))
def test_culprit_on_random_grids_ends_with_a_well_formed_path(variant, cells, pick):
    """Any grid of arrows, Hippos and empty sites, any Croc to start from: the walk ends, never
    visits a site twice except at its end, follows every arm, and its reason fits the last
    site (docs/rules/rapidcroco.md#follow-arms; in wrap-around every walk ends on a Hippo or
    twice: docs/rules/rapidcroco.md#variant-wrap)."""
    arrows = [i for i, c in enumerate(cells) if c in STEPS]
    assume(arrows)
    start = SITES[arrows[pick % len(arrows)]]
    rows = ["".join(cells[r * 6:(r + 1) * 6]) for r in range(6)]
    path = culprit(rows, start, variant)
    check_path(rows, path, start, variant)
    if variant == "wrap":
        assert path.reason in ("hippo", "twice")
    assert culprit([list(r) for r in rows], start, variant) == path


def test_the_path_check_catches_a_wrong_path():
    """A test of the oracle itself."""
    rows = [">>v...", "..v...", "..>>>>", *["......"] * 3]
    path = culprit(rows, "a1")
    check_path(rows, path, "a1", "standard")
    with pytest.raises(AssertionError):
        check_path(rows, path._replace(sites=path.sites[:-1]), "a1", "standard")
    with pytest.raises(AssertionError):
        check_path(rows, path._replace(culprit="e3"), "a1", "standard")


# -- playouts ------------------------------------------------------------------------------
def check_table(game, start):
    """Cards: every Croc on its home site or in exactly one hand; Hippos and turns never
    move; empty sites are the homes of the Crocs in hands."""
    where = Counter()
    for site, card in enumerate(game.cards):
        if type(card) is int:
            where[card] += 1
            assert game.home[card] == site, "a Croc left its home site"
    held = [c for hand in game.hands for c in hand]
    where.update(held)
    assert where == Counter(range(32)), "a Croc is missing or in two places"
    hippos = [i for i, card in enumerate(game.cards) if card == "H"]
    assert hippos == start["hippos"] and len(hippos) == 4
    assert game.turn == start["turn"]
    empty = {i for i, card in enumerate(game.cards) if card is None}
    assert empty == {game.home[c] for c in held} and len(empty) == len(held)
    if not game.turns:
        assert set(game.turn) == {0}


def check_round(game):
    phase = game.view()["phase"]
    assert game.times == sorted(game.times)
    assert all(len(hand) <= game.target for hand in game.hands)
    assert game.round <= MAX_ROUNDS
    if phase == "race":
        assert game.criteria == CROCS[game.suspect].faces
        acting = [s for s in range(game.players) if s not in game.erred
                  and s not in game.passed and s not in game.sitting_out]
        assert list(game.seats_to_act) == acting and acting
        assert len(game.sitting_out) < game.players
        # A culprit always exists: a Croc on the grid, or the suspect in a hand.
        site = game.suspect_site()
        if site is None:
            assert game.path is None and game.culprit == game.suspect
            assert sum(game.suspect in hand for hand in game.hands) == 1
        else:
            # The table does not change during a race, so neither does the culprit.
            rows = game.grid_text()
            path = culprit(rows, site, game.variant)
            assert path == game.path
            check_path(rows, path, site, game.variant)
            assert game.cards[SITES.index(path.culprit)] == game.culprit
        assert game.view()["last"] is None
    elif phase == "deal":
        assert game.seats_to_act == (game.dealer,) and game.criteria is None
        assert game.suspect is None and game.path is None and game.culprit is None
        assert all(len(hand) < game.target for hand in game.hands)
    else:
        assert game.is_over and game.seats_to_act == () and game.winners
        most = max(map(len, game.hands))
        if most == game.target:
            assert [len(game.hands[s]) for s in game.winners] == [game.target]
        else:
            assert game.round == MAX_ROUNDS
            assert game.winners == tuple(s for s in range(game.players)
                                         if len(game.hands[s]) == most)


def check_view(game):
    for seat in (None, *range(game.players)):
        view = game.view(seat)
        json.dumps(view, allow_nan=False)
        assert [m["text"] for m in view["legal"]] == ([str(m) for m in game.legal_moves(seat)]
                                                  if seat is not None else [])
        assert [[c["name"] for c in p["crocs"]] for p in view["players"]] == \
            [[CROCS[c].name for c in hand] for hand in game.hands]
        assert [c["kind"] for c in view["grid"]] == [
            "croc" if type(c) is int else "hippo" if c == "H" else "empty" for c in game.cards]


def illegal_clicks(game, seat):
    """Decisions the rules refuse without counting them as wrong arrests."""
    clicks = [f"arrest {SITES[i]}" for i, c in enumerate(game.cards) if type(c) is not int]
    clicks += [f"arrest {CROCS[c].name}" for c in game.hands[seat]]
    clicks += ["reveal" if game.view()["phase"] == "race" else "pass"]
    croc = next((SITES[i] for i, c in enumerate(game.cards) if type(c) is int), None)
    idle = [s for s in range(game.players) if s not in game.seats_to_act]
    if croc is not None and idle:  # a seat that may not act now (another's turn, erred...)
        clicks.append((f"arrest {croc}", idle[0]))
    return clicks


def person(game, seat, rng):
    """A person's decision: now and then first an illegal click, refused, game unchanged."""
    if rng.random() < 0.2:
        click = rng.choice(illegal_clicks(game, seat))
        text, who = click if isinstance(click, tuple) else (click, seat)
        before = state(game)
        with pytest.raises(IllegalMove):
            game.play(text, who)
        assert state(game) == before
    return rng.choice(game.legal_moves(seat))


def make_seats(players, seed, rng):
    seats = {}
    for seat in range(players):
        kind = rng.choice(["person", "random", "rapid"])
        if kind == "random":
            seats[seat] = RandomBot(seed + seat)
        elif kind == "rapid":
            seats[seat] = RapidBot(seed + seat, look=rng.uniform(0, 4), step=rng.uniform(0, 1),
                                   spread=rng.uniform(0, 0.5), error_rate=rng.uniform(0, 0.5),
                                   pause=rng.uniform(0, 3))
    return seats


def play_out(seed, players, variant, target):
    rng = random.Random(seed)
    clock = ManualClock(rng.uniform(0, 1000))
    game = RapidcrocoGame(players, seed=seed, clock=clock, target=target,
                          max_rounds=MAX_ROUNDS, **VARIANTS[variant])
    start = {"hippos": [i for i, c in enumerate(game.cards) if c == "H"],
             "turn": list(game.turn)}
    bots = make_seats(players, seed, rng)
    check_table(game, start)
    check_round(game)
    decisions = 0
    while not game.is_over:
        assert decisions <= MAX_ROUNDS * (1 + players), "a round that never ends"
        if bots and rng.random() < 0.2:
            made = BotDriver(game, bots).run(max_decisions=rng.randint(1, 3))
            if made == 0:
                continue
        else:
            seat = rng.choice(game.seats_to_act)
            bot = bots.get(seat)
            move = bot(game, seat) if bot is not None else person(game, seat, rng)
            clock.advance(rng.choice([0.125 * k for k in range(1, 48)]))
            if rng.random() < 0.05:  # a decision made and taken back: undo = replay
                before = state(game)
                game.play(move, seat)
                game.undo()
                assert state(game) == before
            game.play(move, seat)
        decisions = len(game.history)
        check_table(game, start)
        check_round(game)
        if rng.random() < 0.25 or game.is_over:
            check_view(game)
        if rng.random() < 0.08:  # saved and loaded through JSON: play goes on with the copy
            loaded = RapidcrocoGame.from_dict(json.loads(json.dumps(game.to_dict())),
                                              clock=clock)
            assert state(loaded) == state(game)
            game = loaded
    return game


@pytest.mark.parametrize("variant", list(VARIANTS))
@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), target=st.integers(1, 4))
def test_random_playouts_keep_every_invariant(variant, seed, players, target):
    game = play_out(seed, players, variant, target)
    assert game.is_over and game.winners


def test_a_long_game_without_a_round_limit_ends_with_a_winner():
    """With the rulebook's target of 3 (docs/rules/rapidcroco.md#winning) and no round limit,
    RapidBots finish a game."""
    game = RapidcrocoGame(3, seed=2024, clock=ManualClock())
    BotDriver(game, {s: RapidBot(s) for s in range(3)}).run()
    assert game.is_over and len(game.winners) == 1
    assert len(game.hands[game.winners[0]]) == 3


def test_the_table_check_catches_a_croc_in_two_places():
    """A test of the checker itself."""
    game = RapidcrocoGame(2, seed=1)
    start = {"hippos": [i for i, c in enumerate(game.cards) if c == "H"],
             "turn": list(game.turn)}
    check_table(game, start)
    croc = next(c for c in game.cards if type(c) is int)
    game.hands[0].append(croc)
    with pytest.raises(AssertionError):
        check_table(game, start)


def test_a_save_loaded_on_another_clock_times_the_race_from_the_reveal():
    """A save loaded mid-race on a clock at another time goes on from its last decision:
    the next arrest is timed from the reveal as in the original game."""
    clock = ManualClock()
    game = RapidcrocoGame(2, seed=1, clock=clock)
    game.play("reveal")
    clock.advance(2.0)
    wrong = next(str(m) for m in game.legal_moves(0)
                 if str(m) not in ("pass", f"arrest {game.path.culprit}"))
    game.play(wrong, 0)
    other = ManualClock(500.0)
    loaded = RapidcrocoGame.from_dict(json.loads(json.dumps(game.to_dict())), clock=other)
    clock.advance(1.0)
    other.advance(1.0)
    for g in (game, loaded):
        g.play(f"arrest {g.path.culprit}", 1)
        assert "after 3.0 s: right!" in g.log[-3]
    assert game.log == loaded.log


def test_a_save_records_times_to_the_millisecond_and_the_log_agrees():
    """The log's seconds are those of the save (ms), so replay writes the same log even
    for an arrest at 2.3496 s (saved as 2.35 s)."""
    clock = ManualClock()
    game = RapidcrocoGame(2, seed=1, clock=clock)
    game.play("reveal")
    clock.advance(2.3496)
    game.play(f"arrest {game.path.culprit}", 0)
    loaded = RapidcrocoGame.from_dict(json.loads(json.dumps(game.to_dict())), clock=clock)
    assert loaded.log == game.log
    assert state(loaded) == state(game)
