"""KeckeBot: it beats RandomBot (at least 80% of 500 two-player games, seats alternating,
a shared win counting as not won), it only ever chooses legal moves, it finishes games
with 2 to 4 players, a seed replays it, it never reads what its seat cannot see (the
pile's order, the chips' values), and it does what its docstring says on small positions.
"""

from __future__ import annotations

import random

import pytest

from pondwidgets.core import BotDriver, RandomBot, wins_alone
from pondwidgets.keckefrosche import KeckeGame
from pondwidgets.keckefrosche.bots import KeckeBot

from ..support import watching


def wins_against_random(games, seed=0, players=2):
    """KeckeBot's wins alone in ``games`` games against RandomBots, seats alternating
    between the first and the last: a shared win is not won."""
    return wins_alone(lambda s: KeckeGame(players, seed=s), KeckeBot(),
                      [RandomBot() for _ in range(players - 1)], games, seed=seed)


def test_keckebot_wins_at_least_80_percent_of_500_games_against_randombot():
    # Measured: 487 of 500 won alone (97.4%; Wilson 95% interval 95.6% to 98.5%).
    assert wins_against_random(500) >= 400


def test_keckebot_beats_two_and_three_randombots():
    # Measured: 79 of 100 with 3 players (chance: 33), 68 of 100 with 4 (chance: 25).
    assert wins_against_random(100, seed=5, players=3) >= 60
    assert wins_against_random(100, seed=6, players=4) >= 45


# -- legal moves, finished games, determinism ------------------------------------------------
WatchedKeckeBot = watching(KeckeBot)


def test_keckebot_only_chooses_legal_moves_and_makes_every_kind_of_decision():
    watched = WatchedKeckeBot()
    for seed in range(60):
        players = 2 + seed % 3
        game = KeckeGame(players, seed=seed)
        watched.reseed(seed)
        bots = {seat: RandomBot(seed + seat) for seat in range(players)}
        for seat in range(0, players, 2):  # KeckeBot at every other seat, seat 0 included
            bots[seat] = watched
        BotDriver(game, bots, limit=None).run()
        assert game.is_over
    for kind in ("discard", "stork", "draw", "left", "right", "block", "open", "done",
                 "pass"):
        assert watched.chosen.get(kind, 0) > 0, (kind, watched.chosen)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_keckebots_finish_games_with_2_to_4_players(players):
    for seed in range(10):
        game = KeckeGame(players, seed=seed)
        BotDriver(game, {s: KeckeBot(seed * 10 + s) for s in range(players)}).run()
        assert game.is_over and game.winners


def test_a_seed_replays_a_game():
    def play(seed):
        game = KeckeGame(3, seed=11)
        BotDriver(game, {s: KeckeBot(seed + s) for s in range(3)}).run()
        return [str(m) for m in game.history]

    assert play(4) == play(4)


# -- hidden information ----------------------------------------------------------------------
def test_it_ignores_what_its_seat_cannot_see():
    """At every decision of many games, KeckeBot chooses the same on a twin whose pile
    order and chip values are drawn afresh (``sample_hidden``): it never reads them."""
    rng = random.Random(1)
    decisions = 0
    for seed in range(30):
        players = 2 + seed % 3
        game = KeckeGame(players, seed=seed)
        randoms = [RandomBot(seed * 7 + s) for s in range(players)]
        while not game.is_over:
            seat = game.seats_to_act[0]
            if len(game.legal_moves(seat)) > 1:
                twin = game.sample_hidden(seat, rng)
                here, there = KeckeBot(seed + decisions), KeckeBot(seed + decisions)
                assert here(game, seat) == there(twin, seat), (seed, game.log[-3:])
                decisions += 1
            mover = KeckeBot(decisions) if seed % 2 else randoms[seat]
            game.play(mover(game, seat), seat)
    assert decisions > 500


def test_it_leaves_the_games_chance_alone():
    """It breaks ties with its own generator: the game's own (the pile to come) is never
    drawn from."""
    class Untouchable:
        def __getattr__(self, name):
            raise AssertionError(f"the bot used the game's rng ({name})")

    for seed in range(10):
        game = KeckeGame(2 + seed % 3, seed=seed)
        bot = KeckeBot(seed)
        while not game.is_over:
            seat = game.seats_to_act[0]
            rng, game.rng = game.rng, Untouchable()
            move = bot(game, seat)
            game.rng = rng
            game.play(move, seat)


# -- parameters ------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs", [{"keep_storks": -1}, {"keep_storks": 1.5},
                                    {"keep_storks": True}])
def test_bad_parameters_are_refused(kwargs):
    with pytest.raises(ValueError):
        KeckeBot(**kwargs)


def test_its_repr_names_its_class():
    assert repr(KeckeBot(3, keep_storks=1)) == "KeckeBot()"


# -- the heuristic on small positions --------------------------------------------------------
def display(water=(), bank=(), dike=(), storks=0):
    return {"water": list(water), "bank": list(bank), "dike": list(dike), "storks": storks}


