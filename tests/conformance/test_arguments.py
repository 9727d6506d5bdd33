"""Bad arguments, on every registered game (issue 26, item 9): every constructor — the
game's with each of its options, the board's, the bots' — every method of the game that
takes arguments, and every function of the game's package that its ``__all__`` exports or
its notebooks call, given a wrong type, NaN, an infinity, ``10**400``, ``-1``, a bool for
a number, ``[]``, ``{}``, a huge string or a name given twice, either accepts it (a legal
value) or refuses it with ``BadArgument`` naming the argument — never a bare
``KeyError``, ``TypeError`` or ``AttributeError`` from inside the package, and never
anything changed. Two arguments are data with a format of their own and may give
``BadPosition`` naming the problem instead: a ``position`` and Splash down's map data.

The parameters are read from the signatures (``inspect.signature``), so a new option or
a new helper is checked without a word here; a new helper with a required argument needs
its legal value in ``REQUIRED`` (the test says so). Fast: every bad value is refused
before any work, and the few legal ones run on two games."""

from __future__ import annotations

import ast
import functools
import inspect
import json
import random
import types
from pathlib import Path

import pytest

from pondwidgets.core import BadArgument, BadPosition, ManualClock, RandomBot
from pondwidgets.core.simulate import GameResult
from pondwidgets.games import GAMES

from .cases import ENTRIES

HUGE = 10**400
BAD = {"a text": "x", "an empty text": "", "None": None, "NaN": float("nan"),
       "infinity": float("inf"), "-infinity": -float("inf"), "10**400": HUGE,
       "-10**400": -HUGE, "-1": -1, "1.5": 1.5, "True": True, "False": False, "[]": [],
       "{}": {}, "a huge text": "x" * 1_000_000, "an object": object(),
       "a list of None": [None], "a nested list": [[[]]]}
NAMES = {"names given twice": ["Ann", "Ann"], "names differing in case": ["Ann", "ANN "],
         "an empty name": ["Ann", ""], "a huge name": ["Ann", "b" * 100_000],
         "a name that is no text": ["Ann", 7], "too many names": [f"P{i}" for i in range(99)],
         "no name": [], "a set of names": {"Ann", "Bob"}}
# Data with a documented format: its error for broken data is BadPosition, naming what is
# wrong (a position, a Splash down map or pond, a Rapidcroco grid).
DATA = {"position", "map", "pond", "spec", "grid"}
NOTEBOOKS = Path(__file__).parents[2] / "notebooks"


def judged(call, name):
    """Run ``call``: it either succeeds (returned) or raises BadArgument naming ``name``,
    short (``None`` returned); anything else fails the test, as an uncaught error."""
    try:
        return call()
    except BadArgument as refusal:
        text = str(refusal)
        assert name in text, f"{name}: {text}"
        assert len(text) < 500, text[:500]
    except BadPosition as refusal:
        assert name in DATA, f"{name}: BadPosition {refusal}"
    return None


def keyword_parameters(fn) -> list[inspect.Parameter]:
    return [p for p in inspect.signature(fn).parameters.values()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "self"]


def param_ids(entries_params):
    return [pytest.param(entry, name, id=f"{entry.name}-{name}")
            for entry, name in entries_params]


# -- the game's constructor ------------------------------------------------------------------
GAME_PARAMETERS = param_ids([(entry, p.name) for entry in GAMES.values()
                             for p in keyword_parameters(entry.game)])


@pytest.mark.parametrize(("entry", "name"), GAME_PARAMETERS)
def test_every_option_of_the_game_is_accepted_or_refused_naming_it(entry, name):
    values = dict(BAD)
    if name == "players":
        values.update(NAMES)
    for label, value in values.items():
        arguments = {"clock": ManualClock(), "seed": 1, name: value}
        players = arguments.pop("players", entry.game.PLAYERS[0])
        game = judged(lambda a=arguments, n=players: entry.game(n, **a), name)
        if game is not None:  # a legal value: the game works, saves and shows
            json.dumps(game.to_dict(), allow_nan=False)
            json.dumps(game.view(), allow_nan=False)
            assert label not in ("NaN", "a huge text"), (name, label)


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_game_refuses_a_clock_without_now_and_one_that_gives_no_time(entry):
    class Broken:
        def now(self):
            return float("nan")

    for clock in ("x", 3, object(), Broken()):
        with pytest.raises(BadArgument, match="clock"):
            entry.game(entry.game.PLAYERS[0], clock=clock)


