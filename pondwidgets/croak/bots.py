"""Croak! bots. :class:`CroakBot` is a heuristic player that knows only what the table
knows: the face-up tiles and, for a face-down tile, the chances its back gives."""

from __future__ import annotations

from ..core.bots import SeededBot
from .declaration import Move
from .rules import CroakGame
from .tiles import LILY, LOG, MUD, NEIGHBOURS, PIKE, SIZE


def _distance(a: int, b: int) -> int:
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


def front_chances(game: CroakGame, back: str) -> dict[str, float]:
    """``game.chance_odds(back)`` as floats: what the table knows of a face-down tile."""
    return {front: float(p) for front, p in game.chance_odds(back).items()}


class CroakBot(SeededBot):
    """Keeps its Queen home and safe, steps only where a Pike cannot be, and sends its
    Servants after the nearest rival Queen. Ties are broken by its own seeded generator."""

    def __call__(self, game: CroakGame, seat: int) -> Move:
        moves = game.legal_moves(seat)
        chances = {back: front_chances(game, back) for back in ("shallow", "deep-a", "deep-b")}
        scored = [(self._score(game, seat, m, chances), self.rng.random(), m) for m in moves]
        return max(scored)[2]

    def _score(self, game: CroakGame, seat: int, move: Move, chances) -> float:
        if move.kind == "pass":
            return 0.0
        if move.kind == "eliminate":
            return -10.0 if move.victim == seat else 10.0
        src, dst, queen = move.src, move.dst, move.frog == "Q"
        odds = {game.fronts[dst]: 1.0} if game.face_up[dst] else chances[game.backs[dst]]
        score = 0.0
        for frog in game.at[dst]:
            if frog.seat == seat:
                continue
            log_guard = odds.get(LOG, 0.0) if not queen and not frog.queen else 0.0
            score += (1000.0 if frog.queen else 8.0) * (1.0 - log_guard)
        pike, mud = odds.get(PIKE, 0.0), odds.get(MUD, 0.0)
        if queen:
            score -= 5000.0 * pike + 4.0 * mud
            score += 300.0 * (self._threat(game, seat, src) - self._threat(game, seat, dst))
            score -= 1.0  # a Queen at home is safest
            if odds.get(LILY, 0.0) and not game.face_up[dst]:
                score -= 20.0 * odds[LILY]  # a bounce is a step into the unknown
            males = sum(p for f, p in odds.items()
                        if f.startswith("male-") and f[5:] in game.males[seat])
            if game.reserve[seat]:
                score += 6.0 * males
        else:
            score -= 12.0 * pike + 2.0 * mud
            targets = [q.sq for s, q in enumerate(game.queens) if q is not None and s != seat]
            if targets:
                score += 2.0 * (min(_distance(src, t) for t in targets)
                                - min(_distance(dst, t) for t in targets))
            own = game.queens[seat]
            assert own is not None  # the seat to move has its Queen
            if self._threat(game, seat, own.sq) and _distance(dst, own.sq) <= 1:
                score += 3.0  # close ranks around a threatened Queen
        return score

    @staticmethod
    def _threat(game: CroakGame, seat: int, sq: int) -> int:
        """How many rival frogs, free to move, could jump onto ``sq`` next."""
        return sum(1 for n in NEIGHBOURS[sq] for f in game.at[n]
                   if f.seat != seat and not f.mud)
