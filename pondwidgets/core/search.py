"""Monte Carlo tree search, for any turn-based game, through the contract alone.

:class:`MCTSBot` runs a fixed number of *simulations* per decision. Each one:

1. **determinizes**: ``game.sample_hidden(seat, rng)`` gives a copy in which everything
   the bot's seat cannot see — face-down tiles, other hands, the pile's order, chance to
   come — is drawn afresh, consistently with what it can see. The bot never reads the
   real game's hidden state: its decision depends on its own view and its own ``rng``;
2. **selects** down the tree: at each node, among the moves legal in this sample, a move
   tried before is chosen by UCB1 — its mean reward for the seat that makes it, plus
   ``exploration × √(ln(times it was available) / times it was tried)`` — until a move
   never tried is met;
3. **expands** the tree by that move;
4. **rolls out**: plays the sample to its end with ``rollout`` (random moves by default);
5. **backs up** the result: each node on the path adds the reward of the seat that made
   its move (1 for a win alone, 1/k for a win shared by k, 1/players for a draw).

The move tried most often at the root is played. That is single-observer
information-set MCTS (Cowling, Powley & Whitehouse, 2012): one tree of move sequences over
many samples, counting how often each move was available, as moves legal in one sample
may not be in another. In a game where only chance to come is hidden, it is plain UCT
with chance sampled anew on each simulation.

Turn-based play only: in a race (several seats may act) the bot says so. Everything
comes from the bot's ``rng``, so ``reseed`` makes its decisions reproducible.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import arguments
from .bots import Bot, SeededBot
from .errors import BadArgument, GameError, brief
from .exercises import Exercise
from .game import Game
from .plotting import plot, pyplot

if TYPE_CHECKING:
    from matplotlib.figure import Figure

DEPTH = 1000  # decisions a rollout plays before calling the game a draw (bots can dodge)
MOST_SIMULATIONS = 1_000_000  # a decision's search ends in minutes, not years


class Node:
    """A move sequence from the searched position: ``move`` (its notation) was made by
    ``seat``; ``visits`` simulations went through it, earning ``reward`` for that seat in
    all; it was legal in ``available`` of the simulations that reached its parent. The
    root, which no move made, has ``move`` "" and ``seat`` -1."""

    __slots__ = ("available", "children", "move", "reward", "seat", "visits")

    def __init__(self, move: str = "", seat: int = -1) -> None:
        self.move, self.seat = move, seat
        self.visits, self.reward, self.available = 0, 0.0, 0
        self.children: dict[str, Node] = {}

    @property
    def mean(self) -> float:
        """The mean reward of ``seat`` over the simulations through this move."""
        return self.reward / self.visits if self.visits else 0.0


class Search:
    """One decision's search: ``root`` (the tree), the ``seat`` it decided for, the
    ``simulations`` run and the ``best`` move (the most tried). Its repr is the table of
    the root's moves; ``lines()`` shows the tree deeper."""

    def __init__(self, game: Game, seat: int, root: Node, simulations: int) -> None:
        self.seat, self.root, self.simulations = seat, root, simulations
        self.names = list(game.names)
        moves = {str(m): m for m in game.legal_moves(seat)}
        top = max(root.children.values(), key=lambda n: n.visits)  # first tried wins ties
        self.best = moves[top.move]

    def moves(self) -> list[Node]:
        """The root's moves, most tried first."""
        return sorted(self.root.children.values(), key=lambda n: -n.visits)

    def __repr__(self) -> str:
        rows = [f"{n.move:<{self._width()}}  {n.visits:6d}  {n.mean:8.3f}" for n in self.moves()]
        head = f"{'move':<{self._width()}}  {'tried':>6}  {'win rate':>8}"
        return "\n".join([f"MCTS for {self.names[self.seat]}: {self.simulations:,} "
                          f"simulations, best {self.best}", head, *rows])

    def _width(self) -> int:
        return max(4, *(len(n.move) for n in self.root.children.values()))

    def lines(self, depth: int = 2, top: int = 3) -> str:
        """The tree to ``depth`` moves, the ``top`` most tried moves at each node: each
        line is a move, who made it, how often it was tried and its win rate for them."""
        out: list[str] = []

        def walk(node: Node, level: int) -> None:
            for child in sorted(node.children.values(), key=lambda n: -n.visits)[:top]:
                out.append(f"{'    ' * level}{child.move} ({self.names[child.seat]}): "
                           f"tried {child.visits}, win rate {child.mean:.2f}")
                if level + 1 < depth:
                    walk(child, level + 1)

        walk(self.root, 0)
        return "\n".join(out)


