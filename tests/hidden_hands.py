"""A tiny game with hidden hands, for the tests of the "pass the device" screen.

Each seat is dealt a private hand of four-digit cards from the game's RNG and, in turn,
plays one of them face down; when the hands are empty the played cards are turned over
and the highest total wins. A view shows only its own seat's hand (and its own played
cards); of the others, how many cards they hold and have played. Playing a card face
down shows nobody anything, so a board may take it back (the end's reveal may not be).

``Wire`` records what a board sends its browser views (trait updates and custom
messages), ``saved_state`` is what a notebook saves of a board, and ``cards_in`` finds
the game's secret cards in any text: the tests of what reaches the browser use them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pondwidgets.core import BadNotation, BadPosition, Game
from pondwidgets.core.widget import Board

NAMES = ["Ada", "Bob", "Cy", "Dee"]


class HandsGame(Game):
    NAME = "hands"
    TITLE = "Hands"
    MOVE = int
    PLAYERS = range(2, 5)

    def __init__(self, players: Any = 2, *, hand: int = 3, seed: int | None = None,
                 position=None, clock=None):
        players = self.take_players(players, lambda n: NAMES[:n])
        self.hand_size = hand
        super().__init__(seed=seed, position=position, clock=clock,
                         options={"players": players, "hand": hand})

    @property
    def hides_hands(self) -> bool:
        return True

    def _normalize_position(self, position):
        raise BadPosition("this test game has no explicit positions")

    def _setup(self) -> None:
        cards = self.rng.sample(range(1000, 10000), self.hand_size * self.players)
        size = self.hand_size
        self.hands = [sorted(cards[s * size:(s + 1) * size]) for s in range(self.players)]
        self.played: list[list[int]] = [[] for _ in range(self.players)]
        self.turn = 0

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "play"

    def prompt(self, seat: int | None = None) -> str:
        if self.is_over:
            return "The game is over: " + " and ".join(self.names[s] for s in self.winners) \
                + " won."
        if seat == self.turn:
            return "Play a card (face down)."
        return f"{self.names[self.turn]} plays a card."

    def _redraw_hidden(self, seat, rng) -> None:
        # What ``seat`` has not seen: every other seat's hand and face-down cards (all of
        # them for the spectator), drawn again from the numbers it has not seen, in the
        # same counts. Once the cards are turned, nothing is hidden.
        if self.is_over:
            return
        mine = set() if seat is None else set(self.hands[seat]) | set(self.played[seat])
        others = [s for s in range(self.players) if s != seat]
        unseen = sum(len(self.hands[s]) + len(self.played[s]) for s in others)
        fresh = iter(rng.sample(sorted(set(range(1000, 10000)) - mine), unseen))
        for s in others:
            self.hands[s] = sorted(next(fresh) for _ in self.hands[s])
            self.played[s] = [next(fresh) for _ in self.played[s]]

    def _legal(self, seat: int) -> list:
        return list(self.hands[seat])

    def _parse(self, text: str):
        if not text.isdigit() or len(text) != 4:
            raise BadNotation(f"a card is four digits, not {text[:20]!r}")
        return int(text)

    def _why_illegal(self, move, seat: int) -> str:
        return "that card is not in your hand"

    def _apply(self, move, seat: int) -> None:
        self.hands[seat].remove(move)
        self.played[seat].append(move)
        self._event(f"{self.names[seat]} plays a card face down.")
        self.turn = (seat + 1) % self.players
        if not any(self.hands):
            totals = [sum(cards) for cards in self.played]
            self.is_over = True
            self.winners = tuple(s for s, t in enumerate(totals) if t == max(totals))
            self._revealed()  # every played card is turned over
            self._event("The cards are turned: " + ", ".join(
                f"{self.names[s]} {t}" for s, t in enumerate(totals)) + ".")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": list(self.hands[seat]) if seat is not None else [],
            "players": [{"name": self.names[s], "cards": len(self.hands[s]),
                         "played": len(self.played[s]),
                         "shown": list(self.played[s]) if s == seat or self.is_over else []}
                        for s in range(self.players)],
        }


class HandsBoard(Board):
    """A board on HandsGame. With ``seat=None`` several people share the screen, and the
    board passes the device between them. Its front end (tests/browser/hands/) is built
    at test time: ``use_front_end``."""

    TABLE_PLAY = True


def use_front_end(esm: str, css: str) -> None:
    """Give HandsBoard the front end built from tests/browser/hands/ (in a temporary
    folder, never in pondwidgets/static), as the game's one bundle (``core.bundle``)."""
    from pondwidgets.core.bundle import Bundle

    Bundle._open["hands"] = Bundle(name="hands", esm=esm, css=css)
    HandsBoard.BUNDLE = "hands"


class Wire:
    """Everything a board sends its browser views from now on, as its comm carries it
    (through JSON): trait updates, which the browser keeps and JupyterLab saves in the
    notebook, and custom messages, which nobody keeps."""

    def __init__(self, board: Board):
        self.messages: list[dict[str, Any]] = []
        board.comm.send = self._carry  # the kernel's side of the channel: nothing else

    def _carry(self, data=None, metadata=None, buffers=None) -> None:
        self.messages.append(json.loads(json.dumps(data)))

    @property
    def updates(self) -> list[dict[str, Any]]:
        """The trait updates sent: each a dictionary of traits."""
        return [m["state"] for m in self.messages if m["method"] == "update"]

    @property
    def custom(self) -> list[Any]:
        """The custom messages sent (``board.send``)."""
        return [m["content"] for m in self.messages if m["method"] == "custom"]

    def clear(self) -> None:
        self.messages.clear()


def saved_state(board: Board) -> str:
    """What the browser keeps of a board, which JupyterLab saves in the notebook: every
    synced trait, as JSON (the widget's own bookkeeping, model names and references to
    other widgets aside)."""
    state = board.get_state()
    return json.dumps({k: v for k, v in state.items()
                       if not k.startswith("_") and k != "layout"}, sort_keys=True)


def cards_in(text: str, game: HandsGame) -> set[int]:
    """The cards of any hand, or played face down, that ``text`` names."""
    secret = {c for cards in game.hands + game.played for c in cards}
    return {c for c in secret if re.search(rf"(?<!\d){c}(?!\d)", text)}
