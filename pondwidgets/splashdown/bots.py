"""Splash down bots. :class:`SplashBot` is a heuristic player a teacher can explain in a
few sentences. Nothing is hidden in Splash down, and SplashBot reads only what every seat
sees (``game.view()``): the pond, the frogs, their lives and their flies.

**Where to land.** For each pad it may land on, SplashBot adds up

1. the flies it collects there;
2. minus the price of the lives the pad may cost: a red pad costs a life, a yellow pad
   half a life on average. A life is worth more the fewer the frog has left and the more
   flies it carries; a landing that may kill the frog costs more than any catch;
3. plus the *promise* of the pad: every fly still on the pond, counted less the farther
   it is (a fly ``d`` steps away counts ``reach ** d``), and, once the frog is heading
   Home, Home counted the same way;
4. minus the danger of a push there: a rival within 6 steps (the nearer, the likelier)
   may land on a pad that is not dark green and push the frog into the water;
5. plus what pushing a rival standing there is worth (below).

It lands on the pad with the best total. Home is not one of these pads: it ends the
frog's game, so the frog lands there when it is heading Home, and otherwise only when
every other landing may kill it.

**When to go Home.** The frog heads Home (lands there when Home is in reach, else draws
nearer) when

- its catch can no longer be beaten: no rival can still get more flies, or as many with
  more lives;
- it carries flies and has ``low_lives`` lives or fewer (unless a rival already Home has
  more: Home would then be a sure loss);
- no fly it can reach is left on the pond, and no rival is ahead of it; if a rival in
  play is ahead it waits, since that rival may still fall in, but if a rival already
  Home is ahead there is nothing left to gain and it goes Home;
- the game's ``max_turns`` is near, or the game has lasted 60 turns a frog.

**Push** when the gain beats the cost. Half the time the push works: each rival there loses
a life, which is worth more the more flies it carries and the fewer lives it has left
(everything on its last life), and under the fly thief the frog also steals a set of
flies. Half the time the frog jumps back where it came from, and a sixth of the time it
loses a life too: so it never pushes on its last life.

**Re-roll** (the option): when a fresh roll promises more, on average over its six faces,
than the roll in hand.

``caution`` scales the price of a life (higher: more careful), ``reach`` says how fast a
far fly loses its appeal, ``low_lives`` when a frog carrying flies heads Home, and
``wariness`` how much the danger of a push counts (0: not at all). Ties are broken by the
bot's own seeded generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.arguments import finite, number, whole
from ..core.bots import SeededBot
from ..core.errors import BadArgument, brief
from .maps import FAR, Map

if TYPE_CHECKING:
    from .rules import SplashdownGame

HOME = "home"
DEATH = 1000.0  # the price of a landing that may kill: more than any catch
PUSH_WORKS, PUSH_LIFE = 1 / 2, 1 / 6  # a push's even roll; a 1 (failed, and a life lost)
LONG_GAME = 60  # turns a frog: after that many, every SplashBot heads Home
HOME_PULL = 10.0  # how strongly Home draws a frog heading there, per fly it carries


class SplashBot(SeededBot):
    """``SplashBot(seed, caution=1.0, reach=0.8, low_lives=2, wariness=0.5)``: the
    heuristic of the module docstring."""

    def __init__(self, seed: int | None = None, *, caution: float = 1.0, reach: float = 0.8,
                 low_lives: int = 2, wariness: float = 0.5):
        # BadArgument (a ValueError) for a bool, NaN, or a number no float holds (10**400)
        for name, value in (("caution", caution), ("wariness", wariness)):
            number(value, name, 0)
        if not finite(reach) or not 0 <= reach < 1:
            raise BadArgument(f"reach is a number from 0 to less than 1, not {brief(reach)}")
        whole(low_lives, "low_lives", 0)  # BadArgument, naming it (True is not 1)
        self.caution, self.reach = float(caution), float(reach)
        self.low_lives, self.wariness = low_lives, float(wariness)
        self.weights = [self.reach ** d for d in range(128)]  # reach ** steps; far: 0
        super().__init__(seed)

    def __call__(self, game: SplashdownGame, seat: int) -> str:
        legal = [str(m) for m in game.legal_moves(seat)]
        if len(legal) == 1:
            return legal[0]  # roll (the die, or the frog die of a push), or a lone landing
        look = Look(game, seat, self)
        if "push" in legal:
            return "push" if look.push_gain(look.here) > 0 else "no push"
        if "reroll" in legal:
            return "reroll" if look.reroll_gain() > 0 else "keep"
        landings = [m[3:] for m in legal if m.startswith("to ")]
        if not landings:  # no decision SplashBot knows: any legal one
            return self.rng.choice(legal)
        scored = [(look.landing(look.map.index[pad]), self.rng.random(), pad)
                  for pad in landings]
        return "to " + max(scored)[2]


class Look:
    """One decision's reading of the table by one seat: its frog, the rivals, the flies
    still on the pond, and the scores of the module docstring."""

    def __init__(self, game, seat: int, bot: SplashBot):
        view = game.view(seat)
        self.bot = bot
        self.map = map_of(game, view["map"])
        index = self.map.index
        self.flies = {index[name]: pad["flies"] for name, pad in view["map"]["pads"].items()
                      if pad["flies"]}  # pad -> flies on it now
        self.frogs = view["frogs"]
        self.me = me = self.frogs[seat]
        self.seat = seat
        self.here = index[me["pad"]]
        self.lives, self.held = me["lives"], me["flies"]
        self.roll, self.dice = view["roll"], view["dice"]
        self.thief = bool(view["options"]["fly_thief"])
        self.rivals = [f for f in self.frogs if f["seat"] != seat]
        self.at: dict[int, list[dict]] = {}  # pad -> the rival frogs in play there
        for f in self.rivals:
            if not f["home"] and not f["out"]:
                self.at.setdefault(index[f["pad"]], []).append(f)
        self.homeward = self.heading_home(view)

    # -- the price of a life -------------------------------------------------------------
    def life_price(self) -> float:
        """What losing one life costs this frog: everything on its last life; else more
        the fewer lives it has left and the more flies it carries."""
        if self.lives <= 1:
            return DEATH + self.held
        return self.bot.caution * (self.held + 3) / (self.lives - 1)

    def pad_risk(self, pad: int) -> float:
        colour = self.map.colours[pad]
        if colour == "red":
            return self.life_price()
        if colour == "yellow":
            return self.life_price() / 2  # the coin: tails half the time
        return 0.0

    # -- going Home ----------------------------------------------------------------------
    def heading_home(self, view: dict[str, Any]) -> bool:
        """Whether the frog heads Home now (the module docstring, "When to go Home")."""
        if not self.me["left_home"]:
            return False  # still on the way out
        turn, limit = view["turn"], view["options"].get("max_turns")
        if turn > LONG_GAME * len(self.frogs):
            return True  # a long game: time to end it
        if limit:
            playing = sum(1 for f in self.frogs if not f["home"] and not f["out"])
            my_turns_left = (limit - turn) / max(playing, 1)
            if self.map.dist[self.here][0] / 3 + 3 >= my_turns_left:
                return True  # time is short: a draw at the limit helps nobody
        mine = (self.held, self.lives)
        dist = self.map.dist[self.here]
        if not any(dist[j] < FAR for j in self.flies):  # no fly left this frog can reach
            return all((f["flies"], f["lives"]) <= mine or f["out"] for f in self.rivals) \
                or any((f["flies"], f["lives"]) > mine for f in self.rivals if f["home"])
            # home while nobody is ahead; or when someone Home is: nothing left to gain
        if self.unbeatable():
            return True
        beaten_home = any((f["flies"], f["lives"]) >= mine for f in self.rivals if f["home"])
        return bool(self.held) and self.lives <= self.bot.low_lives and not beaten_home

    def unbeatable(self) -> bool:
        """Whether this frog, Home now with its flies and lives, would win whatever the
        rivals do: every rival Home has fewer flies (or as many and fewer lives), and no
        rival in play could still get as many (all the flies on the pond, and under the
        fly thief every fly another frog carries, this frog's included)."""
        on_pond = sum(self.flies.values())
        carried = sum(f["flies"] for f in self.frogs if not f["home"] and not f["out"])
        for f in self.rivals:
            if f["out"]:
                continue
            best = f["flies"] if f["home"] else (
                f["flies"] + on_pond + (carried - f["flies"] if self.thief else 0))
            if (best, f["lives"]) >= (self.held, self.lives):
                return False
        return True

    # -- scoring a landing ---------------------------------------------------------------
    def weight(self, steps: int) -> float:
        w = self.bot.weights
        return w[steps] if steps < len(w) else 0.0

    def promise(self, pad: int) -> float:
        """The flies still on the pond but those on ``pad``, each ``reach ** steps`` from
        ``pad``; and Home, when heading there."""
        dist = self.map.dist[pad]
        total = sum(n * self.weight(dist[j]) for j, n in self.flies.items() if j != pad)
        if self.homeward:
            total += HOME_PULL * (self.held + 1) * self.weight(dist[0])
        return total

    def landing(self, pad: int) -> float:
        """The score of landing on ``pad`` (points 1 to 5 of the module docstring)."""
        if pad == 0:  # Home ends this frog's game: only when heading Home, or to survive
            return 1e6 if self.homeward else self.held - self.promise(self.here) - 50.0
        score = -self.pad_risk(pad)
        if score <= -DEATH:
            return score
        score += self.flies.get(pad, 0) + self.promise(pad)
        if self.map.colours[pad] != "dark-green":
            score -= self.danger(pad)
            if pad in self.at:
                score += max(0.0, self.push_gain(pad))
        return score

    def danger(self, pad: int) -> float:
        """What rivals within 6 steps of ``pad`` (the nearer, the likelier to reach it)
        cost this frog on average if they land there and push: a life, and under the fly
        thief its oldest set of flies."""
        if not self.bot.wariness:
            return 0.0
        loss = self.life_price()
        if self.thief and self.me["sets"]:
            loss += 2 * self.me["sets"][0]["flies"]
        dist = self.map.dist
        chance = sum(len(frogs) * (7 - dist[j][pad]) / 6
                     for j, frogs in self.at.items() if dist[j][pad] <= 6)
        return self.bot.wariness * PUSH_WORKS * chance * loss

    # -- pushing -------------------------------------------------------------------------
    def push_gain(self, pad: int) -> float:
        """The average gain of pushing the rivals on ``pad``: half the time each loses a
        life (and, under the fly thief, its oldest set); a sixth of the time this frog
        loses a life; half the time it goes back where it came from."""
        if self.lives <= 1:
            return -DEATH
        gain = 0.0
        for f in self.at.get(pad, ()):
            if f["lives"] <= 1:  # it dies: its flies leave the game, or come here
                gain += 6 + f["flies"] * (2 if self.thief else 1)
            else:
                gain += (f["flies"] + 2) / (f["lives"] - 1)
                if self.thief and f["sets"]:
                    gain += 2 * f["sets"][0]["flies"]  # stolen: this frog +n, the rival -n
        return PUSH_WORKS * gain - PUSH_LIFE * self.life_price() - 0.5

    # -- the re-roll option --------------------------------------------------------------
    def best_with(self, roll: int) -> float:
        """The best landing score with this roll."""
        pads = self.map.within[self.here][min(roll, 6)]
        return max((self.landing(j) for j in pads if j or self.me["left_home"]),
                   default=-DEATH)

    def reroll_gain(self) -> float:
        """How much more a fresh roll promises, on average, than the roll in hand."""
        roll = self.roll or (self.dice[-1] if self.dice else 3)
        return sum(self.best_with(r) for r in range(1, 7)) / 6 - self.best_with(roll)


_MAPS: dict[Any, Map] = {}


def map_of(game, drawing: dict[str, Any]) -> Map:
    """The game's map with its distances: the rules' own ``game.map`` when it is one, else
    one made (once) from the view's drawing of the pond."""
    own = getattr(game, "map", None)
    if isinstance(own, Map):
        return own
    pads = drawing["pads"]
    blocks = tuple(tuple(
        HOME if pads[n]["colour"] == HOME else
        f"dark-green:{pads[n]['printed']}" if pads[n]["printed"] else pads[n]["colour"]
        for n in block) for block in drawing["blocks"])
    edges = tuple(tuple(e) for e in drawing["edges"])
    found = _MAPS.get((blocks, edges))
    if found is None:
        if len(_MAPS) >= 64:
            _MAPS.clear()
        found = _MAPS[blocks, edges] = Map({"blocks": [list(b) for b in blocks],
                                            "edges": [list(e) for e in edges]})
    return found
