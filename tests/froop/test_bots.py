"""FroopBot: it beats RandomBot (two-player base games, seats alternating, the 95% Wilson
interval of its win rate above 50%), it only ever chooses legal moves, it finishes games
with 2 to 10 players in every variant, a seed replays it, it never reads what its seat
cannot see, its reaction time follows the documented distribution, and it does what its
docstring says on small positions.

Speed and Panic run in simulated time (``BotDriver.run`` on a ManualClock): nothing
sleeps, and fixed seeds give the same numbers on every run, so no check here is flaky.
"""

from __future__ import annotations

import math
import random
import statistics

import pytest

from pondwidgets.core import BotDriver, ManualClock, RandomBot, wins_alone
from pondwidgets.froop import CARDS, FroopGame
from pondwidgets.froop.bots import FroopBot
from pondwidgets.froop.spots import Froop

from ..support import watching

NAMES = sorted(CARDS)
Z95 = 1.959964


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    p = wins / games
    centre = p + Z95 * Z95 / (2 * games)
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95 * Z95 / (4 * games * games))
    scale = 1 + Z95 * Z95 / games
    return (centre - half) / scale, (centre + half) / scale


def wins_against_random(games, seed=0, players=2, **options):
    """FroopBot's wins alone in ``games`` games against RandomBots, seats alternating
    between the first and the last: a shared win or a draw is not won."""
    return wins_alone(lambda s: FroopGame(players, seed=s, **options), FroopBot(),
                      [RandomBot() for _ in range(players - 1)], games, seed=seed)


# -- strength ------------------------------------------------------------------------------
def test_froopbot_beats_randombot_in_500_two_player_games():
    """Froop! is mostly luck (the cards dealt and drawn), so the bar is statistical: the
    95% Wilson interval of its win rate over 500 games lies above 50%, which takes 272
    wins (Wilson lower bound 50.02%).
    Measured: 339 of 500 won alone (67.8%; Wilson 95% interval 63.6% to 71.7%), in
    about 2.5 s on an idle machine (0.35 ms a decision of the bot's). The benchmark's
    figure (``python tests/benchmark.py --game froop --bots 500``, seed 1): 345 of 500
    (69.0%; 64.8% to 72.9%)."""
    wins = wins_against_random(500)
    assert wilson(272, 500)[0] > 0.5 > wilson(271, 500)[0]
    assert wins >= 272, (wins, wilson(wins, 500))


def test_froopbot_beats_two_and_three_randombots():
    """Each bar is where the Wilson 95% lower bound passes chance (1/3, 1/4).
    Measured: 80 of 100 with 3 players (chance: 33), 65 of 100 with 4 (chance: 25); over
    1,000 games (seed 1), 667 (66.7%; 63.7% to 69.6%) and 688 (68.8%; 65.9% to 71.6%)."""
    assert wilson(45, 100)[0] > 1 / 3 and wilson(35, 100)[0] > 1 / 4
    assert wins_against_random(100, seed=5, players=3) >= 45
    assert wins_against_random(100, seed=6, players=4) >= 35


# -- legal moves, finished games, determinism ----------------------------------------------
WatchedFroopBot = watching(FroopBot,
                           kind=lambda move: "play" if " at " in move else move.split()[0])


def test_froopbot_only_chooses_legal_moves_and_makes_every_kind_of_decision():
    watched = WatchedFroopBot()
    variants = [{}, {"cutthroat": True}, {"cutthroat": True, "strategic": True},
                {"panic": True}, {"marathon": True, "cutthroat": True}]
    for seed in range(40):
        players = 2 + seed % 5 * 2  # 2 to 10: big tables empty the pile (passes)
        options = variants[seed % len(variants)]
        game = FroopGame(players, seed=seed, clock=ManualClock(), **options)
        watched.reseed(seed)
        bots = {seat: RandomBot(seed + seat) for seat in range(players)}
        for seat in range(0, players, 2):  # FroopBot at every other seat, seat 0 included
            bots[seat] = watched
        BotDriver(game, bots, limit=None).run()
        assert game.is_over
    # "stop" and "pass" are rare in play (a card nearly always fits somewhere): the
    # positions below show them.
    for kind in ("play", "draw", "give", "others"):
        assert watched.chosen.get(kind, 0) > 0, (kind, watched.chosen)


