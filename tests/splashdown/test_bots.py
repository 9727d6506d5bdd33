"""SplashBot: it beats RandomBot (at least 80% of 500 two-player games, seats alternating,
a tie or a draw counting as not won), it only ever chooses legal moves, it finishes games on every
shipped map with 2 to 6 players, a seed replays it, and it does what its docstring says
on small positions (the maps of ``helpers``: on LINE a pad's number is its distance from
Home; 2 is red, 3 yellow, 4 dark green with 2 flies, 7 dark green with 3 flies).
"""

from __future__ import annotations

import pytest

from pondwidgets.core import BotDriver, RandomBot, simulate, wins_alone
from pondwidgets.splashdown import MAPS, SplashBot, SplashdownGame
from pondwidgets.splashdown.bots import map_of

from ..support import watching
from .helpers import BANKED, LINE, OUT, frog, game_from, moves, rig

LIMIT = {"max_turns": 200}  # the registry's limit (pondwidgets/games.json)


def wins_against_random(games, seed=0, **options):
    """SplashBot's wins alone in ``games`` two-player games against RandomBot, seats
    alternating: a tie (a draw between the tied frogs) or a draw by the turn limit is not
    won."""
    return wins_alone(lambda s: SplashdownGame(2, seed=s, **LIMIT, **options), SplashBot(),
                      [RandomBot()], games, seed=seed)


def test_splashbot_wins_at_least_80_percent_of_500_games_against_randombot():
    # Measured: 494 of 500 won alone (98.8%; Wilson 95% interval 97.4% to 99.4%).
    assert wins_against_random(500) >= 400


@pytest.mark.parametrize("options", [{"map": "long"}, {"map": "parallel"},
                                     {"fly_thief": True}, {"reroll": True}],
                         ids=["long", "parallel", "fly-thief", "reroll"])
def test_splashbot_beats_randombot_on_every_map_and_option(options):
    assert wins_against_random(200, seed=7, **options) >= 160


# -- legal moves, finished games, determinism ------------------------------------------------
WatchedSplashBot = watching(SplashBot, kind=lambda move: "to" if move.startswith("to ")
                            and move != "to home" else move)


def test_splashbot_only_chooses_legal_moves_and_makes_every_kind_of_decision():
    watched = WatchedSplashBot()
    for seed in range(60):
        players = 2 + seed % 5
        game = SplashdownGame(players, seed=seed, map=list(MAPS)[seed % 3], **LIMIT,
                              fly_thief=seed % 2 == 0, reroll=seed % 4 < 2)
        watched.reseed(seed)
        bots = {seat: RandomBot(seed + seat) for seat in range(players)}
        for seat in range(0, players, 2):  # SplashBot at every other seat, seat 0 included
            bots[seat] = watched
        BotDriver(game, bots, limit=None).run()
        assert game.is_over
    for kind in ("roll", "keep", "reroll", "to", "to home", "push", "no push"):
        assert watched.chosen.get(kind, 0) > 0, (kind, watched.chosen)


@pytest.mark.parametrize("fly_thief", [False, True], ids=["plain", "fly-thief"])
@pytest.mark.parametrize("name", list(MAPS))
@pytest.mark.parametrize("players", range(2, 7))
def test_splashbots_finish_games_on_every_map_with_2_to_6_players(name, players, fly_thief):
    """With no turn limit: every game ends with every frog Home or out (a draw by the turn
    limit would hide bots dodging each other for ever)."""
    results = simulate(
        lambda s: SplashdownGame(players, seed=s, map=name, fly_thief=fly_thief),
        [SplashBot() for _ in range(players)], games=6, seed=players, limit=20_000,
        measure=lambda g: [f["home"] or f["out"] for f in g.view()["frogs"]])
    for result in results:
        assert all(result.value)
        assert result.winners  # someone always comes Home: SplashBots go Home


def test_a_seed_replays_the_same_games():
    def run():
        return simulate(lambda s: SplashdownGame(3, seed=s, map="parallel", fly_thief=True,
                                                 **LIMIT),
                        [SplashBot(), SplashBot(), RandomBot()], games=20, seed=5,
                        measure=lambda g: list(g.log))

    assert run() == run()


class Untouchable:
    """A stand-in for ``game.rng`` that fails the test when used."""

    def __getattr__(self, name):
        raise AssertionError("the bot touched the game's dice")


class ViewOnly:
    """A game seen only through its view, with no ``map`` attribute."""

    def __init__(self, game):
        self.game = game

    def view(self, seat=None):
        return self.game.view(seat)


def test_splashbot_never_draws_from_the_games_dice():
    """It reads the table and breaks ties with its own generator: the game's chance to
    come is untouched (a bot drawing from ``game.rng`` would change the dice)."""
    for seed in range(20):
        game = SplashdownGame(4, seed=seed, map="long", fly_thief=True, reroll=True)
        bot = SplashBot(seed)
        while not game.is_over:
            seat = game.current_player
            rng, game.rng = game.rng, Untouchable()
            move = bot(game, seat)
            game.rng = rng
            game.play(move, seat)


def test_ties_are_broken_by_the_bots_own_seed():
    """Two green pads side by side score the same from Home: the seed chooses."""
    twins = {"blocks": [["home"], ["green", "green"], ["dark-green:1"]]}
    game = game_from(frog("home"), frog("home"), map=twins, first_turn=False)
    rig(game, 1)
    game.play("roll")
    assert moves(game) == {"to 1a", "to 1b"}
    choices = [SplashBot(seed)(game, 0) for seed in range(20)]
    assert set(choices) == {"to 1a", "to 1b"}
    assert [SplashBot(seed)(game, 0) for seed in range(20)] == choices


