"""``Game.sample_hidden`` on a game with private hands (tests/hidden_hands.py), the case
the registered games do not have yet (Froop! will): a seat's sample keeps what it sees —
its own hand, everyone's counts — and draws every other hand afresh; the spectator's
sample redraws every hand. The conformance suite checks the registered games."""

from __future__ import annotations

import random

import pytest

from pondwidgets.core import GameError

from ..hidden_hands import HandsGame


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_a_sample_keeps_what_the_seat_sees_and_redraws_the_rest(seat):
    game = HandsGame(3, seed=4)
    game.play(game.legal_moves()[0])
    rng = random.Random(1)
    for _ in range(20):
        twin = game.sample_hidden(seat, rng)
        assert twin.view(seat) == game.view(seat)
        if seat is not None:  # (legal_moves(None) are the player to act's)
            assert twin.legal_moves(seat) == game.legal_moves(seat)
        hidden = [s for s in range(3) if s != seat]
        assert all(twin.hands[s] != game.hands[s] for s in hidden)
        cards = [c for s in range(3) for c in twin.hands[s] + twin.played[s]]
        assert len(cards) == len(set(cards))  # one deck: no card twice


def test_a_sample_plays_forward_and_is_never_saved():
    twin = HandsGame(2, seed=4).sample_hidden(0, random.Random(2))
    twin.play(twin.legal_moves()[0])
    with pytest.raises(GameError, match="sample"):
        twin.to_dict()
