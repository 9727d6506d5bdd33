"""Rapidcroco rule tests: every rule and ruling of docs/rules/rapidcroco.md, each on an
explicit layout (docs/design.md#tests). The pure culprit rule has its own file,
test_culprit.py; here it is tested through the game.

Layouts name the cards that matter (Croc names, ``H`` a Hippo, ``.`` the empty home site
of a Croc in a hand); ``?`` is any card the seed chooses, used only off every path. Time
comes from each game's ManualClock: tests advance it and never sleep. Most tests use LINE
(helpers.py): a1 Cleo > b1 Fifi > c1 Hattie v c2 Oswald v c3 Grumbleton > d3 Mortimer >
e3 Percival > f3 Marigold > off the grid, so with the criteria on Cleo the culprit is
Marigold; e5 holds a Hippo.

The arms of the Crocs used below, as printed (cards.py; 8 per direction):
  up: Horatio, Kingsley, Nelson, Duchess Dora, Josephine, Penelope
  right: Cleo, Fifi, Grumbleton, Mortimer, Percival, Marigold, Isadora
  down: Hattie, Oswald, Jasper, Odette, Admiral Snap
  left: Queenie, Gertrude, Fitzgerald
"""

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from pondwidgets.core import BotDriver, why_not
from pondwidgets.core.errors import BadNotation, BadPosition, GameError, IllegalMove
from pondwidgets.rapidcroco import CROCS, Move, RapidBot, RapidcrocoGame
from pondwidgets.rapidcroco.cards import ARMS, BY_FACES, BY_NAME, FACES, TRAITS, turned
from pondwidgets.rapidcroco.declaration import SITES

from ..support import state
from .helpers import LINE, LINE_PATH, game_from, hand, layout, name_at


def line_game(players=2, **options):
    """The LINE layout in its race: the criteria pick Cleo (a1); the culprit is Marigold."""
    return game_from(*LINE, suspect="a1", players=players, **options)


# -- helpers ---------------------------------------------------------------------------
def moves(game, seat):
    return [str(m) for m in game.legal_moves(seat)]


def player(game, seat):
    return game.view(seat)["players"][seat]


def cell(game, site):
    return game.view()["grid"][SITES.index(site)]


def refused(game, move, seat, *fragments, error=IllegalMove):
    """``move`` by ``seat`` is refused with a message holding every fragment, and the game
    is unchanged: the same save, views, log and decision times."""
    before = state(game)
    with pytest.raises(error) as err:
        game.play(move, seat)
    for fragment in fragments:
        assert fragment in str(err.value), str(err.value)
    assert state(game) == before
    return str(err.value)


def after(game, seconds, move, seat):
    """``seat`` decides ``move`` ``seconds`` later on the game's clock."""
    game.clock.advance(seconds)
    return game.play(move, seat)


class Drawn(random.Random):
    """A generator whose ``randrange`` returns ``value`` and records its arguments: to
    see the criteria draw's code path and choose what it draws."""

    def __init__(self, value):
        super().__init__(0)
        self.value, self.calls = value, []

    def randrange(self, *args):
        self.calls.append(args)
        return self.value


def reveal_picking(game, name):
    """The dealer turns the criteria, and they pick the Croc ``name``."""
    game.rng = Drawn(BY_NAME[name.lower()].number)
    game.play("reveal", game.dealer)
    assert game.rng.calls == [(32,)]


# -- Components: the deck ----------------------------------------------------------------
def test_deck_is_32_crocs_one_per_combination_of_the_five_traits():
    """docs/rules/rapidcroco.md#components: 32 Croc cards; docs/rules/rapidcroco.md#crocs:
    every combination of gender, skin, build, glasses and hat, so all 32 differ."""
    assert len(CROCS) == 32
    assert {c.faces for c in CROCS} == set(product(*(FACES[t] for t in TRAITS)))
    assert len({c.code for c in CROCS}) == 32
    assert [c.number for c in CROCS] == list(range(32))


def test_deck_has_16_male_and_16_female_crocs():
    """docs/rules/rapidcroco.md#components: 16 male and 16 female Crocs."""
    assert Counter(c.face("gender") for c in CROCS) == {"male": 16, "female": 16}


def test_deck_has_8_crocs_per_arm_direction_4_male_and_4_female():
    """docs/rules/rapidcroco.md#arms (a ruling): 8 Crocs per direction, 4 male and 4 female each."""
    assert Counter(c.arm for c in CROCS) == dict.fromkeys(ARMS, 8)
    assert Counter((c.arm, c.male) for c in CROCS) == \
        {(arm, male): 4 for arm in ARMS for male in (True, False)}


def test_deck_names_are_unique_and_invented():
    """docs/rules/rapidcroco.md#names (a ruling): each Croc has a name; ours are invented and
    all differ."""
    names = [c.name for c in CROCS]
    assert len(set(names)) == 32 and len({n.lower() for n in names}) == 32
    assert all(n and n.strip() == n for n in names)


def test_criteria_pick_exactly_one_croc():
    """docs/rules/rapidcroco.md#criteria: five pairs, one face of each turned up, describe
    exactly one Croc — every one of the 2**5 face combinations picks one Croc, a different
    one."""
    combinations = list(product(*(FACES[t] for t in TRAITS)))
    assert len(combinations) == 32
    for faces in combinations:
        matching = [c for c in CROCS if c.faces == faces]
        assert len(matching) == 1 and BY_FACES[faces] == matching[0]


def test_a_croc_describes_its_traits_and_its_code_spells_them():
    """docs/rules/rapidcroco.md#crocs: the codes used by explicit layouts, one character per
    trait."""
    croc = BY_NAME["admiral snap"]
    assert croc.code == "MGFo^"
    assert croc.describe() == "a fat green male Croc with glasses and a hat"
    assert BY_NAME["queenie"].code == "FBT--"


# -- Preparation: the grid -----------------------------------------------------------
def dealt(game):
    """Every card on a fresh game's grid, as the names of Crocs and 'H'."""
    return [c.get("name", "H") for c in game.view()["grid"]]


@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_the_36_cards_are_dealt_into_a_6x6_grid(seed):
    """docs/rules/rapidcroco.md#setup: the 32 Crocs and the 4 Hippos are shuffled together and
    all 36 dealt face up into a 6 by 6 square."""
    game = RapidcrocoGame(2, seed=seed)
    cards = dealt(game)
    assert len(cards) == 36 and len(game.grid_text()) == 6
    assert Counter(cards)["H"] == 4
    assert sorted(c for c in cards if c != "H") == sorted(c.name for c in CROCS)
    assert game.to_position()["hands"] == [[], []]
    assert [c["site"] for c in game.view()["grid"]] == list(SITES)
    assert SITES[:7] == ("a1", "b1", "c1", "d1", "e1", "f1", "a2")  # row-major, a1 top-left


def test_the_layout_is_seeded():
    """docs/rules/rapidcroco.md#setup: the shuffle comes from the game's seed: the same seed
    deals the same layout, different seeds different ones."""
    assert dealt(RapidcrocoGame(2, seed=5)) == dealt(RapidcrocoGame(4, seed=5))
    assert RapidcrocoGame(2, seed=5).grid_text() == RapidcrocoGame(2, seed=5).grid_text()
    layouts = {tuple(dealt(RapidcrocoGame(2, seed=s))) for s in range(20)}
    assert len(layouts) == 20