VARIANTS = [{}, {"cutthroat": True}, {"speed": True}, {"strategic": True}, {"panic": True},
            {"marathon": True}, {"fewest_wins": True},
            {"panic": True, "marathon": True, "strategic": True},
            {"speed": True, "cutthroat": True, "marathon": True, "fewest_wins": True}]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "+".join(o) or "base")
def test_froopbots_finish_games_with_2_to_10_players_in_every_variant(options):
    for players in range(2, 11):
        game = FroopGame(players, seed=players, clock=ManualClock(), **options)
        bots = {s: FroopBot(players * 10 + s) for s in range(players)}
        BotDriver(game, bots, limit=None).run()
        assert game.is_over, (players, options, game.log[-3:])


def test_a_seed_replays_a_game():
    def play(seed, **options):
        game = FroopGame(3, seed=11, clock=ManualClock(), **options)
        BotDriver(game, {s: FroopBot(seed + s) for s in range(3)}).run()
        return [(seat, str(m)) for seat, m in game.history], list(game.times)

    for options in ({}, {"panic": True}, {"speed": True, "cutthroat": True}):
        assert play(4, **options) == play(4, **options)


# -- hidden information ----------------------------------------------------------------------
TWIN_VARIANTS = [{}, {"cutthroat": True}, {"panic": True}, {"strategic": True},
                 {"speed": True, "marathon": True}]


def test_it_ignores_what_its_seat_cannot_see():
    """At every decision of many games, FroopBot decides the same (and takes as long) on
    a twin whose hidden cards (the other hands, the pile's order) are dealt afresh by
    ``sample_hidden``: it never reads them."""
    rng = random.Random(1)
    decisions = 0
    for seed in range(25):
        players = 2 + seed % 4
        options = TWIN_VARIANTS[seed % len(TWIN_VARIANTS)]
        game = FroopGame(players, seed=seed, clock=ManualClock(), **options)
        randoms = [RandomBot(seed * 7 + s) for s in range(players)]
        while not game.is_over:
            seat = game.seats_to_act[0]
            if len(game.legal_moves(seat)) > 1:
                twin = game.sample_hidden(seat, rng)
                here, there = FroopBot(seed + decisions), FroopBot(seed + decisions)
                assert here.delay(game, seat) == there.delay(twin, seat)
                assert here(game, seat) == there(twin, seat), (seed, game.log[-3:])
                decisions += 1
            mover = FroopBot(decisions) if seed % 2 else randoms[seat]
            game.play(mover(game, seat), seat)
    assert decisions > 300


def test_it_leaves_the_games_chance_alone():
    """It breaks ties with its own generator: the game's own (the cards to come) is never
    drawn from."""
    class Untouchable:
        def __getattr__(self, name):
            raise AssertionError(f"the bot used the game's rng ({name})")

    for seed in range(8):
        game = FroopGame(2 + seed % 3, seed=seed, clock=ManualClock(),
                         cutthroat=bool(seed % 2))
        bot = FroopBot(seed)
        while not game.is_over:
            seat = game.seats_to_act[0]
            rng, game.rng = game.rng, Untouchable()
            bot.delay(game, seat)
            move = bot(game, seat)
            game.rng = rng
            game.play(move, seat)


def test_its_own_index_of_the_froop_finds_exactly_the_legal_plays():
    """The bot works out spots itself (to look ahead); at every decision of random games
    its index agrees with the rules' legal plays, and a play laid and taken back leaves
    it as it was."""
    for seed in range(6):
        game = FroopGame(3, seed=seed)
        bot = RandomBot(seed)
        while not game.is_over:
            seat = game.seats_to_act[0]
            view = game.view(seat)
            froop = Froop(view["cells"])
            mine = {f"{letters} at {x},{y}": m for card in view["hand"]
                    for letters, x, y, m in froop.plays(card)}
            rules = {p["move"]: p["match"] for p in view["plays"]}
            assert mine == rules, (seed, len(game.history))
            if view["plays"]:
                play = view["plays"][0]
                before = dict(froop.at)
                changes = froop.lay(play["move"].split(" at ")[0], play["x"], play["y"])
                froop.undo(changes)
                assert froop.at == before
            game.play(bot(game, seat), seat)


# -- reaction time -------------------------------------------------------------------------
def hand_size(game, seat):
    return len(game.view(seat)["hand"])


