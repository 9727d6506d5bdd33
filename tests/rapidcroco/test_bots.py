"""RapidBot: its reaction time follows the documented distribution, it errs at its set rate, it
reads only the table, the faster bot wins the race, a seed replays it, and it beats
RandomBot (docs/rules/rapidcroco.md#bots: a bot answers after a reaction time drawn from a
stated distribution, and makes mistakes at a set rate, both options of the bot).

Every race runs in simulated time (``BotDriver.run`` on a ManualClock): nothing sleeps,
and a fixed seed gives the same numbers on every run, so the statistical checks below use
fixed seeds and wide bounds and are never flaky.
"""

from __future__ import annotations

import math
import statistics

import pytest

from pondwidgets.core import BotDriver, ManualClock, RandomBot, simulate, win_rate
from pondwidgets.rapidcroco import CROCS, CulpritPath, RapidBot, RapidcrocoGame

from .helpers import LINE, LINE_PATH, game_from, hand, layout

ARMS = len(LINE_PATH) - 1  # a1 to f3: 7 arms to follow


def line_race(players=2, **options):
    """The LINE layout in its race (criteria on Cleo, a1; Marigold, f3, is the culprit)."""
    return game_from(*LINE, suspect="a1", players=players, **options)


def wrong_arrests(game, seat=None):
    name = None if seat is None else game.seat_name(seat)
    return [line for line in game.log if "wrong!" in line
            and (name is None or line.startswith(f"{name} arrests"))]


def arrests(game, seat):
    return [line for line in game.log if line.startswith(f"{game.seat_name(seat)} arrests")]


# -- reaction time ---------------------------------------------------------------------
def test_with_no_spread_the_arrest_comes_exactly_at_look_plus_step_per_arm():
    """bots.py: seconds = (look + step * arms) * exp(spread * Z); spread 0 makes it exact.
    The arrest is stamped at that time on the game's clock, and the log says so."""
    game = line_race()
    bot = RapidBot(1, look=2.5, step=0.8, spread=0, error_rate=0)
    assert bot.delay(game, 0) == 2.5 + 0.8 * ARMS
    BotDriver(game, {0: bot}).run(max_decisions=1)
    assert game.times == [2.5 + 0.8 * ARMS]
    assert game.clock.now() == 2.5 + 0.8 * ARMS
    assert game.log[2] == "Player 1 arrests Marigold (f3) after 8.1 s: right!"


def test_the_dealer_bot_waits_its_pause_and_the_race_is_timed_from_the_reveal():
    game = game_from(*LINE, players=2)
    bot = RapidBot(1, look=1.0, step=0.5, spread=0, error_rate=0, pause=3.0)
    BotDriver(game, {0: bot}).run(max_decisions=1)  # turns the criteria
    assert game.times == [3.0] and game.view()["phase"] == "race"
    path = game.path
    arms = len(path.sites) - 1 if path is not None else 0
    BotDriver(game, {0: bot}).run(max_decisions=1)  # arrests: seat 1 is a person
    assert game.times == [3.0, 3.0 + (1.0 + 0.5 * arms)]
    assert f"after {1.0 + 0.5 * arms:.1f} s: right!" in game.log[3]


@pytest.mark.parametrize(("rows", "options", "arms"), [
    (layout(d3="H"), {}, 5),  # a1 ... c3 d3 (Hippo): 5 arms followed
    (LINE, {"kid": True}, 0),  # the Kid variant: no arms to follow
    (layout(a3="Jasper", a4="Josephine"), {"wrap": True}, ARMS + 3),  # f3 > a3 v a4 ^ a3
])
def test_the_typical_time_grows_with_the_arms_to_follow(rows, options, arms):
    """bots.py: 'arms is the number of arms to follow from the suspect to the culprit (0
    in the Kid variant or when the suspect is in a hand)'."""
    game = game_from(*rows, suspect="a1", **options)
    assert len(game.path.sites) - 1 == arms
    assert RapidBot(0, look=2.0, step=1.0, spread=0).delay(game, 0) == 2.0 + arms


def test_a_suspect_in_a_hand_takes_the_look_time_only():
    game = game_from(*layout(b1="."), hands={1: ["Penelope"]}, suspect="Penelope")
    assert RapidBot(0, look=2.0, step=1.0, spread=0).delay(game, 0) == 2.0


