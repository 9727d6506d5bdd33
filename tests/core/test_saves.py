"""Save and load (docs/design.md#saves), on Croak!: a save replays to the same game, and a damaged
or tampered save is refused with ``BadSave`` and a message saying what is wrong."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pondwidgets.core.clock import ManualClock
from pondwidgets.core.errors import BadSave, GameError
from pondwidgets.core.game import _digest
from pondwidgets.croak import CroakGame


# -- helpers ---------------------------------------------------------------------------
def played(game, decisions, seed=0):
    """``game`` after up to ``decisions`` random decisions (fewer if it ends), 1.25 s apart
    on its ManualClock (saves carry each decision's time)."""
    chooser = random.Random(seed)
    while len(game.history) < decisions and not game.is_over:
        game.clock.advance(1.25)
        game.play(chooser.choice(game.legal_moves()))
    return game


def new(players=2, **options):
    """A Croak! game on its own ManualClock."""
    return CroakGame(players, clock=ManualClock(), **options)


def loaded_from(game):
    """``game`` saved, through JSON, and loaded on the same clock, so that both go on with
    the same decision times."""
    return CroakGame.from_dict(through_json(game), clock=game.clock)


def through_json(game):
    return json.loads(json.dumps(game.to_dict(), allow_nan=False))


def resealed(save):
    """A tampered save sealed again with a correct digest: only replay can catch it."""
    body = {k: v for k, v in save.items() if k != "digest"}
    return {**body, "digest": _digest(body)}


def assert_same_game(one, two):
    assert one.to_dict() == two.to_dict()
    assert one.log == two.log
    assert one.undo_floor == two.undo_floor
    for seat in (None, *range(one.players)):
        assert one.view(seat) == two.view(seat)
        assert one.legal_moves(seat) == two.legal_moves(seat)


def assert_continue_alike(one, two, decisions=30, seed=99):
    """``one`` and ``two`` share a clock: each decision is made at the same time in both."""
    chooser = random.Random(seed)
    for _ in range(decisions):
        if one.is_over:
            break
        one.clock.advance(0.5)
        move = chooser.choice(one.legal_moves())
        one.play(move)
        two.play(str(move))
        assert_same_game(one, two)
    assert one.is_over == two.is_over


def refused(save, *fragments):
    with pytest.raises(BadSave) as caught:
        CroakGame.from_dict(save)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


# -- round trips -----------------------------------------------------------------------
@pytest.mark.parametrize(("players", "memory", "decisions"),
                         [(2, False, 0), (2, True, 25), (3, False, 40), (4, True, 60)])
def test_a_save_replays_to_the_same_game(players, memory, decisions):
    game = played(new(players, seed=11, memory=memory, max_turns=200), decisions, seed=5)
    loaded = loaded_from(game)
    assert_same_game(game, loaded)
    assert_continue_alike(game, loaded)


def test_a_finished_game_round_trips():
    game = played(new(2, seed=3, max_turns=30), 10_000)
    assert game.is_over
    loaded = loaded_from(game)
    assert_same_game(game, loaded)
    assert loaded.is_over and loaded.winners == game.winners


def test_a_save_keeps_names_colours_and_options():
    game = new(["Ann", "Bo", "Cy"], seed=8, memory=True, max_turns=50,
               colours=["orange", "sky", "black"])
    loaded = loaded_from(played(game, 12))
    assert loaded.names == ["Ann", "Bo", "Cy"]
    assert loaded.colours == ["orange", "sky", "black"]
    assert (loaded.memory, loaded.max_turns) == (True, 50)
    assert_same_game(game, loaded)


def test_a_save_from_an_explicit_position_round_trips():
    position = {
        "frogs": [{"queen": "c3", "servants": ["c4", "d5"], "mud": ["S d5"],
                   "males": ["red", "blue"]},
                  {"queen": "f6", "servants": ["g7"]}],
        "tiles": {"d4": "deep-a/pike", "c2": "shallow/log", "e5": "shallow/lily-pad",
                  "d5": "shallow/mud"},
        "face_up": ["c2", "c4", "d5"],
        "to_move": 1,
    }
    game = played(new(2, seed=21, position=position), 20, seed=2)
    save = through_json(game)
    assert save["position"] is not None and save["position"]["to_move"] == 1
    loaded = CroakGame.from_dict(save, clock=game.clock)
    assert_same_game(game, loaded)
    assert_continue_alike(game, loaded)


def test_a_save_taken_mid_turn_round_trips():
    """Saves are taken between decisions, not turns: here in the middle of a chain."""
    for seed in range(40):
        game = new(2, seed=seed)
        chooser = random.Random(seed)
        while game.view()["phase"] == "move" and len(game.history) < 60:
            game.clock.advance(0.75)
            game.play(chooser.choice(game.legal_moves()))
        if game.view()["phase"] in ("bounce", "follow", "victim"):
            break
    else:
        pytest.fail("no game reached a decision inside a turn")
    loaded = loaded_from(game)
    assert_same_game(game, loaded)
    assert_continue_alike(game, loaded)


def test_loading_does_not_share_state_with_the_save():
    game = played(new(2, seed=17), 10)
    save = game.to_dict()
    loaded = CroakGame.from_dict(save)
    save["decisions"].clear()
    save["options"]["players"] = 4
    loaded.play(loaded.legal_moves()[0])
    assert len(game.history) == 10 and len(loaded.history) == 11
    assert loaded.to_dict()["options"]["players"] == 2


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]),
       memory=st.booleans(), prefix=st.integers(0, 80))
