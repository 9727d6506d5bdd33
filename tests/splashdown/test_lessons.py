"""The lessons of notebooks/splashdown/01-rules.ipynb and 02-variants.ipynb
(pondwidgets/splashdown/lessons.py): every rule and ruling of docs/rules/splashdown.md
listed below has a lesson, the notebooks play each lesson as LESSONS records it, and the
key lessons show their rule in the game's state, beyond their log line. (That every lesson
builds, replays and shows what it says is checked for every game by
tests/conformance/test_lessons.py.)
"""


from pondwidgets.splashdown import SplashBot, SplashdownGame
from pondwidgets.splashdown.lessons import LESSONS, LOOP, POND, lesson_board, lesson_game, why_not
from tests.test_citations import ROOT, anchors

DOC = ROOT / "docs/rules/splashdown.md"
# The rules and rulings of docs/rules/splashdown.md that a lesson teaches, by their anchors:
# each must have a lesson, and each must be an anchor of the document.
TAUGHT = [
    # the players, the pond, setting up
    "players", "one-frog", "chance", "pad-names", "edges", "own-edges", "variant-maps",
    "setup", "seat-0-starts", "lives",
    # a turn: the first roll, moving
    "first-turn", "move", "at-least-one-step", "landing-only", "own-pad", "through-home",
    "no-exact-roll",
    # landing
    "landing-order", "green", "yellow", "red", "dark-green", "flies", "out-before-push",
    # pushing
    "push", "pushed-frogs-stay", "push-odd", "push-one", "failed-push", "pad-life-stands",
    "push-all", "push-order", "push-from-home",
    # flies flying back
    "flies-fly-back", "come-back",
    # Home and the end
    "goal", "home", "skipped", "end", "winner", "tie-lives", "draw", "nobody-home",
    "lone-home", "max-turns",
    # the options
    "variant-fly-thief", "fly-thief-set", "fly-thief-kill", "stolen-flies", "variant-reroll",
]


def played(name):
    """The lesson's game after its demonstration."""
    return LESSONS.replay(name)[0]


def frog(game, seat):
    return game.view()["frogs"][seat]


def pads(game):
    return game.view()["map"]["pads"]


def test_every_rule_and_ruling_has_a_lesson():
    taught = {rule for lesson in LESSONS.values() for rule in lesson.rules}
    assert set(TAUGHT) - anchors(DOC) == set()  # a renamed anchor fails here...
    assert set(TAUGHT) - taught == set()
    assert taught - set(TAUGHT) == set()  # ...and no lesson cites a rule not listed above


def test_the_lesson_ponds_are_small_and_named_as_drawn():
    game = SplashdownGame(2, seed=0, map=POND)
    drawn = game.view()["map"]
    assert drawn["blocks"] == [["home"], ["1"], ["2a", "2b"], ["3a", "3b", "3c"], ["4"],
                               ["5a", "5b"], ["6"]]
    edges = {frozenset(e) for e in drawn["edges"]}
    assert frozenset(("3a", "3b")) in edges and frozenset(("3a", "3c")) not in edges
    assert {frozenset(("2a", "3b")), frozenset(("2b", "3b"))} <= edges  # via the centre
    loop = SplashdownGame(2, seed=0, map=LOOP).view()["map"]
    assert {frozenset(e) for e in loop["edges"]} >= {frozenset(("5", "home")),
                                                     frozenset(("home", "1"))}


def test_lessons_use_few_players_and_small_ponds():
    for name, lesson in LESSONS.items():
        if name != "six-players":
            assert lesson.players in (2, 3), name
            assert lesson.options["map"] in (POND, LOOP), name


def test_lesson_board_passes_board_options():
    board = lesson_board("push", seat=0, bots={1: SplashBot(seed=1)}, odds=False)
    try:
        assert board.seat == 0 and board.view["bots"] == [1]
        assert board.options["odds"] is False
        assert board.run_bots() == 0  # Ada is to play: no bot moves before her
    finally:
        board.close()


def test_why_not_leaves_the_game_unchanged():
    game = lesson_game("move")
    game.play("roll")
    before = game.to_dict()
    assert "4 steps away" in why_not(game, "to 1")
    assert "already on 5a" in why_not(game, "to 5a")
    assert why_not(game, "to 3b") == "allowed"
    assert game.to_dict() == before


# -- key lessons, beyond their log line ------------------------------------------------------
def test_setup_every_frog_at_home_with_five_lives():
    game = lesson_game("setup")
    assert [(f["pad"], f["lives"], f["left_home"]) for f in game.view()["frogs"]] == \
        [("home", 5, False)] * 3
    assert game.seats_to_act == (0,) and game.view()["first_turn"]


def test_first_roll_keeps_the_higher_die():
    game = played("first-roll")
    view = game.view()
    assert len(view["dice"]) == 2 and view["roll"] == max(view["dice"])