def test_cards_are_dealt_in_the_same_orientation():
    """docs/rules/rapidcroco.md#setup: every card is dealt the same way up, so each arm points
    the way it is printed."""
    game = RapidcrocoGame(3, seed=8)
    for c in game.view()["grid"]:
        assert c["turn"] == 0
        if c["kind"] == "croc":
            assert c["arm"] == BY_NAME[c["name"].lower()].arm


def test_the_grid_text_shows_each_croc_arm_and_the_hippos():
    game = RapidcrocoGame(2, seed=4)
    arrows = {"up": "^", "right": ">", "down": "v", "left": "<"}
    text = "".join(game.grid_text())
    for c, char in zip(game.view()["grid"], text, strict=True):
        assert char == (arrows[c["arm"]] if c["kind"] == "croc" else "H")
    assert game.text().splitlines()[0] == "  a b c d e f"


# -- Turning the criteria ------------------------------------------------------------------
def test_the_first_round_starts_with_seat_0_turning_the_criteria():
    """docs/rules/rapidcroco.md#criteria-cards and docs/rules/rapidcroco.md#dealer: the oldest
    player, seat 0, turns the first criteria; turning them is its only decision, and nobody
    else may act yet."""
    game = game_from(*LINE, players=3)
    assert game.view()["phase"] == "deal" and game.round == 0
    assert game.seats_to_act == (0,) and game.current_player == 0
    assert moves(game, 0) == ["reveal"]
    assert moves(game, 1) == moves(game, 2) == []
    assert game.view()["criteria"] is None and game.criteria is None
    refused(game, "reveal", 1, "the criteria are not turned yet: Player 1 turns them")
    refused(game, "arrest a1", 0, "the criteria are not turned yet")
    refused(game, "pass", 0, "the criteria are not turned yet")


def test_a_position_names_the_dealer():
    """docs/rules/rapidcroco.md#dealer; explicit positions (pondwidgets/rapidcroco/README.md):
    the position says who turns the next criteria."""
    game = game_from(*LINE, players=3, dealer=2)
    assert game.seats_to_act == (2,) and moves(game, 2) == ["reveal"]


def test_turning_the_criteria_starts_the_race_for_every_seat_at_once():
    """docs/rules/rapidcroco.md#race: as soon as the criteria are turned, every player looks
    for the culprit at once."""
    game = game_from(*LINE, players=4)
    reveal_picking(game, "Cleo")
    assert game.view()["phase"] == "race" and game.round == 1
    assert game.seats_to_act == (0, 1, 2, 3) and game.current_player is None
    assert game.criteria == BY_NAME["cleo"].faces
    assert game.view()["criteria"] == [
        {"trait": "gender", "face": "female"}, {"trait": "skin", "face": "green"},
        {"trait": "build", "face": "fat"}, {"trait": "glasses", "face": "no glasses"},
        {"trait": "hat", "face": "hat"}]
    assert game.suspect_site() == "a1"
    assert game.log[-2:] == ["Player 1 turns the criteria.",
                             "Round 1: the criteria are female, green, fat, no glasses, hat."]
    refused(game, "pass", None, "several seats may act now")
    refused(game, "reveal", 2, "the criteria are already turned")


@pytest.mark.parametrize("number", [0, 7, 18, 31])
def test_the_criteria_draw_is_one_draw_over_the_32_crocs(number):
    """docs/rules/rapidcroco.md#criteria-draw: the criteria are drawn uniformly over the 32
    Crocs, wherever each one is: the reveal makes exactly one draw, randrange(32) on the
    game's RNG (uniform by Python's guarantee), and the criteria are the faces of the Croc
    drawn."""
    game = game_from(*layout(c5=".", d5="."), hands={1: ["Queenie", "Admiral Snap"]})
    game.rng = Drawn(number)
    game.play("reveal")
    assert game.rng.calls == [(32,)]
    assert game.criteria == CROCS[number].faces


def test_the_criteria_draw_over_a_fixed_set_of_seeds_hits_every_croc_evenly():
    """docs/rules/rapidcroco.md#criteria-draw: the draw is uniform over the 32 Crocs. 3,200
    fixed seeds (no flaky statistics: the same counts every run) give each Croc 100 draws on
    average; each count stays within a wide bound (about 5 standard deviations)."""
    counts = Counter()
    for seed in range(3200):
        game = RapidcrocoGame(2, seed=seed)
        game.play("reveal")
        counts[game.criteria] += 1
    assert len(counts) == 32
    assert all(50 <= n <= 150 for n in counts.values()), counts


def test_the_criteria_draw_is_replayed_by_the_seed():
    """docs/rules/rapidcroco.md#next-dealer: the next draw comes from the seeded RNG, so a seed
    replays it."""
    draws = []
    for _ in range(2):
        game = RapidcrocoGame(3, seed=77)
        game.play("reveal")
        draws.append(game.criteria)
    assert draws[0] == draws[1]


def test_the_criteria_draw_also_picks_crocs_in_hands():
    """docs/rules/rapidcroco.md#criteria-draw: uniform over the 32 Crocs, wherever each one is
    — with 8 of the 32 in hands, about a quarter of the draws (fixed seeds, wide bound) pick
    one of them."""
    held = {0: ["Queenie", "Cleo", "Hattie", "Oswald"], 1: ["Fifi", "Jasper", "Nelson", "Odette"]}
    rows = [list("......"), list("..????"), *[list("??????")] * 4]
    hits = 0
    for seed in range(800):
        game = game_from(*rows, hands=held, seed=seed, target=32)
        game.play("reveal")
        hits += game.suspect_site() is None
    assert 120 <= hits <= 280, hits


# -- The culprit: following the arms -------------------------------------------------------
def test_a_right_arrest_takes_the_culprit_and_leaves_an_empty_site():
    """docs/rules/rapidcroco.md#arrest: a right arrest takes the culprit, face up in front of
    the player, and its site is empty from then on."""
    game = line_game()
    assert game.path.sites == tuple(LINE_PATH) and game.path.culprit == "f3"
    after(game, 2.5, "arrest f3", 1)
    assert hand(game, 1) == ["Marigold"] and hand(game, 0) == []
    assert cell(game, "f3")["kind"] == "empty"
    assert game.grid_text()[2].endswith(">>>.")
    assert game.log[-2:] == ["Player 2 arrests Marigold (f3) after 2.5 s: right!",
                             "Player 2 takes Marigold."]
    assert "arrest f3" not in moves(game, 1)


def test_the_arms_are_followed_past_the_empty_site_next_round():
    """docs/rules/rapidcroco.md#empty-site: an arm points over an empty site to the next card
    along the line: once Marigold is taken, Percival (e3) points off the grid over the empty
    f3."""
    game = line_game()
    after(game, 2.0, "arrest f3", 0)
    reveal_picking(game, "Cleo")
    assert game.path.sites == tuple(LINE_PATH[:-1]) and game.path.culprit == "e3"


def test_arrest_by_site_name_or_code_is_the_same_decision():
    """A Croc on the grid may be arrested by its site, its name or its code ('Crocodingo,
    I arrest you')."""
    for notation in ("arrest f3", "arrest Marigold", "arrest marigold", "arrest FBF--",
                     "ARREST F3", Move("arrest", "f3")):
        game = line_game()
        assert game.play(notation, 0) == Move("arrest", "f3")
        assert hand(game, 0) == ["Marigold"]


