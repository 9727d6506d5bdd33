"""Every rule and ruling of docs/rules/froop.md as a named test on an explicit position.
Each docstring cites the rule or ruling it checks by its anchor in that document;
"README" cites pondwidgets/froop/README.md, on what the code decides (the notation, the
positions, the views).

The positions are in ``helpers``: SMALL (six cards, with a place for each match size),
BLOCKED (two cards fit nowhere on it: an empty pile, blocked games) and FULL (79 cards: a
pile as short as a test needs)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from pondwidgets.core import BadNotation, BadPosition, GameError, IllegalMove, ManualClock
from pondwidgets.froop import CARDS, FroopGame, Move
from pondwidgets.froop.cards import NAME_OF, SYMBOL_NAMES, is_card, name_of, turn
from pondwidgets.froop.matching import match_on

from .helpers import (
    BLOCKED,
    FOUR,
    FULL,
    FULL_FOUR,
    SMALL,
    THEN_THREE,
    THREE,
    TWO,
    UNPLAYABLE,
    blocked_game,
    game_from,
    moves,
    play,
    where_is_every_card,
)

# -- the cards --------------------------------------------------------------------------


def test_the_deck_is_every_arrangement_of_three_or_four_symbols_once_up_to_a_turn():
    """docs/rules/froop.md#deck: 84 cards of 2 x 2 cells, four symbols, at least three on
    each card, no two alike. Counting: 24 arrangements with 4 symbols + 144 with exactly
    3 = 168, none its own 180° turn, so 168 / 2 = 84."""
    arrangements = ["".join(cells) for cells in itertools.product("HSBF", repeat=4)
                    if len(set(cells)) >= 3]
    assert len(arrangements) == 168
    assert sum(len(set(a)) == 4 for a in arrangements) == 24
    assert sum(len(set(a)) == 3 for a in arrangements) == 4 * 3 * 6 * 2 == 144
    assert all(turn(a) != a for a in arrangements)
    assert len(CARDS) == len(set(CARDS)) == 84 == 168 // 2
    assert {name_of(a) for a in arrangements} == set(CARDS)
    assert list(CARDS) == sorted(CARDS)
    assert set(SYMBOL_NAMES) == {"H", "S", "B", "F"}


def test_a_card_turned_180_degrees_reads_backwards_and_keeps_its_name():
    """docs/rules/froop.md#half-turn: a card may be turned 180°: its letters in reading order
    reverse. docs/rules/froop.md#card-letters: its name is the smaller of its two spellings."""
    assert turn("HSBF") == "FBSH"
    assert name_of("HSBF") == name_of("FBSH") == "FBSH"
    for name in CARDS:
        assert name <= turn(name) and is_card(name) and is_card(turn(name))
    assert not is_card("HHSS") and not is_card("HSB") and not is_card("HSBX")


# -- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5, 10])
def test_seat_0_deals_seven_cards_each_one_at_a_time_and_lays_the_next_at_the_origin(
        players):
    """docs/rules/froop.md#deal: shuffle, 7 cards each, the next card face up starts the Froop,
    the rest is the draw pile; docs/rules/froop.md#first-player: the dealer plays first;
    docs/rules/froop.md#seat-0-deals: seat 0 deals, one card at a time round the table;
    docs/rules/froop.md#starting-card: the starting card lies at the origin."""
    game = FroopGame(players, seed=11)
    rng = random.Random(11)
    deck = list(CARDS)
    rng.shuffle(deck)
    hands = [[] for _ in range(players)]
    for _ in range(7):
        for seat in range(players):
            hands[seat].append(deck.pop())
    start = deck.pop()
    assert game.hands == [sorted(hand) for hand in hands]
    first = game.froop[0]
    assert NAME_OF[first.card] == start and (first.x, first.y) == (0, 0)
    assert first.seat is None and first.match is None
    assert game.pile == deck  # the top is the list's end
    assert len(game.pile) == 84 - 7 * players - 1
    assert game.current_player == 0 and game.phase == "play"
    assert where_is_every_card(game) == Counter(CARDS)
    assert game.undo_floor == 0


# -- a legal play -----------------------------------------------------------------------


def test_a_card_must_cover_at_least_two_symbols_of_the_froop():
    """docs/rules/froop.md#two-symbols: a card must cover at least two symbols of the Froop."""
    game = game_from(["HFSS"], ["BBFH"])
    assert game.match_of("SSFH", 1, 0) == 2
    with pytest.raises(IllegalMove, match=r"covers only one symbol \(at 1,2\)"):
        game.play("SSFH at 1,2")  # its top-left cell on the S at 1,2, nothing else
    with pytest.raises(IllegalMove, match="covers no card of the Froop"):
        game.play("SSFH at 5,5")
    assert len(game.froop) == len(SMALL) and game.history == []
    game.play(TWO)
    assert game.froop[-1].match == 2


def test_every_symbol_a_card_covers_must_match():
    """docs/rules/froop.md#matching: each cell a card covers must show the symbol the card has
    there. The refusal names the cell."""
    game = game_from(["HFSS", "BSFH"], ["BBFH"])
    with pytest.raises(IllegalMove, match=r"the cell 1,0 shows a smiley \(S\) and HFSS has "
                                          r"a heart \(H\) there"):
        game.play("HFSS at 1,0")
    with pytest.raises(IllegalMove, match=r"the cell 0,-1 shows a smiley \(S\) and HFSB "
                                          r"has a flower \(F\) there"):
        game.play("HFSB at -1,-1")  # BSFH turned where it fits the other way up
    assert moves(game) >= {TWO, THREE}


def test_a_card_may_be_turned_180_degrees_but_never_sideways():
    """docs/rules/froop.md#half-turn and docs/rules/froop.md#no-quarter-turn: a card may be
    turned 180° but never laid sideways. A card's notation is its letters as laid: either
    spelling; a quarter turn spells another card."""
    game = game_from(["HFSS"], ["BBFH"])
    plays = {p["move"]: p for p in game.view(0)["plays"]}
    assert plays[TWO] == {"move": TWO, "card": "HFSS", "x": 1, "y": 0, "turned": True,
                          "match": 2}
    sideways = "SHSF"  # HFSS a quarter turn clockwise: another card's letters
    assert NAME_OF[sideways] != "HFSS"
    with pytest.raises(IllegalMove, match="FSHS is not in your hand"):
        game.play(f"{sideways} at 1,0")
    game.play(TWO)
    assert game.froop[-1].card == "SSFH" and game.top(1, 0) == "S" and game.top(2, 0) == "S"