def test_round_trip_property(seed, players, memory, prefix):
    game = played(new(players, seed=seed, memory=memory, max_turns=100), prefix, seed)
    loaded = loaded_from(game)
    assert_same_game(game, loaded)
    assert_continue_alike(game, loaded, decisions=10, seed=seed + 1)


# -- refused saves ---------------------------------------------------------------------
@pytest.fixture
def save():
    """A JSON round-tripped save of a game 12 decisions in."""
    return through_json(played(new(2, seed=17), 12))


@pytest.mark.parametrize("data", [None, [], "save", 42, b"{}"])
def test_a_save_that_is_not_a_dict_is_refused(data):
    refused(data, "a save is a dictionary, not")


def test_a_save_missing_a_key_is_refused(save):
    del save["decisions"]
    refused(save, "not a pondwidgets save", "missing ['decisions']")


def test_a_save_with_an_extra_key_is_refused(save):
    save["cheat"] = True
    refused(save, "not a pondwidgets save", "unknown ['cheat']")


def test_a_save_missing_and_adding_keys_names_both(save):
    save["extra"] = 1
    del save["seed"]
    refused(save, "missing ['seed']", "unknown ['extra']")


def test_a_save_of_another_format_is_refused(save):
    save["format"] = "chess-save"
    refused(save, "not a pondwidgets save", "chess-save")


def test_a_save_of_another_game_is_refused(save):
    save["game"] = "splashdown"
    refused(save, "'splashdown' game, not 'croak'")


@pytest.mark.parametrize("version", [0, 1, "2", None])
def test_a_save_of_another_version_is_refused(save, version):
    """Version 1 saved decisions without their times: it is refused, not guessed at."""
    save["version"] = version
    refused(save, "format version", "reads version 2")


def test_a_changed_decision_breaks_the_digest(save):
    seat, _, time = save["decisions"][3]
    save["decisions"][3] = [seat, "pass", time]
    refused(save, "changed after it was written", "digest")


def test_a_changed_decision_time_breaks_the_digest(save):
    save["decisions"][3][2] += 1
    refused(save, "changed after it was written", "digest")


def test_a_changed_seed_breaks_the_digest(save):
    save["seed"] += 1
    refused(save, "changed after it was written")


def test_a_missing_digest_value_is_refused(save):
    save["digest"] = ""
    refused(save, "digest does not match")


def test_a_resealed_illegal_decision_is_refused_naming_it(save):
    """A clever tamper recomputes the digest; replay still refuses the first illegal step."""
    seat, _, time = save["decisions"][4]
    save["decisions"][4] = [seat, "Q a1-h8", time]
    message = refused(resealed(save), "decision 5 of the save", "Q a1-h8", "cannot be replayed")
    assert "next to" in message or "no Queen" in message  # the rule that forbids it


def test_a_resealed_decision_for_the_wrong_seat_is_refused(save):
    seat, move, time = save["decisions"][0]
    save["decisions"][0] = [1 - seat, move, time]
    refused(resealed(save), "decision 1 of the save", "turn")


