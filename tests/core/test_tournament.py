"""Round robins between bots (issue "Bots that teach" item 3): every pair plays the same
number of games with seats rotated; the table's points, intervals and Bradley–Terry
ratings are right on known cases; the same call gives the same table."""

from __future__ import annotations

import math

import matplotlib
import pytest

from pondwidgets.core import BadNotation, Game, RandomBot
from pondwidgets.core.tournament import bradley_terry, round_robin

matplotlib.use("Agg")


class Duel(Game):
    """Two seats each name a digit, seat 0 first; the higher digit wins, equal ones draw."""

    NAME = TITLE = "duel"
    MOVE = str
    PLAYERS = range(2, 3)

    def __init__(self, players=2, *, seed=None, position=None, clock=None):
        players = self.take_players(players, lambda n: ["Ada", "Bob"][:n])
        super().__init__(seed=seed, position=position, clock=clock,
                         options={"players": players})

    def _setup(self):
        self.said = []

    def _normalize_position(self, position):
        return position

    @property
    def seats_to_act(self):
        return () if self.is_over else (len(self.said),)

    def _legal(self, seat):
        return [str(d) for d in range(10)]

    def _apply(self, move, seat):
        self.said.append(int(move))
        if len(self.said) == 2:
            a, b = self.said
            self.is_over, self.winners = True, (() if a == b else ((0,) if a > b else (1,)))

    def _parse(self, text):
        if text not in self._legal(0):
            raise BadNotation(f"{text!r} is not a digit")
        return text

    phase = "say"

    def prompt(self, seat=None):
        return "Say a digit"

    def _view(self, seat):
        return {"said": list(self.said)}


class Always:
    """Says the same digit every time, and remembers the seats it played."""

    def __init__(self, digit):
        self.digit, self.seats = digit, []

    def __call__(self, game, seat):
        self.seats.append(seat)
        return str(self.digit)


def test_a_known_round_robin_scores_and_ranks_every_bot():
    bots = {"nine": Always(9), "five": Always(5), "also five": Always(5)}
    table = round_robin(lambda s: Duel(seed=s), bots, games=6)
    by = {s.name: s for s in table.standings}
    assert (by["nine"].wins, by["nine"].draws, by["nine"].losses) == (12, 0, 0)
    assert (by["five"].wins, by["five"].draws, by["five"].losses) == (0, 6, 6)
    assert by["nine"].score == 1.0 and by["five"].score == by["also five"].score == 0.25
    assert table.pairs[("nine", "five")] == (6.0, 0.0, 6)
    assert table.pairs[("five", "also five")] == (3.0, 3.0, 6)
    assert table.standings[0].name == "nine"
    assert by["five"].rating == pytest.approx(by["also five"].rating)
    assert by["nine"].rating > by["five"].rating + 200


def test_seats_are_rotated_half_and_half():
    bots = {"a": Always(1), "b": Always(2), "c": Always(3)}
    round_robin(lambda s: Duel(seed=s), bots, games=4)
    for bot in bots.values():
        assert sorted(bot.seats) == [0, 0, 0, 0, 1, 1, 1, 1]  # 2 pairs x 4 games


def test_the_interval_is_the_scores_own():
    table = round_robin(lambda s: Duel(seed=s), {"a": Always(4), "b": Always(4)}, games=10)
    for line in table.standings:  # every game drawn: ½ with no spread
        assert (line.score, line.low, line.high) == (0.5, 0.5, 0.5)
        assert line.rating == pytest.approx(1500)


def test_bradley_terry_on_known_cases():
    # One pair, 3-1 in 4 games; the prior adds a draw: odds 3.5 : 1.5
    ratings = bradley_terry(["a", "b"], {("a", "b"): (3.0, 1.0, 4)})
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(3.5 / 1.5))
    assert ratings["a"] + ratings["b"] == pytest.approx(3000)  # 1500 the geometric mean
    # A beats B, B beats C, always: the order follows; a pair given either way round
    ratings = bradley_terry(["a", "b", "c"], {("a", "b"): (10, 0, 10), ("c", "b"): (0, 10, 10),
                                              ("a", "c"): (10, 0, 10)})
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert all(math.isfinite(r) for r in ratings.values())


def test_the_same_call_gives_the_same_table():
    def run():
        return round_robin(lambda s: Duel(seed=s), [RandomBot(), Always(7)], games=20,
                           seed=4, title="duel")

    first = run()
    assert repr(first) == repr(run())
    assert repr(first).splitlines()[0] == "duel: round robin, 20 games a pair, seats rotated"
    assert {s.name for s in first.standings} == {"RandomBot()", "Always"}  # bot_name


def test_a_plot_shows_each_bot_with_its_interval():
    table = round_robin(lambda s: Duel(seed=s), {"nine": Always(9), "one": Always(1)},
                        games=4)
    fig = table.plot()
    bars = fig.axes[0].patches
    assert [round(b.get_width(), 3) for b in bars] == [0.0, 1.0]  # drawn bottom up


@pytest.mark.parametrize(("bots", "games", "fragment"), [
    ({"a": Always(1)}, 4, "two bots"),
    ({"a": Always(1), "b": Always(2)}, 1, "from 2 to"),
    ({"a": Always(1), "b": Always(2)}, 2.5, "whole number"),
    ([Always(1), Always(2)], 4, "both named"),
])
def test_bad_calls_are_refused_with_what_to_do(bots, games, fragment):
    with pytest.raises(ValueError, match=fragment):
        round_robin(lambda s: Duel(seed=s), bots, games=games)


def test_check_bot_says_correct_only_above_chance_and_without_mistakes(capsys):
    """The notebooks' checker (issue "Bots that teach" item 2) on known cases: a bot
    that always wins, one that always loses, one that ties, and one that errs."""
    from pondwidgets.core.tournament import check_bot

    def nine(game, seat):
        return "9"

    def zero(game, seat):
        return "0"

    def five(game, seat):
        return "5"

    def eleven(game, seat):
        return "11"  # not a digit: refused, a random digit is played instead

    new_game = lambda s: Duel(seed=s)  # noqa: E731
    assert check_bot(nine, new_game, Always(5), games=20)
    assert capsys.readouterr().out.endswith(
        "nine scores 1.000 a game against Always over 20 games (20 won, 0 drawn, 0 lost; "
        "95% interval 1.000 to 1.000): better than chance.\n")
    assert not check_bot(zero, new_game, Always(5), games=20)
    assert "worse than Always" in capsys.readouterr().out
    assert not check_bot(five, new_game, Always(5), games=20)
    assert "not yet clearly better than Always" in capsys.readouterr().out
    assert not check_bot(eleven, new_game, Always(0), games=20)
    out = capsys.readouterr().out
    assert "but it made 20 mistakes, each replaced by a random move. The first: the bot " \
           "eleven at seat 0 (Ada) chose '11', which the rules refuse" in out