@pytest.mark.parametrize("options", [{"speed": True}, {"panic": True}])
def test_with_no_spread_it_answers_in_exactly_look_plus_per_card_per_card_held(options):
    """bots.py: seconds = (look + per_card * cards) * exp(spread * Z); spread 0 makes it
    exact. The driver stamps the decision at that time."""
    game = FroopGame(2, seed=3, clock=ManualClock(), **options)
    bot = FroopBot(1, look=2.0, per_card=0.25, spread=0)
    cards = hand_size(game, 0)
    assert bot.delay(game, 0) == 2.0 + 0.25 * cards
    BotDriver(game, {0: bot}).run(max_decisions=1)
    assert game.times == [2.0 + 0.25 * cards]


@pytest.mark.parametrize("options", [{}, {"cutthroat": True}, {"strategic": True},
                                     {"marathon": True}])
def test_without_a_race_it_plays_at_the_boards_pace(options):
    """bots.py: with neither Speed nor Panic, delay is None (no draw made), so the driver
    gives it the pace, as any bot that does not race (core/README.md)."""
    game = FroopGame(2, seed=3, clock=ManualClock(), **options)
    bot = FroopBot(1)
    state = bot.rng.getstate()
    assert bot.delay(game, 0) is None and bot.rng.getstate() == state
    BotDriver(game, {0: bot}, pace=2.5).run(max_decisions=1)
    assert game.times == [2.5]


def test_reaction_times_are_log_normal_around_the_documented_median():
    """log(seconds / (look + per_card * cards)) is Normal(0, spread): 4,001 draws from a
    fixed seed have a median within 0.05 of 0, a spread within 10%, about 68% of them
    within one spread, and a mean above the median (right-skewed)."""
    game = FroopGame(2, seed=3, clock=ManualClock(), panic=True)
    bot = FroopBot(2024, look=1.5, per_card=0.5, spread=0.3)
    median = 1.5 + 0.5 * hand_size(game, 0)
    logs = [math.log(bot.delay(game, 0) / median) for _ in range(4001)]
    assert abs(statistics.median(logs)) < 0.05
    assert 0.27 < statistics.stdev(logs) < 0.33
    assert 0.63 < sum(abs(x) < 0.3 for x in logs) / len(logs) < 0.73
    assert statistics.mean(math.exp(x) for x in logs) > 1


def test_the_defaults_give_five_seconds_for_seven_cards():
    game = FroopGame(2, seed=3, clock=ManualClock(), speed=True)
    assert hand_size(game, 0) == 7
    assert FroopBot(0, spread=0).delay(game, 0) == 5.0


def test_a_bot_too_slow_for_the_speed_countdown_answers_before_it_ends():
    """Speed: a reaction time past the 20 s countdown is cut short: the bot answers
    ``SAFETY`` (0.5 s) before the deadline, with a play, so the rules never draw for it.
    The old bot let ``time`` be played for it at 20 s (and drew a card)."""
    game = FroopGame(2, seed=3, clock=ManualClock(), speed=True)
    slow = FroopBot(0, look=30.0, per_card=0, spread=0)
    assert slow.delay(game, 0) == 20 - FroopBot.SAFETY == 19.5
    BotDriver(game, {0: slow}).run(max_decisions=1)
    ((seat, move),) = game.history
    assert seat == 0 and move.kind == "play" and game.times == [19.5]
    assert hand_size(game, 0) == 6


def test_with_the_countdown_nearly_out_it_answers_before_the_deadline():
    """A board whose bot seat starts thinking 18 s into its 20 s (the clock moved on
    before the driver planned it): 2 s left, not the 5 s it would take with 7 cards, so
    it plays a card at 19.5 s."""
    game = FroopGame(2, seed=3, clock=ManualClock(), speed=True)
    game.clock.advance_to(18.0)
    driver = BotDriver(game, {0: FroopBot(0)})
    assert driver.refresh(18.0) == 19.5 and game.deadline.time == 20.0
    assert driver.step(simulated=True)
    ((seat, move),) = game.history
    assert seat == 0 and move.kind == "play" and game.times == [19.5]