def test_a_resealed_extra_decision_after_the_end_is_refused():
    game = played(new(2, seed=3, max_turns=5), 10_000)
    save = through_json(game)
    save["decisions"].append([0, "pass", save["decisions"][-1][2] + 1])
    refused(resealed(save), f"decision {len(save['decisions'])} of the save", "game is over")


@pytest.mark.parametrize("entry", [
    [0], [0, "Q a1-b2"], [0, "Q a1-b2", 1.0, 2], "Q a1-b2", 5, [0, "Q a1-b2" * 1000, 1.0],
    ["0", "Q a1-b2", 1.0], [7, "Q a1-b2", 1.0], [True, "Q a1-b2", 1.0]])
def test_a_resealed_malformed_decision_is_refused(save, entry):
    save["decisions"][2] = entry
    message = refused(resealed(save), "decision 3 of the save")
    assert len(message) < 500  # a huge decision is quoted cut short


@pytest.mark.parametrize("move", [None, 3, ["pass"], {"kind": "pass"}])
def test_a_resealed_decision_with_a_non_string_move_is_refused(save, move):
    seat, _, time = save["decisions"][2]
    save["decisions"][2] = [seat, move, time]
    refused(resealed(save), "decision 3 of the save")


def test_resealed_decisions_that_are_not_a_list_are_refused(save):
    save["decisions"] = {"1": [0, "pass", 0.0]}
    refused(resealed(save), "options or decisions are malformed")


@pytest.mark.parametrize(("options", "fragment"), [
    ({"players": 7, "memory": False, "max_turns": None, "colours": None}, "2 to 4 players"),
    ({"players": 2, "memory": "yes", "max_turns": None, "colours": None}, "memory"),
    ({"players": 2, "memory": False, "max_turns": -3, "colours": None}, "max_turns"),
    ({"players": 2, "memory": False, "max_turns": None, "colours": ["red"]}, "colours"),
    ({"players": 2, "memory": False, "max_turns": None, "colours": None, "cheat": 1}, "cheat"),
])
def test_resealed_invalid_options_are_refused(save, options, fragment):
    save["options"] = options
    refused(resealed(save), "options or starting position are invalid", fragment)


def test_resealed_options_that_are_not_a_dict_are_refused(save):
    save["options"] = [2, False]
    refused(resealed(save), "malformed")


@pytest.mark.parametrize("seed", ["17", 1.5, True, [17], None])
def test_a_resealed_invalid_seed_is_refused(save, seed):
    """A save always records its seed: null would load as a different, random game."""
    save["seed"] = seed
    refused(resealed(save), "seed must be a whole number")


def test_a_resealed_bad_explicit_position_is_refused():
    game = new(2, seed=1, position={"frogs": [{"queen": "c3"}, {"queen": "f6"}]})
    save = through_json(played(game, 4))
    bad = copy.deepcopy(save)
    bad["position"]["frogs"][1]["queen"] = "c3"
    refused(resealed(bad), "starting position are invalid", "two Queens on c3")
    bad = copy.deepcopy(save)
    bad["position"]["tiles"][0][0] = "shallow/dragon"
    refused(resealed(bad), "starting position are invalid", "unknown tile front 'dragon'")
    bad = copy.deepcopy(save)
    bad["position"] = "c3"
    refused(resealed(bad), "starting position are invalid")


def test_a_resealed_position_whose_decisions_no_longer_fit_is_refused():
    game = new(2, seed=1, position={"frogs": [{"queen": "c3"}, {"queen": "f6"}]})
    save = through_json(played(game, 4))
    save["position"]["frogs"][0]["queen"] = "a1"
    refused(resealed(save), "decision 1 of the save", "cannot be replayed")


@pytest.mark.parametrize("junk", [float("nan"), float("inf"), {1, 2}, object()])
def test_a_save_holding_non_json_data_is_refused(save, junk):
    save["options"] = {**save["options"], "max_turns": junk}
    refused(save, "not JSON")


def test_every_refusal_is_a_game_error_and_a_value_error(save):
    with pytest.raises(GameError):
        CroakGame.from_dict({})
    with pytest.raises(ValueError):
        CroakGame.from_dict({})


def nested(levels, inside=None):
    value = inside
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("where", ["options", "position", "decisions", "seed", "digest"])
def test_a_save_nested_thousands_deep_is_refused_not_crashed(save, where):
    """A save nested 1,500 deep once crashed the digest check with RecursionError."""
    save[where] = nested(1500)
    refused(save)
    save[where] = nested(100_000)
    refused(save)