def test_any_integer_offset_is_a_place_half_shifts_and_diagonal_ones_too():
    """docs/rules/froop.md#offsets and docs/rules/froop.md#diagonal-offsets: a card covers a 2 x 2
    block of cells at any whole-cell offset — shifted half a card to the side, end to end,
    or diagonally."""
    game = game_from(["HFSS", "BSFH"], ["BBFH"])
    legal = moves(game)
    assert TWO in legal  # half a card to the side of BFSS (at 0,1) and HSBF (at 0,0)
    assert "SSFH at 0,2" in legal  # half a card below BFSS: end to end
    assert THREE in legal  # a diagonal step from the start card at 0,0
    game.play(THREE)
    assert game.froop[-1].match == 3
    assert [game.top(x, y) for x, y in ((-1, -1), (0, -1), (-1, 0), (0, 0))] == list("BSFH")


def test_a_play_matches_two_three_or_four_symbols():
    """docs/rules/froop.md#match-count: a legal play matches 2, 3 or 4 symbols: the cells it
    covers."""
    game = game_from(["HFSS", "BSFH", "HBBS"], ["BBFH"])
    matches = {p["move"]: p["match"] for p in game.view(0)["plays"]}
    assert matches[TWO] == 2 and matches[THREE] == 3 and matches[FOUR] == 4
    assert set(matches.values()) == {2, 3, 4}


def test_a_four_match_always_spans_at_least_two_cards():
    """docs/rules/froop.md#four-match: a 4-match always spans at least two cards (no two cards
    are alike): no card matches all four symbols of another, either way up."""
    for shown, other in itertools.permutations(CARDS, 2):
        for letters in (shown, turn(shown)):
            assert match_on(letters, other) is None and match_on(letters, turn(other)) is None
    game = game_from(["HBBS", "BBFH"], ["BBFS"])
    game.play(FOUR)  # covers -1,1 0,1 -1,2 0,2: shown by four different cards
    assert game.froop[-1].match == 4
    below = [SMALL[i][0] for i in (2, 1, 5)]  # FHHB, BFSS, FHFB
    assert all(NAME_OF[c] != "HBBS" for c in below)


# -- a turn -----------------------------------------------------------------------------


def test_a_two_match_ends_the_turn():
    """docs/rules/froop.md#next-player: after your turn the next seat plays, round the table
    (docs/rules/froop.md#play-again: only 3 or 4 symbols let you play again)."""
    game = game_from(["HFSS", "BBFH"], ["BBFS"], ["BBHS"])
    game.play(TWO)
    assert game.current_player == 1 and game.phase == "play" and game.chain is None
    assert game.view(None)["turn"] == 1


def test_a_three_or_four_match_lets_you_play_again_as_long_as_you_match_three():
    """docs/rules/froop.md#play-again: a card that matches 3 or 4 symbols lets you lay another
    straight away, and if that one matches 3 or 4 too, another, and so on."""
    game = game_from(["BSFH", "BBSF", "HBBS", "BHFS"], ["BBFS"])
    game.play(THREE)
    assert game.phase == "again" and game.current_player == 0
    assert game.view(1)["chain"] == {"seat": 0, "match": 3}
    assert {THEN_THREE, "stop"} <= moves(game)
    game.play(THEN_THREE)
    assert game.phase == "again" and game.chain == (0, 3)
    game.play(FOUR)
    assert game.phase == "again" and game.chain == (0, 4)
    assert moves(game) == {"stop"}  # BHFS fits nowhere


def test_playing_again_is_allowed_not_required_and_stopping_draws_nothing():
    """docs/rules/froop.md#play-again: playing again is allowed, not required;
    docs/rules/froop.md#stop: a player who declines ends the turn without drawing."""
    game = game_from(["BSFH", "BBSF", "BBFH"], ["BBFS"])
    game.play(THREE)
    pile, hand = len(game.pile), list(game.hands[0])
    game.play("stop")
    assert game.current_player == 1 and game.phase == "play"
    assert len(game.pile) == pile and game.hands[0] == hand
    assert game.log[-1] == "Ada stops."


def test_a_two_match_in_a_chain_ends_the_turn():
    """docs/rules/froop.md#play-again: only a 3- or 4-match earns another card: a 2-match ends
    the chain."""
    game = game_from(["BSFH", "HFSS", "BBFH"], ["BBFS"])
    game.play(THREE)
    game.play(TWO)
    assert game.current_player == 1 and game.phase == "play" and game.chain is None


def test_who_may_play_again_but_cannot_is_offered_stop_only():
    """docs/rules/froop.md#stop: a player who may play again but cannot ends the turn without
    drawing: `stop` is the only decision, and it never draws."""
    game = game_from(["BSFH", "BBFH"], ["BBFS"])
    game.play(THREE)
    assert [str(m) for m in game.legal_moves()] == ["stop"]
    with pytest.raises(IllegalMove, match="may play again or stop"):
        game.play("draw")
    with pytest.raises(IllegalMove, match="say 'stop'"):
        game.play("pass")


def test_you_may_not_draw_or_pass_while_you_hold_a_legal_play():
    """docs/rules/froop.md#must-play: you may neither draw nor pass while you hold a legal play
    (the draw is only for a player unable to play)."""
    game = game_from(["HFSS", "BBFH"], ["BBFS"])
    with pytest.raises(IllegalMove, match="may not draw while you have a legal play"):
        game.play("draw")
    with pytest.raises(IllegalMove, match="may not pass while you have a legal play"):
        game.play("pass")
    with pytest.raises(IllegalMove, match="'stop' ends a turn after a 3- or 4-match"):
        game.play("stop")
    assert game.history == []


def test_with_no_legal_play_you_draw_one_card_and_your_turn_ends():
    """docs/rules/froop.md#draw: with no card that fits you draw one card and your turn ends
    (even when the card drawn would fit)."""
    game = game_from(["BBFH"], ["BBFS"], pile=["HFSS"])
    assert not any(game.placements([card]) for card in UNPLAYABLE)
    assert [str(m) for m in game.legal_moves()] == ["draw"]
    with pytest.raises(IllegalMove, match="pass only on an empty pile"):
        game.play("pass")
    size = len(game.pile)
    game.play("draw")
    assert game.hands[0] == ["BBFH", "HFSS"] and len(game.pile) == size - 1
    assert game.current_player == 1
    assert game.log[-1] == "Ada draws HFSS." and game.view(1)["events"][-1] == \
        "Ada draws a card."
    assert game.undo_floor == 1


def test_with_the_pile_empty_and_no_legal_play_you_pass():
    """docs/rules/froop.md#pass: an empty pile and no legal play: pass."""
    game = blocked_game(back=1)
    assert game.pile == [] and [str(m) for m in game.legal_moves()] == ["pass"]
    with pytest.raises(IllegalMove, match="the draw pile is empty: with no card that fits, "
                                          "pass"):
        game.play("draw")
    game.play("pass")
    assert game.current_player == 1 and game.passes == 1
    assert game.view(None)["passes"] == 1


