"""Each game is declared once (``pondwidgets/core/README.md``, "The declaration"): its
options, its kinds of move and its position's shape. These tests hold every registered
game to its declaration, so that what the constructor takes, what the conformance grid
plays, what a view sends and what a position may hold cannot drift apart from it."""

from __future__ import annotations

import inspect
import itertools

import pytest

from pondwidgets.core import BadArgument, BadPosition
from pondwidgets.core.declaration import Markdown, Options

from .cases import ENTRIES, Case, _valid, playout

pytestmark = pytest.mark.parametrize("entry", ENTRIES)

NOT_OPTIONS = ("players", "seed", "position", "clock")


def test_the_constructor_takes_exactly_the_declared_options_with_their_defaults(entry):
    game = entry.game
    keywords = {p.name: p.default for p in inspect.signature(game).parameters.values()
                if p.name not in NOT_OPTIONS}
    assert isinstance(game.OPTIONS, Options)
    assert list(keywords) == game.OPTIONS.names()
    assert keywords == game.OPTIONS.defaults()
    assert game.OPTIONS.variants() == game.VARIANTS
    assert set(game(seed=1).options) == {"players", *game.OPTIONS.names()}  # what a save keeps


def test_each_option_refuses_a_wrong_value_by_its_own_check_naming_it(entry):
    game = entry.game
    for option in game.OPTIONS:
        # (Splash down's map of one's own is data, refused like a position: BadPosition)
        with pytest.raises((BadArgument, BadPosition), match=option.name):
            game(**{option.name: object()})
        assert option.check(option.default, option.name) == option.default


def test_the_declared_exclusions_are_the_combinations_the_game_refuses(entry):
    """Every combination of the values worth playing, at the fewest players: the game makes
    it exactly when ``OPTIONS.allowed`` says it goes together, and refuses it with the
    exclusion's own sentence otherwise."""
    game = entry.game
    choices = [(name, value) for name, values in game.VARIANTS.items() for value in values]
    for k in range(len(choices) + 1):
        for combo in itertools.combinations(choices, k):
            options = dict(combo)
            if len(options) != k:
                continue
            case = Case(entry, game.PLAYERS[0], options)
            assert _valid(case) == game.OPTIONS.allowed(options), options
            why = game.OPTIONS.why_not(options)
            if why is not None:
                with pytest.raises(BadArgument) as refusal:
                    case.new()
                assert str(refusal.value) == why


def test_every_legal_move_is_sent_as_its_declared_kind_with_its_own_text(entry):
    case = Case(entry, entry.game.PLAYERS[0])
    kinds: set[str] = set()
    for game, seat, move in playout(case, seed=5, decisions=120):
        data = game.MOVES.data(move)
        assert data["kind"] == move.kind and data["kind"] in game.MOVES.kinds
        assert data["text"] == str(move) == game.MOVES.text(move)
        assert game._parse(data["text"]) == move  # the text the board sends back is the move
        assert data in game.view(seat)["legal"]
        kinds.add(move.kind)
    assert kinds  # the playout made decisions of some declared kind


def test_a_position_of_the_wrong_shape_is_refused_by_the_declaration(entry):
    game = entry.game
    shape = game.POSITION
    assert shape is not None and shape.keys
    for bad, said in [(["not", "a", "dict"], "a position is a dictionary"),
                      ({"no such key": 1}, "unknown key 'no such key' in the position")]:
        with pytest.raises(BadPosition, match=said):
            game(position=bad)
    if shape.seats is not None:
        too_few = {key: None for key in shape.required} | {shape.seats: []}
        with pytest.raises(BadPosition, match=f"'{shape.seats}' must list one entry per seat"):
            game(position=too_few)


def test_the_declaration_reads_as_tables_for_the_notebooks(entry):
    game = entry.game
    for table in (game.OPTIONS.table(), game.MOVES.table(), game.POSITION.table()):
        assert isinstance(table, Markdown) and table._repr_markdown_() == table
    for option in game.OPTIONS:
        assert f"`{option.name}`" in game.OPTIONS.table()
    for kind in game.MOVES.kinds:
        assert f"`{kind}`" in game.MOVES.table()