@pytest.mark.parametrize("text", ["arrest", "arrest g1", "arrest Bob", "catch f3", "",
                                  "reveal now", "pass f3", "arrest a7"])
def test_malformed_decisions_are_refused(text):
    """pondwidgets/core/README.md#errors: a text that is no decision is BadNotation."""
    game = line_game()
    refused(game, text, 0, error=BadNotation)


def test_a_hippo_leads_back_to_the_suspect():
    """docs/rules/rapidcroco.md#hippo: arms that lead to a Hippo all lie, so the culprit is the
    suspect."""
    game = game_from(*layout(d3="H"), suspect="a1")
    assert game.path.sites == ("a1", "b1", "c1", "c2", "c3", "d3")
    assert (game.path.culprit, game.path.reason) == ("a1", "hippo")
    after(game, 3.0, "arrest Cleo", 0)
    assert hand(game, 0) == ["Cleo"]
    assert game.view()["last"]["explanation"].startswith("the arms reach a Hippo at d3")


def test_a_croc_pointed_at_twice_is_the_culprit_in_play():
    """docs/rules/rapidcroco.md#twice: a Croc pointed at twice is always guilty: c3 points back
    up at c2, which c1 pointed at first, so Oswald (c2) is the culprit."""
    game = game_from(*layout(c3="Josephine"), suspect="a1")
    assert game.path.sites == ("a1", "b1", "c1", "c2", "c3", "c2")
    assert (game.path.culprit, game.path.reason) == ("c2", "twice")
    after(game, 1.0, "arrest c3", 1)  # the last Croc of the path: wrong
    after(game, 1.0, "arrest Oswald", 0)
    assert hand(game, 0) == ["Oswald"]


def test_the_suspect_pointed_at_again_is_the_culprit_in_play():
    """docs/rules/rapidcroco.md#twice-suspect: the suspect counts as pointed at by the
    criteria, so a loop back to it makes the suspect the culprit."""
    rows = layout(a2="Penelope", b2="Queenie", b1="Jasper")  # a1 > b1 v b2 < a2 ^ a1
    game = game_from(*rows, suspect="a1")
    assert game.path.sites == ("a1", "b1", "b2", "a2", "a1")
    assert (game.path.culprit, game.path.reason) == ("a1", "twice")


def test_a_croc_pointing_off_the_grid_over_empty_sites_is_the_culprit_in_play():
    """docs/rules/rapidcroco.md#off-the-grid and docs/rules/rapidcroco.md#empty-site: empty
    sites are never in the way: Grumbleton (c3) points right over three empty sites, out of
    the square."""
    rows = layout(d3=".", e3=".", f3=".")
    game = game_from(*rows, hands={0: ["Mortimer"], 1: ["Percival", "Marigold"]},
                     suspect="a1")
    assert game.path.sites == ("a1", "b1", "c1", "c2", "c3")
    assert (game.path.culprit, game.path.reason) == ("c3", "edge")


# -- Wrong arrests ---------------------------------------------------------------------
def test_a_wrong_arrest_bars_the_seat_for_the_rest_of_the_round():
    """docs/rules/rapidcroco.md#wrong-arrest: after a wrong arrest play goes on until somebody
    finds the culprit; docs/rules/rapidcroco.md#one-arrest: the player who erred may not
    arrest again in that round, so clicking every card never pays."""
    game = line_game(players=3)
    after(game, 1.2, "arrest e3", 2)
    assert game.log[-1] == ("Player 3 arrests Percival (e3) after 1.2 s: wrong! Player 3 "
                            "may not arrest again this round.")
    assert game.seats_to_act == (0, 1) and moves(game, 2) == []
    assert player(game, 2)["wrong"] is True
    assert game.prompt(2) == "Wrong arrest: you may not arrest again this round."
    refused(game, "arrest f3", 2, "Player 3 arrested the wrong Croc and may not arrest again")
    assert game.view()["phase"] == "race" and game.view()["last"] is None
    after(game, 0.8, "arrest f3", 0)  # the race went on
    assert hand(game, 0) == ["Marigold"]
    assert game.view()["last"]["wrong"] == {"2": "Percival"}


def test_a_wrong_arrest_returns_the_most_recent_croc_when_the_round_ends():
    """docs/rules/rapidcroco.md#wrong-arrest: the player who erred gives back one of their
    Crocs; docs/rules/rapidcroco.md#penalty: the one captured most recently, to its own
    site, when the round ends (so the culprit never changes mid-round). Here Penelope's home
    b1 is on the path: were she back, she would point up off the grid and be the culprit;
    Marigold stays the culprit until the end."""
    rows = layout(b1=".", d6=".")  # homes in row-major order: Penelope b1, Gertrude d6
    game = game_from(*rows, hands={1: ["Penelope", "Gertrude"]}, suspect="a1")
    assert [cell(game, s)["kind"] for s in ("b1", "d6")] == ["empty", "empty"]
    assert game.path.sites == ("a1", "c1", "c2", "c3", "d3", "e3", "f3")
    after(game, 1.0, "arrest c3", 1)
    assert hand(game, 1) == ["Penelope", "Gertrude"]  # nothing returns mid-round
    assert cell(game, "d6")["kind"] == "empty" and game.path.culprit == "f3"
    after(game, 1.0, "arrest f3", 0)
    assert hand(game, 0) == ["Marigold"]
    assert hand(game, 1) == ["Penelope"]  # the most recently captured went back
    assert name_at(game, "d6") == "Gertrude" and cell(game, "b1")["kind"] == "empty"
    assert game.log[-1] == "Player 2 returns Gertrude to d6."
    last = game.view()["last"]
    assert last["culprit"]["name"] == "Marigold"
    # The table as the round was decided, for the replay: Marigold still on f3, and d6
    # still empty (Gertrude came back only after the capture).
    assert sorted(last["as_decided"]) == ["d6", "f3"]
    assert last["as_decided"]["d6"] == {"kind": "empty", "site": "d6", "turn": 0}
    assert last["as_decided"]["f3"]["name"] == "Marigold"


def test_a_returned_croc_goes_back_to_its_home_site_and_joins_the_path():
    """docs/rules/rapidcroco.md#penalty: the Croc returns to its own site; from then on the
    arms meet it again (Penelope on b1 points up off the grid)."""
    rows = layout(b1=".")
    game = game_from(*rows, hands={1: ["Penelope"]}, suspect="a1")
    after(game, 1.0, "arrest c1", 1)
    after(game, 1.0, "arrest f3", 0)
    assert name_at(game, "b1") == "Penelope" and hand(game, 1) == []
    reveal_picking(game, "Cleo")
    assert game.path.sites == ("a1", "b1") and game.path.culprit == "b1"


def test_a_wrong_arrest_with_no_croc_sits_out_the_next_round():
    """docs/rules/rapidcroco.md#wrong-arrest and docs/rules/rapidcroco.md#sit-out: a player
    with no Croc to give back sits out the next round."""
    game = line_game(players=3)
    after(game, 1.0, "arrest a1", 0)
    after(game, 1.0, "arrest f3", 1)
    assert game.log[-1] == "Player 1 has no Croc to return and sits out the next round."
    assert player(game, 0)["sits_next"] is True
    reveal_picking(game, "Cleo")  # Player 2 won, so deals
    assert game.seats_to_act == (1, 2)
    assert player(game, 0)["sitting_out"] is True and moves(game, 0) == []
    assert game.log[-1] == "Player 1 sits out this round."
    assert game.prompt(0) == "You sit out this round."
    refused(game, "arrest e3", 0, "Player 1 sits out this round (a wrong arrest with no Croc")
    after(game, 1.0, "arrest e3", 2)  # Marigold is gone: Percival (e3) is the culprit
    reveal_picking(game, "Cleo")  # the round after: back in the race
    assert game.seats_to_act == (0, 1, 2)
    assert not player(game, 0)["sitting_out"]