def collecting(*displays, pile=(), biotopes=None):
    """A collecting-phase position whose draw pile starts with ``pile``, then every card
    placed nowhere else (storks first)."""
    from collections import Counter

    from pondwidgets.keckefrosche.cards import DECK_COUNTS

    left = Counter(DECK_COUNTS)
    for d in displays:
        left.subtract(d["water"] + d["bank"] + d["dike"])
        left["stork"] -= d["storks"]
    for cards in (biotopes or {}).values():
        left.subtract(cards)
    left.subtract(pile)
    rest = sorted(left.elements(), key=lambda c: (c != "stork", c))
    return KeckeGame(len(displays), position={
        "displays": list(displays), "biotopes": biotopes or {}, "pile": [*pile, *rest]})


def discarding(*displays, open_="dike", top=None, to_move=0):
    """A discarding-phase position: the other two biotopes blocked by storks, every card
    not in a display in the piles (``top``: the open biotope's top card) or the box."""
    from collections import Counter

    from pondwidgets.keckefrosche.cards import BIOTOPES, DECK_COUNTS

    left = Counter(DECK_COUNTS)
    for d in displays:
        left.subtract(d["water"] + d["bank"] + d["dike"])
        left["stork"] -= d["storks"]
    piles = {}
    for b in BIOTOPES:
        mine = Counter({k: n for k, n in left.items() if k.startswith(b + "-") and n})
        last = [top] if b == open_ and top else []
        if last:
            mine[top] -= 1
        pile = []
        while +mine:  # the most copies first, never two alike on each other
            kind = max((k for k in +mine if not pile or k != pile[-1]),
                       key=lambda k: (mine[k], k))
            pile.append(kind)
            mine[kind] -= 1
        pile += last
        piles[b] = pile if b == open_ else [*pile, "stork"]
    storks = left["stork"] - 2
    return KeckeGame(len(displays), position={
        "displays": list(displays), "biotopes": piles, "pile": [], "stage": "discarding",
        "box": {"storks": storks, "bang": left["bang"]}, "to_move": to_move})


def test_it_lays_a_drawn_frog_next_to_an_identical_one():
    for row, expected in ((["water-1", "water-2"], "right"), (["water-2", "water-1"], "left")):
        game = collecting(display(water=row), display(bank=["bank-1"]), pile=["water-2"])
        game.play("draw")
        assert KeckeBot(0)(game, 0) == expected


def test_it_covers_the_end_less_likely_to_pair():
    # The other three water-1 lie in the water pile: none can come; water-2 still can.
    game = collecting(display(water=["water-1", "water-2"]), display(bank=["bank-1"]),
                      biotopes={"water": ["water-1", "water-3", "water-1", "water-3",
                                          "water-1"]}, pile=["water-4"])
    game.play("draw")
    assert KeckeBot(0)(game, 0) == "left"  # over water-1
    game = collecting(display(water=["water-2", "water-1"]), display(bank=["bank-1"]),
                      biotopes={"water": ["water-1", "water-3", "water-1", "water-3",
                                          "water-1"]}, pile=["water-4"])
    game.play("draw")
    assert KeckeBot(0)(game, 0) == "right"


def test_while_collecting_it_discards_a_doubled_frog_from_inside_a_row():
    position = {"displays": [display(water=["water-3", "water-1", "water-1", "water-4"],
                                     dike=["dike-2"]), display(bank=["bank-1"])]}
    game = KeckeGame(2, seed=1, position=position)
    assert KeckeBot(0)(game, 0) == "discard water 2"


def test_it_keeps_its_last_stork_while_collecting():
    position = {"displays": [display(water=["water-3"], storks=1), display(bank=["bank-1"])]}
    game = KeckeGame(2, seed=1, position=position)
    assert KeckeBot(0)(game, 0) == "discard water 1"
    game.play("discard water 1")
    assert KeckeBot(0)(game, 0) == "draw"  # a second discard would cost its only stork


def test_it_plays_a_stork_first_to_open_a_richer_biotope():
    game = discarding(display(bank=["bank-1", "bank-2", "bank-3"], dike=["dike-1"], storks=1),
                      display(water=["water-1"]))
    assert KeckeBot(0)(game, 0) == "stork dike"
    game.play("stork dike")
    assert KeckeBot(0)(game, 0) == "open bank"
    game.play("open bank")
    for _ in range(3):
        assert KeckeBot(0)(game, 0).startswith("discard bank")
        game.play(KeckeBot(0)(game, 0))
    assert game.view(0)["players"][0]["rows"] == {"water": [], "bank": [], "dike": ["dike-1"]}


def test_it_lays_its_frogs_where_it_is_open_and_keeps_the_stork():
    game = discarding(display(bank=["bank-1"], dike=["dike-1", "dike-2"], storks=1),
                      display(water=["water-1"]))
    assert KeckeBot(0)(game, 0).startswith("discard dike")


def test_it_lays_last_the_kind_the_next_player_holds():
    game = discarding(display(dike=["dike-1", "dike-2"]),
                      display(dike=["dike-2"], water=["water-1"]), top="dike-3")
    assert KeckeBot(0)(game, 0) == "discard dike 1"


def test_with_no_frog_to_lay_it_plays_a_stork_alone():
    game = discarding(display(water=["water-1"], storks=1), display(bank=["bank-1"]))
    assert KeckeBot(0)(game, 0) == "stork dike"
