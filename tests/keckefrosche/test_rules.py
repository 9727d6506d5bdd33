"""Every rule and ruling of docs/rules/keckefrosche.md as a named test on an explicit
position. Each test's docstring cites the rule it tests by its anchor there; "README"
cites pondwidgets/keckefrosche/README.md."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from pondwidgets.core import BadNotation, BadPosition, GameError, IllegalMove
from pondwidgets.keckefrosche import FROG_KINDS, KeckeGame, Move
from pondwidgets.keckefrosche.cards import CARDS, DECK_COUNTS

from .helpers import (
    biotope,
    display,
    game_from,
    moves,
    play,
    rig_chips,
    seat_view,
    where_is_every_card,
)

# -- the cards --------------------------------------------------------------------------


def test_the_deck_holds_66_cards_and_12_invented_kinds_of_4():
    """docs/rules/keckefrosche.md#components: 66 cards — 3 biotope cards, 12 storks, 51 frogs
    of which 3 bang frogs. docs/rules/keckefrosche.md#frog-kinds: 4 kinds a biotope, 4
    copies each, invented names; docs/rules/keckefrosche.md#chips: four chips of each value."""
    assert CARDS == 66
    assert sum(DECK_COUNTS.values()) == 63
    assert DECK_COUNTS["stork"] == 12 and DECK_COUNTS["bang"] == 3
    assert [k.id for k in FROG_KINDS] == [f"{b}-{i}" for b in ("water", "bank", "dike")
                                          for i in range(1, 5)]
    assert all(DECK_COUNTS[k.id] == 4 for k in FROG_KINDS)
    assert len({k.name for k in FROG_KINDS}) == 12
    assert len({k.letter for k in FROG_KINDS}) == 12
    game = KeckeGame(2, seed=1)
    assert sorted(game.supply) == [1] * 4 + [2] * 4 + [3] * 4


# -- the deal ---------------------------------------------------------------------------


def _seed_where(players, text):
    for seed in range(2000):
        game = KeckeGame(players, seed=seed)
        if any(text in line for line in game.log):
            return game
    raise AssertionError(f"no seed deals {text!r}")


def test_the_deal_replaces_a_bang_frog():
    """docs/rules/keckefrosche.md#setup: every player gets one card face up, never a bang frog.
    docs/rules/keckefrosche.md#deal-bang-frog: a bang frog dealt is shuffled back and
    replaced."""
    game = _seed_where(4, "is dealt a bang frog")
    for d in game.displays:
        assert d.cards == 1
    assert game.box_bang == 0 and game.pile.count("bang") == 3
    assert where_is_every_card(game) == DECK_COUNTS
    assert len(game.pile) == 63 - 4


def test_a_stork_may_be_dealt_and_goes_to_the_stork_row():
    """docs/rules/keckefrosche.md#deal-stork: a stork may be dealt at the start; it goes to the
    stork row. docs/rules/keckefrosche.md#first-player: seat 0 starts."""
    game = _seed_where(4, "is dealt a stork")
    assert any(d.storks == 1 and d.cards == 1 for d in game.displays)
    assert game.current_player == 0 and game.phase == "collect"
    assert game.undo_floor == 0


# -- collecting: discarding none, one or two --------------------------------------------


def test_discarding_none_draws_one_card():
    """docs/rules/keckefrosche.md#draw-one-more: draw one card more than discarded — none
    discarded, one card."""
    game = game_from(display(water=["water-1"]), display(), pile=["dike-2", "bank-1"])
    play(game, "draw")
    assert seat_view(game, 0)["rows"]["dike"] == ["dike-2"]
    assert game.pile[-1] == "bank-1" and game.current_player == 1


def test_discarding_one_frog_draws_two_cards_one_at_a_time():
    """docs/rules/keckefrosche.md#draw-one-more: draw one more than discarded.
    docs/rules/keckefrosche.md#one-at-a-time: each card is placed or resolved before the
    next is drawn."""
    game = game_from(display(water=["water-1", "water-2"]), display(),
                     pile=["water-3", "bank-1", "dike-1"])
    play(game, "discard water 1")
    assert moves(game) == {"draw"}  # a second discard would need a stork
    play(game, "draw")
    assert game.phase == "place" and game.view()["drawn"] == {"card": "water-3", "seat": 0}
    assert game.view()["to_draw"] == 1
    assert moves(game) == {"left", "right"}
    play(game, "left")
    assert seat_view(game, 0)["rows"] == {"water": ["water-3", "water-2"],
                                          "bank": ["bank-1"], "dike": []}
    assert game.current_player == 1 and game.pile[-1] == "dike-1"