# -- the board's constructor -----------------------------------------------------------------
BOARD = ["seat", "bots", "bot_delay", "save_dir"]
BOT_MAPS = {"a bot at a seat that does not exist": {9: RandomBot()},
            "a bot at seat -1": {-1: RandomBot()}, "a bot at seat True": {True: RandomBot()},
            "a bot at seat '1'": {"1": RandomBot()}, "a bot that is a text": {1: "bot"},
            "a bot that is None": {1: None}, "a list of bots": [RandomBot()]}


def board_parameters():
    found = []
    for entry in GAMES.values():
        names = [*BOARD, *entry.board.OPTIONS]
        names += [p.name for p in keyword_parameters(entry.board)
                  if p.name not in names and p.name != "game"]
        found += [(entry, name) for name in names]
    return param_ids(found)


def new_game(entry):
    return entry.game(entry.game.PLAYERS[0], seed=1, clock=ManualClock())


@pytest.mark.parametrize(("entry", "name"), board_parameters())
def test_every_argument_of_the_board_is_accepted_or_refused_naming_it(entry, name, tmp_path):
    values = dict(BAD)
    if name == "bots":
        values.update(BOT_MAPS)
    for value in values.values():
        game = new_game(entry)
        arguments = {name: value}
        if name != "seat":
            arguments["seat"] = 0
        if name == "save_dir" and isinstance(value, str) and len(value) < 10:
            arguments["save_dir"] = tmp_path  # "x", "": a folder that might be legal
        board = judged(lambda g=game, a=arguments: entry.board(g, **a), name)
        if board is not None:
            json.dumps(board.view, allow_nan=False)
            board.close()
        else:
            assert not game._observers  # nothing was seated


@pytest.mark.parametrize("entry", ENTRIES)
def test_an_unknown_board_option_is_refused_naming_it(entry):
    with pytest.raises(BadArgument, match="colour") as refusal:
        entry.board(new_game(entry), colour="red")
    assert isinstance(refusal.value, TypeError)  # as Python's unknown keyword was


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_board_refuses_another_games_game(entry):
    other = next(e for e in GAMES.values() if e is not entry)
    with pytest.raises(BadArgument, match="game"):
        entry.board(new_game(other))


# -- the bots' constructors --------------------------------------------------------------------
BOT_PARAMETERS = param_ids([(entry, p.name) for entry in GAMES.values()
                            for p in keyword_parameters(entry.bot)])


@pytest.mark.parametrize(("entry", "name"), BOT_PARAMETERS)
def test_every_argument_of_the_games_bot_is_accepted_or_refused_naming_it(entry, name):
    for value in BAD.values():
        bot = judged(lambda v=value: entry.bot(**{name: v}), name)
        if bot is not None:
            game = new_game(entry)
            seat = game.seats_to_act[0]
            game.play(bot(game, seat), seat)  # a legal value makes a bot that plays


@pytest.mark.parametrize("bot", [RandomBot, *(entry.bot for entry in GAMES.values())])
def test_a_seed_and_a_reseed_are_a_whole_number_or_none(bot):
    for label, value in BAD.items():
        if label in ("None", "-1", "10**400", "-10**400"):
            bot(value).reseed(value)  # a seed the generator takes, and a save could write
            continue
        with pytest.raises(BadArgument, match="seed"):
            bot(value)
        with pytest.raises(BadArgument, match="seed"):
            bot().reseed(value)
    with pytest.raises(BadArgument, match="seed"):
        bot(10**5000)  # a number Python cannot even write


# -- the game's methods ------------------------------------------------------------------------
SKIPPED_METHODS = {"play", "play_at", "take_players", "from_dict", "subscribe"}
LEGAL = {"seat": 0, "event": None, "biotope": "water", "cards": [], "letters": "HSBF",
         "x": 0, "y": 0, "site": 0, "rng": random.Random(0), "seed": 1}
LEGAL_IN = {"croak": {"event": "deep-a"}}  # Croak!'s chance event is a tile: no default


