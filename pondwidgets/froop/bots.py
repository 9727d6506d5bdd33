"""Froop! bots. :class:`FroopBot` is a heuristic player a teacher can explain in a few
sentences. It reads only what its seat may see, through ``game.view(seat)``: the Froop's
visible cells, its own hand, the hand counts, the pile's size (and, under Strategic, the
other hands, below); and, in Speed, the time its countdown leaves it (``game.deadline``
and the clock, as the board shows them). It never reads a hidden hand nor the pile's
order, and it breaks ties with its own seeded generator, never the game's. Against
RandomBot it wins about two games in three alone (two players: 67.8% of 500;
``tests/froop/test_bots.py``).

You win by emptying your hand, and the Froop is shared: a spot you leave open is open for
everyone. So FroopBot cares about its *own* hand, not about denying spots (with the hands
hidden, a version that avoided opening 3-match spots for the next player won fewer games):

- **Every card it sheds this turn counts one.** A 3- or 4-match lets it play again, so it
  looks ahead along the chain (``depth`` plays deep, 2 by default): a 3-match that opens
  another 3-match for a card it holds is worth more than a lone 2-match.
- **Then it keeps its hand playable.** A card's *spots* are the places where it fits now,
  either way up, a 3-match spot counting 3 and a 4-match spot 6 (they chain). Each card
  left in hand costs ``1 / (1 + spots)``: a card that fits nowhere costs a whole card, one
  that fits many places almost nothing. Of plays shedding as many cards, it takes the one
  leaving the cheapest hand: it plays its awkward cards first, keeps the ones that fit
  many spots, and lays them where they open spots for its remaining cards.
- **Play again** after a 3- or 4-match whenever it can: a card played is a card out.
  Only Cutthroat gives it something better to do.
- **Cutthroat.** After a 3-match with no 3- or 4-match to go on with, it *gives* rather
  than plays a 2-match: it sheds a card either way, and giving also burdens a rival. It
  gives its least playable card (fewest spots) to the player with the fewest cards (ties:
  more Marathon points, then the nearest after it in turn order). After a 4-match it keeps
  chaining when it can; else it makes the others draw rather than play a 2-match when
  that burdens them by more than one card's worth (``RIVAL_CARD``, 0.7 a rival: with
  three or more players).
- **Strategic.** Every hand is public, so it also looks at what its turn leaves the
  *next* player: leaving them no play at all (a draw and a lost turn) is worth
  ``DENY_BLOCK`` (2) cards, and each 3- or 4-match play left to them costs ``DENY_CHAIN``
  (0.5). Measured over 1,000 two-player Strategic games against RandomBot: 75.3% won
  alone, against 67.6% without this; and 62.4% against FroopBot without it. (Guessing
  the hidden hands of the other variants from the cards unseen gained nothing measurable
  against FroopBot.)
- **Marathon.** The game ends when the last card is drawn: it makes the others draw the
  pile out (by Cutthroat's choice after a 4-match, or by a 4-match in Panic) only when it
  leads on points alone, and never when it is behind.
- **Panic.** No play again: it takes the play worth most now (a 4-match makes every rival
  draw; a 3-match sheds a second card, given as above; then the cheapest hand left), and
  gives its least playable card to the leader when it must. Under Strategic it also
  counts what its play leaves *every* rival, since all of them race for it at once: a
  rival left no play at all (who must draw) is worth ``DENY_BLOCK`` shared among the
  rivals, and each 3- or 4-match play left to any of them costs ``DENY_CHAIN``, the
  weights of Strategic's turns. Measured over 1,000 two-player Panic games under
  Strategic (``python tests/benchmark.py --froop-bots 1000``), against RandomBot racing
  at its pace: 79.2% won alone, against 74.1% without this; and 58.5% against FroopBot
  without it.

**Reaction time** (``delay``, read by ``core.BotDriver``). In Speed and Panic it is a
race, and the bot answers after a time drawn from a log-normal distribution (reaction
times are right-skewed: most near the typical time, a few much slower)::

    seconds = (look + per_card * cards) * exp(spread * Z),   Z ~ Normal(0, 1)

``cards`` is the number of cards in its hand (each is compared with the Froop). The median
is ``look + per_card * cards``; ``spread`` 0 makes it exact. The defaults (1.5 s, 0.5 s a
card, 0.3) give a median of 5 s with 7 cards: well inside Speed's 20 s countdown. With
neither Speed nor Panic nobody races: ``delay`` returns None, and the bot plays at the
board's ``bot_delay`` like any other.

**The countdown.** In Speed it never lets the countdown run out while it could answer:
it reads the time its seat has left (``game.deadline``, the board's countdown), and when
its reaction time would pass ``left - SAFETY`` (0.5 s before the end; half the time
left, when that is under a second) it answers then instead, with the best play among
the cards it has compared with the Froop by that time, at its own pace (``(answer /
exp(spread * Z) - look) / per_card`` cards, looked at in an order of its own generator;
the first card that fits, if none of those does). A decision with time enough is as
before: the same moves at the same times. Measured over 1,000 two-player Speed games
against RandomBot (``python tests/benchmark.py --froop-bots 1000``): at the 20 s
countdown nothing changes (67.0% won alone, as before: its hand seldom grows big enough);
at 8 s, 67.8% against 65.4%; at 5 s, where seven cards take it 5 s, 67.2% against 22.0%
(the old one mostly ran out of time and drew). Against the old one: 53.5%, 55.8% and
84.5%.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..core.arguments import number, whole
from ..core.bots import SeededBot
from .spots import Froop, card_cost

if TYPE_CHECKING:
    from .rules import FroopGame

WIN = 1000.0  # emptying the hand


def _number(name: str, value) -> float:
    number(value, name, 0, what="a number of seconds")  # BadArgument (a ValueError)
    return value


class FroopBot(SeededBot):
    """``FroopBot(seed, look=1.5, per_card=0.5, spread=0.3, depth=2)``: the
    heuristic and the reaction time of the module docstring. ``depth``: how many plays
    of a chain of 3- and 4-matches it tries in full (1: the play itself, then only
    whether another card would fit); 2 is as strong as 3, and faster."""

    RIVAL_CARD = 0.7  # a card a rival must take, against a card this bot sheds
    KEEP = 0.5  # the weight of the hand left (its cost per card) against a card shed
    # Strategic: the next player's hand is public (the weights were measured, above).
    DENY_CHAIN = 0.5  # each 3- or 4-match play left to the next player
    DENY_BLOCK = 2.0  # leaving the next player no play at all: a draw, and a lost turn
    # Plays tried beyond the first of a chain, per decision: past it, a chain's rest is
    # only estimated. A usual decision tries a few hundred; a hand of 30 cards on a big
    # Froop would try tens of thousands (a fifth of a second and more).
    BUDGET = 2000
    # Speed: the seconds before the countdown ends by which it has answered (a board's
    # timer and its own deciding take a few milliseconds; half the time left, when less).
    SAFETY = 0.5

    def __init__(self, seed: int | None = None, *, look: float = 1.5, per_card: float = 0.5,
                 spread: float = 0.3, depth: int = 2):
        self.look = _number("look", look)
        self.per_card = _number("per_card", per_card)
        self.spread = _number("spread", spread)
        whole(depth, "depth", 1, what="a whole number of plays")  # BadArgument, naming it
        self.depth = depth
        super().__init__(seed)

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        # (game id, seat, decisions, cards it has time to look at): set by a hurried delay
        self._hurry: tuple[int, int, int, int] | None = None

    # -- reaction time -------------------------------------------------------------------
    def delay(self, game: FroopGame, seat: int) -> float | None:
        """Seconds until this bot decides: its reaction time in Speed and Panic (drawn
        from its own generator when it starts looking); None otherwise (nobody races: the
        board's pace)."""
        self._hurry = None
        if not game.against_the_clock:  # asked first: a view costs more than a decision
            return None
        view = game.view(seat)
        cards = len(view.get("hand") or ())
        typical = self.look + self.per_card * cards
        pace = math.exp(self.spread * self.rng.gauss(0, 1)) if self.spread else 1.0
        wanted = typical * pace
        left = self.time_left(game, seat)
        if left is None:
            return wanted
        by = left - self.SAFETY if left > 2 * self.SAFETY else left / 2
        if wanted <= by:
            return wanted
        # Too slow for the countdown: it answers at ``by`` with the best play among the
        # cards it has compared with the Froop by then, at its own pace.
        work = by / pace - self.look
        if self.per_card:
            seen = min(cards, max(0, math.floor(work / self.per_card + 1e-9)))
        else:
            seen = cards if work >= 0 else 0
        self._hurry = (id(game), seat, len(game.history), seen)
        return max(0.0, by)

    # -- deciding ------------------------------------------------------------------------
    def __call__(self, game: FroopGame, seat: int) -> str:
        hurry, self._hurry = self._hurry, None
        view = game.view(seat)
        legal = list(view["legal"])  # each {text, kind, ...}: MOVES.data
        if len(legal) <= 1:
            return legal[0]["text"]
        seen = hurry[3] if hurry is not None and \
            hurry[:3] == (id(game), seat, len(game.history)) else None
        return Look(view, seat, self).choose(legal, seen)

    @staticmethod
    def time_left(game: FroopGame, seat: int) -> float | None:
        """Speed: the seconds ``seat`` has left on its countdown (``game.deadline``, as
        the board shows it), or None when no countdown runs for it."""
        due = game.deadline
        if due is None or due.seat != seat:
            return None
        return max(0.0, due.time - max(game.clock.now(), game.last_time))


class Look:
    """One decision's reading of the table by one seat: what its view shows, no more."""

    def __init__(self, view: dict, seat: int, bot: FroopBot):
        self.view, self.seat, self.bot = view, seat, bot
        self.rng = bot.rng
        variants = set(view.get("variants") or ())
        self.panic = "panic" in variants
        self.marathon = "marathon" in variants
        self.cutthroat = "cutthroat" in variants or self.panic
        self.players = view["players"]
        self.rivals = len(self.players) - 1
        self.pile = view.get("pile", 0)
        self.hand: list[str] = list(view.get("hand") or ())
        self.froop = Froop(view["cells"])
        # Strategic shows every hand: the next player's is worth a look. (Panic has no
        # next player: everyone plays at once.)
        after = self.players[(seat + 1) % len(self.players)] if self.players else {}
        self.next_hand = () if self.panic else tuple(after.get("hand") or ())
        # Panic under Strategic: every rival races for what the Froop leaves, all at once.
        self.rival_hands = [tuple(p["hand"]) for p in self.players
                            if self.panic and p["seat"] != seat and p.get("hand")]
        self.budget = bot.BUDGET

    # -- what a hand is worth --------------------------------------------------------------
    def cost(self, hand) -> float:
        """What the cards left in hand cost: each ``1 / (1 + spots)``."""
        spots = self.froop.spots
        return sum(card_cost(spots(card)) for card in hand)

    def left(self, hand) -> float:
        """The worth of ending the turn on the Froop as it is, holding ``hand``: minus its
        cost, and, when the next player's hand is public (Strategic), what the Froop
        leaves that player: no play at all is a draw and a lost turn for them, and each
        3- or 4-match play a chain. In Panic under Strategic every rival races for what
        it leaves: each rival left no play (who must draw) counts ``DENY_BLOCK`` shared
        among the rivals, and each 3- or 4-match play left to any rival costs
        ``DENY_CHAIN`` (it sheds a second card, or makes everyone else draw)."""
        value = -self.bot.KEEP * self.cost(hand)
        # The public hands it plays against: the next player's, or in Panic every rival's.
        watched = [self.next_hand] if self.next_hand else self.rival_hands
        for rival in watched:
            plays = [m for card in rival for *_, m in self.froop.plays(card)]
            if not plays:
                value += self.bot.DENY_BLOCK / len(watched)
            else:
                value -= self.bot.DENY_CHAIN * sum(m >= 3 for m in plays)
        return value

    def worst(self, hand) -> str:
        """The least playable card: the fewest spots (ties: the first by name)."""
        spots = self.froop.spots
        return min(hand, key=lambda card: (spots(card), card))

    def give_value(self, hand) -> float:
        """Giving the least playable card: one card out, one card for a rival."""
        if len(hand) == 1:
            return WIN
        rest = list(hand)
        rest.remove(self.worst(hand))
        return 1 + self.bot.RIVAL_CARD + self.left(rest)

    def others_value(self, hand) -> float:
        """Making every other player draw (as many as the pile holds)."""
        ends = self.marathon_end()
        if ends is not None:
            return ends
        return self.bot.RIVAL_CARD * min(self.rivals, self.pile) + self.left(hand)

    def marathon_end(self) -> float | None:
        """Marathon ends when the last card is drawn: the others drawing the pile out
        wins for the sole leader on points and loses for a player behind (None: the game
        goes on, or the points are tied)."""
        if not self.marathon or self.pile > self.rivals:
            return None
        mine = self.players[self.seat].get("points", 0)
        best = max(p.get("points", 0) for p in self.players if p["seat"] != self.seat)
        return WIN if mine > best else -WIN if mine < best else None

    def after_play(self, hand, match: int, depth: int) -> float:
        """The worth of the rest of the turn after a play (already laid) left ``hand``."""
        if not hand:
            return WIN
        if match >= 3 and not self.panic:
            return self.chained(hand, match, depth + 1)
        return self.left(hand)

    def chained(self, hand, match: int, depth: int) -> float:
        """The worth of a chance to play again (after a ``match``) holding ``hand``: the
        best of playing on and (Cutthroat) giving or making the others draw; stopping
        only when no card fits (a card played is a card out)."""
        best = None
        if self.cutthroat:
            if match == 3:
                best = self.give_value(hand)
            elif self.pile:
                best = self.others_value(hand)
        froop = self.froop
        if depth >= self.bot.depth or self.budget <= 0:
            # the horizon: one more card out, the dearest that fits
            spots = [froop.spots(card) for card in hand]
            if any(spots) and len(hand) == 1:
                return WIN
            if any(spots):
                left = sum(map(card_cost, spots)) - max(card_cost(s) for s in spots if s)
                value = 1 - self.bot.KEEP * left
                best = value if best is None else max(best, value)
            return self.left(hand) if best is None else best
        played = None
        for i, card in enumerate(hand):
            rest = hand[:i] + hand[i + 1:]
            for letters, x, y, m in froop.plays(card):
                if not rest:
                    return WIN
                self.budget -= 1
                changes = froop.lay(letters, x, y)
                value = 1 + self.after_play(rest, m, depth)
                froop.undo(changes)
                if played is None or value > played:
                    played = value
        if played is not None:
            best = played if best is None else max(best, played)
        return self.left(hand) if best is None else best

    # -- choosing --------------------------------------------------------------------------
    def choose(self, legal: list[dict], seen: int | None = None) -> str:
        """The move worth most, as its text; ``legal``: the view's legal moves (each
        ``{text, kind, ...}``); ``seen`` (a countdown nearly out): of the plays, only those
        of the first ``seen`` cards it looks at (in an order of its own generator), or of
        the first card that fits when none of them does."""
        must_give = self.seat in (self.view.get("must_give") or ())
        texts = [m["text"] for m in legal]
        # The decisions that name nothing, by kind: each has one text at most.
        plain = {m["kind"]: m["text"] for m in legal if m["kind"] not in ("play", "give")}
        gives = [m for m in legal if m["kind"] == "give"]
        if must_give or (self.panic and gives):
            return self.give(gives)
        values: dict[str, float] = {}
        offered = set(texts)
        plays = [p for p in self.view.get("plays") or () if p["move"] in offered]
        if seen is not None and seen < len(self.hand) and plays:
            fits = {p["card"] for p in plays}
            order = self.rng.sample(self.hand, len(self.hand))
            looked = order[:seen]
            if not fits & set(looked):
                looked = [next(card for card in order if card in fits)]
            plays = [p for p in plays if p["card"] in looked]
        chain = self.view.get("chain")
        for play in plays:
            values[play["move"]] = self.play_value(play)
        if chain is not None:
            match = chain.get("match", 3)
            if "stop" in plain and not plays:
                values[plain["stop"]] = self.left(self.hand)
            if gives and match == 3:
                values[self.give(gives)] = self.give_value(self.hand)
            if "others" in plain:
                values[plain["others"]] = self.others_value(self.hand)
        if not values:  # draw or pass: nothing to choose
            for kind in ("draw", "pass", "stop"):
                if kind in plain:
                    return plain[kind]
            return self.rng.choice(texts)
        best = max(values.values())
        tied = [m for m, v in values.items() if v >= best - 1e-9]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def play_value(self, play: dict) -> float:
        letters = play["card"][::-1] if play["turned"] else play["card"]  # as laid
        rest = list(self.hand)
        rest.remove(play["card"])
        if not rest:
            return WIN
        match = play["match"]
        froop = self.froop
        changes = froop.lay(letters, play["x"], play["y"])
        if self.panic:
            value = 1 + self.left(rest)
            if match == 3:
                value = 1 + self.give_value(rest)
            elif match == 4:
                ends = self.marathon_end()
                value = ends if ends is not None else \
                    value + self.bot.RIVAL_CARD * min(self.rivals, self.pile)
        else:
            value = 1 + self.after_play(rest, match, 0)
        froop.undo(changes)
        return value

    def give(self, gives: list[dict]) -> str:
        """The least playable card, to the player with the fewest cards (ties: the most
        Marathon points, then the nearest after this seat), as the text of that legal
        give (``gives``: the legal ``give`` moves, each with its ``card`` and ``to``)."""
        n = len(self.players)
        card = self.worst(self.hand)
        targets = sorted(
            (p for p in self.players if p["seat"] != self.seat),
            key=lambda p: (p["cards"], -p.get("points", 0), (p["seat"] - self.seat) % n))
        for target in targets:
            for move in gives:
                if move["card"] == card and move["to"] == target["seat"]:
                    return move["text"]
        return gives[0]["text"]