def test_when_every_player_passes_in_succession_the_game_is_a_draw():
    """docs/rules/froop.md#blocked: when every player passes in succession the game ends in a
    draw."""
    game = blocked_game()
    play(game, "pass")
    assert not game.is_over
    play(game, "pass")
    assert game.is_over and game.winners == () and game.phase == "over"
    assert game.log[-1] == "Nobody can play and the pile is empty: the game is a draw."
    assert game.seats_to_act == () and game.legal_moves(0) == []


def test_a_play_between_passes_starts_the_count_again():
    """docs/rules/froop.md#blocked: every player must pass *in succession*: a play in between
    starts the count again."""
    game = blocked_game(back=1)
    play(game, "pass", "FHBB at 3,-9")
    assert game.passes == 0 and game.froop[-1].match == 2
    play(game, "pass")
    assert not game.is_over and game.passes == 1
    play(game, "pass")
    assert game.is_over and game.winners == ()


def test_fewest_wins_gives_a_blocked_game_to_the_fewest_cards_and_ties_share():
    """docs/rules/froop.md#fewest-wins: the option `fewest_wins=True`: the fewest cards win a
    blocked game, ties share."""
    game = blocked_game(fewest_wins=True)
    play(game, "pass", "pass")
    assert game.winners == (0, 1)
    assert "Ada and Bob have the fewest cards (1) and share the win" in game.log[-1]
    # Bob holds two cards; his time runs out on the empty pile: a pass
    # (docs/rules/froop.md#speed-empty-pile).
    clock = ManualClock()
    game = blocked_game(back=1, fewest_wins=True, speed=True, clock=clock)
    play(game, "pass")
    clock.advance(20)
    play(game, "time")
    assert game.is_over and game.winners == (0,)
    assert "Ada has the fewest cards (1) and wins" in game.log[-1]


def test_the_first_player_to_run_out_of_cards_wins_at_once():
    """docs/rules/froop.md#winning: the first player to run out of cards wins.
    docs/rules/froop.md#running-out: emptying your hand ends it at once, even after a 3- or
    4-match (no playing again)."""
    game = game_from(["HFSS"], ["BBFS"])
    game.play(TWO)
    assert game.is_over and game.winners == (0,) and game.log[-1] == \
        "Ada has no card left and wins!"
    game = game_from(["BSFH"], ["BBFS"])
    game.play(THREE)
    assert game.is_over and game.winners == (0,) and game.chain is None


# -- Cutthroat --------------------------------------------------------------------------


def test_cutthroat_after_a_three_play_again_give_a_card_or_stop():
    """docs/rules/froop.md#cutthroat-give: after a 3-match, play again, give one of your cards
    to another player, or stop; docs/rules/froop.md#cutthroat-ends-turn: giving ends the turn."""
    game = game_from(["BSFH", "BBSF", "BBFH"], ["BBFS"], ["HHBS"], cutthroat=True)
    game.play(THREE)
    legal = moves(game)
    assert {THEN_THREE, "stop", "give BBFH to 1", "give BBFH to 2", "give BBSF to 1"} <= legal
    assert "give BBFH to 0" not in legal and "others draw" not in legal
    game.play("give BBFH to 2")
    assert game.hands[2] == ["BBFH", "HHBS"] and game.hands[0] == ["BBSF"]
    assert game.current_player == 1 and game.phase == "play"
    assert game.log[-1] == "Ada gives BBFH to Cleo."
    assert game.view(1)["events"][-1] == "Ada gives Cleo a card."
    assert game.view(0)["gave"] == [{"card": "BBFH", "seat": 2}]
    assert game.undo_floor == 2  # Cleo saw the card


def test_cutthroat_giving_away_your_last_card_is_running_out():
    """docs/rules/froop.md#cutthroat-last-card: giving away your last card is running out."""
    game = game_from(["BSFH", "BBFH"], ["BBFS"], cutthroat=True)
    play(game, THREE, "give BBFH to 1")
    assert game.is_over and game.winners == (0,)


def test_cutthroat_after_a_four_play_again_make_the_others_draw_or_stop():
    """docs/rules/froop.md#cutthroat-draw: after a 4-match, play again, make every other player
    draw one card, or stop; docs/rules/froop.md#short-pile: in turn order from the next
    player; docs/rules/froop.md#cutthroat-ends-turn: making them draw ends the turn."""
    game = game_from(["HBBS", "BBFH"], ["BBFS"], ["HHBS"], pile=["HFSS", "BSFH"],
                     cutthroat=True, to_move=0)
    game.play(FOUR)
    assert moves(game) == {"others draw", "stop"}
    game.play("others draw")
    assert game.hands[1] == ["BBFS", "HFSS"] and game.hands[2] == ["BSFH", "HHBS"]
    assert game.current_player == 1
    assert game.log[-3:] == ["Ada makes every other player draw a card.",
                             "Bob draws HFSS.", "Cleo draws BSFH."]


def test_cutthroat_a_short_pile_is_drawn_in_turn_order_from_the_next_player():
    """docs/rules/froop.md#short-pile: a short pile is drawn in turn order from the next
    player."""
    game = game_from(["FHSH", "BBHF"], ["BHHF"], ["BSBH"], froop=FULL, pile=["HFSH"],
                     fill=False, cutthroat=True, to_move=0)
    play(game, FULL_FOUR, "others draw")
    assert game.hands[1] == ["BHHF", "HFSH"] and game.hands[2] == ["BSBH"]
    assert game.log[-1] == "The pile is empty: Cleo draws nothing."


def test_cutthroat_others_draw_is_not_offered_on_an_empty_pile():
    """docs/rules/froop.md#cutthroat-empty-pile: "make every other player draw" is not offered
    on an empty pile."""
    game = game_from(["FHSH", "BBHF"], ["BHHF", "BSBH", "HFSH"], froop=FULL, fill=False,
                     cutthroat=True)
    game.play(FULL_FOUR)
    assert "others draw" not in moves(game) and "stop" in moves(game)
    with pytest.raises(IllegalMove, match="the draw pile is empty: nobody can draw"):
        game.play("others draw")


def test_without_cutthroat_there_is_no_giving_and_no_making_the_others_draw():
    """docs/rules/froop.md#cutthroat-give: giving and making the others draw are Cutthroat's (an
    option)."""
    game = game_from(["BSFH", "BBFH"], ["BBFS"])
    game.play(THREE)
    with pytest.raises(IllegalMove, match="part of Cutthroat and Panic"):
        game.play("give BBFH to 1")
    with pytest.raises(IllegalMove, match="Cutthroat's reward for matching 4"):
        game.play("others draw")


# -- Speed ------------------------------------------------------------------------------


