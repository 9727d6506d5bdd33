"""The search bot (issue "Bots that teach" item 1): Monte Carlo tree search finds the
winning moves of a small game whose theory is known, spends exactly its budget, is
reproducible from its seed, and refuses what it cannot search. Every registered game's
turn-based cases go through it in the conformance suite (tests/conformance/test_search.py).
"""

from __future__ import annotations

import random

import pytest

from pondwidgets.core import BadNotation, BotDriver, BotError, Game, GameError, MCTSBot, RandomBot
from pondwidgets.core.search import rewards


class Nim(Game):
    """One heap; a turn takes 1, 2 or 3 stones; whoever takes the last stone wins. With
    ``players`` seats in turn. Two players: leaving a multiple of 4 wins."""

    NAME = TITLE = "nim"
    MOVE = int
    PLAYERS = range(2, 4)

    def __init__(self, players=2, *, stones=10, seed=None, position=None, clock=None):
        players = self.take_players(players, lambda n: ["Ada", "Bob", "Cy"][:n])
        self.stones_at_start = stones
        super().__init__(seed=seed, position=position, clock=clock,
                         options={"players": players, "stones": stones})

    def _setup(self):
        self.stones, self.to_move = self.stones_at_start, 0

    def _normalize_position(self, position):
        return position

    @property
    def seats_to_act(self):
        return () if self.is_over else (self.to_move,)

    def _legal(self, seat):
        return [n for n in (1, 2, 3) if n <= self.stones]

    def _apply(self, move, seat):
        self.stones -= move
        if self.stones == 0:
            self.is_over, self.winners = True, (seat,)
        self.to_move = (seat + 1) % self.players

    def _parse(self, text):
        if text not in ("1", "2", "3"):
            raise BadNotation(f"{text!r}: take 1, 2 or 3")
        return int(text)

    phase = "take"

    def prompt(self, seat=None):
        return f"{self.stones} stones: take 1, 2 or 3"

    def _view(self, seat):
        return {"stones": self.stones}


@pytest.mark.parametrize("stones, take", [(5, 1), (6, 2), (7, 3), (9, 1), (10, 2)])
def test_the_search_finds_the_winning_take(stones, take):
    """Nim's theory: leave the opponent a multiple of 4."""
    game = Nim(stones=stones, seed=0)
    bot = MCTSBot(simulations=400, seed=1)
    assert bot(game, 0) == take
    assert bot.last.best == take
    by = {node.move: node for node in bot.last.moves()}
    assert by[str(take)].mean > 0.8  # and it knows it wins
    assert by[str(take)].visits == max(node.visits for node in by.values())


def test_every_decision_spends_exactly_its_budget_of_samples(monkeypatch):
    """Each simulation plays on a fresh ``sample_hidden`` — one a simulation, no more —
    and the root's moves were tried as often as there were simulations."""
    drawn = []
    real = Game.sample_hidden

    def counted(self, seat, rng):
        drawn.append(seat)
        return real(self, seat, rng)

    monkeypatch.setattr(Game, "sample_hidden", counted)
    game = Nim(stones=12, seed=0)
    for budget in (1, 7, 50):
        drawn.clear()
        search = MCTSBot(simulations=budget, seed=3).search(game, 0)
        assert drawn == [0] * budget
        assert search.simulations == search.root.visits == budget
        assert sum(node.visits for node in search.moves()) == budget


def test_the_same_seed_gives_the_same_tree_and_reseed_starts_again():
    game = Nim(stones=15, seed=0)
    first = MCTSBot(60, seed=9)
    a = first.search(game, 0)
    b = MCTSBot(60, seed=9).search(game, 0)
    assert repr(a) == repr(b) and a.lines(depth=3) == b.lines(depth=3)
    first.reseed(9)
    assert repr(first.search(game, 0)) == repr(a)


def test_the_search_leaves_the_game_as_it_was():
    game = Nim(stones=11, seed=0)
    game.play(2)
    before = (game.to_dict(), game.view(1), game.rng.getstate())
    MCTSBot(100, seed=0)(game, 1)
    assert (game.to_dict(), game.view(1), game.rng.getstate()) == before


