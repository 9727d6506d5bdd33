"""Hidden information in Froop! (docs/design.md#hidden-information): the other seats'
hands (but under Strategic) and the pile's order reach no view and no event text. Tested by
indistinguishability — twins drawn by ``sample_hidden`` give the seat the same view — and
by scanning every view of random games for a card name the seat may not know."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from pondwidgets.froop import CARDS, FroopGame
from pondwidgets.froop.cards import NAME_OF

from .helpers import THEN_THREE, THREE, game_from, play, where_is_every_card

OPTION_SETS = [{}, {"cutthroat": True}, {"strategic": True}, {"panic": True},
               {"marathon": True, "cutthroat": True}, {"speed": True},
               {"panic": True, "marathon": True}, {"cutthroat": True, "strategic": True}]
CARD_WORD = re.compile(r"\b[HSBF]{4}\b")


def _random_game(players, seed, decisions, **options):
    game = FroopGame(players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        seat = rng.choice(game.seats_to_act)
        game.play(rng.choice(game.legal_moves(seat)), seat)
    return game


def _known_to(game, seat) -> set[str]:
    """The card names ``seat`` may know where they are: the Froop's, its own hand's, the
    cards it gave away (still where it put them), and every hand under Strategic."""
    known = {NAME_OF[laid.card] for laid in game.froop}
    if game.strategic:
        known.update(card for hand in game.hands for card in hand)
    if seat is not None:
        known.update(game.hands[seat])
        known.update(game.gave[seat])
    return known


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "base")
def test_twins_from_sample_hidden_look_the_same_to_their_seat(options):
    """``sample_hidden(seat)`` keeps everything ``seat`` sees — its view, its legal moves
    — and deals the rest afresh: every card still in one place, every hand its size."""
    rng = random.Random(1)
    for seed in range(4):
        game = FroopGame(2 + seed * 2, seed=seed, **options)
        moves = random.Random(seed)
        changed = Counter()
        for _ in range(25):
            if game.is_over:
                break
            for seat in (None, *range(game.players)):
                twin = game.sample_hidden(seat, rng)
                assert twin.view(seat) == game.view(seat)
                if seat is not None:
                    assert twin.legal_moves(seat) == game.legal_moves(seat)
                assert where_is_every_card(twin) == Counter(CARDS)
                assert [len(h) for h in twin.hands] == [len(h) for h in game.hands]
                assert len(twin.pile) == len(game.pile)
                others = [s for s in range(game.players) if s != seat]
                changed["hands"] += any(twin.hands[s] != game.hands[s] for s in others)
                changed["pile"] += twin.pile != game.pile
            acting = moves.choice(game.seats_to_act)
            game.play(moves.choice(game.legal_moves(acting)), acting)
        assert changed["pile"]
        assert bool(changed["hands"]) != bool(options.get("strategic"))


def test_strategic_reshuffles_only_the_pile():
    """README: under Strategic every hand is public: a sample redraws the pile's order
    alone."""
    game = _random_game(4, seed=3, decisions=12, strategic=True)
    for seat in (None, 0, 2):
        twin = game.sample_hidden(seat, random.Random(seat or 9))
        assert twin.hands == game.hands and sorted(twin.pile) == sorted(game.pile)
        assert twin.pile != game.pile


def test_a_seat_knows_where_the_cards_it_gave_are_until_they_move_on():
    """docs/rules/froop.md#what-a-player-knows: the cards a seat gave and still held
    where they went are known to it: its samples keep them there (another seat's samples
    do not), until they move on."""
    game = game_from(["BSFH", "BBFH", "HHBS"], ["BBFS", "BHFS"], ["FHBH", "FHBS"],
                     cutthroat=True)
    play(game, THREE, "give BBFH to 1")
    assert game.view(0)["gave"] == [{"card": "BBFH", "seat": 1}]
    assert game.view(1)["gave"] == [] and game.view(2)["gave"] == []
    giver = [game.sample_hidden(0, random.Random(i)) for i in range(30)]
    other = [game.sample_hidden(2, random.Random(i)) for i in range(30)]
    assert all("BBFH" in twin.hands[1] for twin in giver)
    assert not all("BBFH" in twin.hands[1] for twin in other)
    assert "BBFH" not in game.chance_odds("draw", 0)  # not a card Ada has not seen
    assert "BBFH" in game.chance_odds("draw", 2)


def test_a_card_given_on_is_no_longer_known_to_the_first_giver():
    """docs/rules/froop.md#what-a-player-knows: once the receiver gives the card on (to
    someone else), the first giver no longer knows where it is; the new giver does."""
    game = game_from(["BSFH", "BBFH", "HHBS"], ["BBSF", "BHFS"], ["BBFS"], cutthroat=True)
    play(game, THREE, "give BBFH to 1")
    assert game.gave[0] == {"BBFH": 1}
    play(game, THEN_THREE, "give BBFH to 2")  # Bob's own 3-match, and he gives it on
    assert game.gave[0] == {} and game.gave[1] == {"BBFH": 2}
    assert game.view(0)["gave"] == [] and game.view(1)["gave"] == [{"card": "BBFH", "seat": 2}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "base")
def test_no_view_names_a_card_its_seat_may_not_know(options):
    """No view — its hands, its events, its prompt, its legal moves — names a card of
    another seat's hand (but under Strategic, or one the seat gave there), nor the pile's:
    the events say "Bob draws a card", "Ada gives Bob a card"."""
    for seed in range(5):
        game = FroopGame(2 + seed * 2, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(200):
            for seat in (None, *range(game.players)):
                text = json.dumps(game.view(seat))
                known = _known_to(game, seat)
                named = {NAME_OF[word] for word in CARD_WORD.findall(text) if word in NAME_OF}
                assert named <= known, (seat, named - known)
            if game.is_over:
                break
            seat = rng.choice(game.seats_to_act)
            game.play(rng.choice(game.legal_moves(seat)), seat)


def test_the_full_log_names_every_card_and_views_cover_it():
    """README: the full log, in Python, names the cards drawn and given; the views show
    the covered text."""
    game = game_from(["BSFH", "BBFH", "FHBH"], ["BBFS"], ["HHBS"], pile=["BHFS"],
                     cutthroat=True)
    play(game, THREE, "give BBFH to 2", "draw")
    assert game.log[-2:] == ["Ada gives BBFH to Cleo.", "Bob draws BHFS."]
    for seat in (None, 0, 1, 2):
        assert game.view(seat)["events"][-2:] == ["Ada gives Cleo a card.",
                                                 "Bob draws a card."]
    deal = FroopGame(3, seed=2)
    assert "Ada deals 7 cards to each player:" in deal.log[1]
    assert deal.view(0)["events"][1] == "Ada deals 7 cards to each player, one at a time."


def test_twins_differing_only_in_the_pile_order_or_hidden_hands_look_the_same():
    """Two games whose pile orders (and the hands a seat cannot see) differ give that seat
    the same view, after the same decisions."""
    a = game_from(["HFSS", "BBFH"], ["BBFS", "BHFS"], pile=["HHBS", "BSFH"])
    b = game_from(["HFSS", "BBFH"], ["HHBS", "BSFH"], pile=["BBFS", "BHFS"])
    assert a.view(0) == b.view(0) and a.view(None) == b.view(None)
    assert a.view(1) != b.view(1)
    play(a, "SSFH at 1,0")
    play(b, "SSFH at 1,0")
    assert a.view(0) == b.view(0)


def test_every_draw_and_every_hidden_gift_is_an_undo_floor():
    """core README: a decision that shows a hidden card (a draw, a gift under hidden
    hands) is a floor a board never undoes past; a play is not."""
    game = game_from(["BSFH", "BBFH", "HFSS"], ["BBFS"], cutthroat=True, pile=["BHFS"])
    assert game.undo_floor == 0
    play(game, THREE)
    assert game.undo_floor == 0
    play(game, "give BBFH to 1")
    assert game.undo_floor == 2
    play(game, "draw")  # Bob holds BBFS and BBFH: no play
    assert game.undo_floor == 3
    strategic = game_from(["BSFH", "BBFH", "HFSS"], ["BBFS"], cutthroat=True,
                          strategic=True)
    play(strategic, THREE, "give BBFH to 1")
    assert strategic.undo_floor == 0  # nothing hidden was shown