def test_speed_gives_the_player_on_turn_the_countdown_from_the_last_decision():
    """docs/rules/froop.md#speed-countdown: 20 seconds to lay a card;
    docs/rules/froop.md#speed-chain: the countdown runs from the last decision, for each
    card of a chain."""
    clock = ManualClock(100)
    game = game_from(["BSFH", "BBSF", "BBFH"], ["BBFS"], speed=True, clock=clock)
    assert game.deadline == (120, 0, Move("time"))
    clock.advance(5)
    game.play(THREE)
    assert game.deadline.time == 125 and game.deadline.seat == 0
    view = game.view(1)
    assert view["countdown"] == {"seat": 0, "seconds": 20, "left": 20.0}
    clock.advance(7.5)
    assert game.view(None)["countdown"]["left"] == 12.5
    assert FroopGame(2, seed=1).deadline is None


def test_speed_time_before_the_first_card_draws_and_ends_the_turn():
    """docs/rules/froop.md#speed-countdown and docs/rules/froop.md#speed-time-out: time out
    before the first card of a turn: draw a card, and the turn ends."""
    clock = ManualClock()
    game = game_from(["HFSS", "BBFH"], ["BBFS"], pile=["BSFH"], speed=True, clock=clock)
    assert Move("time") not in game.legal_moves()
    clock.advance(20)
    assert Move("time") not in game.legal_moves()
    game.play("time")
    assert game.hands[0] == ["BBFH", "BSFH", "HFSS"] and game.current_player == 1
    assert game.deadline.time == 40 and game.undo_floor == 1
    assert game.log[-2:] == ["Ada's time is up: Ada must draw a card, and the turn ends.",
                             "Ada draws BSFH."]


def test_speed_time_on_an_empty_pile_is_a_pass():
    """docs/rules/froop.md#speed-empty-pile: time out before the first card on an empty pile:
    a pass, which counts toward every player passing in succession."""
    clock = ManualClock()
    game = blocked_game(speed=True, clock=clock)
    clock.advance(20)
    game.play("time")
    assert game.passes == 1 and game.current_player == 1
    clock.advance(20)
    game.play("time")
    assert game.is_over and game.winners == ()


def test_speed_time_during_a_chain_ends_the_turn_without_a_draw():
    """docs/rules/froop.md#speed-chain-time-out: time out during a chain: the turn ends without
    a draw."""
    clock = ManualClock()
    game = game_from(["BSFH", "BBSF"], ["BBFS"], speed=True, clock=clock)
    game.play(THREE)
    pile = len(game.pile)
    clock.advance(20)
    game.play("time")
    assert game.current_player == 1 and len(game.pile) == pile and game.hands[0] == ["BBSF"]
    assert game.log[-1] == "Ada's time is up: the turn ends."


def test_speed_time_is_refused_before_the_countdown_runs_out_saying_how_long_is_left():
    """Core contract: the rules' own decision comes only at its time; before, the refusal
    says how long the seat still has, and changes nothing."""
    clock = ManualClock()
    game = game_from(["HFSS"], ["BBFS"], speed=True, clock=clock)
    clock.advance(7.5)
    with pytest.raises(IllegalMove, match=r"Ada still has 12\.5 s"):
        game.play("time")
    with pytest.raises(IllegalMove, match="not Bob's turn"):
        game.play("time", seat=1)
    assert game.history == []
    with pytest.raises(IllegalMove, match="no countdown"):
        game_from(["HFSS"], ["BBFS"]).play("time")


def test_speed_a_saved_countdown_decision_loads_whatever_the_clock_read():
    """Core contract: a countdown's decision is saved and replayed like any other. A save
    keeps times to the millisecond, so loading accepts `time` a hair before its deadline
    (README, Speed)."""
    rng = random.Random(5)
    for _ in range(20):
        clock = ManualClock(rng.uniform(0, 1000))
        game = game_from(["BBFH"], ["BBFS"], speed=True, clock=clock)
        clock.advance(rng.uniform(20, 30))
        game.play("time")  # late: a time off the millisecond grid
        for _ in range(6):  # each runs out (a draw) right at its deadline
            clock.advance_to(game.deadline.time)
            game.play("time")
        loaded = FroopGame.from_dict(game.to_dict(), clock=ManualClock(game.last_time))
        assert loaded.log == game.log and loaded.deadline == game.deadline
        undone = game.copy()
        undone.undo()
        assert undone.history == game.history[:-1]


def test_speed_a_saves_decisions_replay_through_play_at():
    """Core contract (play_at, for replays): a save's ``[seat, move, seconds]`` played with
    ``play_at(started + seconds, move, seat)`` on a fresh game of the same options, seed
    and position is the same game — though a save keeps times to the millisecond, so a
    countdown's decision may be saved a millisecond before its deadline (it was refused:
    "Bob still has 0.1 s")."""
    rng = random.Random(5)
    early = 0
    for start in [0.0] + [rng.uniform(0, 1000) for _ in range(20)]:
        clock = ManualClock(start)
        game = game_from(["BBFH"], ["BBFS"], speed=True, clock=clock)
        # 0.0005 s is saved as 0.001 and the deadline 20.0005 as 20.0 (from a start at 0)
        clock.advance(0.0005 if start == 0 else rng.uniform(0, 30))
        game.play(game.legal_moves()[0])
        for _ in range(6):  # each runs out (a draw) right at its deadline
            clock.advance_to(game.deadline.time)
            game.play("time")
        save = game.to_dict()
        fresh = FroopGame(**save["options"], seed=save["seed"], position=save["position"],
                          clock=ManualClock(rng.uniform(0, 1000)))
        for seat, move, offset in save["decisions"]:
            early += fresh.started + offset < fresh.deadline.time
            fresh.play_at(fresh.started + offset, move, seat)
        assert fresh.to_dict() == save and fresh.log == game.log
    assert early  # the case of the issue came up


def test_speed_a_refusal_for_being_early_says_by_how_much_never_rounded_to_nothing():
    clock = ManualClock()
    game = game_from(["HFSS"], ["BBFS"], speed=True, clock=clock)
    clock.advance(19.6)
    with pytest.raises(IllegalMove, match=r"^Ada still has 0\.4 s$"):
        game.play("time")
    clock.advance_to(19.999)
    with pytest.raises(IllegalMove, match=r"^Ada still has 1 ms$"):
        game.play("time")
    with pytest.raises(IllegalMove, match=r"^Ada still has 50 ms$"):
        game.play_at(19.95, "time")  # more than a save's rounding early
    assert game.history == []
    clock.advance_to(20)
    game.play("time")
    assert game.history == [(0, Move("time"))]


def test_speed_other_decisions_are_never_refused_for_lateness():
    """Core contract: nothing but `time` depends on the clock."""
    clock = ManualClock()
    game = game_from(["HFSS", "BBFH"], ["BBFS"], speed=True, clock=clock)
    clock.advance(500)
    game.play(TWO)
    assert game.current_player == 1 and game.deadline.time == 520


# -- Strategic --------------------------------------------------------------------------