def test_a_forced_move_is_made_without_searching():
    game = Nim(stones=1, seed=0)
    bot = MCTSBot(50, seed=0)
    assert bot(game, 0) == 1 and bot.last is None


def test_each_seat_plays_for_itself_with_three_players():
    """With three seats each node scores the seat that made its move: Bob, facing 2 or 3
    stones after Ada, takes them all and wins (a search scoring Ada's rewards would rather
    he did not)."""
    for stones in (2, 3):
        game = Nim(players=3, stones=stones + 3, seed=0)
        game.play(3)  # Ada takes 3: Bob now faces 1 to 3 stones
        assert MCTSBot(100, seed=0)(game, 1) == stones


def test_a_rollout_bot_plays_the_samples_to_their_end():
    seen = []

    def takes_one(game, seat):
        seen.append(seat)
        return 1

    game = Nim(stones=9, seed=0)
    MCTSBot(20, rollout=takes_one, seed=0).search(game, 0)
    assert seen  # the rollouts asked it


def test_the_table_and_the_tree_read_as_a_lesson():
    game = Nim(stones=6, seed=0)
    search = MCTSBot(200, seed=2).search(game, 0)
    lines = repr(search).splitlines()
    assert lines[0] == "MCTS for Ada: 200 simulations, best 2"
    assert lines[1].split() == ["move", "tried", "win", "rate"]
    assert lines[2].split()[0] == "2"
    tree = search.lines(depth=2, top=2).splitlines()
    assert tree[0].startswith("2 (Ada): tried ")
    assert tree[1].startswith("    ") and "(Bob)" in tree[1]


def test_rewards_share_a_win_and_split_a_draw():
    game = Nim(players=3, stones=1, seed=0)
    game.play(1)
    assert rewards(game) == [1.0, 0.0, 0.0]
    game.winners = (0, 2)
    assert rewards(game) == [0.5, 0.0, 0.5]
    game.winners = ()
    assert rewards(game) == pytest.approx([1 / 3] * 3)


@pytest.mark.parametrize("simulations", [0, -3, 2.5, True, "100", None])
def test_a_budget_that_is_not_a_whole_number_is_refused(simulations):
    with pytest.raises(GameError, match="simulations is a whole number"):
        MCTSBot(simulations)


@pytest.mark.parametrize("exploration", [-1, float("nan"), float("inf"), "big", None])
def test_an_exploration_that_is_not_a_number_is_refused(exploration):
    with pytest.raises(GameError, match="exploration is a number"):
        MCTSBot(exploration=exploration)


def test_a_race_or_another_seats_turn_is_refused_clearly():
    from tests.core.racing import Tap  # several seats act at once

    bot = MCTSBot(10, seed=0)
    race = Tap(seed=0)
    assert len(race.seats_to_act) > 1
    with pytest.raises(GameError, match=r"turn-based play.*race"):
        bot(race, race.seats_to_act[0])
    with pytest.raises(GameError, match="not Bob's turn"):
        bot.search(Nim(seed=0), 1)


def test_on_a_board_driver_a_refusal_names_the_bot():
    from tests.core.racing import Tap

    race = Tap(seed=0)
    driver = BotDriver(race, {seat: MCTSBot(10, seed=0) for seat in race.seats_to_act})
    with pytest.raises(BotError, match=r"the bot MCTSBot\(10\) at seat 0.*race"):
        driver.run()


def test_it_wins_whole_games_it_can_win_through_the_driver():
    """Against random play, from heaps where the first player can win (not a multiple
    of 4), the search seated first wins them all."""
    for seed in range(12):
        game = Nim(stones=random.Random(seed).choice([5, 6, 7, 9, 10, 11, 13, 14]), seed=seed)
        BotDriver(game, {0: MCTSBot(300, seed=seed), 1: RandomBot(seed)}).run()
        assert game.winners == (0,), game.log
