"""Helpers for Croak! tests: games from explicit positions, in a line or two."""

from pondwidgets.croak import CroakGame


def game_from(frogs, tiles=None, face_up=(), to_move=0, players=None, seed=0, **options):
    """A game started from an explicit position. ``frogs`` lists one
    ``{"queen", "servants", "mud", "males"}`` dict per seat; ``tiles`` names the tiles
    that matter ({"c3": "deep-a/pike"}); the rest of the box is shuffled in by the seed."""
    position = {"frogs": list(frogs), "face_up": list(face_up), "to_move": to_move}
    if tiles is not None:
        position["tiles"] = dict(tiles)
    return CroakGame(players or len(frogs), seed=seed, position=position, **options)


def frogs_at(game, square):
    """What stands on a square, as notation strings like 'S0' (seat 0's Servant)."""
    view = next(t for t in game.view()["tiles"] if t["square"] == square)
    return sorted(f"{f['frog']}{f['seat']}" for f in view["frogs"])