def test_reaction_times_are_log_normal_around_the_documented_median():
    """log(seconds / (look + step * arms)) is Normal(0, spread): 4,001 draws from a fixed
    seed have a median within 0.05 of 0 (about 6 standard errors), a spread within 10%,
    and about 68% of the draws within one spread (bounds are wide; the draws are the same
    on every run)."""
    game = line_race()
    bot = RapidBot(2024, look=2.5, step=0.8, spread=0.3)
    median = 2.5 + 0.8 * ARMS
    logs = [math.log(bot.delay(game, 0) / median) for _ in range(4001)]
    assert abs(statistics.median(logs)) < 0.05
    assert 0.27 < statistics.stdev(logs) < 0.33
    assert 0.63 < sum(abs(x) < 0.3 for x in logs) / len(logs) < 0.73
    skew = statistics.mean(math.exp(x) for x in logs) - 1  # right-skewed: mean > median
    assert skew > 0


@pytest.mark.parametrize(("option", "value"), [
    ("look", -1), ("step", -0.1), ("spread", "wide"), ("pause", None),
    ("error_rate", 1.5), ("error_rate", -0.1), ("error_rate", "often")])
def test_bad_bot_options_are_refused(option, value):
    with pytest.raises(ValueError, match=option):
        RapidBot(0, **{option: value})


# -- error rate --------------------------------------------------------------------------
def bot_game(seed, bots, players=3, rounds=15, **options):
    game = RapidcrocoGame(players, seed=seed, clock=ManualClock(), max_rounds=rounds,
                          target=32, **options)
    BotDriver(game, bots).run()
    assert game.is_over
    return game


@pytest.mark.parametrize("options", [{}, {"kid": True}, {"wrap": True, "turns": True}])
def test_error_rate_0_never_errs(options):
    """bots.py: 'With probability error_rate the bot arrests the wrong Croc'."""
    rights = 0
    for seed in range(10):
        bots = {s: RapidBot(seed * 10 + s, error_rate=0) for s in range(3)}
        game = bot_game(seed, bots, **options)
        assert wrong_arrests(game) == []
        rights += sum("right!" in line for line in game.log)
    assert rights >= 100  # ten games of fifteen rounds: nearly every round was won


def test_error_rate_1_always_errs():
    for seed in range(10):
        bots = {0: RapidBot(seed, error_rate=1), 1: RapidBot(seed + 1, error_rate=1)}
        game = bot_game(seed, bots, players=2)
        made = arrests(game, 0) + arrests(game, 1)
        assert made and all("wrong!" in line for line in made)
        assert all(hand(game, s) == [] for s in (0, 1))


def test_an_error_rate_in_between_errs_about_that_often():
    """Over fixed seeds, a bot with error_rate 0.25 errs in about a quarter of its
    arrests (wide bound)."""
    made = wrong = 0
    for seed in range(20):
        bots = {0: RapidBot(seed, error_rate=0.25), 1: RapidBot(seed + 100, look=50, step=0,
                                                                spread=0, error_rate=0)}
        game = bot_game(seed, bots, players=2)
        made += len(arrests(game, 0))
        wrong += len(wrong_arrests(game, 0))
    assert made >= 200
    assert 0.15 < wrong / made < 0.35


def test_a_wrong_arrest_is_a_croc_of_the_path_when_there_is_one():
    """bots.py: the bot errs like people do: 'one of the path's other Crocs (stopping too
    early, or going one arm too far)'."""
    game = line_race()
    for seed in range(30):
        move = RapidBot(seed, error_rate=1)(game, 0)
        assert move.startswith("arrest ") and move.split()[1] in LINE_PATH[:-1]


def test_the_bot_passes_when_the_culprit_is_its_own_croc():
    """docs/rules/rapidcroco.md#captured: the holder cannot win its own card, so the bot gives
    up."""
    game = game_from(*layout(b1="."), hands={1: ["Penelope"]}, suspect="Penelope")
    assert RapidBot(0, error_rate=0)(game, 1) == "pass"
    assert RapidBot(0, error_rate=0)(game, 0) == "arrest Penelope"


# -- table information only --------------------------------------------------------------
def decisions(game, seed=7, times=20):
    bot = RapidBot(seed, error_rate=0.5)
    return [(bot.delay(game, s), bot(game, s)) for _ in range(times) for s in (0, 1)]


