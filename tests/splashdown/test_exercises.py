"""Splash down probability exercises (pondwidgets/splashdown/exercises.py, their exact
answers in exact.py): each exact answer against an independent count and against the
rules model's own odds, the Markov chain against the rules model's moves and a
simulation of the rules model, the checkers' feedback (right, near and wrong answers),
and the simulations (reproducible, and within a stated tolerance of the exact answers)."""

import math
import subprocess
import sys
from fractions import Fraction
from itertools import product

import pytest

from pondwidgets.splashdown import MAPS, SplashdownGame, exact
from pondwidgets.splashdown import exercises as ex
from pondwidgets.splashdown.lessons import LOOP, POND

from ..support import near

DIE = range(1, 7)


# -- 1. the first roll --------------------------------------------------------------------
def test_first_roll_is_the_higher_of_two_dice():
    odds = ex.first_roll_odds()
    assert odds == {k: Fraction(2 * k - 1, 36) for k in DIE}
    assert odds == SplashdownGame(2, seed=0).chance_odds("first-roll")
    assert sum(odds.values()) == 1
    # P(max <= k) = (k/6)^2, another way to the same distribution
    assert all(sum(odds[j] for j in range(1, k + 1)) == Fraction(k, 6) ** 2 for k in DIE)
    assert ex.first_roll_six_exact() == Fraction(11, 36)
    assert ex.first_roll_mean_exact() == Fraction(161, 36)


def test_first_rolls_are_the_models_and_match_the_exact_odds():
    rolls = ex.first_rolls(3000, seed=11)
    assert rolls == ex.first_rolls(3000, seed=11) != ex.first_rolls(3000, seed=12)
    assert set(rolls) <= set(DIE)
    assert near([int(r == 6) for r in rolls], Fraction(11, 36))
    variance = sum((k - 161 / 36) ** 2 * float(p) for k, p in ex.first_roll_odds().items())
    assert near(rolls, Fraction(161, 36), sd=math.sqrt(variance))
    game = SplashdownGame(2, seed=ex.seeds(1, 11)[0])
    game.play("roll")
    assert game.view()["roll"] == max(game.view()["dice"]) == rolls[0]


# -- 2. a push ----------------------------------------------------------------------------
def test_push_outcomes_follow_the_frog_die():
    counts = {o: sum(exact.push_outcome(f) == o for f in DIE) for o in
              ("success", "fail", "fail, and a life lost")}
    odds = SplashdownGame(2, seed=0).chance_odds("push")
    assert {o: Fraction(n, 6) for o, n in counts.items()} == odds


def test_push_exact_by_hand():
    yellow = ex.push_exact("yellow")
    assert yellow["mover"] == Fraction(1, 2) + Fraction(1, 6) == Fraction(2, 3)
    assert yellow["mover_hurt"] == 1 - Fraction(1, 2) * Fraction(5, 6) == Fraction(7, 12)
    assert yellow["pushed"] == 2 * Fraction(1, 2) == 1
    assert ex.push_exact("red") == {"mover": Fraction(7, 6), "mover_hurt": 1, "pushed": 1}
    assert ex.push_exact("green", pushed=1) == {"mover": Fraction(1, 6),
                                                "mover_hurt": Fraction(1, 6),
                                                "pushed": Fraction(1, 2)}
    # a mover on its last life landing on red is out before it can push
    assert ex.push_exact("red", lives=1) == {"mover": 1, "mover_hurt": 1, "pushed": 0}
    with pytest.raises(ValueError):
        ex.push_exact("dark-green")


def test_push_trials_agree_with_the_exact_answers():
    trials = ex.push_trials(3000, seed=13)
    assert trials == ex.push_trials(3000, seed=13)
    assert {m for m, _ in trials} <= {0, 1, 2} and {p for _, p in trials} <= {0, 2}
    exact = ex.push_exact("yellow")
    mover = [m for m, _ in trials]
    assert near(mover, exact["mover"], sd=math.sqrt(1 / 2 * 1 / 2 + 5 / 36))  # independent
    assert near([int(m > 0) for m in mover], exact["mover_hurt"])
    assert near([p for _, p in trials], exact["pushed"], sd=1.0)
    red = ex.push_trials(500, seed=1, colour="red", pushed=1)
    assert all(m >= 1 for m, _ in red)