@pytest.mark.parametrize("countdown", [1, 5, 20])
def test_it_never_runs_out_of_time_in_speed(countdown):
    """Whole Speed games, the bot's hand growing as RandomBot makes it draw: it never
    lets the countdown run out (the shortest countdown, 1 s, included), so no ``time``
    is ever played for it; the decisions a hurry cut short are legal, and answered in
    time."""
    for seed in range(4):
        game = FroopGame(2, seed=seed, clock=ManualClock(), speed=True, countdown=countdown)
        BotDriver(game, {0: FroopBot(seed), 1: RandomBot(seed)}).run()
        assert game.is_over
        mine = [(str(m), t) for (s, m), t in zip(game.history, game.times, strict=True)
                if s == 0]
        assert mine and not [m for m, _ in mine if m == "time"], seed


def test_with_time_enough_it_plays_as_it_does_without_a_countdown():
    """Its normal pace and its normal choice: far from the deadline, Speed changes
    neither the moves it picks nor when (the reaction time of the docstring)."""
    for seed in range(10):
        speed = FroopGame(2, seed=seed, clock=ManualClock(), speed=True)
        plain = FroopGame(2, seed=seed, clock=ManualClock())
        bot = FroopBot(seed, spread=0)
        assert bot.delay(speed, 0) == 1.5 + 0.5 * hand_size(speed, 0)
        assert bot(speed, 0) == FroopBot(seed)(plain, 0)


def test_in_panic_the_faster_bot_plays_first():
    game = FroopGame(2, seed=3, clock=ManualClock(), panic=True)
    bots = {0: FroopBot(0, look=4.0, per_card=0, spread=0),
            1: FroopBot(1, look=1.0, per_card=0, spread=0)}
    BotDriver(game, bots).run(max_decisions=1)
    assert [seat for seat, _ in game.history] == [1] and game.times == [1.0]


@pytest.mark.parametrize(("option", "value"), [
    ("look", -1), ("per_card", "slow"), ("spread", None), ("per_card", math.nan),
    ("look", math.inf), ("spread", True), ("depth", 0), ("depth", 1.5), ("depth", True)])
def test_bad_parameters_are_refused(option, value):
    with pytest.raises(ValueError, match=option):
        FroopBot(0, **{option: value})


def test_its_repr_names_its_class():
    assert repr(FroopBot(3, look=1.0, depth=3)) == "FroopBot()"


def test_reseed_replays_the_bot():
    game = FroopGame(2, seed=3, clock=ManualClock(), panic=True)
    bot = FroopBot(11)
    first = [(bot.delay(game, 0), bot(game, 0)) for _ in range(30)]
    bot.reseed(11)
    assert [(bot.delay(game, 0), bot(game, 0)) for _ in range(30)] == first
    bot.reseed(12)
    assert [bot.delay(game, 0) for _ in range(30)] != [d for d, _ in first]


# -- the heuristic on small positions ------------------------------------------------------
def spare(n, *taken):
    """``n`` card names placed nowhere in ``taken`` (lists of names)."""
    used = {c for cards in taken for c in cards}
    return [c for c in NAMES if c not in used][:n]


def name(letters):
    return min(letters, letters[::-1])


def position(froop, hand, *others, pile=None, **options):
    """A game at the start of seat 0's turn: ``froop`` as laid, seat 0 holding ``hand``,
    each other seat as many spare cards as ``others`` says, and ``pile`` (None: every card
    placed nowhere else)."""
    taken = [[name(c) for c, _, _ in froop], hand]
    hands = [hand]
    for n in others:
        cards = spare(n, *taken)
        taken.append(cards)
        hands.append(cards)
    return FroopGame(len(hands), seed=1, clock=ManualClock(), position={
        "froop": [list(c) for c in froop], "hands": hands, "pile": pile, "to_move": 0},
        **options)


def plays_of(game, seat=0):
    return {p["move"]: p["match"] for p in game.view(seat)["plays"]}


# HFSH fits one spot, a 3-match; BBHS one spot, a 2-match (before and after HFSH is laid);
# BFBS nowhere.
THREE = [("FFHS", 0, 0), ("SFBH", -1, 0), ("BHSF", -1, 1)]
THREE_HAND = ["BBHS", "BFBS", "HFSH"]


def test_the_three_match_position_is_as_described():
    game = position(THREE, THREE_HAND, 4)
    assert plays_of(game) == {"HSFH at 0,1": 3, "BBHS at -2,1": 2}
    game.play("HSFH at 0,1")
    assert set([m["text"] for m in game.view(0)["legal"]]) == {"BBHS at -2,1", "stop"}