def test_strategic_every_hand_is_face_up_for_everyone():
    """docs/rules/froop.md#strategic-hands: every hand is face up for the whole game; README:
    every view shows every hand; docs/rules/froop.md#strategic-events: draws are named."""
    game = game_from(["BBFH"], ["HFSS", "BSFH"], pile=["BBSF"], strategic=True)
    assert not game.hides_hands and game_from(["BBFH"], ["HFSS"]).hides_hands
    for seat in (None, 0, 1):
        assert [p["hand"] for p in game.view(seat)["players"]] == [["BBFH"], ["BSFH", "HFSS"]]
    game.play("draw")
    assert game.view(None)["events"][-1] == "Ada draws BBSF."


# -- Panic ------------------------------------------------------------------------------


def test_panic_every_seat_may_act_at_once():
    """docs/rules/froop.md#panic-race: every seat may play at any time; README: every seat with
    a decision is in seats_to_act, phase race."""
    game = game_from(["HFSS"], ["BSFH", "BBFH"], ["BBFS"], panic=True)
    assert game.seats_to_act == (0, 1, 2) and game.current_player is None
    assert game.phase == "race" and game.view(None)["turn"] is None
    assert moves(game, 2) == {"draw"} and TWO in moves(game, 0)
    game.play(THREE, seat=1)
    assert game.seats_to_act == (0, 1, 2)


def test_panic_a_three_must_give_a_card_and_the_others_race_on():
    """docs/rules/froop.md#panic-three and docs/rules/froop.md#panic-must-give: a 3-match must
    give a card to another player (its only decisions until then)."""
    game = game_from(["HFSS", "BHFS"], ["BSFH", "BBFH", "HHBS"], ["BBFS"], panic=True)
    game.play(THREE, seat=1)
    assert game.must_give == {1} and game.view(None)["must_give"] == [1]
    assert moves(game, 1) == {f"give {c} to {s}" for c in ("BBFH", "HHBS") for s in (0, 2)}
    with pytest.raises(IllegalMove, match="Three! Bob must first give a card"):
        game.play("draw", seat=1)
    game.play(TWO, seat=0)  # a rival plays meanwhile
    game.play("give HHBS to 2", seat=1)
    assert game.must_give == set() and game.hands[2] == ["BBFS", "HHBS"]
    assert game.view(0)["events"][-1] == "Bob gives Cleo a card."


def test_panic_a_four_makes_every_other_player_draw_at_once_in_turn_order():
    """docs/rules/froop.md#panic-four: a 4-match makes every other player draw a card;
    docs/rules/froop.md#panic-four-at-once: at once, in turn order from the next seat."""
    game = game_from(["HFSS", "BBFH"], ["HBBS", "BBFS"], ["HHBS"], pile=["BSFH", "BBSF"],
                     panic=True)
    game.play(FOUR, seat=1)
    assert game.hands[2] == ["BSFH", "HHBS"] and game.hands[0] == ["BBFH", "BBSF", "HFSS"]
    assert game.log[-2:] == ["Cleo draws BSFH.", "Ada draws BBSF."]
    assert game.must_give == set() and game.undo_floor == 1


def test_panic_a_four_on_a_short_pile_draws_in_turn_order_from_the_next_seat():
    """docs/rules/froop.md#panic-four-at-once: a short pile is drawn in turn order from the
    next seat."""
    game = game_from(["BHHF"], ["BSBH"], ["FHSH", "BBHF"], froop=FULL, pile=["HFSH"],
                     fill=False, panic=True)
    game.play(FULL_FOUR, seat=2)
    assert game.hands[0] == ["BHHF", "HFSH"] and game.hands[1] == ["BSBH"]
    assert game.log[-1] == "The pile is empty: Bob draws nothing."


def test_panic_there_is_no_playing_again():
    """docs/rules/froop.md#panic-no-play-again: a 3- or 4-match earns no second card, and there
    is nothing to stop."""
    game = game_from(["HBBS", "BSFH", "BBFH"], ["BBFS"], panic=True)
    game.play(FOUR, seat=0)
    assert game.chain is None and game.phase == "race"
    assert "stop" not in moves(game, 0)
    with pytest.raises(IllegalMove, match="nobody plays again"):
        game.play("stop", seat=0)


def test_panic_a_seat_draws_only_when_no_card_of_its_fits():
    """docs/rules/froop.md#panic-draw: a seat with no legal play may draw at any time, and only
    then."""
    game = game_from(["HFSS"], ["BBFS"], pile=["BSFH"], panic=True)
    with pytest.raises(IllegalMove, match="may not draw while you have a legal play"):
        game.play("draw", seat=0)
    game.play("draw", seat=1)
    assert game.hands[1] == ["BBFS", "BSFH"]
    game.play(THREE, seat=1)
    assert game.must_give == {1}


def test_panic_a_play_a_rivals_card_spoiled_is_too_late():
    """docs/rules/froop.md#panic-too-late: a play made stale by another card is refused with a
    clear message, naming the rival whose card changed the spot."""
    game = game_from(["BSFH", "BBFH"], ["FSFH", "BBFS"], panic=True)
    assert THREE in moves(game, 0) and "FSFH at -1,-1" in moves(game, 1)
    seen = len(game.history)
    game.play("FSFH at -1,-1", seat=1)
    assert game.fresh(seen)  # the board would pass Ada's click on to the rules...
    with pytest.raises(IllegalMove, match=r"too late: Bob's card \(FSFH at -1,-1\) changed "
                                          r"that spot"):
        game.play(THREE, seat=0)  # ...which refuse it as too late
    assert game.hands[0] == ["BBFH", "BSFH"]


def test_panic_on_an_empty_pile_a_stuck_seat_passes_and_all_stuck_ends_the_game():
    """docs/rules/froop.md#panic-stuck: on an empty pile a seat with no play says so (`pass`)
    and is stuck until the Froop changes; every seat stuck ends the game as blocked."""
    game = blocked_game(back=1, panic=True)
    assert game.seats_to_act == (0, 1) and moves(game, 0) == {"pass"}
    game.play("pass", seat=0)
    assert game.seats_to_act == (1,) and game.view(None)["stuck"] == [0]
    with pytest.raises(IllegalMove, match="Ada is stuck"):
        game.play("pass", seat=0)
    game.play("FHBB at 3,-9", seat=1)  # a new card: everyone looks again
    assert game.seats_to_act == (0, 1)
    play(game, "pass", seat=0)
    play(game, "pass", seat=1)
    assert game.is_over and game.winners == ()


def test_panic_and_speed_cannot_be_played_together():
    """docs/rules/froop.md#combinations: Panic excludes Speed."""
    with pytest.raises(GameError, match="Panic and Speed"):
        FroopGame(2, panic=True, speed=True)


def test_panic_plays_like_cutthroat_so_cutthroat_changes_nothing():
    """docs/rules/froop.md#panic-like-cutthroat: Panic includes Cutthroat's effects, so
    `cutthroat=True` changes nothing."""
    games = [game_from(["HFSS"], ["BSFH", "BBFH"], ["BBFS"], panic=True, **extra)
             for extra in ({}, {"cutthroat": True})]
    for game in games:
        play(game, THREE, "give BBFH to 2", seat=1)
    a, b = (g.view(2) for g in games)
    assert a.pop("variants") == ["panic"] and b.pop("variants") == ["cutthroat", "panic"]
    assert a == b