def method_parameters():
    found = []
    for entry in GAMES.values():
        for name, fn in inspect.getmembers(entry.game, inspect.isfunction):
            if name.startswith("_") or name in SKIPPED_METHODS:
                continue
            # As a game's method, whatever its first parameter's name (`self`, or `game` for
            # a function a game binds from its telling module): that one is the game.
            method = fn if isinstance(inspect.getattr_static(entry.game, name), staticmethod) \
                else types.MethodType(fn, entry.game)
            found += [(entry, f"{name}.{p.name}") for p in keyword_parameters(method)]
    return param_ids(found)


@pytest.mark.parametrize(("entry", "target"), method_parameters())
def test_every_method_of_the_game_accepts_or_refuses_each_argument_naming_it(entry, target):
    method, name = target.split(".")
    for value in BAD.values():
        game = new_game(entry)
        before = game.to_dict()
        fn = getattr(game, method)
        legal = {**LEGAL, **LEGAL_IN.get(entry.name, {})}
        arguments = {p.name: legal.get(p.name, p.default) for p in keyword_parameters(fn)}
        arguments[name] = value
        judged(lambda f=fn, a=arguments: f(**a), name)
        if method != "restart":
            assert game.to_dict() == before, target  # a refused argument changes nothing


def test_a_biotope_that_is_not_one_is_named():
    """It raised a bare KeyError."""
    game = GAMES["keckefrosche"].game(2, seed=1)
    for biotope in ("under water", "Water", "", None, ["water"]):
        with pytest.raises(BadArgument) as refusal:
            game.top(biotope)
        assert "biotope" in str(refusal.value) and "'water', 'bank', 'dike'" in str(refusal.value)
    assert game.top("water") is None


def test_froops_placements_and_match_of_refuse_what_is_no_card_or_cell():
    """``placements(None)`` and ``match_of("HSBF", "0", 0)`` raised bare TypeErrors."""
    game = GAMES["froop"].game(2, seed=1)
    with pytest.raises(BadArgument, match="cards"):
        game.placements(None)
    with pytest.raises(BadArgument, match="cards"):
        game.placements("HSBF")  # a text is four cards of one letter each
    with pytest.raises(BadArgument, match="cards: 'HS' is not a card"):
        game.placements(["HS"])
    with pytest.raises(BadArgument, match="x is a cell's column"):
        game.match_of("HSBF", "0", 0)
    with pytest.raises(BadArgument, match="y is a cell's row"):
        game.match_of("HSBF", 0, 0.5)
    with pytest.raises(BadArgument, match="letters"):
        game.match_of(None, 0, 0)
    assert game.placements([]) == [] and game.top(0, 0) is not None


def test_a_seat_that_does_not_exist_is_an_illegal_move_and_a_bad_argument():
    game = GAMES["croak"].game(2, seed=1)
    for seat in (-1, 2, True, "0"):
        with pytest.raises(BadArgument, match="not a seat of this game"):
            game.view(seat)
        with pytest.raises(BadArgument, match="not a seat of this game"):
            game.seat_name(seat)
    from pondwidgets.core import IllegalMove
    with pytest.raises(IllegalMove, match="not a seat of this game"):
        game.play(game.legal_moves()[0], -1)


# -- the packages' functions -------------------------------------------------------------------
PARTS = ("", "exercises", "variants", "lessons", "cards", "culprit", "maps")
COUNTS = {"games", "deals", "trials", "layouts"}


@functools.cache
def _results(name):
    """Two games' results, as the package's own simulations give them."""
    entry = GAMES[name]
    module = entry.module("variants")
    if hasattr(module, "bot_games"):
        return module.bot_games(entry.game.PLAYERS[0], 2, 1)
    return module.random_games(entry.game.PLAYERS[0], 2, 1)