# -- 3. yellow pads ------------------------------------------------------------------------
def test_yellow_exact_by_counting_sequences():
    for landings in range(7):
        tosses = list(product("HT", repeat=landings))
        assert ex.yellow_safe_exact(landings) == Fraction(
            sum("T" not in t for t in tosses), len(tosses)) == Fraction(1, 2 ** landings)
        for lives in range(1, 6):
            assert ex.yellow_survive_exact(landings, lives) == Fraction(
                sum(t.count("T") < lives for t in tosses), len(tosses))
    assert ex.yellow_safe_exact(3) == Fraction(1, 8)
    assert ex.yellow_survive_exact(6) == 1 - Fraction(6 + 1, 64) == Fraction(57, 64)


def test_yellow_simulation_agrees():
    three = ex.yellow_lives_lost(3, 3000, seed=14)
    assert three == ex.yellow_lives_lost(3, 3000, seed=14)
    assert near([int(v == 0) for v in three], Fraction(1, 8))
    six = ex.yellow_lives_lost(6, 3000, seed=14)
    assert set(six) <= set(range(6))
    assert near([int(v < 5) for v in six], Fraction(57, 64))
    # the frog's losses are the coin's tails: a binomial mean of landings / 2
    assert near(three, Fraction(3, 2), sd=math.sqrt(3 / 4))


# -- 4. the careful runner: the chain -------------------------------------------------------
@pytest.mark.parametrize("pond", [*MAPS, "lesson", "loop"])
def test_the_chain_moves_as_the_rules_model_allows(pond):
    spec = {"lesson": POND, "loop": LOOP}.get(pond, pond)
    game = SplashdownGame(2, seed=0, map=spec)
    drawn = ex.Pond.of(game.view()["map"])
    for pad in drawn.colours:
        for roll in DIE:
            mine = set(drawn.landings(pad, roll))
            theirs = {game.map.names[j] for j in game.map.within[game.map.index[pad]][roll]}
            assert mine == theirs, (pad, roll)


def test_the_chain_landings_are_the_legal_moves_of_a_game():
    pos = {"frogs": [{"pad": "3b"}, {"pad": "home", "left_home": False}], "first_turn": False}
    game = SplashdownGame(2, seed=3, map=POND, position=pos)
    game.play("roll")
    roll = game.view()["roll"]
    assert {str(m)[3:] for m in game.legal_moves()} == \
        set(ex.Pond.of(game.view()["map"]).landings("3b", roll))


def test_the_runner_chooses_as_stated():
    pond = ex.Pond.named("short")
    assert ex.runner_choice(pond, pond.landings("home", 5), False) == "5a"  # green, then name
    assert ex.runner_choice(pond, pond.landings("home", 4), False) == "4b"
    assert ex.runner_choice(pond, pond.landings("6", 1), False) == "7b"  # dark green, not red
    assert ex.runner_choice(pond, pond.landings("8", 6), True) == "2b"  # green, not yellow
    assert ex.runner_choice(pond, pond.landings("2a", 3), True) == "home"


def test_home_in_four_by_hand():
    # 8 steps out, 8 back, at most 6 a turn: exactly 2 turns each way, two dice >= 8 twice,
    # and 4 landings cannot take 5 lives.
    two_dice = Fraction(sum(a + b >= 8 for a in DIE for b in DIE), 36)
    assert two_dice == Fraction(5, 12)
    assert ex.home_chances(4)[:4] == [0, 0, 0, 0]
    assert ex.home_chances(4)[4] == two_dice ** 2 == Fraction(25, 144)
    assert ex.check_home_in_four.answer == Fraction(25, 144)


def test_the_first_players_runner_by_hand():
    # Out in 2 turns with the better of two dice first: the sum over the first roll m of
    # P(m) * P(second roll >= 8 - m); back in 2 turns as before.
    out = sum(p * Fraction(sum(r >= 8 - m for r in DIE), 6)
              for m, p in ex.first_roll_odds().items())
    assert out == Fraction(125, 216)
    assert ex.home_chances(4, first_turn=True)[4] == out * Fraction(5, 12) == \
        Fraction(625, 2592)


def test_the_chain_keeps_all_its_probability():
    pond = ex.Pond.named("long")
    die = {k: Fraction(1, 6) for k in DIE}
    states = {("home", 5, False): Fraction(1)}
    home = out = Fraction(0)
    for _ in range(60):
        states, came, lost = exact._turn(pond, states, die)
        home, out = home + came, out + lost
        assert home + out + sum(states.values()) == 1
    assert not states and home == ex.HOME_LONG and 0 < out < Fraction(1, 10)
    chances = ex.home_chances(50, "long")
    assert chances == sorted(chances) and chances[-1] == home