# -- Marathon ---------------------------------------------------------------------------


def test_marathon_running_out_scores_and_everyone_draws_back_up_to_seven_from_the_scorer():
    """docs/rules/froop.md#marathon-points and docs/rules/froop.md#marathon-draw-back: running
    out scores a point, everyone draws back up to 7 and play goes on;
    docs/rules/froop.md#marathon-goes-on: the scorer's turn ends, the draw-back goes in turn
    order from the scorer, the next seat plays; docs/rules/froop.md#marathon-over-seven: a hand
    over 7 keeps its cards."""
    big = ["BBFH", "BBFS", "BBHF", "BBHS", "BBSF", "BBSH", "BFBH", "BFBS"]  # 8 cards
    game = game_from(big, ["HFSS"], ["HHBS", "HSBS"], to_move=1, marathon=True)
    pile = list(reversed(game.pile))  # top first
    game.play(TWO, seat=1)
    assert game.points == [0, 1, 0] and game.view(None)["players"][1]["points"] == 1
    assert game.hands[1] == sorted(pile[:7])
    assert game.hands[2] == sorted(["HHBS", "HSBS", *pile[7:12]])
    assert game.hands[0] == big
    assert game.current_player == 2 and game.phase == "play" and not game.is_over
    assert game.log[-3] == ("Bob has no card left and scores a point (1 point). Everyone "
                            "draws back up to 7 cards, from Bob on.")


def test_marathon_ends_the_moment_the_last_card_is_drawn_most_points_winning():
    """docs/rules/froop.md#marathon-end: when the pile runs out, the most points win;
    docs/rules/froop.md#marathon-last-card: the moment the last card is drawn."""
    game = game_from(["BBFS"], ["BBHS"], froop=BLOCKED[:-1], pile=["BBHF"], fill=False,
                     marathon=True, points=[2, 1])
    game.play("draw")
    assert game.is_over and game.winners == (0,) and game.hands[0] == ["BBFS", "BBHF"]
    assert game.log[-1] == ("The last card of the pile is drawn: the Marathon is over "
                            "(Ada 2, Bob 1). Ada wins with 2 points!")


def test_marathon_tied_leaders_share_the_win():
    """docs/rules/froop.md#marathon-ties: tied leaders share the win."""
    game = game_from(["BBFS"], ["BBHS"], froop=BLOCKED[:-1], pile=["BBHF"], fill=False,
                     marathon=True, points=[1, 1])
    game.play("draw")
    assert game.winners == (0, 1) and "Ada and Bob share the win" in game.log[-1]


def test_marathon_may_end_during_the_draw_back():
    """docs/rules/froop.md#marathon-last-card: the game ends the moment the last card is drawn
    — during the draw-back too: the seats after it draw nothing."""
    game = game_from(["FHSH"], ["BHHF", "BSBH"], ["BBHF"], froop=FULL, pile=["HFSH"],
                     fill=False, marathon=True)
    game.play(FULL_FOUR)  # Ada's last card: a point, and she draws the last card
    assert game.is_over and game.points == [1, 0, 0] and game.winners == (0,)
    assert game.hands == [["HFSH"], ["BHHF", "BSBH"], ["BBHF"]]


def test_marathon_combines_with_every_other_option_and_only_panic_excludes_speed():
    """docs/rules/froop.md#combinations: Marathon combines with any other; every combination is
    allowed but Panic with Speed."""
    names = ["cutthroat", "speed", "strategic", "panic", "marathon", "fewest_wins"]
    for k in range(len(names) + 1):
        for combo in itertools.combinations(names, k):
            options = dict.fromkeys(combo, True)
            if "panic" in combo and "speed" in combo:
                with pytest.raises(GameError, match="Panic and Speed"):
                    FroopGame(3, seed=1, **options)
            else:
                game = FroopGame(3, seed=1, **options)
                assert game.view(0)["variants"] == [n for n in names if n in combo]


# -- explicit positions -----------------------------------------------------------------

HANDS = [["HFSS"], ["BBFS"]]


@pytest.mark.parametrize(("position", "problem"), [
    ("froop", "a position is a dictionary"),
    ({"froop": SMALL, "hands": HANDS, "deck": []}, "unknown key 'deck'"),
    ({"hands": HANDS}, "the position has no 'froop'"),
    ({"froop": [], "hands": HANDS}, "'froop' lists the cards laid"),
    ({"froop": [["HSBF", 1, 0]], "hands": HANDS}, "the starting card lies at 0,0"),
    ({"froop": [["HSBF", 0, 0], ["HSBF", 5, 5]], "hands": HANDS}, "HSBF|FBSH"),
    ({"froop": [["HSBF", 0, 0], ["FBSH", 0, 0]], "hands": HANDS},
     "FBSH is in the position twice"),
    ({"froop": [["HSBF", 0, 0], ["SSFH", 1, 1]], "hands": HANDS},
     "card 2 of the Froop, SSFH at 1,1, is not a legal play on the cards before it"),
    ({"froop": [["HSBF", 0, 0], ["HFSS", 1, 0]], "hands": HANDS},
     "the cell 1,0 shows a smiley"),
    ({"froop": [["HSBX", 0, 0]], "hands": HANDS}, "is not a card as laid"),
    ({"froop": [["HHSS", 0, 0]], "hands": HANDS}, "at least three different symbols"),
    ({"froop": [["HSBF", 0.0, 0]], "hands": HANDS}, "x and y are whole numbers"),
    ({"froop": [["HSBF", True, 0]], "hands": HANDS}, "x and y are whole numbers"),
    ({"froop": [["HSBF", 0]], "hands": HANDS}, "each card laid is \\[letters, x, y\\]"),
    ({"froop": SMALL, "hands": [["HFSS"]]}, "'hands' must list one entry per seat"),
    ({"froop": SMALL}, "the position has no 'hands'"),
    ({"froop": SMALL, "hands": [["HFSS"], []]}, "seat 1's hand is empty"),
    ({"froop": SMALL, "hands": [["HFSS"], "BBFS"]}, "seat 1's hand is a list"),
    ({"froop": SMALL, "hands": [["HFSS"], ["HFSS"]]}, "HFSS is in the position twice"),
    ({"froop": SMALL, "hands": [["HFSS"], ["BFSS"]]}, "BFSS is in the position twice"),
    ({"froop": SMALL, "hands": [["HFSS"], [7]]}, "seat 1's hand: 7 is not a card"),
    ({"froop": SMALL, "hands": HANDS, "pile": ["BBFH"]}, "is nowhere: every one of the 84"),
    ({"froop": SMALL, "hands": HANDS, "pile": "BBFH"}, "'pile' lists the draw pile"),
    ({"froop": SMALL, "hands": HANDS, "to_move": 2}, "'to_move' is a seat"),
    ({"froop": SMALL, "hands": HANDS, "to_move": True}, "'to_move' is a seat"),
    ({"froop": SMALL, "hands": HANDS, "to_move": 1.0}, "'to_move' is a seat"),
    ({"froop": SMALL, "hands": HANDS, "points": [0, 1]}, "only in Marathon"),
    ({"froop": SMALL, "hands": HANDS, "points": [0]}, "'points' lists each seat's"),
    ({"froop": SMALL, "hands": HANDS, "points": [0, -1]}, "'points' lists each seat's"),
])
def test_a_bad_position_is_refused_naming_the_problem(position, problem):
    """README: every card in exactly one place; each card of the Froop after the first a
    legal play on the cards before it; the first at 0,0; no empty hand."""
    with pytest.raises(BadPosition, match=problem):
        FroopGame(2, seed=0, position=position)


