"""Hidden information in Kecke Frösche (docs/design.md#hidden-information): the draw
pile's order and every chip's value (its owner's included) reach no view before the end.
Tested by indistinguishability: twins that differ only there give every seat the same
view."""

from __future__ import annotations

import json
import random

from pondwidgets.keckefrosche import KeckeGame

from .helpers import display, game_from, play, rig_chips


def _views(game):
    return [game.view(seat) for seat in (None, *range(game.players))]


def _random_game(players, seed, decisions):
    game = KeckeGame(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def test_twins_differing_only_in_the_pile_order_look_the_same():
    """Two games whose draw piles hold the same cards in another order give every seat
    and the spectator the same view, until a card is drawn."""
    a = game_from(display(water=["water-1"]), display(), pile=["stork", "bank-1", "bang"])
    b = game_from(display(water=["water-1"]), display(), pile=["bang", "bank-1", "stork"])
    assert _views(a) == _views(b)
    play(a, "discard water 1")
    play(b, "discard water 1")
    assert _views(a) == _views(b)


def test_twins_differing_only_in_chip_values_look_the_same():
    """Chips are face down for everyone, the owner included, until the end."""
    a = game_from(display(water=["water-1"], chips=[3]), display(chips=[1]),
                  pile=["water-1"])
    b = game_from(display(water=["water-1"], chips=[1]), display(chips=[2]),
                  pile=["water-1"])
    rig_chips(a, 3)
    rig_chips(b, 1)
    assert _views(a) == _views(b)
    play(a, "draw", "right")
    play(b, "draw", "right")
    assert _views(a) == _views(b)
    assert a.displays[0].chips != b.displays[0].chips


def test_no_view_holds_a_chip_value_or_the_pile_order_before_the_end():
    """Along random games, no view (any seat, the spectator) names a chip value or the
    order of the pile; at the end the chip values are shown."""
    for seed in range(6):
        game = KeckeGame(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            for view in _views(game):
                text = json.dumps(view)
                assert all(p["chip_values"] is None for p in view["players"])
                assert "chip worth" not in text
                assert view["pile"] == len(game.pile)
                for key in ("supply", "pile"):
                    assert isinstance(view[key], int)
            game.play(rng.choice(game.legal_moves()))
        view = game.view(0)
        assert [p["chip_values"] for p in view["players"]] == \
            [sorted(d.chips) for d in game.displays]


def test_sample_hidden_redraws_the_pile_order_and_every_chip_value():
    """``sample_hidden`` reshuffles the pile and redraws the chip values (held ones too:
    nobody has seen them), keeping every view and the multisets."""
    game = _random_game(3, seed=4, decisions=60)
    assert not game.is_over and any(d.chips for d in game.displays)
    piles, held = set(), set()
    for i in range(30):
        twin = game.sample_hidden(i % 4 - 1 if i % 4 else None, random.Random(i))
        assert _views(twin) == _views(game)
        assert sorted(twin.pile) == sorted(game.pile)
        assert sorted(twin.supply + [v for d in twin.displays for v in d.chips]) == \
            sorted([1, 2, 3] * 4)
        assert [len(d.chips) for d in twin.displays] == [len(d.chips) for d in game.displays]
        piles.add(tuple(twin.pile))
        held.add(tuple(tuple(d.chips) for d in twin.displays))
    assert len(piles) > 1 and len(held) > 1


def test_every_draw_is_an_undo_floor():
    """core README: a decision that shows a card drawn is a floor a board never undoes
    past; a discard before any draw is not."""
    game = game_from(display(water=["water-1"], storks=1), display(), pile=["bank-1"])
    assert game.undo_floor == 0
    play(game, "stork water")
    assert game.undo_floor == 0
    play(game, "draw")
    assert game.undo_floor == 2
