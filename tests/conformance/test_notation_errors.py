"""Which error a refused decision raises, the same in every registered game
(pondwidgets/core/README.md#errors): a text that is no move of the game, in its notation,
is a ``BadNotation``; a move that reads (the notation of a move, or a move object) but
that the rules refuse now is an ``IllegalMove``. The two are apart — neither is the
other — and both are ``GameError``s, so ``ValueError``s; after either the game is exactly
as it was. Checked on every registered game, variant and player count (``cases.CASES``),
along seeded random games."""

from __future__ import annotations

import random

import pytest

from pondwidgets.core import BadNotation, GameError, IllegalMove

from ..support import state
from .cases import CASES, playout

# Texts that are no move of any game: empty, punctuation, a frog, a control character,
# a huge one, a number, words no notation has.
NO_MOVES = ["", " ", "-", "xyz", "🐸", "\x00", "a" * 100_000, "12345", "zz 99 zz"]
EVERY = 5  # check every fifth decision of a playout: the state compared is large


def _raises(game, text: str, seat: int, error: type[GameError]) -> GameError:
    before = state(game)
    with pytest.raises(GameError) as refusal:
        game.play(text, seat)
    assert type(refusal.value) is error, (text, type(refusal.value), str(refusal.value))
    assert isinstance(refusal.value, ValueError) and str(refusal.value)
    assert len(str(refusal.value)) < 400  # a huge text is never echoed in full
    assert state(game) == before, text
    return refusal.value


def test_the_two_errors_are_apart_and_both_value_errors():
    assert not issubclass(BadNotation, IllegalMove) and not issubclass(IllegalMove,
                                                                        BadNotation)
    assert issubclass(BadNotation, GameError) and issubclass(BadNotation, ValueError)
    assert issubclass(IllegalMove, GameError) and issubclass(IllegalMove, ValueError)


@pytest.mark.parametrize("case", CASES)
def test_a_text_that_is_no_move_is_bad_notation(case):
    for game, seat, move in playout(case):
        if len(game.history) % EVERY:
            continue
        # A legal move's notation, spoiled: words before or after it make it no move.
        for text in [*NO_MOVES, f"{move} !!", f"!! {move}"]:
            _raises(game, text, seat, BadNotation)


@pytest.mark.parametrize("case", CASES)
def test_a_well_formed_move_the_rules_refuse_is_an_illegal_move(case):
    rng = random.Random(2)
    seen: set[str] = set()  # the notation of every move legal at some point of the game
    refused = 0
    for game, seat, _move in playout(case):
        for acting in game.seats_to_act:
            seen.update(str(m) for m in game.legal_moves(acting))
        if len(game.history) % EVERY:
            continue
        legal = game.legal_moves(seat)
        # Moves that read but are not legal now (a notation may read as another move
        # now: Rapidcroco's "arrest <a Croc>" names its site once the Croc is on the grid).
        others = [text for text in sorted(seen) if game._parse(text) not in legal]
        for text in rng.sample(others, min(3, len(others))):
            _raises(game, text, seat, IllegalMove)
            refused += 1
    assert refused, "no refused move was tried: the playout is too short"
