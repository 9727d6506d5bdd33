"""Froop! probability exercises: the simulations. Each deals or plays seeded games with
the rules model itself (:class:`~pondwidgets.froop.FroopGame`), one sample per game, ready
for :func:`pondwidgets.core.exercises.plot_convergence`; with the position of exercise 4
and the shipped estimate of exercise 5. ``exercises.py`` offers them with the exact
answers and the checkers (the notebooks import them from there)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import partial

from ..core.arguments import checked, games, rule, simulation_seed, whole
from ..core.playing import Plays
from ..core.simulate import seeds, simulate
from .lessons import SIX
from .rules import FroopGame

# The arguments' checks (BadArgument naming the argument), shared by the helpers below.
PLAYERS = rule(whole, FroopGame.PLAYERS[0], FroopGame.PLAYERS[-1], "a number of players")
LIMIT = 100_000  # decisions a game may take: simulate's own


# -- 2. A card that fits the starting card -----------------------------------------------------
@checked(trials=games, seed=simulation_seed)
def start_fits_trials(trials: int = 2000, seed: int = 2) -> list[int]:
    """``trials`` seeded deals of the rules model: one of Ada's seven cards, picked at random
    (a card the deal made random), fits the starting card? 1 or 0 per deal, from the legal
    plays the rules model lists for her."""
    return [start_fits_trial(game_seed) for game_seed in seeds(trials, seed)]


def start_fits_trial(game_seed: int) -> int:
    """One deal of :func:`start_fits_trials`: 1 when Ada's card picked at random fits."""
    game = FroopGame(2, seed=game_seed)
    card = random.Random(game_seed).choice(game.view(0)["hand"])
    return int(any(p["card"] == card for p in game.view(0)["plays"]))


# -- 3. Drawing on the first turn --------------------------------------------------------------
@checked(trials=games, seed=simulation_seed, players=PLAYERS)
def first_draw_trials(trials: int = 4000, seed: int = 2, players: int = 2) -> list[int]:
    """``trials`` seeded deals of the rules model: must Ada, who plays first, draw (no legal
    play)? 1 or 0 per deal."""
    return [first_draw_trial(game_seed, players) for game_seed in seeds(trials, seed)]


def first_draw_trial(game_seed: int, players: int = 2) -> int:
    """One deal of :func:`first_draw_trials`: 1 when Ada must draw on her first turn."""
    game = FroopGame(players, seed=game_seed)
    return int([str(m) for m in game.legal_moves(0)] == ["draw"])


# -- 4. Play again? -----------------------------------------------------------------------------
AGAIN_HAND = ["BBSH", "BFHB", "FHSS", "HBBS", "HHBS", "SBFS"]  # Ada's cards
AGAIN_POSITION = {"froop": [list(card) for card in SIX],
                  "hands": [AGAIN_HAND, ["BFHS", "HFSS", "FFBH"]]}  # the pile: the seed's


@checked(trials=games, seed=simulation_seed)
def again_trials(trials: int = 2000, seed: int = 4) -> list[int]:
    """``trials`` seeded games of the rules model from :data:`AGAIN_POSITION`: Ada plays one
    of her legal moves, picked at random. The match size of her card (2, 3 or 4)."""
    return [again_trial(game_seed) for game_seed in seeds(trials, seed)]


def again_trial(game_seed: int) -> int:
    """One game of :func:`again_trials`: the match size of Ada's random play."""
    game = FroopGame(2, position=AGAIN_POSITION, seed=game_seed)
    game.play(random.Random(game_seed).choice(game.legal_moves(0)), 0)
    match = game.froop[-1].match
    assert match is not None  # a card laid on the Froop matched
    return match


@checked(games=games, players=PLAYERS, seed=simulation_seed)
def match_comparison(games: int = 100, players: int = 2, seed: int = 4
                     ) -> tuple[dict[int, float], dict[int, float]]:
    """``games`` seeded games of ``players`` FroopBots. At each card a bot lays, the chances
    of a 2-, 3- and 4-match had it picked one of its legal plays at random (the rules
    model's ``chance_odds("match")``), and the match it chose. Returns both, averaged over
    every card laid: ``(random play, FroopBot)``."""
    from .bots import FroopBot

    odds_sum = {k: Fraction(0) for k in (2, 3, 4)}
    chosen: Counter = Counter()
    for game_seed in seeds(games, seed):
        game = FroopGame(players, seed=game_seed)
        bots = [FroopBot(seed=game_seed + i + 1) for i in range(players)]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None  # turn by turn: one seat plays
            move = str(bots[seat](game, seat))
            played = move.endswith(tuple("0123456789")) and " at " in move
            if played:
                for k, p in game.chance_odds("match", seat).items():
                    odds_sum[int(k)] += p
            game.play(move, seat)
            if played:
                chosen[game.froop[-1].match] += 1
    laid = sum(chosen.values())
    return ({k: float(odds_sum[k] / laid) for k in (2, 3, 4)},
            {k: chosen[k] / laid for k in (2, 3, 4)})


# -- 5. How long is a game? ----------------------------------------------------------------------
@checked(players=PLAYERS, games=games, seed=simulation_seed)
def length_games(players: int = 4, games: int = 400, seed: int = 5) -> list[int]:
    """The number of turns of ``games`` seeded games of ``players`` FroopBots (a turn: one
    player's decisions, until the next player's): the games ``variants.bot_games`` plays."""
    plays = _length_plays(players)
    results = simulate(plays.new_game, plays.bots, games, seed=seed, measure=plays.measure)
    return [r.value for r in results]


def length_trial(game_seed: int) -> int:
    """One game of :func:`length_games` of 4 players, played as ``simulate`` plays it."""
    value: int = _length_plays(4).game(game_seed).value
    return value


def _dealt(players: int, game_seed: int) -> FroopGame:
    return FroopGame(players, seed=game_seed)


def _turns(game: FroopGame) -> int:
    from .variants import turns

    return turns(game.history)


def _length_plays(players: int) -> Plays:
    """How :func:`length_games` plays each game: ``players`` FroopBots, each game's turns."""
    from .bots import FroopBot

    return Plays(partial(_dealt, players), [FroopBot() for _ in range(players)], _turns,
                 LIMIT)


REFERENCE_GAMES = 1000
# length_estimate(), shipped: those games take half a minute, and the checker needs it at
# once. A test marked slow plays them again and compares.
LENGTH_ESTIMATE = 16.736


def length_estimate() -> float:
    """The model's estimate for exercise 5, the turns of a four-player game, from
    ``REFERENCE_GAMES`` seeded games other than the notebook's: :data:`LENGTH_ESTIMATE`,
    played again."""
    lengths = length_games(4, REFERENCE_GAMES, seed=1001)
    return sum(lengths) / len(lengths)


__all__ = ["AGAIN_HAND", "AGAIN_POSITION", "LENGTH_ESTIMATE", "REFERENCE_GAMES",
           "again_trial", "again_trials", "first_draw_trial", "first_draw_trials",
           "length_estimate", "length_games", "length_trial", "match_comparison",
           "start_fits_trial", "start_fits_trials"]