# -- the heuristic on small positions --------------------------------------------------------
def decide(game, roll, seat=0):
    rig(game, roll)
    game.play("roll")
    return SplashBot(0)(game, seat)


def test_it_lands_where_the_flies_are():
    game = game_from(frog("home"), frog("home"), first_turn=False)
    assert decide(game, 4) == "to 4"  # 1, 2 (red), 3 (yellow) or 4 (2 flies)


def test_on_its_last_life_it_avoids_red_and_yellow_pads():
    game = game_from(frog("4", lives=1), frog("home"), first_turn=False)
    assert moves(game.copy()) == {"roll"}
    choice = decide(game, 2)
    assert choice in {"to 5", "to 6"}, choice  # not 2 (red) nor 3 (yellow)


def test_it_goes_home_when_nobody_can_beat_it():
    # Bob is Home with no flies: Ada's 2 flies win, and Home is 5 steps away.
    game = game_from(frog("5", sets=[("4", 2)]), BANKED, first_turn=False)
    assert decide(game, 6) == "to home"


def test_it_keeps_collecting_while_a_rival_could_still_beat_it():
    game = game_from(frog("5", sets=[("4", 2)]), frog("1"), first_turn=False)
    assert decide(game, 6) == "to 7"  # Bob could still reach 3 flies


def test_low_on_lives_with_flies_it_goes_home():
    game = game_from(frog("5", lives=2, sets=[("4", 2)]), frog("1"), first_turn=False)
    assert decide(game, 6) == "to home"


def test_it_goes_home_when_every_rival_is_out():
    game = game_from(frog("5"), OUT, first_turn=False)
    assert decide(game, 6) == "to home"  # even with no flies: alone Home, it wins


def test_with_nothing_left_to_collect_and_a_rival_ahead_in_play_it_waits():
    taken = [("4", 2), ("7", 3)]
    game = game_from(frog("5"), frog("8", sets=taken), first_turn=False)
    assert decide(game, 6) != "to home"  # Bob may still fall in: Home now is a sure loss
    game = game_from(frog("5"), {"pad": "home", "left_home": True, "sets": taken},
                     first_turn=False)
    assert decide(game, 6) == "to home"  # Bob is Home with 5 flies: nothing left to gain


def test_it_goes_home_from_flies_it_can_never_reach():
    # Pad 3 holds a fly but meets only Home, and no frog jumps through Home.
    pond = {"blocks": [["home"], ["green"], ["green"], ["dark-green:1"]],
            "edges": [["home", "1"], ["1", "2"], ["home", "3"]]}
    game = game_from(frog("1"), frog("2"), map=pond, first_turn=False)
    assert decide(game, 1) == "to home"


def test_it_never_pushes_on_its_last_life():
    # Bob, on his last life with 2 flies, stands on 6 (green).
    game = game_from(frog("5", lives=1), frog("6", lives=1, sets=[("4", 2)]),
                     first_turn=False)
    rig(game, 1)
    game.play("roll")
    game.play("to 6")
    assert moves(game) == {"push", "no push"}
    assert SplashBot(0)(game, 0) == "no push"


def test_it_pushes_a_rival_on_its_last_life():
    game = game_from(frog("5"), frog("6", lives=1, sets=[("4", 2)]), first_turn=False)
    assert decide(game, 1) == "to 6"  # the push is worth the trip
    game.play("to 6")
    assert SplashBot(0)(game, 0) == "push"


def test_under_the_fly_thief_it_pushes_a_rival_carrying_flies():
    game = game_from(frog("5"), frog("6", sets=[("4", 2)]), first_turn=False, fly_thief=True)
    rig(game, 1)
    game.play("roll")
    game.play("to 6")
    assert SplashBot(0)(game, 0) == "push"


def test_it_rerolls_a_low_first_roll_and_keeps_a_high_one():
    for roll, choice in ((1, "reroll"), (6, "keep")):
        game = game_from(frog("home"), frog("home"), reroll=True)
        rig(game, roll)
        game.play("roll")
        assert moves(game) == {"keep", "reroll"}
        assert SplashBot(0)(game, 0) == choice


def test_the_map_read_from_the_view_has_the_rules_distances():
    """map_of rebuilds the pond from the view when a game does not show its own map."""
    for name in MAPS:
        game = SplashdownGame(2, map=name)
        own = map_of(game, game.view()["map"])
        rebuilt = map_of(ViewOnly(game), game.view()["map"])
        assert own is game.map and rebuilt is not own
        assert rebuilt.names == own.names and rebuilt.dist == own.dist
        assert map_of(ViewOnly(game), game.view()["map"]) is rebuilt  # made once


@pytest.mark.parametrize("kwargs", [{"caution": -1}, {"caution": True}, {"reach": 1},
                                    {"reach": -0.1}, {"low_lives": 1.5}, {"wariness": "no"},
                                    {"wariness": float("nan")}])
def test_bad_parameters_are_refused(kwargs):
    with pytest.raises(ValueError):
        SplashBot(**kwargs)


def test_its_repr_names_its_class():
    assert repr(SplashBot(3, caution=2)) == "SplashBot()"


def test_it_plays_a_line_pond_to_the_end():
    game = SplashdownGame(2, seed=3, map=LINE)
    BotDriver(game, {0: SplashBot(1), 1: SplashBot(2)}).run()
    assert game.is_over and game.winners