def test_two_discards_need_a_stork():
    """docs/rules/keckefrosche.md#two-discards: two discards only if at least one is a stork: a
    stork and a frog in either order, or two storks."""
    game = game_from(display(water=["water-1"], bank=["bank-1"]), display())
    play(game, "discard water 1")
    assert moves(game) == {"draw"}
    with pytest.raises(IllegalMove, match="only if one of them is a stork"):
        game.play("discard bank 1")


def test_frog_then_stork_draws_three_automatically():
    """docs/rules/keckefrosche.md#two-discards: a frog then a stork (either order is allowed);
    after two discards the three cards are drawn at once."""
    game = game_from(display(water=["water-1"], storks=1), display(),
                     pile=["stork", "bang", "stork", "dike-1"])
    play(game, "discard water 1")
    assert moves(game) == {"stork water", "stork bank", "stork dike", "draw"}
    play(game, "stork bank")  # two discards: the draw is automatic
    assert game.current_player == 1
    assert game.view()["players"][0]["storks"] == 1  # drew 2 storks, one lost to the bang
    assert game.pile[-1] == "dike-1"


def test_stork_then_frog_and_stork_then_stork():
    """docs/rules/keckefrosche.md#two-storks: a stork then a frog, and two storks; the second
    stork moves the block again."""
    game = game_from(display(water=["water-1"], storks=2), display(), pile=["dike-1"] * 3)
    play(game, "stork water")
    assert "discard water 1" not in moves(game)  # water is blocked now
    play(game, "stork bank")
    assert biotope(game, "bank")["blocked"] and not biotope(game, "water")["blocked"]
    assert game.box_storks == 1
    assert game.phase == "place"  # three cards to draw: the first dike frog started the row


def test_frogs_go_only_to_their_own_biotope():
    """docs/rules/keckefrosche.md#own-biotope: a frog is discarded only onto its own biotope: a
    discard names the frog's row, and it lands on the pile of that row's biotope."""
    game = game_from(display(bank=["bank-3"]), display())
    assert moves(game) == {"discard bank 1", "draw"}
    play(game, "discard bank 1")
    assert biotope(game, "bank")["top"] == "bank-3"
    assert biotope(game, "water")["count"] == 0


def test_never_onto_an_identical_top_card():
    """docs/rules/keckefrosche.md#never-identical: a frog may not be discarded onto a biotope
    whose top card is the same kind."""
    game = game_from(display(water=["water-2", "water-3"]), display(),
                     biotopes={"water": ["water-2"]})
    assert "discard water 1" not in moves(game) and "discard water 2" in moves(game)
    with pytest.raises(IllegalMove, match="identical frogs"):
        game.play("discard water 1")


def test_never_to_the_blocked_biotope():
    """docs/rules/keckefrosche.md#stork-blocks: a stork blocks its biotope: no frog may be
    discarded there."""
    game = game_from(display(water=["water-2"]), display(), biotopes={"water": ["stork"]})
    assert moves(game) == {"draw"}
    with pytest.raises(IllegalMove, match="stork blocks"):
        game.play("discard water 1")


def test_a_stork_blocks_and_sends_the_previous_one_to_the_box():
    """docs/rules/keckefrosche.md#one-block: a stork laid sends the stork that blocked a
    biotope before back into the box: while collecting only one biotope is blocked."""
    game = game_from(display(storks=1), display(), biotopes={"bank": ["stork"]})
    play(game, "stork dike")
    assert [b["id"] for b in game.view()["biotopes"] if b["blocked"]] == ["dike"]
    assert biotope(game, "bank")["count"] == 0 and game.view()["box"] == 1


def test_a_stork_onto_the_blocked_biotope_replaces_it():
    """docs/rules/keckefrosche.md#stork-onto-blocked: in the collecting phase a stork may go
    onto the blocked biotope, replacing the stork there."""
    game = game_from(display(storks=1), display(), biotopes={"bank": ["bank-1", "stork"]})
    assert "stork bank" in moves(game)
    play(game, "stork bank")
    assert game.piles["bank"] == ["bank-1", "stork"] and game.box_storks == 1


# -- collecting: drawing ------------------------------------------------------------------


