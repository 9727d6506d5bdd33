"""The lessons of notebooks/rapidcroco/01-rules.ipynb and 02-variants.ipynb
(pondwidgets/rapidcroco/lessons.py): every rule and ruling of docs/rules/rapidcroco.md
listed below has a lesson, the notebooks play each lesson as LESSONS records it, and the
key lessons show their rule. (That every lesson builds, replays and shows what it says is
checked for every game by tests/conformance/test_lessons.py.) At the end, the simulation
helpers of the variants notebook (pondwidgets/rapidcroco/variants.py).
"""


import pytest

from pondwidgets.rapidcroco import RapidBot, culprit
from pondwidgets.rapidcroco.cards import CROCS
from pondwidgets.rapidcroco.declaration import SITES
from pondwidgets.rapidcroco.lessons import LESSONS, lesson_board, lesson_game, why_not
from tests.test_citations import ROOT, anchors

from .helpers import hand, name_at

RULES = ROOT / "docs/rules/rapidcroco.md"
# The rules and rulings of docs/rules/rapidcroco.md that a lesson teaches, by their
# anchors, as the lessons' ``rules`` name them: each must have a lesson.
TAUGHT = [
    # the rules
    "components", "crocs", "setup", "criteria", "race", "follow-arms", "off-the-grid",
    "empty-site", "hippo", "twice", "arrest", "next-dealer", "wrong-arrest", "captured",
    "winning", "variant-kid", "variant-wrap", "variant-turns",
    # the rulings
    "criteria-draw", "twice-suspect", "one-arrest", "penalty", "sit-out", "everybody-wrong",
    "give-up", "refused", "wrap-itself", "quarter-turns", "variants-combined", "bots",
]


def played(name):
    """The lesson's game after its demonstration, and every text it shows."""
    return LESSONS.replay(name)


def start_of(name):
    """The suspect's site in a lesson that starts in the race."""
    return lesson_game(name).suspect_site()


def test_every_rule_has_a_lesson():
    """Every anchor of TAUGHT has a lesson, and every lesson's rules are anchors of
    docs/rules/rapidcroco.md, so a renamed anchor fails here."""
    taught = {rule for lesson in LESSONS.values() for rule in lesson.rules}
    assert set(TAUGHT) - taught == set()
    assert taught - anchors(RULES) == set()  # no lesson cites a rule the document lacks
    assert set(TAUGHT) - anchors(RULES) == set()


def test_lesson_board_passes_board_options():
    board = lesson_board("bot-race", seat=0, bots={1: RapidBot(seed=1)}, replay=False)
    try:
        assert board.seat == 0 and board.view["bots"] == [1]
        assert board.options["replay"] is False
        assert board.run_bots() == 0  # Ada deals: no bot may act before she turns the criteria
    finally:
        board.close()


def test_why_not_leaves_the_game_unchanged():
    game = lesson_game("not-a-croc")
    before = game.to_dict()
    assert "an empty site" in why_not(game, "arrest c2", 0)
    assert why_not(game, "arrest b3", 0) == "allowed"
    assert game.to_dict() == before


# -- key lessons, beyond their log line ------------------------------------------------------
def test_deal_lesson_is_a_shuffled_grid_of_the_whole_deck():
    game = lesson_game("deal")
    assert game.phase == "deal" and game.seats_to_act == (0,)
    assert sorted(c for c in game.cards if isinstance(c, int)) == list(range(32))
    assert game.cards.count("H") == 4
    game.play("reveal", 0)
    assert game.phase == "race" and game.seats_to_act == (0, 1)


def test_criteria_pick_exactly_one_croc():
    game = lesson_game("criteria")
    matching = [c for c in CROCS if c.faces == game.criteria]
    assert [c.name for c in matching] == ["Esmeralda"] == [name_at(game, "e6")]


@pytest.mark.parametrize(("name", "reason", "the_suspect"), [
    ("criteria", "edge", True), ("follow-arms", "edge", False), ("hippo", "hippo", True),
    ("twice", "twice", False), ("twice-suspect", "twice", True),
    ("empty-sites", "edge", False), ("arrest", "edge", False),
])
def test_path_lessons_end_as_their_rule_says(name, reason, the_suspect):
    game = lesson_game(name)
    path = game.path
    assert path.reason == reason
    assert (path.culprit == path.sites[0]) is the_suspect
    right = [m for s, m, _ in LESSONS[name].demo if m.startswith("arrest")]
    assert not right or right[-1] == f"arrest {path.culprit}"


def test_follow_arms_lesson_is_a_long_path():
    assert lesson_game("follow-arms").path.sites == ("b2", "c2", "c3", "d3", "d2", "d1")


def test_twice_lessons_reach_a_croc_already_on_the_path():
    path = lesson_game("twice").path
    assert path.sites[-1] in path.sites[1:-1]  # an earlier Croc, not the suspect
    path = lesson_game("twice-suspect").path
    assert path.sites[-1] == path.sites[0] == "c2"