class MCTSBot(SeededBot):
    """Monte Carlo tree search with ``simulations`` per decision (see the module's
    docstring). ``exploration`` weighs trying moves again against trying others (UCB1's
    constant; rewards are between 0 and 1). ``rollout`` plays each sample to its end: a
    bot ``rollout(game, seat)`` (a game's heuristic bot, say), or None for random legal
    moves. A decision with one legal move is made without searching. ``last`` is the
    latest decision's :class:`Search` (None after a forced move)."""

    def __init__(self, simulations: int = 200, exploration: float = 0.7,
                 rollout: Bot | None = None, seed: int | None = None
                 ) -> None:
        arguments.whole(simulations, "simulations", 1, MOST_SIMULATIONS)
        exploration = arguments.number(exploration, "exploration", 0)
        if rollout is not None and not callable(rollout):
            raise BadArgument(f"rollout is a bot (a function bot(game, seat) or a bot "
                              f"object) or None, not {brief(rollout)}")
        self.simulations, self.exploration, self.rollout = simulations, exploration, rollout
        self.last: Search | None = None
        super().__init__(seed)

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        rollout: Any = self.rollout
        if hasattr(rollout, "reseed"):
            rollout.reseed(None if seed is None else seed + 1)

    def __repr__(self) -> str:
        return f"MCTSBot({self.simulations})"

    def __call__(self, game: Game, seat: int) -> Any:
        _check_turn(game, seat)
        moves = game.legal_moves(seat)
        if len(moves) == 1:
            self.last = None
            return moves[0]
        return self.search(game, seat).best

    def search(self, game: Game, seat: int) -> Search:
        """Search ``seat``'s decision in ``game`` (which is left as it was)."""
        _check_turn(game, seat)
        root = Node()
        # A move's notation, worked out once a search (moves are immutable, and equal
        # moves have the same notation): the tree is keyed by it at every step.
        keys: dict[Any, str] = {}
        for _ in range(self.simulations):
            self._simulate(game.sample_hidden(seat, self.rng), root, keys)
        root.visits = self.simulations
        self.last = Search(game, seat, root, self.simulations)
        return self.last

    def _simulate(self, state: Game, root: Node, keys: dict[Any, str]) -> None:
        node, path = root, []
        while not state.is_over and len(state.seats_to_act) == 1:  # select, then expand
            actor = state.seats_to_act[0]
            untried, tried = [], []
            for move in state.legal_moves(actor):
                key = keys.get(move)
                if key is None:
                    key = keys[move] = str(move)
                child = node.children.get(key)
                if child is None:
                    untried.append((key, move))
                else:
                    child.available += 1
                    tried.append((child, move))
            if untried:
                key, move = untried[self.rng.randrange(len(untried))]
                child = node.children[key] = Node(key, actor)
                child.available, node = 1, child
                state.play(move, actor)
                path.append(node)
                break
            node, move = max(tried, key=lambda pair: self._ucb(pair[0]))
            state.play(move, actor)
            path.append(node)
        rewards = self._play_out(state)
        for node in path:
            node.visits += 1
            node.reward += rewards[node.seat]

    def _ucb(self, node: Node) -> float:
        return ucb(node.mean, node.visits, node.available, self.exploration)

    def _play_out(self, state: Game) -> list[float]:
        """Play ``state`` to its end; each seat's reward."""
        rng, rollout = self.rng, self.rollout
        for _ in range(DEPTH):
            if state.is_over:
                return rewards(state)
            actor = rng.choice(state.seats_to_act)
            if rollout is None:
                moves = state.legal_moves(actor)
                state.play(moves[rng.randrange(len(moves))], actor)
            else:
                state.play(rollout(state, actor), actor)
        return [1 / state.players] * state.players  # still going: called a draw


def ucb(mean: float, tried: int, available: int, exploration: float = 0.7) -> float:
    """UCB1 with availability: how promising a move tried ``tried`` times, with a mean
    reward ``mean``, looks after being legal ``available`` times. The second term grows
    for a move rarely tried, so every move is tried again now and then."""
    return mean + exploration * math.sqrt(math.log(available) / tried)


# 02-search's exercise: the UCB of a move tried 30 times, winning 18, available 100 times,
# with exploration 0.7 (within 0.005); each wrong try gives the next hint.
check_ucb = Exercise(
    "ucb", lambda: ucb(18 / 30, 30, 100), tolerance=0.005, probability=False, hints=[
        "The mean is the wins over the tries: 18 / 30.",
        "The second term is 0.7 × √(ln 100 / 30); math.log is the natural logarithm ln.",
    ])


def search_budgets() -> dict[str, Any]:
    """The table of ``tests/benchmark_search.py --budgets``, kept beside this module (02-search
    prints and plots it: playing its games again would take far longer than a notebook may).
    Read from the package, not from the notebook's folder: in the JupyterLite site a file
    of the course is fetched from the browser's storage, a tenth of a second."""
    table: dict[str, Any] = json.loads((Path(__file__).parent / "search_budgets.json")
                                       .read_text("utf-8"))
    return table


@plot
def budget_chart(budgets: dict[str, Any]) -> Figure:
    """02-search's plot of the table ``search_budgets()`` reads: the search bot's score
    against ``budgets['opponent']`` at each budget N, with its 95% interval, and the line
    of playing as strong as it."""
    plt = pyplot()
    rows = budgets["rows"]
    n = [row["simulations"] for row in rows]
    score = [row["score"] for row in rows]
    errors = [[row["score"] - row["low"] for row in rows],
              [row["high"] - row["score"] for row in rows]]
    fig: Figure
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ax.errorbar(n, score, yerr=errors, marker="o", capsize=4, color="#0072B2",
                label=f"MCTSBot(N) against {budgets['opponent']}")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1, label="as strong as it")
    ax.set_xscale("log", base=2)
    ax.set_xticks(n, [str(v) for v in n])
    ax.set_ylim(0, 1)
    ax.set_xlabel("simulations a decision (N)")
    ax.set_ylabel("score a game (win 1)")
    ax.set_title("Thinking longer: the search bot's strength")
    ax.legend(loc="lower right")
    fig.tight_layout()
    plt.close(fig)  # shown once, as the returned value, not again by the inline backend
    return fig


def _check_turn(game: Game, seat: int) -> None:
    if tuple(game.seats_to_act) != (seat,):
        if seat in game.seats_to_act:
            raise GameError("MCTS searches turn-based play, and here several seats may act "
                            "at once (a race)")
        raise GameError(game._why_waiting(seat))  # the game's own words for it


def rewards(game: Game) -> list[float]:
    """Each seat's reward at the end of ``game``: 1 for a win alone, 1/k for a win
    shared by k, 1/players for a draw, else 0 (a game's rewards add up to 1)."""
    if not game.winners:
        return [1 / game.players] * game.players
    share = 1 / len(game.winners)
    return [share if seat in game.winners else 0.0 for seat in range(game.players)]