def test_left_and_right_placement():
    """docs/rules/keckefrosche.md#frog-drawn: the player chooses whether a drawn frog goes at
    the left or the right end of its row."""
    game = game_from(display(bank=["bank-1"]), display(), pile=["bank-2"])
    play(game, "draw", "right")
    assert seat_view(game, 0)["rows"]["bank"] == ["bank-1", "bank-2"]
    game = game_from(display(bank=["bank-1"]), display(), pile=["bank-2"])
    play(game, "draw", "left")
    assert seat_view(game, 0)["rows"]["bank"] == ["bank-2", "bank-1"]


def test_an_empty_row_takes_the_frog_without_a_decision():
    """README: a row that is empty takes the drawn frog without a decision."""
    game = game_from(display(), display(), pile=["dike-4"])
    play(game, "draw")
    assert seat_view(game, 0)["rows"]["dike"] == ["dike-4"] and game.current_player == 1


def test_a_chip_per_identical_neighbour_even_against_a_pair():
    """docs/rules/keckefrosche.md#pair: a drawn frog laid next to an identical frog earns a
    chip, kept face down. docs/rules/keckefrosche.md#chip-only-when-drawn: each such frog
    earns one, even against a pair."""
    game = game_from(display(water=["water-1", "water-1"]), display(),
                     pile=["water-1", "water-1"], box={"storks": 0})
    rig_chips(game, 3, 1)
    play(game, "draw", "right")
    assert game.displays[0].chips == [3] and seat_view(game, 0)["chips"] == 1
    assert seat_view(game, 0)["chip_values"] is None  # face down
    assert game.view()["supply"] == 11
    game = game_from(display(water=["water-1", "water-2"]), display(), pile=["water-1"])
    play(game, "draw", "right")
    assert game.displays[0].chips == []  # next to a water-2: no chip


def test_no_chip_when_the_supply_is_empty():
    """docs/rules/keckefrosche.md#empty-supply: once the supply is empty, a pair earns nothing."""
    game = game_from(display(water=["water-1"], chips=[1] * 4 + [2] * 4),
                     display(chips=[3] * 4), pile=["water-1"])
    assert game.view()["supply"] == 0
    play(game, "draw", "left")
    assert len(game.displays[0].chips) == 8 and "chips are all gone" in game.log[-1]


def test_closing_up_earns_nothing():
    """docs/rules/keckefrosche.md#discard-anywhere: a frog may be discarded from anywhere in
    its row; the row closes up and no chip is earned by closing up."""
    game = game_from(display(water=["water-1", "water-2", "water-1"]), display())
    play(game, "discard water 2")
    assert seat_view(game, 0)["rows"]["water"] == ["water-1", "water-1"]
    assert game.displays[0].chips == []


def test_bang_frog_ties_each_hand_in_a_stork():
    """docs/rules/keckefrosche.md#bang-frog: the player with the most storks hands one in, into
    the box with the bang frog. docs/rules/keckefrosche.md#bang-tie: tied players each hand
    one in."""
    game = game_from(display(storks=2), display(storks=2), display(storks=1), pile=["bang"])
    play(game, "draw")
    assert [d.storks for d in game.displays] == [1, 1, 1]
    assert game.box_storks == 2 and game.box_bang == 1
    assert game.pile.count("bang") == 2


def test_bang_frog_with_no_storks_anywhere():
    """docs/rules/keckefrosche.md#bang-no-storks: with no storks anywhere, nothing happens;
    docs/rules/keckefrosche.md#bang-out: the bang frog leaves the game."""
    game = game_from(display(), display(), pile=["bang"])
    play(game, "draw")
    assert game.box_storks == 0 and game.box_bang == 1 and "Nobody has a stork" in game.log[-1]
    assert where_is_every_card(game) == DECK_COUNTS


def test_a_bang_frog_counts_as_a_card_drawn():
    """docs/rules/keckefrosche.md#one-at-a-time: a bang frog counts as one of the cards drawn."""
    game = game_from(display(water=["water-1"]), display(), pile=["bang", "dike-1", "dike-2"])
    play(game, "discard water 1", "draw")
    assert seat_view(game, 0)["rows"]["dike"] == ["dike-1"] and game.current_player == 1


def test_fewer_cards_than_needed_at_the_end_of_the_pile():
    """docs/rules/keckefrosche.md#short-pile: if the pile holds fewer cards than must be drawn,
    the player draws what is left, and the discarding phase begins with the next player."""
    game = game_from(display(water=["water-1"], storks=1), display(bank=["bank-1"]),
                     display(dike=["dike-1"]), pile=["dike-3"], fill="table",
                     biotopes={"water": ["stork"]})
    play(game, "stork bank", "draw")  # one discard: two to draw, one left
    assert game.stage == "discarding" and game.current_player == 1
    assert seat_view(game, 0)["rows"]["dike"] == ["dike-3"]
    assert game.phase == "block"  # one blocked, the box has storks