def test_empty_sites_lesson_skips_them():
    game = lesson_game("empty-sites")
    assert game.path.sites == ("a3", "d3", "d5", "e5", "f5")
    assert [game.grid_text()[2][1], game.grid_text()[2][2], game.grid_text()[3][3]] == \
        [".", ".", "."]


def test_arrest_lesson_winner_takes_the_card_and_deals():
    game, _ = played("arrest")
    assert hand(game, 1) == ["Bella Bask"] and name_at(game, "a1") is None
    assert game.phase == "deal" and game.seats_to_act == (1,)


def test_wrong_arrest_lesson_returns_the_latest_croc_home():
    game = lesson_game("wrong-arrest")
    assert hand(game, 0) == ["Jasper", "Cleo"]
    game.clock.advance(1.8)
    game.play("arrest c2", 0)
    assert 0 not in game.seats_to_act and hand(game, 0) == ["Jasper", "Cleo"]  # not yet
    game, _ = played("wrong-arrest")
    assert hand(game, 0) == ["Jasper"] and name_at(game, "f6") == "Cleo"


def test_sit_out_lesson():
    game, _ = played("wrong-arrest-sit-out")
    assert game.round == 2 and game.seats_to_act == (1,)


def test_everybody_wrong_lesson_ends_the_round_with_no_capture():
    game, _ = played("everybody-wrong")
    assert game.last["winner"] is None and game.last["culprit"]["site"] == "a2"
    assert name_at(game, "a2") == game.last["culprit"]["name"]  # still on the grid
    assert hand(game, 0) == [] and hand(game, 1) == []


def test_not_a_croc_lesson_refuses_a_hippo_and_an_empty_site():
    game = lesson_game("not-a-croc")
    assert "Hippo" in why_not(game, "arrest c3", 0)
    assert "empty site" in why_not(game, "arrest c2", 0)


def test_captured_lesson_is_a_race_for_the_card_in_a_hand():
    game = lesson_game("captured")
    assert game.suspect_site() is None and hand(game, 1) == ["Lady Lagoon"]
    assert "arrest Lady Lagoon" not in {str(m) for m in game.legal_moves(1)}
    game, _ = played("captured")
    assert hand(game, 0) == ["Lady Lagoon"] and hand(game, 1) == []


def test_win_lesson():
    game, _ = played("win")
    assert game.is_over and game.winners == (0,) and len(hand(game, 0)) == 3


def test_race_lesson_three_people_at_once():
    game = lesson_game("race")
    assert game.seats_to_act == (0, 1, 2) and game.current_player is None
    game, _ = played("race")
    assert hand(game, 2) == ["Cleo"]


def test_bot_race_lesson_plays_to_the_end_in_simulated_time():
    from pondwidgets.core import BotDriver

    game = lesson_game("bot-race")
    BotDriver(game, {0: RapidBot(seed=1), 1: RapidBot(seed=2, look=4, error_rate=0.3)}).run()
    assert game.is_over and game.clock.now() == game.last_time  # the clock followed


def test_variant_lessons_differ_from_the_standard_rule():
    game = lesson_game("kid")
    grid, start = game.grid_text(), start_of("kid")
    assert game.path.culprit == start != culprit(grid, start).culprit
    game = lesson_game("wrap")
    grid, start = game.grid_text(), start_of("wrap")
    assert culprit(grid, start).culprit == "c1" and game.path.culprit == "b6"
    game = lesson_game("wrap-itself")
    assert game.path.sites[-2:] == ("f1", "f1") and game.path.reason == "twice"
    assert culprit(game.grid_text(), "f3").reason == "edge"


def test_turns_lesson_arms_point_as_the_cards_lie():
    game = lesson_game("turns")
    snap = SITES.index("c2")
    assert name_at(game, "c2") == "Admiral Snap" and CROCS[game.cards[snap]].arm == "down"
    assert game.turn[snap] == 3 and game.arm_at(snap) == "right"
    assert game.path.sites == ("c2", "d2", "d3", "e3", "f3")
    assert lesson_game("advanced-both").wrap and lesson_game("advanced-both").turns


# -- the variants notebook's helpers (pondwidgets/rapidcroco/variants.py) --------------------
def test_bot_games_last_longer_with_more_players_and_a_higher_target():
    from pondwidgets.rapidcroco import variants

    two = variants.bot_games(2, games=30, seed=1)
    assert all(r.winners and r.value.rounds >= 3 for r in two)
    assert variants.average_rounds(variants.bot_games(4, games=30, seed=1)) > \
        variants.average_rounds(two)
    assert variants.average_rounds(variants.bot_games(2, games=30, seed=1, target=5)) > \
        variants.average_rounds(two)
    assert variants.seconds_per_round(two) > 2.0  # the dealer's pause, then a race