def test_it_takes_the_three_match_to_play_again_then_plays_again():
    """A 3-match first sheds two cards this turn (it plays again); the 2-match first,
    one."""
    game = position(THREE, THREE_HAND, 4)
    bot = FroopBot(0)
    assert bot(game, 0) == "HSFH at 0,1"
    game.play("HSFH at 0,1")
    assert bot(game, 0) == "BBHS at -2,1"  # play again rather than stop


def test_cutthroat_it_gives_its_least_playable_card_to_the_player_with_fewest_cards():
    """After a 3-match with only a 2-match to go on with, giving beats playing: a card
    out either way, and a card more for a rival. BFBS fits nowhere: it goes to seat 2,
    who holds the fewest cards."""
    game = position(THREE, THREE_HAND, 4, 2, cutthroat=True)
    bot = FroopBot(0)
    assert bot(game, 0) == "HSFH at 0,1"
    game.play("HSFH at 0,1")
    assert "BBHS at -2,1" in [m["text"] for m in game.view(0)["legal"]]
    assert bot(game, 0) == "give BFBS to 2"


def test_cutthroat_a_tie_for_fewest_cards_goes_to_the_nearest_after_it():
    game = position(THREE, THREE_HAND, 3, 3, cutthroat=True)
    game.play("HSFH at 0,1")
    assert FroopBot(0)(game, 0) == "give BFBS to 1"


# FBSS fits three spots: a 4-match (SSBF at 0,1) and two 2-matches. After the 4-match,
# BHBS fits one spot, a 2-match; HFBS nowhere.
FOUR = [("HFSS", 0, 0), ("FHSB", 1, 0), ("HBFH", 1, -1), ("BHHS", 2, -1), ("SHFS", -1, 0),
        ("SBFF", 1, 1), ("FSFB", -1, 1)]
FOUR_HAND = ["BHBS", "FBSS", "HFBS"]


def test_the_four_match_position_is_as_described():
    game = position(FOUR, FOUR_HAND, 4)
    assert plays_of(game)["SSBF at 0,1"] == 4
    game.play("SSBF at 0,1")
    assert plays_of(game) == {"SBHB at 1,-2": 2}


@pytest.mark.parametrize("options", [{}, {"cutthroat": True}])
def test_it_takes_the_four_match(options):
    assert FroopBot(0)(position(FOUR, FOUR_HAND, 4, **options), 0) == "SSBF at 0,1"


def test_cutthroat_after_a_four_match_it_makes_two_rivals_draw_rather_than_play_a_two():
    game = position(FOUR, FOUR_HAND, 4, 4, cutthroat=True)
    game.play("SSBF at 0,1")
    assert FroopBot(0)(game, 0) == "others draw"


def test_cutthroat_after_a_four_match_it_plays_a_two_rather_than_make_one_rival_draw():
    """One card shed is worth more than one card drawn by the only rival."""
    game = position(FOUR, FOUR_HAND, 4, cutthroat=True)
    game.play("SSBF at 0,1")
    assert "others draw" in [m["text"] for m in game.view(0)["legal"]]
    assert FroopBot(0)(game, 0) == "SBHB at 1,-2"


@pytest.mark.parametrize(("points", "expected"), [([2, 1], "others draw"),
                                                  ([0, 1], "SBHB at 1,-2")])
def test_marathon_it_makes_the_others_draw_the_pile_out_only_when_it_leads(points, expected):
    """Marathon ends the moment the last card is drawn: with one card left, making the
    other player draw it wins for the leader on points and loses for the one behind."""
    rest = spare(len(NAMES), [name(c) for c, _, _ in FOUR], FOUR_HAND)
    game = FroopGame(2, seed=1, marathon=True, cutthroat=True, position={
        "froop": [list(c) for c in FOUR], "hands": [FOUR_HAND, rest[1:]], "pile": rest[:1],
        "points": points, "to_move": 0})
    game.play("SSBF at 0,1")
    assert "others draw" in [m["text"] for m in game.view(0)["legal"]]
    assert FroopBot(0)(game, 0) == expected
    game.play(expected)
    if expected == "others draw":
        assert game.is_over and game.winners == (0,)


# BHHF fits one spot, BFSF four, all 2-matches; neither play opens or closes a spot for
# the other card.
FLEX = [("FBHS", 0, 0), ("SFBH", -1, 0)]
FLEX_HAND = ["BFSF", "BHHF"]