def test_when_everybody_would_sit_out_nobody_does():
    """docs/rules/rapidcroco.md#everyone-sitting-out: when every seat erred with no Croc, a
    round with nobody in it could never end, so nobody sits it out."""
    game = line_game()
    after(game, 1.0, "arrest a1", 0)
    after(game, 1.0, "arrest b1", 1)
    reveal_picking(game, "Cleo")
    assert game.seats_to_act == (0, 1)
    assert "Everyone would sit out this round, so nobody does." in game.log


def test_when_everybody_has_erred_the_round_ends_and_the_culprit_is_shown():
    """docs/rules/rapidcroco.md#everybody-wrong: when every player still in the round has erred
    or given up, the round ends with no capture and the culprit is shown."""
    game = line_game(players=3)
    after(game, 1.0, "arrest a1", 0)
    after(game, 1.0, "pass", 2)
    after(game, 1.0, "arrest e3", 1)
    assert game.log[-3] == "Nobody is left to arrest: the culprit was Marigold."
    assert name_at(game, "f3") == "Marigold" and [hand(game, s) for s in range(3)] == [[]] * 3
    last = game.view()["last"]
    assert last["winner"] is None and last["culprit"]["site"] == "f3"
    assert last["path"] == LINE_PATH and last["reason"] == "edge"
    assert last["wrong"] == {"0": "Cleo", "1": "Percival"}
    assert game.view()["phase"] == "deal" and game.dealer == 0  # no winner: same dealer


def test_a_hippo_is_refused_as_illegal_not_counted_as_wrong():
    """docs/rules/rapidcroco.md#refused: a click on a Hippo or an empty site is refused as
    illegal, not counted as a wrong arrest."""
    game = line_game()
    refused(game, "arrest e5", 0, "e5 holds a Hippo", "only a Croc can be arrested")
    assert game.seats_to_act == (0, 1)


def test_an_empty_site_is_refused_as_illegal_not_counted_as_wrong():
    """docs/rules/rapidcroco.md#refused: clicking an empty site is refused as illegal (its Croc
    was captured)."""
    game = game_from(*layout(b1="."), hands={1: ["Penelope"]}, suspect="a1")
    refused(game, "arrest b1", 0, "b1 holds an empty site", "only a Croc can be arrested")
    refused(game, "arrest b1", 1, "empty site")
    assert game.seats_to_act == (0, 1)


def test_legal_arrests_are_the_crocs_on_the_grid_and_in_other_hands():
    game = game_from(*layout(b1=".", d6="."), hands={0: ["Penelope"], 1: ["Gertrude"]},
                     suspect="a1")
    grid = [f"arrest {s}" for s in SITES if cell(game, s)["kind"] == "croc"]
    assert len(grid) == 30  # 36 - 4 Hippos - 2 empty
    assert moves(game, 0) == [*grid, "arrest Gertrude", "pass"]
    assert moves(game, 1) == [*grid, "arrest Penelope", "pass"]
    assert [m["text"] for m in game.view(0)["legal"]] == moves(game, 0)
    # A view sends each legal move's fields, so the board never parses its notation.
    assert game.view(0)["legal"][-2:] == [
        {"text": "arrest Gertrude", "kind": "arrest", "target": "Gertrude"},
        {"text": "pass", "kind": "pass"}]


# -- Captured Croc -------------------------------------------------------------------
def test_criteria_picking_a_captured_croc_make_the_race_for_that_card():
    """docs/rules/rapidcroco.md#captured: when the criteria pick a captured Croc, the race is
    for that card itself: the first other player to arrest it takes it from its holder, who
    can thus lose a Croc already captured."""
    game = game_from(*layout(b1="."), hands={1: ["Penelope"]}, players=3)
    reveal_picking(game, "Penelope")
    assert game.log[-1].endswith("It is in Player 2's hand!")
    assert game.suspect_site() is None and game.path is None
    assert "arrest Penelope" in moves(game, 0) and "arrest Penelope" not in moves(game, 1)
    after(game, 1.0, "arrest a1", 2)  # the arms do not matter: Cleo is wrong
    after(game, 2.0, "arrest Penelope", 0)
    assert hand(game, 0) == ["Penelope"] and hand(game, 1) == []
    assert game.log[-2:] == ["Player 1 takes Penelope from Player 2.",
                             "Player 3 has no Croc to return and sits out the next round."]
    assert cell(game, "b1")["kind"] == "empty"  # her home stays empty
    last = game.view()["last"]
    assert (last["reason"], last["path"]) == ("hand", [])
    assert last["culprit"] == {"name": "Penelope", "code": "FBT-^", "site": None,
                               "holder": 1}
    assert last["explanation"] == ("the criteria pick Penelope, held by Player 2: the race "
                                   "is for that card itself")


def test_the_holder_cannot_arrest_its_own_croc_and_is_not_counted_wrong():
    """docs/rules/rapidcroco.md#captured: the holder cannot win its own card;
    docs/rules/rapidcroco.md#refused: its arrest is refused as illegal, not counted as a
    wrong arrest."""
    game = game_from(*layout(b1="."), hands={1: ["Penelope"]}, suspect="Penelope")
    for text in ("arrest Penelope", "arrest penelope", "arrest FBT-^"):
        refused(game, text, 1, "Penelope is already yours", "cannot arrest your own Croc")
    assert game.seats_to_act == (0, 1) and not player(game, 1)["wrong"]
    after(game, 1.0, "pass", 1)
    after(game, 1.0, "arrest Penelope", 0)
    assert hand(game, 0) == ["Penelope"]


def test_arresting_a_croc_in_a_hand_that_is_not_the_culprit_is_wrong():
    """docs/rules/rapidcroco.md#refused: an arrest of another player's Croc is a wrong arrest
    unless the criteria pick it; the card stays where it is."""
    game = game_from(*layout(b1="."), hands={1: ["Penelope"]}, suspect="a1")
    after(game, 1.5, "arrest Penelope", 0)
    assert game.log[-1].startswith("Player 1 arrests Penelope (Player 2's hand) after 1.5 s: "
                                   "wrong!")
    assert hand(game, 1) == ["Penelope"]


def test_a_holder_who_errs_while_its_croc_is_won_returns_the_one_before():
    """docs/rules/rapidcroco.md#penalty-after-capture: the winner takes the culprit from its
    holder first; the holder, having erred, then returns its most recently captured Croc of
    those left."""
    game = game_from(*layout(b1=".", d6="."), hands={1: ["Gertrude", "Penelope"]},
                     suspect="Penelope")
    after(game, 1.0, "arrest a1", 1)
    after(game, 1.0, "arrest Penelope", 0)
    assert hand(game, 0) == ["Penelope"] and hand(game, 1) == []
    assert name_at(game, "b1") == "Gertrude"  # the first empty site was her home