def test_home_at_all_runs_the_chain_to_its_end():
    # Eight red pads: every landing costs a life, so a frog that lands often is out; the
    # better of two dice on the first turn saves landings.
    red = {"name": "red pads", "blocks": [["home"]] + [["red"]] * 8}
    chances = ex.home_chances(40, red)
    assert ex.home_at_all(red) == chances[-1] == chances[-2] < 1
    first = ex.home_chances(40, red, first_turn=True)
    assert ex.home_at_all(red, first_turn=True) == first[-1] > chances[-1]


def test_the_chain_agrees_with_the_rules_model():
    chances = ex.home_chances(12)
    turns = ex.runner_turns(3000, seed=15)
    assert turns == ex.runner_turns(3000, seed=15)
    for k in range(13):
        assert near(ex.home_within(turns, k), chances[k]), k
    long_turns = ex.runner_turns(1500, seed=15, pond="long")
    assert near([int(t is not None) for t in long_turns], ex.HOME_LONG)


def test_the_runner_bot_plays_the_chain_strategy():
    game = SplashdownGame(2, seed=1, position=ex.runner_position())
    bot = ex.RunnerBot()
    pond = ex.Pond.of(game.view()["map"])
    returning = False
    while not game.is_over:
        move = bot(game, 0)
        if move.startswith("to "):
            options = [str(m)[3:] for m in game.legal_moves()]
            assert move[3:] == ex.runner_choice(pond, options, returning)
            returning = returning or pond.block(move[3:]) == pond.far_end
        game.play(move, 0)
    assert game.view()["frogs"][0]["home"] or game.view()["frogs"][0]["out"]


# -- 5. the fly thief ------------------------------------------------------------------------
def test_shadow_bot_hunts_flies_and_plays_legally():
    pos = {"frogs": [{"pad": "1"}, {"pad": "3b", "sets": [["2b", 2]]}], "first_turn": False}
    game = SplashdownGame(2, seed=7, map=POND, position=pos, fly_thief=True)
    bot = ex.ShadowBot(seed=1)
    game.play(bot(game, 0), 0)  # roll
    assert bot(game, 0) == "to 3b"  # where the flies are
    game.play("to 3b", 0)
    assert bot(game, 0) == "push"
    last = {"frogs": [{"pad": "1", "lives": 1}, {"pad": "3b", "sets": [["2b", 2]]}],
            "first_turn": False}
    game = SplashdownGame(2, seed=7, map=POND, position=last)
    game.play("roll")
    game.play("to 3b")
    assert bot(game, 0) == "no push"  # a 1 would cost its last life


def test_thief_games_are_reproducible_and_the_option_matters():
    off = ex.thief_games(300, seed=16, fly_thief=False)
    on = ex.thief_games(300, seed=16, fly_thief=True)
    assert [r.seed for r in off] == [r.seed for r in on]  # the same games, one option apart
    assert on == ex.thief_games(300, seed=16, fly_thief=True)
    assert sum(ex.wins(on, 1)) > sum(ex.wins(off, 1))  # the thief helps the shadow
    table = ex.thief_table(100, seed=1)
    assert "with fly thief" in table and "ShadowBot wins" in table


def test_thief_estimate_is_plausible():
    estimate = ex.check_thief_win.answer
    assert estimate == ex.THIEF_WIN and 0.25 < estimate < 0.6


@pytest.mark.slow
def test_the_shipped_values_are_the_models_own():
    # The checkers hold these values instead of computing them: the same seeds, the same
    # map and the same rules give them again.
    assert ex.thief_win_estimate() == ex.THIEF_WIN == ex.win_rate(
        ex.thief_games(ex.REFERENCE_GAMES, ex.REFERENCE_SEED), 1)
    assert ex.home_at_all("long") == ex.HOME_LONG
    assert ex.home_at_all("long", first_turn=True) == ex.HOME_LONG_FIRST_TURN


def test_the_checkers_play_no_game():
    # Checking an answer (none, right, wrong, or another reading's) plays no game and runs
    # no chain on the long pond: a fresh kernel, where nothing is computed yet.
    code = """if True:
        import pondwidgets.splashdown.exercises as ex
        def refuse(*args, **kwargs):
            raise AssertionError("a checker computed its reference value")
        ex.thief_games = ex.home_at_all = ex.home_chances = refuse
        for answer in (None, ex.THIEF_WIN, 0.9):
            ex.check_thief_win.feedback(answer)
        for answer in (None, ex.HOME_LONG, "1/2", ex.HOME_LONG_FIRST_TURN):
            ex.check_home_long.feedback(answer)
        for check in ex.EXERCISES.values():
            check.feedback(None)
    """
    subprocess.run([sys.executable, "-c", code], check=True)