# -- the discarding phase ---------------------------------------------------------------


def _last_draw(*displays, biotopes=None, spare_storks="box", to_move=0):
    """A collecting position whose pile holds one card (a dike-4): seat ``to_move``'s
    draw ends the collecting phase."""
    return game_from(*displays, biotopes=biotopes, pile=["dike-4"], fill="table",
                     spare_storks=spare_storks, to_move=to_move)


def test_the_discarding_phase_starts_with_the_first_player_choosing_the_box_stork():
    """docs/rules/keckefrosche.md#second-block: a stork from the box blocks a second biotope.
    docs/rules/keckefrosche.md#who-blocks: the first player of the discarding phase chooses
    which."""
    game = _last_draw(display(water=["water-1"]), display(bank=["bank-1"]),
                      biotopes={"water": ["stork"]})
    play(game, "draw")
    assert game.phase == "block" and game.current_player == 1
    assert moves(game, 1) == {"block bank", "block dike"}
    box = game.box_storks
    play(game, "block dike")
    assert game.box_storks == box - 1
    assert game.phase == "discard" and game.current_player == 1
    assert [b["id"] for b in game.view()["biotopes"] if b["blocked"]] == ["water", "dike"]


def test_box_storks_until_two_are_blocked():
    """docs/rules/keckefrosche.md#box-storks: if fewer than two are blocked and the box has
    storks, box storks are placed until two are blocked."""
    game = _last_draw(display(water=["water-1"]), display(bank=["bank-1"]))
    play(game, "draw")
    assert moves(game) == {"block water", "block bank", "block dike"}
    play(game, "block water")
    assert game.phase == "block" and moves(game) == {"block bank", "block dike"}
    play(game, "block bank")
    assert game.phase == "discard" and game.view()["stage"] == "discarding"


def test_a_stork_adds_a_block_when_the_box_is_empty():
    """docs/rules/keckefrosche.md#box-storks: if the box runs out, a stork played later adds a
    block instead of moving one."""
    game = _last_draw(display(water=["water-1"], storks=1), display(bank=["bank-1"]),
                      spare_storks=0)
    play(game, "draw")
    assert game.phase == "discard" and game.box_storks == 0 and game.current_player == 1
    play(game, "pass")
    play(game, "stork water")  # seat 0: nothing was blocked, so no biotope opens
    assert game.phase == "discard" and biotope(game, "water")["blocked"]
    assert [b["id"] for b in game.view()["biotopes"] if b["blocked"]] == ["water"]


def _discarding(*displays, to_move=0, biotopes=None, spare_storks="box"):
    piles = {"water": ["stork"], "bank": ["stork"]}
    piles.update(biotopes or {})
    return game_from(*displays, biotopes=piles, stage="discarding", to_move=to_move,
                     spare_storks=spare_storks)


def test_a_series_holds_at_most_one_frog_per_kind_and_respects_the_top_card():
    """docs/rules/keckefrosche.md#series: a series of frogs at the one open biotope, no more
    than one of each kind, each respecting the top card."""
    game = _discarding(display(dike=["dike-1", "dike-2", "dike-3", "dike-2"],
                               water=["water-1"]),
                       display(dike=["dike-4"]), biotopes={"dike": ["dike-1"]})
    assert moves(game) == {"discard dike 2", "discard dike 3", "discard dike 4", "pass"}
    play(game, "discard dike 2")  # dike-2 on top now: a dike-1 may follow
    assert moves(game) == {"discard dike 1", "discard dike 2", "done"}
    play(game, "discard dike 2")  # the dike-3: row dike-1, dike-2 left
    with pytest.raises(IllegalMove, match="one frog of each kind"):
        game.play("discard dike 2")  # a dike-2 was discarded this turn already
    assert moves(game) == {"discard dike 1", "done"}
    play(game, "done")
    assert game.current_player == 1