def test_the_penalty_is_taken_from_the_hand_as_it_is_when_the_round_ends():
    """docs/rules/rapidcroco.md#penalty-after-capture: if the round's winner has just taken the
    erring player's last Croc, that player has none to return and sits out."""
    game = game_from(*layout(b1="."), hands={1: ["Penelope"]}, suspect="Penelope")
    after(game, 1.0, "arrest a1", 1)
    after(game, 1.0, "arrest Penelope", 0)
    assert hand(game, 1) == [] and cell(game, "b1")["kind"] == "empty"
    assert game.log[-1] == "Player 2 has no Croc to return and sits out the next round."


def test_a_dealer_who_sits_out_still_turns_the_criteria():
    """docs/rules/rapidcroco.md#dealer-sitting-out: turning the criteria is not playing."""
    game = line_game(players=3)
    after(game, 1.0, "arrest a1", 0)  # the dealer errs with no Croc...
    after(game, 1.0, "pass", 1)
    after(game, 1.0, "pass", 2)  # ...and nobody wins, so it deals again
    assert game.dealer == 0 and player(game, 0)["sits_next"]
    assert game.seats_to_act == (0,) and moves(game, 0) == ["reveal"]
    reveal_picking(game, "Cleo")
    assert game.seats_to_act == (1, 2) and player(game, 0)["sitting_out"]


# -- Passing, dealing, time --------------------------------------------------------------
def test_a_seat_may_give_up_the_round():
    """docs/rules/rapidcroco.md#give-up: 'pass' gives up the round without penalty; when nobody
    is left the round ends without capture (docs/rules/rapidcroco.md#everybody-wrong)."""
    game = line_game()
    after(game, 4.0, "pass", 0)
    assert game.log[-1] == "Player 1 gives up this round."
    assert game.seats_to_act == (1,) and player(game, 0)["passed"]
    assert game.prompt(0) == "You gave up this round."
    after(game, 1.0, "pass", 1)
    assert game.log[-1] == "Nobody is left to arrest: the culprit was Marigold."
    assert not any(p["sits_next"] for p in game.view()["players"])
    reveal_picking(game, "Cleo")
    assert game.seats_to_act == (0, 1)


def test_the_winner_turns_the_next_criteria():
    """docs/rules/rapidcroco.md#next-dealer: the round's winner mixes the criteria and turns
    them for the next round."""
    game = line_game(players=3)
    after(game, 2.0, "arrest f3", 2)
    assert game.dealer == 2 and game.seats_to_act == (2,) and moves(game, 2) == ["reveal"]
    assert game.prompt() == "Player 3 turns the criteria to start round 2."
    refused(game, "reveal", 0, "the criteria are not turned yet:")
    game.play("reveal", 2)
    assert game.round == 2


def test_several_seats_race_and_each_decision_is_timed_from_the_reveal():
    """docs/rules/rapidcroco.md#race: rounds are races; time comes from the injected clock
    (pondwidgets/core/README.md#time): the log says how long each arrest took after the
    criteria were turned."""
    game = game_from(*LINE, players=4)
    game.clock.advance(10.0)
    reveal_picking(game, "Cleo")
    after(game, 1.2, "arrest e3", 3)
    after(game, 0.8, "pass", 1)
    after(game, 0.5, "arrest f3", 2)
    assert game.log[-5:-1] == [
        "Player 4 arrests Percival (e3) after 1.2 s: wrong! Player 4 may not arrest again "
        "this round.",
        "Player 2 gives up this round.",
        "Player 3 arrests Marigold (f3) after 2.5 s: right!",
        "Player 3 takes Marigold."]
    assert game.times == [10.0, 11.2, 12.0, 12.5]
    assert [seat for seat, _ in game.history] == [0, 3, 1, 2]


def test_first_to_3_crocs_wins():
    """docs/rules/rapidcroco.md#winning: the first player to capture 3 Crocs wins."""
    rows = layout(d6=".", e6=".")
    game = game_from(*rows, hands={1: ["Penelope", "Gertrude"]}, suspect="a1")
    after(game, 2.0, "arrest f3", 1)
    assert game.is_over and game.winners == (1,)
    assert game.log[-1] == "Player 2 has 3 Crocs and wins!"
    assert game.seats_to_act == () and game.view()["phase"] == "over"
    assert game.prompt() == "Player 2 has 3 Crocs and wins!"
    refused(game, "reveal", 1, "the game is over")


@pytest.mark.parametrize(("target", "over"), [(1, True), (2, False), (4, False)])
def test_the_target_is_an_option(target, over):
    """docs/rules/rapidcroco.md#winning: the number of Crocs that wins is the option ``target``."""
    game = line_game(target=target)
    after(game, 2.0, "arrest f3", 0)
    assert game.is_over is over and game.winners == ((0,) if over else ())
    assert game.view()["target"] == target
    game = game_from(*layout(d6="."), hands={0: ["Penelope"]}, suspect="a1", target=target + 1)
    after(game, 2.0, "arrest f3", 0)  # a Croc already in hand counts
    assert game.is_over is over


def test_max_rounds_ends_the_game_with_the_most_crocs_winning():
    """docs/rules/rapidcroco.md#max-rounds: max_rounds (for lessons and simulations) ends the
    game; whoever holds the most Crocs wins, ties share."""
    game = line_game(max_rounds=1)
    after(game, 2.0, "arrest f3", 1)
    assert game.is_over and game.winners == (1,)
    assert game.log[-1] == "1 round played: Player 2 holds the most Crocs and wins."
    game = line_game(players=3, max_rounds=1)
    for seat in range(3):
        after(game, 1.0, "pass", seat)
    assert game.winners == (0, 1, 2)
    assert game.log[-1] == ("1 round played: Player 1, Player 2 and Player 3 hold the "
                            "most Crocs and share the win.")
    game = line_game(max_rounds=2)
    after(game, 2.0, "arrest f3", 1)
    assert not game.is_over


# -- Variants ----------------------------------------------------------------------------
def test_kid_variant_the_culprit_is_the_croc_the_criteria_pick():
    """docs/rules/rapidcroco.md#variant-kid: the Hippos and the arms are ignored; the first
    player to arrest the Croc the criteria pick wins the card."""
    game = game_from(*LINE, kid=True)
    reveal_picking(game, "Cleo")
    assert game.path.sites == ("a1",) and game.path.reason == "kid"
    assert game.prompt(0) == "Round 1: arrest the Croc the criteria pick!"
    after(game, 1.0, "arrest f3", 0)  # the standard culprit is wrong here
    after(game, 1.0, "arrest Cleo", 1)
    assert hand(game, 1) == ["Cleo"]
    assert game.view()["variant"] == {"kid": True, "wrap": False, "turns": False}


@pytest.mark.parametrize("options", [{"wrap": True}, {"turns": True},
                                     {"wrap": True, "turns": True}])
def test_kid_variant_refuses_the_advanced_variants(options):
    """docs/rules/rapidcroco.md#variants-combined: the Kid variant ignores the arms, which the
    Advanced variants change."""
    with pytest.raises(GameError, match="cannot go with it"):
        RapidcrocoGame(2, seed=0, kid=True, **options)


def test_wrap_variant_an_arm_off_the_grid_points_on_from_the_opposite_side():
    """docs/rules/rapidcroco.md#variant-wrap: a Croc whose arm points out of the square is no
    longer the culprit: its arm carries on from the opposite side. Marigold (f3) points on
    to a3."""
    rows = layout(a3="Jasper", a4="Josephine")  # f3 > a3 v a4 ^ a3: pointed at twice
    standard = game_from(*rows, suspect="a1")
    wrapped = game_from(*rows, suspect="a1", wrap=True)
    assert standard.path.culprit == "f3"
    assert wrapped.path.sites == (*LINE_PATH, "a3", "a4", "a3")
    assert (wrapped.path.culprit, wrapped.path.reason) == ("a3", "twice")
    assert wrapped.view()["variant"]["wrap"] is True