def test_it_plays_its_awkward_card_and_keeps_the_one_that_fits_many_spots():
    game = position(FLEX, FLEX_HAND, 4)
    plays = plays_of(game)
    assert [m for m in plays if m.startswith("BHHF")] == ["BHHF at -1,1"]
    assert len([m for m in plays if m.split()[0] in ("BFSF", "FSFB")]) == 4
    assert set(plays.values()) == {2}
    assert FroopBot(0)(game, 0) == "BHHF at -1,1"


def test_it_lays_a_card_where_it_opens_spots_for_its_other_cards():
    """FBFS fits nowhere yet: of BFSH's four spots, 0,1 opens the most for its other cards
    (weighted: three for BHHF, two for FBFS), so it plays BFSH there, not its one-spot BHHF."""
    game = position(FLEX, ["BFSH", "BHHF", "FBFS"], 4)
    assert not [m for m in plays_of(game) if m.split()[0] in ("FBFS", "SFBF")]
    assert FroopBot(0)(game, 0) == "HSFB at 0,1"


# BFSF fits two spots, both 2-matches; at 1,-1 it takes the one spot of BBSH, the next
# player's last card. BBHF fits nowhere, before or after.
DENY = [("BSBH", 0, 0), ("FBBS", 0, -1)]


def test_strategic_it_leaves_the_next_player_nothing_to_play():
    game = FroopGame(2, seed=1, strategic=True, position={
        "froop": [list(c) for c in DENY], "hands": [["BBHF", "BFSF"], ["BBSH"]]})
    assert plays_of(game) == {"BFSF at 1,-1": 2, "FSFB at 0,-2": 2}
    assert Froop(game.view(0)["cells"]).plays("BBSH") == [("BBSH", 1, -1, 2)]
    assert FroopBot(0)(game, 0) == "BFSF at 1,-1"
    game.play("BFSF at 1,-1")
    assert [m["text"] for m in game.view(1)["legal"]] == ["draw"]


def test_panic_it_takes_the_three_match_then_gives_its_worst_card_to_the_leader():
    game = position(THREE, THREE_HAND, 4, 2, panic=True)
    bot = FroopBot(0)
    assert bot(game, 0) == "HSFH at 0,1"
    game.play("HSFH at 0,1", 0)
    assert game.view(0)["must_give"] == [0]
    assert bot(game, 0) == "give BFBS to 2"


def test_panic_under_strategic_it_takes_the_last_spot_of_a_rivals_hand():
    """Strategic shows every hand, Panic too: of its two 2-matches, equal for its own
    hand, BFSF at 1,-1 takes the one spot where Bob's last card fits, so Bob must draw
    rather than win. With the hands hidden it cannot know, and either play may come."""
    def game(**options):
        return FroopGame(2, seed=1, clock=ManualClock(), panic=True, position={
            "froop": [list(c) for c in DENY], "hands": [["BBHF", "BFSF"], ["BBSH"]]},
            **options)

    assert {FroopBot(seed)(game(strategic=True), 0) for seed in range(20)} == \
        {"BFSF at 1,-1"}
    assert {FroopBot(seed)(game(), 0) for seed in range(20)} == \
        {"BFSF at 1,-1", "FSFB at 0,-2"}
    public = game(strategic=True)
    public.play("BFSF at 1,-1", 0)
    assert [m["text"] for m in public.view(1)["legal"]] == ["draw"]


def test_with_nothing_to_play_it_stops_the_chain_and_passes_on_an_empty_pile():
    def empty_pile(hand):
        rest = spare(len(NAMES), [name(c) for c, _, _ in THREE], hand)
        return FroopGame(2, seed=1, position={"froop": [list(c) for c in THREE],
                                              "hands": [hand, rest], "pile": []})

    bot = FroopBot(0)
    game = empty_pile(["BFBS", "HFSH"])
    game.play(bot(game, 0))
    assert [m["text"] for m in game.view(0)["legal"]] == ["stop"] and bot(game, 0) == "stop"
    assert bot(empty_pile(["BFBS"]), 0) == "pass"


def test_it_plays_its_last_card():
    game = position(THREE, ["BBHS"], 4, cutthroat=True)
    assert FroopBot(0)(game, 0) == "BBHS at -2,1"
    game.play("BBHS at -2,1")
    assert game.is_over and game.winners == (0,)