def _required(entry):
    """A legal value of each required argument, by function: what a notebook gives."""
    game = new_game(entry)
    if entry.name == "croak":
        return {"chain_table": {"lengths": [0, 1, 2]}, "board_and_log": {"game": game},
                "random_games": {"players": 2}, "average_turns": {"results": _results(entry.name)},
                "wins_by_seat": {"results": _results(entry.name), "players": 2}}
    if entry.name == "rapidcroco":
        from pondwidgets.rapidcroco import CROCS
        from pondwidgets.rapidcroco.exercises import culprit_layouts

        grid, start = culprit_layouts(1)[0]
        return {"to_xy": {"site": "c3"}, "to_site": {"x": 2, "y": 2},
                "near_misses": {"suspect": CROCS[0]}, "moves_table": {"counts": [1, 2, 3]},
                "layout_text": {"grid": grid}, "culprit": {"grid": grid, "start": start},
                "check_my_culprit": {"fn": lambda g, s: s}, "turned": {"arm": "up", "turns": 1},
                "culprit_feedback": {"fn": lambda g, s: s},
                "average_rounds": {"results": _results(entry.name)},
                "seconds_per_round": {"results": _results(entry.name)}}
    if entry.name == "splashdown":
        from pondwidgets.splashdown.exercises import Pond

        pond = Pond.named("short")
        return {"push_outcome": {"face": 1},
                "runner_choice": {"pond": pond, "options": ["1"], "returning": False},
                "home_within": {"results": [1, None], "turns": 2},
                "wins": {"results": _results(entry.name)}, "load_map": {"spec": "short"},
                "average_turns": {"results": _results(entry.name)},
                "wins_by_seat": {"results": _results(entry.name), "players": 2}}
    if entry.name == "keckefrosche":
        from pondwidgets.keckefrosche.exercises import PAIR_POSITION

        return {"unseen": {"position": PAIR_POSITION},
                "row_ends": {"display": PAIR_POSITION["displays"][0]},
                "show_position": {"game": game}, "keeper_wins": {"results": _results(entry.name)},
                "keeper_table": {"results": _results(entry.name)},
                "average": {"results": _results(entry.name)},
                "wins_by_seat": {"results": _results(entry.name), "players": 2},
                "head_to_head": {"bot": RandomBot(), "rival": RandomBot()},
                "deal": {"displays": [{}, {}]}}
    from pondwidgets.froop.exercises import picture
    from pondwidgets.froop.lessons import SIX

    return {"picture": {"froop": SIX}, "fits": {"cells": picture(SIX), "letters": "HSBF",
                                                "x": 0, "y": 0},
            "places": {"cells": picture(SIX), "card": "HSBF"}, "allowed": {"options": {}},
            "turns": {"history": []}, "average": {"results": _results(entry.name)},
            "wins_by_seat": {"results": _results(entry.name), "players": 2},
            "variant_table": {"variants": {"Standard": {}}}, "quarter_turn": {"letters": "BSSF"},
            "deal": {"froop": [("HSBF", 0, 0)], "hands": [[], []]}, "table": {"ada": []},
            "describe": {"letters": "HSBF"}, "is_card": {"letters": "HSBF"},
            "name_of": {"letters": "HSBF"}, "turn": {"letters": "HSBF"},
            "fitting_cards": {"start": "HSBF"}, "other_cards": {"start": "HSBF"}}


def notebook_calls() -> dict[str, set[str]]:
    """Every function of a game's package that a notebook calls, by game."""
    called: dict[str, set[str]] = {name: set() for name in GAMES}
    for path in sorted(NOTEBOOKS.rglob("*.ipynb")):
        imported = {}
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "\n".join(line for line in "".join(cell["source"]).splitlines()
                               if not line.lstrip().startswith(("%", "!")))
            tree = ast.parse(source)
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                        "pondwidgets.") and node.module.split(".")[1] in GAMES:
                    for alias in node.names:
                        imported[alias.asname or alias.name] = (node.module.split(".")[1],
                                                                alias.name)
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                        and node.func.id in imported:
                    game, name = imported[node.func.id]
                    called[game].add(name)
    return called


CALLED = notebook_calls()
PLOTS = {"bar_chart", "roll_chart", "home_chart", "length_chart", "plot_convergence"}