def _rebuilt(game) -> FroopGame:
    """A game made from ``game.to_position()``, with its options, on its clock's time."""
    options = {k: v for k, v in game.options.items() if k != "players"}
    return FroopGame(game.players, seed=99, position=game.to_position(),
                     clock=ManualClock(game.clock.now()), **options)


def test_a_position_keeps_the_passes_in_a_row_so_a_rebuilt_game_ends_alike():
    """README: 'passes' (the passes in a row on an empty pile). Left out, a game rebuilt
    after Ada's pass needed two more passes to end, not one."""
    game = blocked_game()
    game.play("pass")
    rebuilt = _rebuilt(game)
    assert rebuilt.to_position()["passes"] == 1 == rebuilt.view(None)["passes"]
    for one in (game, rebuilt):
        one.play("pass")
    assert rebuilt.is_over and game.is_over and rebuilt.winners == game.winners == ()


def test_a_position_keeps_panics_stuck_seats():
    """README: 'stuck' (Panic: the seats stuck since they passed). Left out, a stuck seat
    of a rebuilt game could pass again, and the game went on after everyone was stuck."""
    game = blocked_game(back=1, panic=True)
    game.play("pass", seat=0)
    rebuilt = _rebuilt(game)
    assert rebuilt.seats_to_act == game.seats_to_act == (1,)
    assert rebuilt.view(None)["stuck"] == [0]
    with pytest.raises(IllegalMove, match="Ada is stuck"):
        rebuilt.play("pass", seat=0)


def test_a_position_keeps_who_laid_each_card_and_where_the_cards_given_went():
    """README: a card of the Froop as [letters, x, y, seat], and 'gave': what a seat knows
    of the others' hands (its view, the cards it has not seen, their odds)."""
    game = game_from(["BSFH", "BBSF", "BBFH"], ["BBFS"], ["HHBS"], cutthroat=True)
    play(game, THREE, "give BBFH to 2")
    position = game.to_position()
    assert position["froop"][-1] == [THREE.split()[0], -1, -1, 0]
    assert position["gave"] == [[["BBFH", 2]], [], []]
    rebuilt = _rebuilt(game)
    for seat in (None, 0, 1, 2):
        assert rebuilt.view(seat)["cards"] == game.view(seat)["cards"]
        assert rebuilt.view(seat)["gave"] == game.view(seat)["gave"]
        assert rebuilt.chance_odds("draw", seat) == game.chance_odds("draw", seat)


def test_an_old_position_without_the_new_keys_still_loads():
    """README: 'passes', 'stuck' and 'gave' default to none, and a card of the Froop to
    nobody's ([letters, x, y])."""
    game = game_from(["HFSS"], ["BBFS"])
    assert game.passes == 0 and game.stuck == set() and game.gave == [{}, {}]
    assert all(laid.seat is None for laid in game.froop)
    assert game.position["passes"] == 0 and game.position["gave"] == [[], []]


@pytest.mark.parametrize(("options", "extra", "problem"), [
    ({}, {"passes": 1}, "passes only on an empty pile"),
    ({}, {"passes": 2}, "'passes' counts the passes in a row, 0 to 1"),
    ({}, {"passes": True}, "'passes' counts"),
    ({"panic": True}, {"stuck": [0]}, "stuck only in Panic.*once it passed on an empty pile"),
    ({}, {"stuck": [[0]]}, "'stuck' lists seats"),
    ({}, {"stuck": [0, 0]}, "'stuck' lists seats"),
    ({}, {"gave": [[["HFSS", 1]], []]}, "HFSS is not in seat 1's hand"),
    ({}, {"gave": [[["BBFS", 1]], []]}, "only in Cutthroat and Panic"),
    ({"cutthroat": True}, {"gave": [[["BBFS", 0]], []]}, "went to another seat"),
    ({"cutthroat": True}, {"gave": [["BBFS"], []]}, "each card given is \\[card, seat\\]"),
    ({}, {"gave": [[]]}, "'gave' lists, for each seat"),
    ({}, {"froop": [["HSBF", 0, 0, 0]]}, "the starting card's is None"),
    ({}, {"froop": [["HSBF", 0, 0], ["BFSS", 0, 1, 2]]}, "the seat that laid it is a seat"),
])
def test_a_bad_position_key_of_the_rules_state_is_refused(options, extra, problem):
    position = {"froop": SMALL, "hands": HANDS, **extra}
    with pytest.raises(BadPosition, match=problem):
        FroopGame(2, seed=0, position=position, **options)


def test_a_marathon_position_needs_a_draw_pile():
    """README: Marathon with an empty pile is refused (that game would be over)."""
    with pytest.raises(BadPosition, match="a Marathon position needs a draw pile"):
        blocked_game(marathon=True)
    game_from(["HFSS"], ["BBFS"], marathon=True, points=[3, 1])  # a pile: fine


def test_a_position_without_a_pile_shuffles_the_rest_into_it_by_the_seed():
    """README: "pile" None (or left out): every card not placed, shuffled by the seed."""
    position = {"froop": SMALL, "hands": [["hfss"], ["SSFH"[::-1], "BBFS"]]}
    with pytest.raises(BadPosition, match="HFSS is in the position twice"):
        FroopGame(2, seed=3, position=position)
    position["hands"] = [["hfss"], ["SFBB"]]  # either spelling, any case
    a, b, c = (FroopGame(2, seed=s, position=position) for s in (3, 3, 4))
    assert a.hands == [["HFSS"], ["BBFS"]] and a.position["hands"] == [["HFSS"], ["BBFS"]]
    assert a.pile == b.pile != c.pile and sorted(a.pile) == sorted(c.pile)
    assert where_is_every_card(a) == Counter(CARDS)
    assert a.froop[1].match == 2 and a.froop[0].match is None
    assert FroopGame.from_dict(a.to_dict()).pile == a.pile
    assert a.to_position()["pile"] == list(reversed(a.pile))