def test_at_most_one_stork_per_turn_before_the_frogs():
    """docs/rules/keckefrosche.md#discarding-stork: a stork before or after the frogs.
    docs/rules/keckefrosche.md#one-stork: at most one stork a turn;
    docs/rules/keckefrosche.md#which-opens: a stork moves a block and its player chooses
    which blocked biotope opens."""
    game = _discarding(display(water=["water-2"], dike=["dike-2"], storks=2),
                       display(dike=["dike-4"]))
    play(game, "stork dike")
    assert game.phase == "open" and moves(game) == {"open water", "open bank"}
    play(game, "open water")
    assert moves(game) == {"discard water 1", "done"}  # no second stork
    with pytest.raises(IllegalMove, match="one stork per turn"):
        game.play("stork water")
    play(game, "discard water 1")  # nothing left to discard: the turn ends by itself
    assert game.current_player == 1


def test_a_stork_after_the_frogs_ends_the_turn():
    """docs/rules/keckefrosche.md#one-stork: optionally a stork, then frogs, then optionally a
    stork — none after that."""
    game = _discarding(display(dike=["dike-2", "dike-3"], storks=1), display(dike=["dike-4"]))
    play(game, "discard dike 1", "stork dike", "open bank")
    assert game.current_player == 1  # frogs and then a stork: nothing more can follow
    assert seat_view(game, 0)["rows"]["dike"] == ["dike-3"]


def test_the_stork_leaving_the_unblocked_biotope_goes_to_the_box():
    """docs/rules/keckefrosche.md#which-opens: the stork that leaves the biotope it unblocks
    goes back to the box."""
    game = _discarding(display(dike=["dike-2"], storks=1), display(dike=["dike-4"]))
    box = game.box_storks
    play(game, "stork dike", "open bank")
    assert game.box_storks == box + 1
    assert biotope(game, "bank")["blocked"] is False and biotope(game, "dike")["blocked"]


def test_a_stork_goes_only_on_an_open_biotope_while_discarding():
    """docs/rules/keckefrosche.md#which-opens: in the discarding phase a stork goes only on an
    open biotope."""
    game = _discarding(display(dike=["dike-2"], storks=1), display(dike=["dike-4"]))
    assert {"stork water", "stork bank"}.isdisjoint(moves(game))
    with pytest.raises(IllegalMove, match="open biotope"):
        game.play("stork water")


def test_a_pass_and_a_stork_only_turn():
    """docs/rules/keckefrosche.md#pass: a player who cannot or will not discard passes, and may
    discard again later. docs/rules/keckefrosche.md#what-is-a-pass: only a turn with no card
    discarded is a pass; a stork-only turn is not."""
    game = _discarding(display(dike=["dike-2"], bank=["bank-1"], storks=1),
                       display(dike=["dike-4"], water=["water-3"]))
    play(game, "pass")
    assert game.view()["passes"] == 1
    play(game, "discard dike 1")  # seat 1 discards: the passes start again
    assert game.view()["passes"] == 0 and not game.is_over
    play(game, "stork dike", "open bank")  # seat 0: only a stork, then done
    assert game.phase == "discard" and "done" in moves(game) and "pass" not in moves(game)
    play(game, "done")
    assert game.view()["passes"] == 0 and game.current_player == 1


def test_the_game_ends_when_every_player_has_passed_in_a_row():
    """docs/rules/keckefrosche.md#all-pass: the game ends when every player has passed, one
    after another."""
    game = _discarding(display(dike=["dike-2"]), display(dike=["dike-4"]),
                       display(water=["water-1"]), biotopes={"dike": ["dike-1"]})
    play(game, "pass", "pass")
    assert not game.is_over
    play(game, "pass")
    assert game.is_over and game.phase == "over" and game.legal_moves(0) == []


def test_the_game_ends_when_a_display_empties():
    """docs/rules/keckefrosche.md#last-card: the game ends when a player has discarded all
    their cards; docs/rules/keckefrosche.md#empty-display: as soon as a display is empty
    during the discarding phase."""
    game = _discarding(display(dike=["dike-2"]), display(dike=["dike-4"], water=["water-1"]))
    play(game, "discard dike 1")
    assert game.is_over and game.winners == (0,)


def test_a_last_card_stork_still_opens_a_biotope_before_the_end():
    """docs/rules/keckefrosche.md#empty-display: when the last card is a stork that moves a
    block, the stork's move ends with the biotope it opens, then the game ends."""
    game = _discarding(display(storks=1), display(dike=["dike-4"]))
    play(game, "stork dike")
    assert game.phase == "open" and not game.is_over
    play(game, "open water")
    assert game.is_over and len(game.blocked()) == 2