def test_wrap_variant_a_croc_alone_on_its_wrapped_line_is_the_culprit():
    """docs/rules/rapidcroco.md#wrap-itself: a Croc whose wrapped line holds no other card
    points at itself, and so is pointed at twice."""
    rows = [["Cleo", *"....."], *[list("??????")] * 5]
    game = game_from(*rows, hands={0: ["Fifi", "Hattie"], 1: ["Oswald", "Marigold", "Mortimer"]},
                     suspect="a1", wrap=True, target=4)
    assert game.path.sites == ("a1", "a1") and game.path.culprit == "a1"


def test_turns_variant_each_quarter_turn_turns_the_arm_clockwise():
    """docs/rules/rapidcroco.md#variant-turns: the cards are not dealt all the same way up;
    docs/rules/rapidcroco.md#quarter-turns (a ruling): each gets a random quarter turn
    clockwise, 0/90/180/270 degrees, and its arm turns with it."""
    assert [turned("up", q) for q in range(5)] == ["up", "right", "down", "left", "up"]
    rows = layout(a1="Penelope/0", b1="Josephine/1", c1="Nelson/2", d1="Horatio/3")
    game = game_from(*rows, turns=True)
    arms = [(cell(game, s)["arm"], cell(game, s)["turn"]) for s in ("a1", "b1", "c1", "d1")]
    assert arms == [("up", 0), ("right", 1), ("down", 2), ("left", 3)]
    assert game.grid_text()[0][:4] == "^>v<"
    assert game.to_position()["grid"][0][:4] == ["FBT-^/0", "FBFo-/1", "MBTo-/2", "MGT--/3"]


def test_turns_variant_the_path_follows_the_turned_arms():
    """docs/rules/rapidcroco.md#variant-turns: everything else is played as usual, and the arms
    are followed as they point on the table. Queenie (printed left) turned once points up
    from a2 to a1; Cleo (printed right) turned once points down."""
    rows = layout(a1="Cleo/1", a2="Queenie/1")
    game = game_from(*rows, suspect="a1", turns=True)
    assert game.grid_text()[0][0] == "v" and game.grid_text()[1][0] == "^"
    assert game.path.sites == ("a1", "a2", "a1") and game.path.culprit == "a1"
    plain = game_from(*layout(a2="Queenie"), suspect="a1")
    assert plain.path.culprit == "f3"


def test_turns_variant_deals_each_card_with_a_random_quarter_turn():
    """docs/rules/rapidcroco.md#quarter-turns: Advanced 2 gives each card a random quarter turn
    (seeded)."""
    turns = [c["turn"] for c in RapidcrocoGame(2, seed=3, turns=True).view()["grid"]]
    assert set(turns) == {0, 1, 2, 3}
    assert turns == [c["turn"] for c in RapidcrocoGame(2, seed=3, turns=True).view()["grid"]]
    for c in RapidcrocoGame(2, seed=3, turns=True).view()["grid"]:
        if c["kind"] == "croc":
            assert c["arm"] == turned(BY_NAME[c["name"].lower()].arm, c["turn"])


def test_turns_are_refused_without_the_turns_variant():
    """docs/rules/rapidcroco.md#quarter-turns: quarter turns exist only in Advanced 2, so a
    layout that turns a card needs turns=True (a turn of 0 is the card as printed)."""
    with pytest.raises(BadPosition, match=r"turned only in Advanced 2 \(turns=True\)"):
        game_from(*layout(a1="Cleo/1"), suspect="a1")
    assert game_from(*layout(a1="Cleo/0"), suspect="a1").path.culprit == "f3"


def test_turns_variant_an_arrow_in_a_layout_may_be_any_croc_turned_that_way():
    game = game_from(*[list("^>v<^>")] * 4, *[list("??????")] * 2, turns=True)
    assert game.grid_text()[:4] == ["^>v<^>"] * 4


# -- Explicit layouts ----------------------------------------------------------------------
def test_a_layout_with_a_suspect_starts_in_the_race_without_a_decision():
    game = line_game()
    assert game.history == [] and game.round == 1 and game.view()["phase"] == "race"
    assert game.log[1:] == ["Round 1: the criteria are female, green, fat, no glasses, hat."]


def test_the_seed_fills_only_what_the_layout_leaves_open():
    one, two = game_from(*LINE, seed=1), game_from(*LINE, seed=2)
    for site in ("a1", "b1", "c1", "c2", "c3", "d3", "e3", "f3"):
        assert name_at(one, site) == name_at(two, site)
    assert cell(one, "e5")["kind"] == cell(two, "e5")["kind"] == "hippo"
    assert one.grid_text() != two.grid_text()
    assert sum(c["kind"] == "hippo" for c in one.view()["grid"]) == 4


def test_empty_sites_are_the_homes_of_hand_crocs_in_row_major_and_seat_order():
    rows = layout(f1=".", b1=".", a6=".")
    game = game_from(*rows, hands={0: ["Queenie"], 1: ["Odette", "Jasper"]})
    homes = {SITES[site]: CROCS[croc].name for croc, site in game.home.items()
             if cell(game, SITES[site])["kind"] == "empty"}
    assert homes == {"b1": "Queenie", "f1": "Odette", "a6": "Jasper"}


def test_arrows_and_question_marks_in_a_layout():
    game = game_from(*[list("^>v<^>")] * 4, *[list("??????")] * 2, hands={})
    assert game.grid_text()[:4] == ["^>v<^>"] * 4
    game = game_from(*[list("??????")] * 5, list("?....."), target=4,
                     hands={0: ["?", "?"], 1: ["?", "Queenie", "?"]})
    assert len(hand(game, 0)) == 2 and hand(game, 1)[1] == "Queenie"


def test_a_layout_round_trips_through_to_position():
    rows = layout(b1=".", d6=".")
    game = game_from(*rows, hands={0: ["Penelope"], 1: ["Gertrude"]}, suspect="a1",
                     players=3, dealer=2, turns=True)
    position = game.to_position()
    twin = RapidcrocoGame(3, seed=99, position=position, turns=True)
    assert twin.to_position() == position
    assert twin.view()["grid"] == game.view()["grid"]
    assert twin.view()["players"] == game.view()["players"] and twin.dealer == 2
    assert position["suspect"] == "FGF-^"


def test_a_hand_croc_may_name_the_empty_site_it_came_from():
    """Explicit positions (README): ``"Fifi@f1"`` says where Fifi goes back after a wrong
    arrest; to_position() writes every home, so a game restarted from it returns each
    Croc to the same site as the original does."""
    game = game_from(*layout(b1=".", f1="."), hands={0: ["Queenie@f1", "Odette"]})
    queenie, odette = (BY_NAME[name].code for name in ("queenie", "odette"))
    assert game.to_position()["hands"][0] == [f"{queenie}@f1", f"{odette}@b1"]
    played = RapidcrocoGame(2, seed=3, target=9)
    BotDriver(played, {0: RapidBot(1, error_rate=0.3), 1: RapidBot(2, error_rate=0.3)}).run(
        max_decisions=12)
    assert sum(map(len, played.hands)) >= 2  # homes to keep
    twin = RapidcrocoGame(2, seed=4, position=played.to_position(), target=9)
    assert twin.home == played.home and twin.hands == played.hands