def test_move_only_the_landing_pad_counts():
    game = played("move")
    assert frog(game, 0)["pad"] == "3b" and frog(game, 0)["flies"] == 0
    assert pads(game)["4"]["flies"] == 2  # jumped over, not collected


def test_edges_lesson_a_and_c_do_not_touch():
    game = lesson_game("edges")
    game.play("roll")
    assert [str(m) for m in game.legal_moves()] == ["to 3b"]


def test_pad_lessons_cost_what_the_pad_says():
    assert frog(played("yellow"), 0)["lives"] == 4
    assert frog(played("red"), 0)["lives"] == 4
    game = played("flies")
    assert frog(game, 0)["flies"] == 2 and frog(game, 1)["flies"] == 0
    assert pads(game)["2b"]["flies"] == 0 and frog(game, 1)["lives"] == 5
    assert frog(game, 0)["pad"] == frog(game, 1)["pad"] == "2b"


def test_push_lessons_end_where_the_rules_say():
    game = played("push")  # even: Bob loses a life, both stay
    assert (frog(game, 0)["pad"], frog(game, 1)["pad"], frog(game, 1)["lives"]) == \
        ("3b", "3b", 4)
    game = played("push-fail")  # odd: Ada back on 1, nobody hurt
    assert (frog(game, 0)["pad"], frog(game, 0)["lives"], frog(game, 1)["lives"]) == \
        ("1", 5, 5)
    game = played("push-one")  # a 1: back, and a life
    assert (frog(game, 0)["pad"], frog(game, 0)["lives"], frog(game, 1)["lives"]) == \
        ("1", 4, 5)
    game = played("push-all")
    assert [frog(game, s)["lives"] for s in range(3)] == [5, 4, 4]
    game = played("pad-then-push")  # the coin's life stands after a failed push
    assert (frog(game, 0)["pad"], frog(game, 0)["lives"]) == ("1", 2)


def test_push_from_home_the_frog_is_still_at_the_start():
    game = played("push-from-home")
    bob = frog(game, 1)
    assert bob["pad"] == "home" and not bob["left_home"] and not bob["home"]
    assert game.seats_to_act == (0,)


def test_death_lessons_send_the_flies_back():
    game = played("out-before-push")
    assert frog(game, 0)["out"] and pads(game)["2b"]["flies"] == 2
    assert frog(game, 1)["lives"] == 5  # no push came
    game = lesson_game("come-back")
    game.play("roll")
    game.play("to 3a")
    assert pads(game)["2b"]["flies"] == 2 and frog(game, 1)["flies"] == 0  # not collected
    game = played("come-back")
    assert frog(game, 1)["flies"] == 2 and pads(game)["2b"]["flies"] == 0


def test_home_lesson_banks_the_flies_and_skips_the_frog():
    game = played("home")
    assert frog(game, 0)["home"] and frog(game, 0)["flies"] == 2
    assert game.seats_to_act == (1,)  # Bob plays again: Ada is Home
    assert "not Ada's turn" in why_not(game, "roll", 0)


def test_end_lessons_name_the_winners():
    assert played("winner").winners == (1,)
    assert played("tie-lives").winners == (1,)
    assert played("draw").winners == (0, 1)
    assert played("lone-home").winners == (0,)
    game = played("max-turns")
    assert game.is_over and game.winners == ()
    assert played("fly-thief-kill").winners == ()  # nobody came Home


def test_through_home_lesson():
    game = lesson_game("through-home")
    game.play("roll")
    assert game.view()["roll"] == 2
    assert {str(m) for m in game.legal_moves()} == {"to home", "to 2", "to 3"}


def test_fly_thief_lessons():
    game = played("fly-thief")
    assert frog(game, 0)["sets"] == [{"pad": "2b", "flies": 2}]  # the oldest set
    assert frog(game, 1)["sets"] == [{"pad": "6", "flies": 3}]
    game = lesson_game("fly-thief-kill")
    for move in LESSONS["fly-thief-kill"].demo[:4]:
        game.play(move.move)
    assert frog(game, 1)["out"] and frog(game, 0)["flies"] == 5
    game = played("fly-thief-kill")  # back to their own pads, not to Bob's
    assert pads(game)["2b"]["flies"] == 2 and pads(game)["6"]["flies"] == 3


def test_reroll_lesson_the_new_roll_stands():
    game = lesson_game("reroll")
    game.play("roll")
    assert game.view()["phase"] == "reroll"
    game = played("reroll")
    assert game.view()["phase"] == "move" and game.view()["roll"] == game.view()["dice"][-1]


def test_six_players_lesson():
    game = lesson_game("six-players")
    assert game.players == 6 and game.view()["map"]["name"] == "long"