# -- bad input --------------------------------------------------------------------------


NO_DECISIONS = ["", "xyz", "HSBF", "HSBF at", "HSBF at 1", "HXBF at 1,0", "HSBF at 1,0,0",
                "give", "give HSBF", "give HSBF to", "give HSBF to nobody", "give HSBF to -1",
                "others", "HSBF at 1234567,0", "a" * 10_000]


@pytest.mark.parametrize("bad", NO_DECISIONS)
def test_a_text_that_is_no_decision_is_bad_notation_and_changes_nothing(bad):
    """pondwidgets/core/README.md#errors: a text that is no Froop! decision raises
    BadNotation (the rules never saw a move), saying how decisions are written."""
    game = game_from(["HFSS", "BBFH"], ["BBFS"])
    before = (game.to_dict(), game.view(0), game.view(None), list(game.log))
    with pytest.raises(BadNotation) as refusal:
        game.play(bad)
    assert 0 < len(str(refusal.value)) < 400
    assert (game.to_dict(), game.view(0), game.view(None), list(game.log)) == before


@pytest.mark.parametrize("bad", [
    None, 3, [], ("play",), Move("jump"),
    Move("play", "SSFH", 1.5, 0), Move("play", "SSFH", True, 1), Move("play", None, 1, 0),
    Move("play", "SSFHH", 1, 0), Move("play", "HHSS", 1, 0), Move("play", 12, 1, 0),
    Move("play", "SSFH", "1", 0), Move("play", "SSFH", float("nan"), 0),
    Move("give", "HFSS", to=1), Move("draw", x=1), Move("pass", card="HFSS"),
    Move("time", to=0), Move(kind=None), Move(["play"]), Move("stop", to=[1]),
])
def test_bad_input_is_refused_and_leaves_the_game_exactly_as_it_was(bad):
    """Core contract: every bad input gets a clear IllegalMove and changes nothing."""
    game = game_from(["HFSS", "BBFH"], ["BBFS"])
    before = (game.to_dict(), game.view(0), game.view(None), list(game.log))
    with pytest.raises(IllegalMove) as refusal:
        game.play(bad)
    assert 0 < len(str(refusal.value)) < 400
    assert (game.to_dict(), game.view(0), game.view(None), list(game.log)) == before


def test_the_notation_reads_back_and_forgives_case_spacing_and_names():
    """README: a play is the card's letters as laid and its top-left cell; a gift names
    the card by its name (either spelling is read) and the seat by number or name."""
    game = game_from(["BSFH", "BBFH"], ["BBFS"], cutthroat=True)
    assert game._parse("ssfh  at 1, 0") == Move("play", "SSFH", 1, 0)
    assert game._parse("FBSH at -3,+2") == Move("play", "FBSH", -3, 2)
    assert game._parse("Give hfbb to BOB") == Move("give", "BBFH", to=1)
    assert game._parse("others  draw") == Move("others")
    for move in (Move("play", "SSFH", 1, 0), Move("give", "BBFH", to=1), Move("draw"),
                 Move("pass"), Move("stop"), Move("others"), Move("time")):
        assert game._parse(str(move)) == move
    assert str(Move("others")) == "others draw" and str(Move("give", "BBFH", to=1)) == \
        "give BBFH to 1"
    game.play(THREE)
    with pytest.raises(IllegalMove, match="name the card by its name: BBFH"):
        game.play(Move("give", "HFBB", to=1))
    assert game.play("give hfbb to bob") == Move("give", "BBFH", to=1)


@pytest.mark.parametrize(("move", "reason"), [
    ("BBFS at 1,0", "BBFS is not in your hand"),
    ("HSBF at 0,0", "FBSH is on the Froop already, not in your hand"),
    (Move("play", "HFSS", 1, 0.5), "whole numbers"),
    ("give HFSS to 1", "under Cutthroat you may give a card right after matching 3"),
    ("others draw", "right after matching 4 symbols"),
    ("time", "no countdown"),
])
def test_a_refusal_names_the_rule(move, reason):
    """Core contract: IllegalMove names the rule that forbids the move."""
    game = game_from(["HFSS", "BBFH"], ["BBFS"], cutthroat=True)
    with pytest.raises(IllegalMove, match=reason):
        game.play(move)


def test_a_gift_is_checked_field_by_field():
    """Core contract: a hand-made move is checked, every field, with a clear refusal."""
    game = game_from(["BSFH", "BBFH"], ["BBFS"], cutthroat=True)
    game.play(THREE)
    for move, reason in [(Move("give", "HFSS", to=1), "HFSS is not in your hand"),
                         (Move("give", "BBFH", to=0), "not to yourself"),
                         (Move("give", "BBFH", to=5), "5 is not a seat"),
                         (Move("give", "BBFH", to=1.5), "1.5 is not a seat"),
                         (Move("give", "XXXX", to=1), "'XXXX' is not a card"),
                         (Move("give", 7, to=1), "7 is not a card")]:
        with pytest.raises(IllegalMove, match=reason):
            game.play(move)


# -- chance -----------------------------------------------------------------------------


def test_chance_of_the_next_draw_is_even_over_the_cards_a_seat_has_not_seen():
    """README: "draw": each card `seat` has not seen (the pile, the hands it cannot see)
    equally likely; the spectator has seen none of the hands; under Strategic, the pile
    alone."""
    game = game_from(["HFSS", "BBFH"], ["BBFS"])
    odds = game.chance_odds("draw", 0)
    assert len(odds) == len(game.pile) + 1 and "BBFS" in odds and "HFSS" not in odds
    assert set(odds.values()) == {Fraction(1, len(odds))}
    assert len(game.chance_odds(seat=None)) == len(game.pile) + 3
    strategic = game_from(["HFSS", "BBFH"], ["BBFS"], strategic=True)
    assert sorted(strategic.chance_odds("draw", 0)) == sorted(strategic.pile)
    with pytest.raises(GameError, match="pile is empty"):
        blocked_game().chance_odds("draw", 0)


def test_chance_of_a_match_size_counts_every_legal_play_once():
    """README: "match": the match size of a random legal play of the seat's hand."""
    game = game_from(["HFSS", "BSFH", "HBBS"], ["BBFH"])
    plays = game.view(0)["plays"]
    odds = game.chance_odds("match", 0)
    assert odds == {str(k): Fraction(sum(p["match"] == k for p in plays), len(plays))
                    for k in (2, 3, 4)}
    assert sum(odds.values()) == 1 and odds["4"] == Fraction(1, len(plays))
    with pytest.raises(GameError, match="Bob has no legal play"):
        game.chance_odds("match", 1)
    with pytest.raises(GameError, match="name the seat"):
        game.chance_odds("match")
    with pytest.raises(GameError, match="'draw' and 'match'"):
        game.chance_odds("die")