def test_a_named_home_must_be_a_free_empty_site():
    for hands, fragment in (({0: ["Queenie@c3", "Odette"]}, "'c3' is not one"),
                            ({0: ["Queenie@b1", "Odette@b1"]}, "two Crocs come from b1")):
        with pytest.raises(BadPosition, match=fragment):
            game_from(*layout(b1=".", f1="."), hands=hands)


def test_hands_may_be_a_list_or_a_dict_with_string_seats():
    one = game_from(*layout(b1="."), hands={"1": ["Penelope"]})
    two = RapidcrocoGame(2, seed=0, position={"grid": layout(b1="."),
                                              "hands": [[], ["Penelope"]]})
    assert hand(one, 1) == hand(two, 1) == ["Penelope"]


FULL_ARROWS = [list("^^^^^^"), list("^^>>>>"), list(">>>>vv"), list("vvvvvv"),
               list("<<<<<<"), list("<<HHHH")]


@pytest.mark.parametrize(("position", "fragments"), [
    ("grid", ["a position is a dictionary with 'grid' and optionally", "not 'grid'"]),
    ({"grid": LINE, "criteria": "a1"}, ["unknown key 'criteria' in the position"]),
    ({"hands": {}}, ["the position has no 'grid'"]),
    ({"grid": LINE[:5]}, ["the grid is a list of 6 rows"]),
    ({"grid": "??????" * 6}, ["the grid is a list of 6 rows"]),
    ({"grid": layout(a1=None)}, ["row 1 of the grid should be 6 cells"]),
    ({"grid": [*LINE[:5], ["?"] * 7]}, ["row 6 of the grid should be 6 cells"]),
    ({"grid": [*LINE[:5], "?????"]}, ["row 6 of the grid should be 6 cells"]),
    ({"grid": [*LINE[:5], 7]}, ["row 6 of the grid should be 6 cells"]),
    ({"grid": layout(a1="Bob")}, ["site a1: 'Bob' is not a Croc", "like MGFo^"]),
    ({"grid": layout(a1="MGFo")}, ["site a1: 'MGFo' is not a Croc"]),
    ({"grid": layout(a2="Cleo")}, ["site a2: Cleo (FGF-^) appears twice"]),
    ({"grid": layout(b1="."), "hands": {0: ["Cleo"]}}, ["site a1: Cleo (FGF-^) appears twice"]),
    ({"grid": layout(b1="."), "hands": {0: ["Queenie", "queenie"]}}, ["appears twice"]),
    ({"grid": layout(a1="Cleo/4")}, ["site a1", "0 to 3 quarter turns, like MGFo^/1"]),
    ({"grid": layout(a1="Cleo/x")}, ["0 to 3 quarter turns"]),
    ({"grid": layout(a1="Cleo/1")}, ["site a1: cards are turned only in Advanced 2"]),
    ({"grid": layout(a4="H", b4="H", c4="H", d4="H")}, ["the grid has 5 Hippos; the game has 4"]),
    ({"grid": layout(b1=".")}, ["each empty site is the home of a captured Croc",
                                "1 empty sites but the hands hold 0 Crocs"]),
    ({"grid": LINE, "hands": {0: ["Queenie"]}}, ["0 empty sites but the hands hold 1"]),
    ({"grid": LINE, "hands": "Queenie"}, ["hands maps seats to lists of Crocs"]),
    ({"grid": LINE, "hands": {2: []}}, ["hands: 2 is not a seat of this game"]),
    ({"grid": LINE, "hands": {"x": []}}, ["hands: 'x' is not a seat"]),
    ({"grid": LINE, "hands": {-1: []}}, ["hands: -1 is not a seat"]),
    ({"grid": LINE, "hands": [[], [], []]}, ["hands: 2 is not a seat"]),
    ({"grid": LINE, "hands": {0: "Queenie"}}, ["seat 0's hand is a list of Crocs"]),
    ({"grid": layout(b1="."), "hands": {0: [3]}}, ["seat 0's hand is a list of Crocs"]),
    ({"grid": layout(b1="."), "hands": {0: ["Bob"]}}, ["seat 0's hand: 'Bob' is not a Croc"]),
    ({"grid": [list("^^^^^^"), list("^^^?v<"), *[list("??????")] * 4]},
     ["site c2: no Croc is left whose arm points up", "8 per direction"]),
    ({"grid": [*FULL_ARROWS[:5], list("<<....")], "hands": {0: ["?"] * 2, 1: ["?"] * 2}},
     ["the grid has 0 Hippos and too few ? cells for the other 4"]),
    ({"grid": layout(d6=".", e6=".", f6="."), "hands": {1: ["Penelope", "Gertrude", "Queenie"]}},
     ["hands: seat 1 holds 3 Crocs, and 3 win the game (target)"]),
    ({"grid": LINE, "suspect": 5}, ["the suspect is a site or a Croc, not 5"]),
    ({"grid": LINE, "suspect": "g9"}, ["the suspect 'g9' is neither a site nor a Croc"]),
    ({"grid": LINE, "suspect": "Bob"}, ["neither a site nor a Croc"]),
    ({"grid": LINE, "suspect": "e5"}, ["the suspect site e5 holds no Croc"]),
    ({"grid": layout(b1="."), "hands": {0: ["Fifi"]}, "suspect": "b1"},
     ["the suspect site b1 holds no Croc"]),
    ({"grid": LINE, "dealer": 2}, ["the dealer is a seat of this game, not 2"]),
    ({"grid": LINE, "dealer": True}, ["the dealer is a seat of this game, not True"]),
    ({"grid": LINE, "dealer": "0"}, ["the dealer is a seat of this game, not '0'"]),
])
def test_malformed_layouts_are_refused_naming_the_problem(position, fragments):
    """Explicit positions are validated (docs/design.md#rules-model): each malformed input
    raises BadPosition with a message saying what is wrong."""
    with pytest.raises(BadPosition) as err:
        RapidcrocoGame(2, seed=0, position=position)
    for fragment in fragments:
        assert fragment in str(err.value), str(err.value)
    assert len(str(err.value)) < 300


@pytest.mark.parametrize(("players", "options", "fragment"), [
    (1, {}, "for 2 to 5 players, not 1"),
    (6, {}, "for 2 to 5 players, not 6"),
    (True, {}, "a number (2 to 5) or a list of names"),
    ("Ann", {}, "a number (2 to 5) or a list of names"),
    (["Ann", "Ann"], {}, "names must differ"),
    (["Ann", ""], {}, "1 to 40 characters"),
    (2, {"kid": "yes"}, "kid is True or False"),
    (2, {"wrap": 1}, "wrap is True or False"),
    (2, {"target": 0}, "target is the number of Crocs that wins (1 to 32)"),
    (2, {"target": 33}, "(1 to 32)"),
    (2, {"target": True}, "(1 to 32)"),
    (2, {"max_rounds": 0}, "max_rounds must be a whole number of at least 1"),
    (2, {"max_rounds": 2.5}, "max_rounds"),
])
def test_invalid_options_are_refused(players, options, fragment):
    """docs/rules/rapidcroco.md#players: 2 to 5 players."""
    with pytest.raises(GameError) as err:
        RapidcrocoGame(players, seed=0, **options)
    assert fragment in str(err.value)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_with_names(players):
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:players]
    game = RapidcrocoGame(names, seed=1)
    game.play("reveal")
    assert game.seats_to_act == tuple(range(players))
    assert [p["name"] for p in game.view()["players"]] == names
    assert game.log[:2] == [f"A new game of Rapidcroco for {players} players: "
                            f"{', '.join(names)}. First to 3 Crocs wins.",
                            "Ann turns the criteria."]