def test_an_empty_display_at_the_discarding_phase_start_ends_the_game():
    """docs/rules/keckefrosche.md#empty-display: also at the discarding phase's start; an empty
    display while collecting ends nothing."""
    game = _last_draw(display(water=["water-1"]), display(), to_move=0)
    assert not game.is_over  # empty while collecting: nothing happens
    play(game, "draw")
    assert game.is_over and game.winners == (1,)


def test_the_score_counts_the_others_cards_and_own_chips_storks_included():
    """docs/rules/keckefrosche.md#score: each player scores the cards still in front of the
    others plus the points of their own chips. docs/rules/keckefrosche.md#storks-count:
    storks count as cards."""
    game = _discarding(display(dike=["dike-2"], water=["water-1"], chips=[3, 1]),
                       display(dike=["dike-4"], storks=0, chips=[2]),
                       display(bank=["bank-1", "bank-2"], chips=[]),
                       biotopes={"dike": ["dike-1"]}, spare_storks=2)
    cards = [d.cards for d in game.displays]
    play(game, "pass", "pass", "pass")
    total = sum(cards)
    assert game.scores == [total - cards[0] + 4, total - cards[1] + 2, total - cards[2]]
    view = game.view(1)
    assert [p["chip_values"] for p in view["players"]] == [[1, 3], [2], []]
    assert [p["score"] for p in view["players"]] == game.scores
    assert game.winners == (0,)  # 17 points, against 16 and 3


def test_the_score_reads_the_same_in_the_log_and_in_the_view():
    """docs/rules/keckefrosche.md#score: the log's line for each player and the view's
    ``score_text`` (what the board's panel shows under the player's name) are one wording,
    the cards in the others' displays plus the points from chips: "1 card", "2 cards",
    "no cards"; "from 1 chip", "from 2 chips", "no chips"."""
    game = _discarding(display(dike=["dike-2"], chips=[3]),
                       display(bank=["bank-1", "bank-4"], storks=1, chips=[1, 2]),
                       display(water=["water-3"]), biotopes={"dike": ["dike-1"]})
    play(game, "discard dike 1")  # Ada's last card: the game is over
    assert game.log[-4:] == [
        "Ada scores 7: 4 cards in the others' displays + 3 from 1 chip.",
        "Bob scores 4: 1 card in the others' displays + 3 from 2 chips.",
        "Cleo scores 3: 3 cards in the others' displays, no chips.",
        "The game is over: Ada wins with 7 points!"]
    for seat in (0, 1, 2, None):  # every seat reads the same (the chips are shown now)
        assert [p["score_text"] for p in game.view(seat)["players"]] == [
            "Score 7: 4 cards in the others' displays + 3 from 1 chip",
            "Score 4: 1 card in the others' displays + 3 from 2 chips",
            "Score 3: 3 cards in the others' displays, no chips"]
    for s in range(3):
        assert game.log[-4 + s] == f"{game.score_text(s, named=True)}."
        assert game.score_text(s).startswith(f"Score {game.scores[s]}: ")
    # Nothing left in front of the others, with a chip and with none
    game = _discarding(display(dike=["dike-2"]), display(bank=["bank-1"], chips=[2]),
                       biotopes={"dike": ["dike-1"]})
    assert game.score_text(0) is None  # not before the end
    assert [p["score_text"] for p in game.view(0)["players"]] == [None, None]
    play(game, "discard dike 1")
    assert game.log[-3:-1] == ["Ada scores 1: 1 card in the others' displays, no chips.",
                               "Bob scores 2: no cards in the others' displays + 2 from 1 chip."]
    game = _discarding(display(dike=["dike-2"]), display(bank=["bank-1"]),
                       biotopes={"dike": ["dike-1"]})
    play(game, "discard dike 1")
    assert game.score_text(1) == "Score 0: no cards in the others' displays, no chips"


def test_tied_players_share_the_win():
    """docs/rules/keckefrosche.md#tie: tied players share the win."""
    game = _discarding(display(dike=["dike-2"]), display(dike=["dike-4"]),
                       biotopes={"dike": ["dike-1"]})
    play(game, "pass", "pass")
    assert game.winners == (0, 1) and "share the win" in game.prompt()