# -- the checkers ----------------------------------------------------------------------------
RIGHT = {
    "first_roll_six": [Fraction(11, 36), "11/36", "22/72", "Fraction(11, 36)"],
    "first_roll_mean": [Fraction(161, 36), "161/36"],
    "push_mover": [Fraction(2, 3), "2/3", "4/6"],
    "push_hurt": [Fraction(7, 12), "7/12"],
    "push_pushed": [1, "1", Fraction(1)],
    "yellow_safe": [Fraction(1, 8), "1/8", "Fraction(1, 8)"],
    "yellow_survive": [Fraction(57, 64), "57/64"],
    "home_in_four": [Fraction(25, 144), "25/144", Fraction(5, 12) ** 2],
    "home_long": [ex.HOME_LONG, str(ex.HOME_LONG)],
}
NEAR = {  # a decimal close to the exact answer: "close", never "correct"
    "first_roll_six": 0.3056, "first_roll_mean": 4.47, "push_mover": 0.667,
    "push_hurt": 0.583, "yellow_safe": 0.125, "yellow_survive": 0.89,
    "home_in_four": 0.174, "home_long": 0.9626,
}
WRONG = {  # typical mistakes
    "first_roll_six": "1/6",  # one die
    "first_roll_mean": "7/2",  # one die's mean
    "push_mover": "1/6",  # forgot the coin
    "push_hurt": "2/3",  # added the chances
    "push_pushed": "1/2",  # one frog only
    "yellow_safe": "3/2",  # not a probability
    "yellow_survive": "63/64",  # only six tails
    "home_in_four": "5/12",  # one way only
    "home_long": "1",  # forgot the red pads
}


def test_every_exact_exercise_is_tested():
    assert {n for n, e in ex.EXERCISES.items() if e.exact} == set(RIGHT) == set(WRONG)
    assert {n for n, e in ex.EXERCISES.items() if not e.exact} == {"thief_win"}


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_checker_accepts_the_right_answer_in_several_forms(name, capsys):
    check = ex.EXERCISES[name]
    for form in RIGHT[name]:
        assert check(form), form
        assert "Correct" in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(NEAR))
def test_checker_calls_a_decimal_close_but_not_correct(name):
    right, text = ex.EXERCISES[name].feedback(NEAR[name])
    assert not right and text.startswith("Close!") and "fraction" in text


@pytest.mark.parametrize("name", sorted(WRONG))
def test_checker_refuses_a_wrong_answer_with_a_new_hint_each_time(name, capsys):
    check = ex.EXERCISES[name]
    check.attempts = 0
    assert not check.check(WRONG[name])
    first = capsys.readouterr().out
    assert "Correct" not in first and "Hint:" in first
    assert not check.check(WRONG[name])
    second = capsys.readouterr().out
    assert second.split("Hint:")[1] != first.split("Hint:")[1]
    check.attempts = 0


def test_the_complement_is_named():
    right, text = ex.check_push_hurt.feedback(1 - Fraction(7, 12))
    assert not right and "opposite event" in text


def test_expected_values_are_not_held_to_probabilities():
    assert ex.check_first_roll_mean.feedback("161/36")[0]  # above 1, and right
    assert ex.check_first_roll_six.probability and not ex.check_first_roll_mean.probability
    assert "cannot be a probability" in ex.check_yellow_safe.feedback("3/2")[1]


def test_the_estimate_checker_takes_a_close_estimate(capsys):
    check = ex.check_thief_win
    estimate = check.answer
    assert check(round(estimate, 2)) and check(f"{estimate * 100:.1f}%")
    assert not check(estimate + 0.08) and not check(estimate - 0.08)
    assert "Hint:" in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(ex.EXERCISES))
def test_an_empty_answer_cell_is_not_an_error(name):
    right, text = ex.EXERCISES[name].feedback(None)
    assert not right and text.startswith("Not answered yet")


# The runner's trip (exercise 4) could start with the two-dice rule of exercise 1: the
# checker knows that reading's answer, and says which one the exercise means.
READINGS = {
    "home_in_four": Fraction(625, 2592),  # test_the_first_players_runner_by_hand
    "home_long": ex.HOME_LONG_FIRST_TURN,
}


@pytest.mark.parametrize("name", sorted(READINGS))
def test_the_first_turn_reading_is_told_apart(name):
    check = ex.EXERCISES[name]
    check.attempts = 0
    right, text = check.feedback(READINGS[name])
    assert not right
    assert "is the answer if the first turn uses the two-dice rule of exercise 1" in text
    assert "This exercise means one ordinary die on every turn, the first included" in text
    assert "Hint:" not in text and check.attempts == 0  # the method was sound
    assert check.feedback(check.answer)[0]