def helpers(entry) -> dict[str, object]:
    """The functions of the game's package to check: those its modules export (``__all__``)
    and those its notebooks call, but the exercise checkers (``Exercise`` objects, with a
    contract of their own), plots (matplotlib: checked by name below) and classes."""
    found = {}
    for part in PARTS:
        try:
            module = entry.module(part)
        except ImportError:
            continue
        names = set(getattr(module, "__all__", ())) | CALLED[entry.name]
        for name in names:
            fn = getattr(module, name, None)
            if inspect.isfunction(fn) and name not in PLOTS and keyword_parameters(fn) \
                    and fn.__module__.startswith(f"pondwidgets.{entry.name}"):
                found[f"{part or 'package'}.{name}"] = fn
    return found


def helper_parameters():
    return param_ids([(entry, f"{where}.{p.name}") for entry in GAMES.values()
                      for where, fn in sorted(helpers(entry).items())
                      for p in keyword_parameters(fn)])


@pytest.mark.parametrize(("entry", "target"), helper_parameters())
def test_every_function_of_the_package_accepts_or_refuses_each_argument_naming_it(entry,
                                                                                   target):
    where, name = target.rsplit(".", 1)
    fn = helpers(entry)[where]
    required = _required(entry)
    arguments = {}
    for p in keyword_parameters(fn):
        if p.default is not p.empty:
            arguments[p.name] = 2 if p.name in COUNTS else p.default
        else:
            assert p.name in required.get(fn.__name__, {}), \
                f"give {where}({p.name}=...) a legal value in REQUIRED"
            arguments[p.name] = required[fn.__name__][p.name]
    default = arguments[name]
    for value in BAD.values():
        if isinstance(default, bool) and isinstance(value, bool):
            continue  # True and False are the legal values of a flag
        judged(lambda a={**arguments, name: value}: fn(**a), name)


def test_every_game_function_a_notebook_calls_is_checked():
    """A notebook's calls into a game's package are all in the table above (or are a
    class, a checker or a plot, each checked on its own)."""
    for entry in GAMES.values():
        checked = {where.rsplit(".", 1)[-1] for where in helpers(entry)}
        for name in CALLED[entry.name]:
            module = next((entry.module(part) for part in PARTS
                           if hasattr(_module(entry, part), name)), None)
            fn = getattr(module, name)
            if inspect.isfunction(fn) and keyword_parameters(fn) and name not in PLOTS \
                    and not fn.__module__.startswith("pondwidgets.core"):  # core's own
                assert name in checked, (entry.name, name)


def _module(entry, part):
    try:
        return entry.module(part)
    except ImportError:
        return None


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_lesson_that_does_not_exist_is_named(entry):
    lessons = entry.module("lessons")
    for name in ("no such lesson", None, [], 3):
        with pytest.raises(BadArgument, match="lesson"):
            lessons.lesson_game(name)
        assert name not in lessons.LESSONS
    with pytest.raises(BadArgument, match="game"):
        lessons.play_demo("a game", next(iter(lessons.LESSONS)))
    with pytest.raises(BadArgument, match="game"):
        lessons.why_not(None, "pass")


def test_the_plots_refuse_bad_data_before_drawing():
    from pondwidgets.froop.variants import length_chart
    from pondwidgets.splashdown.exercises import home_chart, roll_chart

    for call, name in [(lambda: roll_chart([]), "rolls"), (lambda: roll_chart([7]), "rolls"),
                       (lambda: roll_chart([1], odds={1: 1}), "odds"),
                       (lambda: roll_chart([1], title=3), "title"),
                       (lambda: home_chart(None, []), "results"),
                       (lambda: home_chart([1], ["x"]), "chances"),
                       (lambda: length_chart({2: []}), "lengths"),
                       (lambda: length_chart({2: [1.0]}, ylabel=None), "ylabel")]:
        with pytest.raises(BadArgument, match=name):
            call()


def test_a_simulation_helper_refuses_an_unknown_option_naming_it():
    for name in ("rapidcroco", "splashdown", "froop"):
        bot_games = GAMES[name].module("variants").bot_games
        with pytest.raises(BadArgument, match="colour"):
            bot_games(games=2, colour="red")
        with pytest.raises(BadArgument, match="position"):
            bot_games(games=2, position=None)  # every game is dealt afresh


def test_results_that_are_no_results_are_refused():
    from pondwidgets.croak.variants import average_turns

    for results in ([], None, [1, 2], "results", [GameResult(1, (), 3, None), "x"]):
        with pytest.raises(BadArgument, match="results"):
            average_turns(results)