# -- The view --------------------------------------------------------------------------
def test_the_last_round_is_shown_between_rounds_and_hidden_during_a_race():
    """docs/rules/rapidcroco.md#round-end: the decided round (path, reason, culprit, winner,
    wrong arrests) is shown when the round ends, never during a race (the board must not
    solve it)."""
    game = line_game()
    assert game.view()["last"] is None and game.last is None
    after(game, 1.0, "arrest e3", 0)
    after(game, 1.5, "arrest f3", 1)
    last = game.view()["last"]
    assert last == {
        "round": 1, "winner": 1,
        "suspect": {"name": "Cleo", "code": "FGF-^", "site": "a1", "holder": None},
        "culprit": {"name": "Marigold", "code": "FBF--", "site": "f3", "holder": None},
        "criteria": [{"trait": "gender", "face": "female"}, {"trait": "skin", "face": "green"},
                     {"trait": "build", "face": "fat"},
                     {"trait": "glasses", "face": "no glasses"},
                     {"trait": "hat", "face": "hat"}],
        # The culprit's card as it lay when the round was decided (now taken from f3).
        "as_decided": {"f3": {"kind": "croc", "name": "Marigold", "code": "FBF--",
                              "gender": "female", "skin": "blue", "build": "fat",
                              "glasses": "no glasses", "hat": "no hat", "site": "f3",
                              "arm": "right", "turn": 0}},
        "path": LINE_PATH, "reason": "edge",
        "explanation": "f3 points off the grid, so f3 is the culprit",
        "wrong": {"0": "Percival"}}
    assert game.view()["grid"][SITES.index("f3")]["kind"] == "empty"
    reveal_picking(game, "Cleo")
    assert game.view()["last"] is None and game.last is not None


def test_every_reveal_and_arrest_raises_the_undo_floor():
    """docs/design.md#undo-floors and pondwidgets/core/README.md#undo-from-a-board: undo on a
    board never goes back past a decision that told the table something: turning the
    criteria (a draw) or an arrest (right or wrong)."""
    game = game_from(*LINE, players=3)
    assert game.undo_floor == 0
    reveal_picking(game, "Cleo")
    assert game.undo_floor == 1
    after(game, 1.0, "pass", 2)
    assert game.undo_floor == 1
    after(game, 1.0, "arrest e3", 0)
    assert game.undo_floor == 3
    after(game, 1.0, "arrest f3", 1)
    assert game.undo_floor == 4 and game.view()["undo_floor"] == 4


def test_a_round_everyone_gave_up_raises_the_undo_floor():
    """docs/design.md#undo-floors: anything that shows something hidden raises the undo
    floor. When everyone gives up, the round ends and the culprit is shown: a pass that did
    so once left the floor below it, so an undo resumed the race after the culprit was
    seen."""
    game = game_from(*LINE, players=2)
    reveal_picking(game, "Cleo")
    after(game, 1.0, "pass", 0)
    assert game.undo_floor == 1  # one person giving up shows nothing
    after(game, 1.0, "pass", 1)
    assert game.view()["last"]["culprit"]["site"] == "f3"
    assert game.undo_floor == len(game.history) == 3


@pytest.mark.parametrize(("move", "fragments"), [
    (Move("arrest", "zz"), ["'zz' is neither a site (a1 to f6, in lower case) nor a Croc"]),
    (Move("arrest", "C3"), ["'C3' is neither a site"]),
    (Move("arrest", None), ["an arrest names a site (a1 to f6) or a Croc, not None"]),
    (Move("arrest", ["a1"]), ["not ['a1']"]),
    (Move("arrest", "Cleo"), ["Cleo is on the grid: arrest it by its site ('arrest a1')"]),
    (Move("teleport", "a1"), ["'teleport' is not a Rapidcroco decision"]),
    (Move(None), ["None is not a Rapidcroco decision"]),
    (Move("reveal", "a1"), ["the criteria are already turned"]),
])
def test_a_hand_made_move_object_is_refused_naming_what_is_wrong(move, fragments):
    """``Move("arrest", "zz")`` once raised KeyError, ``Move("arrest", None)``
    AttributeError, and ``core.why_not`` passed them through."""
    game = line_game()
    before = state(game)
    with pytest.raises(IllegalMove) as err:
        game.play(move, 0)
    for fragment in fragments:
        assert fragment in str(err.value)
    assert why_not(game, move, 0) == str(err.value)
    assert state(game) == before


@pytest.mark.parametrize("hands", [{1: ["Penelope"], "1": ["Queenie"]},
                                   {"0": ["Penelope"], 0: ["Queenie"]}])
def test_one_seat_given_twice_in_hands_is_refused(hands):
    """Keys ``1`` and ``"1"`` once raised IndexError."""
    with pytest.raises(BadPosition, match="is given twice"):
        game_from(*layout(b1=".", f1="."), hands=hands)


def test_a_hands_key_true_is_no_seat():
    """``True`` was once taken as seat 1."""
    with pytest.raises(BadPosition, match="hands: True is not a seat"):
        game_from(*layout(b1="."), hands={True: ["Penelope"]})


def test_undo_takes_back_an_arrest():
    """docs/design.md#rules-model: undo goes back one decision, replaying at the recorded
    times."""
    game = line_game()
    before = state(game)
    after(game, 1.0, "arrest e3", 0)
    after(game, 1.0, "arrest f3", 1)
    game.undo()
    assert game.seats_to_act == (1,) and game.view()["phase"] == "race"
    game.undo()
    assert state(game) == before


def test_the_next_criteria_draw_is_uniform_over_the_32_crocs():
    """docs/design.md#rules-model (the exact distribution of the next chance event) and
    docs/rules/rapidcroco.md#criteria-draw: the criteria are drawn uniformly over the 32
    Crocs, wherever each one is."""
    odds = line_game().chance_odds()
    assert len(odds) == 32 and set(odds.values()) == {Fraction(1, 32)}
    assert set(odds) == {croc.name for croc in CROCS}


def test_a_suspect_in_a_hand_is_recorded_with_its_holder():
    """docs/rules/rapidcroco.md#captured: the decided round names who held the suspect."""
    game = game_from(*layout(b1="."), hands={1: ["Penelope"]}, suspect="Penelope")
    game.play("arrest Penelope", 0)
    assert game.last["suspect"] == game.last["culprit"] == {
        "name": "Penelope", "code": BY_NAME["penelope"].code, "site": None, "holder": 1}


def test_the_status_line_reminds_of_advanced_1_and_of_the_kid_variant():
    """docs/rules/rapidcroco.md#variant-wrap and docs/rules/rapidcroco.md#variant-kid: the
    board's status line says which rule of the arms applies, so nobody follows them the
    standard way."""
    assert "wrap around the grid" in line_game(wrap=True).prompt()
    assert "wrap" not in line_game().prompt() and "follow the arms" in line_game().prompt()
    assert "follow the arms" not in line_game(kid=True).prompt()