def test_frogs_of_a_turn_go_to_one_biotope_when_several_are_open():
    """docs/rules/keckefrosche.md#several-open: when several biotopes are open (the box ran
    out), a turn's frogs all go to the one its first frog went to."""
    game = game_from(display(water=["water-2"], dike=["dike-2"]), display(dike=["dike-4"]),
                     stage="discarding", spare_storks=1)
    assert moves(game) == {"discard water 1", "discard dike 1", "pass"}
    play(game, "discard water 1")
    assert game.current_player == 1  # the dike frog may not follow: the turn ends


# -- notation, chance, positions ----------------------------------------------------------


def test_notation_round_trips():
    """README: the notation of every kind of decision."""
    game = KeckeGame(2, seed=0)
    for text in ("discard water 2", "stork bank", "draw", "left", "right", "block dike",
                 "done", "pass", "open bank"):
        assert str(game._parse(text)) == text
    assert game._parse("Discard  WATER 2") == Move("discard", "water", 2)
    for bad in ("discard pond 1", "discard water", "stork", "jump", "discard water x"):
        with pytest.raises(BadNotation):
            game._parse(bad)


def test_chance_odds_of_the_next_draw_and_chip():
    """README: 'draw' is each card's count in the pile over its size; 'chip' the values
    not yet shown."""
    game = game_from(display(), display(), pile=["stork", "bang", "bang"], fill="table")
    assert game.chance_odds() == {"bang": Fraction(2, 3), "stork": Fraction(1, 3)}
    assert game.chance_odds("chip", seat=1) == {v: Fraction(1, 3) for v in (1, 2, 3)}
    assert sum(KeckeGame(3, seed=2).chance_odds("draw").values()) == 1
    with pytest.raises(GameError):
        game.chance_odds("dice")


def test_positions_that_break_the_rules_are_refused():
    """README: a position that loses or doubles a card, blocks two biotopes while
    collecting or holds chip values other than the twelve chips' is refused."""
    with pytest.raises(BadPosition, match="only one biotope"):
        game_from(display(), display(), biotopes={"water": ["stork"], "bank": ["stork"]})
    with pytest.raises(BadPosition, match="only 4"):
        game_from(display(water=["water-1"] * 5), display())
    with pytest.raises(BadPosition, match="chips"):
        game_from(display(chips=[3] * 5), display())
    with pytest.raises(BadPosition, match="nowhere"):
        KeckeGame(2, position={"displays": [{}, {}], "pile": ["stork"]})
    with pytest.raises(BadPosition, match="on top of each other"):
        game_from(display(), display(), biotopes={"dike": ["dike-1", "dike-1"]})
    with pytest.raises(BadPosition, match="not a frog of the bank row"):
        game_from(display(bank=["water-1"]), display())
    with pytest.raises(BadPosition):
        KeckeGame(2, position={"displays": [{"storks": True}, {}]})



@pytest.mark.parametrize(("position", "problem"), [
    (["displays"], "a position is a dictionary with 'displays' and optionally 'biotopes'"),
    ({"displays": [{}, {}], "chips": 3}, "unknown key 'chips' in the position"),
    ({"pile": None}, "the position has no 'displays'"),
    ({"displays": [{}]}, r"'displays' must list one entry per seat \(2 seats\)"),
    ({"displays": [{}, "bank-1"]}, "seat 1: an entry of 'displays' is a dictionary"),
    ({"displays": [{"frogs": []}, {}]}, r"seat 0: unknown key 'frogs' \(its keys are water, "
                                        r"bank, dike, storks, chips\)"),
])
def test_a_position_of_the_wrong_shape_is_refused(position, problem):
    """KeckeGame.POSITION checks the shape before the rules look at the cards."""
    with pytest.raises(BadPosition, match=problem):
        KeckeGame(2, position=position)


def test_the_declared_moves_give_the_notation_and_the_fields():
    game = KeckeGame(2)
    assert [str(Move(*m)) for m in [("discard", "water", 2), ("stork", "bank"), ("draw",),
                                    ("block", "dike"), ("open", "bank"), ("pass",)]] == [
        "discard water 2", "stork bank", "draw", "block dike", "open bank", "pass"]
    assert game.MOVES.data(Move("discard", "water", 2)) == {
        "text": "discard water 2", "kind": "discard", "biotope": "water", "place": 2}
    assert game.MOVES.data(Move("done")) == {"text": "done", "kind": "done"}
    assert str(Move("jump")) == "jump"  # a kind the game lacks shows itself, to be refused


def _rebuilt(game, seed=99) -> KeckeGame:
    return KeckeGame(game.players, seed=seed, position=game.to_position())