def test_the_bot_decides_alike_in_games_differing_only_in_hidden_state():
    """bots.py: 'The bot reads only what is on the table: the criteria and the grid'.
    Games from one explicit position that differ only in their seed (the next criteria),
    or in the model's own culprit and path, get the same delays and decisions from a bot
    with the same seed."""
    position = RapidcrocoGame(2, seed=3).to_position() | {"suspect": "c3"}
    games = [RapidcrocoGame(2, seed=seed, position=position) for seed in (1, 2, 99)]
    scrambled = games[0].copy()
    scrambled.culprit = next(c for c in range(32) if c != scrambled.culprit)
    scrambled.path = CulpritPath(("a1", "b1", "a1"), "b1", "twice")
    expected = decisions(games[0])
    for game in [*games[1:], scrambled]:
        assert decisions(game) == expected
    right = RapidBot(0, error_rate=0)(scrambled, 0)
    assert right == f"arrest {games[0].path.culprit}"  # it solved the table itself


def test_a_dealer_bot_knows_nothing_of_the_next_criteria():
    position = RapidcrocoGame(2, seed=3).to_position()
    games = [RapidcrocoGame(2, seed=seed, position=position) for seed in (1, 2)]
    bot = RapidBot(5, pause=1.5)
    assert [(bot.delay(g, 0), bot(g, 0)) for g in games] == [(1.5, "reveal")] * 2


# -- the race ----------------------------------------------------------------------------
def test_the_faster_bot_wins_the_race():
    """docs/rules/rapidcroco.md#race: the first right arrest wins the round: the bot whose plan
    comes first arrests first; the slower one never acts in that round."""
    game = line_race(players=3)
    bots = {0: RapidBot(0, look=3.0, spread=0, error_rate=0),
            1: RapidBot(1, look=1.0, spread=0, error_rate=0),
            2: RapidBot(2, look=2.0, spread=0, error_rate=0)}
    BotDriver(game, bots).run(max_decisions=1)
    assert hand(game, 1) == ["Marigold"] and [s for s, _ in game.history] == [1]


def test_the_faster_bot_wins_most_rounds_with_spread():
    wins = [0, 0]
    for seed in range(10):
        bots = {0: RapidBot(seed, look=4.0, step=1.0, error_rate=0),
                1: RapidBot(seed + 50, look=1.5, step=0.4, error_rate=0)}
        game = bot_game(seed, bots, players=2, rounds=10)
        for s in (0, 1):
            wins[s] += sum(line.startswith(f"{game.seat_name(s)} takes") for line in game.log)
    assert wins[1] > 4 * wins[0] and wins[1] >= 80


def test_reseed_replays_the_bot():
    game = line_race()
    bot = RapidBot(11)
    first = [(bot.delay(game, 0), bot(game, 0)) for _ in range(50)]
    bot.reseed(11)
    assert [(bot.delay(game, 0), bot(game, 0)) for _ in range(50)] == first
    bot.reseed(12)
    assert [(bot.delay(game, 0), bot(game, 0)) for _ in range(50)] != first


def test_a_simulation_is_the_same_on_every_run():
    def new_game(seed):
        return RapidcrocoGame(3, seed=seed, clock=ManualClock(), max_rounds=8)

    bots = [RapidBot(), RapidBot(error_rate=0.3), RapidBot(look=1.0)]
    assert simulate(new_game, bots, games=10, seed=4) == simulate(new_game, bots, games=10,
                                                                   seed=4)


@pytest.mark.parametrize("bot_seat", [0, 1])
def test_rapidbot_beats_randombot_in_most_games(bot_seat):
    """200 games of RapidBot (error_rate 0.1) against RandomBot, who arrests at once but
    at random: RapidBot wins nearly all (wide bound)."""
    def new_game(seed):
        return RapidcrocoGame(2, seed=seed, clock=ManualClock(), max_rounds=40)

    bots = [RandomBot(), RandomBot()]
    bots[bot_seat] = RapidBot(error_rate=0.1)
    results = simulate(new_game, bots, games=200, seed=100 + bot_seat)
    assert win_rate(results, bot_seat) >= 0.85
    assert win_rate(results, 1 - bot_seat) <= 0.15


def test_the_crocs_a_bot_names_exist():
    game = line_race()
    names = {c.name for c in CROCS}
    for seed in range(20):
        move = RapidBot(seed, error_rate=0.5)(game, 1)
        target = move.split(" ", 1)[1]
        assert target in names or target in {c["site"] for c in game.view()["grid"]}