def _table(game, seat=0) -> dict:
    """The view without the history (its events, its news), which a position does not
    hold."""
    view = game.view(seat)
    return {k: v for k, v in view.items()
            if k not in ("events", "news", "decisions", "undo_floor")}


def test_to_position_gives_the_table_back_so_a_game_made_from_it_goes_on_alike():
    """README: game.to_position() gives the table in the position format, the pile's and
    the supply's order and every chip's value included; a game made from it, on any seed,
    goes on as this one (the rebuilt game draws on no chance of its own), to its end."""
    game = KeckeGame(3, seed=4)
    rng = random.Random(4)
    checked = 0
    while not game.is_over:
        if game.phase in ("collect", "discard") and not game.discarded and rng.random() < 0.2:
            rebuilt = _rebuilt(game, seed=checked)
            assert rebuilt.to_position() == game.to_position()
            twin = game.copy()
            while not twin.is_over:
                assert _table(rebuilt) == _table(twin)
                move = rng.choice(twin.legal_moves())
                twin.play(move)
                rebuilt.play(move)
            assert rebuilt.is_over and _table(rebuilt) == _table(twin)
            assert rebuilt.scores == twin.scores and rebuilt.winners == twin.winners
            checked += 1
        game.play(rng.choice(game.legal_moves()))
    assert checked > 5
    with pytest.raises(GameError, match="beginning of a turn"):
        game.to_position()  # over


def test_to_position_keeps_the_passes_the_turn_and_the_chips_to_come():
    """README: 'passes' (in a row, in the discarding phase), 'turn' and 'supply' (the chips
    not yet taken, the next first). Left out, a game rebuilt after a pass needed one pass
    more to end, and its chips (and so its scores) came from its own seed."""
    game = _discarding(display(dike=["dike-2"]), display(dike=["dike-4"]),
                       display(water=["water-1"]), biotopes={"dike": ["dike-1"]})
    play(game, "pass")
    position = game.to_position()
    assert position["passes"] == 1 and position["turn"] == game.turn == 2
    rebuilt = _rebuilt(game)
    assert rebuilt.turn == 2
    play(game, "pass", "pass")
    play(rebuilt, "pass", "pass")
    assert game.is_over and rebuilt.is_over and rebuilt.winners == game.winners
    rigged = rig_chips(KeckeGame(2, seed=1), 3, 1, 2)
    position = rigged.to_position()
    assert position["supply"][:3] == [3, 1, 2]  # the next chip first
    assert KeckeGame(2, seed=5, position=position).supply == rigged.supply


def test_to_position_is_refused_within_a_turn():
    game = game_from(display(water=["water-1"]), display(), pile=["water-1"])
    play(game, "draw")  # a frog waits for its place
    with pytest.raises(GameError, match="beginning of a turn"):
        game.to_position()


@pytest.mark.parametrize(("extra", "problem"), [
    ({"supply": [1, 2, 3]}, "the supply and the chips held must be the 12 chips"),
    ({"supply": [4] * 12}, "'supply' lists the chips"),
    ({"supply": "123"}, "'supply' lists the chips"),
    ({"turn": 0}, "'turn' is the number of the turn to play"),
    ({"turn": True}, "'turn' is the number"),
    ({"passes": 1}, "passes only in the discarding phase"),
    ({"passes": 2}, "'passes' counts the passes in a row, 0 to 1"),
])
def test_a_position_with_a_bad_turn_passes_or_supply_is_refused(extra, problem):
    with pytest.raises(BadPosition, match=problem):
        KeckeGame(2, position={"displays": [{}, {}], **extra})


def test_an_old_position_without_the_new_keys_still_loads():
    """README: 'supply' left out, the chips no display holds are shuffled by the seed;
    'turn' is 1 and 'passes' 0."""
    game = game_from(display(chips=[3]), display())
    assert game.turn == 1 and game.passes == 0 and game.position["supply"] is None
    assert Counter(game.supply) == Counter([1, 2, 3] * 4) - Counter([3])


def test_the_whole_game_keeps_every_card_somewhere():
    """docs/rules/keckefrosche.md#components: 66 cards, each always somewhere; the bang frogs
    (docs/rules/keckefrosche.md#bang-out) and the storks sent back
    (docs/rules/keckefrosche.md#one-block) wait in the box."""
    game = KeckeGame(3, seed=11)
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
        assert where_is_every_card(game) == DECK_COUNTS
    assert Counter(v for d in game.displays for v in d.chips) + Counter(game.supply) \
        == Counter([1, 2, 3] * 4)
