"""A class experiment in a notebook: ``share(EXPERIMENTS["pike_at_start"], games=GAMES)``
shows a small panel beside a simulation exercise: the student's name and one button, "Send
to the class". The button joins the class's experiment on the classroom's server, which
gives this student a seed of their own; plays the notebook's own simulation on it here,
in the kernel (``Experiment.samples``); and sends the result: the seed, the values of the
games, and their counts (``experiments.py`` on the server checks them, plays a sample of
them again, and pools them for the teacher's screen).

The same in code: ``panel.join("Ada")`` gives the seed, ``panel.play()`` the samples, and
``panel.send()`` sends them (``send(samples)`` sends samples a cell computed on that seed).

With no server to reach, the button says so in one sentence and nothing else changes:
the exercise above it works as it always did. The token that makes this student's name
theirs is kept as a seat's is (``seats.py``), never in a trait or an output."""

from __future__ import annotations

import html
import secrets
import weakref
from typing import Any

import ipywidgets

from ..core.arguments import count
from ..core.errors import BadArgument, GameError, brief
from ..core.experiments import MOST_GAMES, Experiment
from .link import address, default_server, post
from .seats import keep_seat, recall_seats

JOIN_SECONDS = 5.0  # a join is small: the server answers at once
SEND_SECONDS = 60.0  # a result is played again in part on the server, behind others'

_panels: weakref.WeakSet[ClassExperiment] = weakref.WeakSet()  # for the name typed once


def share(experiment: Experiment, games: int, *, name: str | None = None,
          server: str | None = None) -> ClassExperiment:
    """The panel that sends ``games`` games of ``experiment``, played on a seed of this
    student's own, to the class on ``server`` (by default, in the course's site, the
    page's own origin; in any other kernel, this machine's, port 8765)."""
    if not isinstance(experiment, Experiment):
        raise BadArgument(f"experiment is one of a game's EXPERIMENTS, not {brief(experiment)}")
    count(games, "games", 1, MOST_GAMES)
    if name is not None and not isinstance(name, str):
        raise BadArgument(f"name is your name as text, not {brief(name)}")
    return ClassExperiment(experiment, games, name or "", address(server or default_server()))


class ClassExperiment(ipywidgets.VBox):
    """One experiment's panel: the name, the button, and a status line that says what
    happened (the estimate sent and the class's, or why nothing was)."""

    def __init__(self, experiment: Experiment, games: int, name: str, server: str) -> None:
        self.experiment, self.games, self.server = experiment, games, server
        self.seed: int | None = None  # this student's, once joined
        self.samples: list[int] | None = None  # the values of their games, once played
        self.answer: dict[str, Any] | None = None  # the server's, once sent
        self._tokens: dict[str, str] = {}  # name, casefolded -> this browser's token
        self._joined_as = ""
        head = ipywidgets.HTML(
            f"<b>Class experiment:</b> {html.escape(experiment.question)}. Play "
            f"{games:,} games of your own and send your result to the teacher's screen.")
        self.name_box = ipywidgets.Text(value=name, placeholder="your name",
                                        description="Your name", continuous_update=False)
        self.button = ipywidgets.Button(description="Send to the class",
                                        tooltip=f"Play {games:,} games on a seed of your "
                                                f"own and send the result",
                                        layout=ipywidgets.Layout(width="auto"))
        self.status = ipywidgets.HTML()
        super().__init__([head, ipywidgets.HBox([self.name_box, self.button]), self.status])
        self.add_class("pondwidgets-class-experiment")
        self.button.on_click(lambda _button: self._clicked())
        recall_seats(self._key(), self._tokens.update)
        _panels.add(self)

    def __repr__(self) -> str:  # what a notebook saves as the cell's text: the same each run
        return (f"<Class experiment {self.experiment.id}: {self.games:,} games of your "
                f"own, sent to the class by its button>")

    def _key(self) -> str:
        return f"pondwidgets-experiments {self.server}"

    # -- in code ------------------------------------------------------------------------
    def join(self, name: str | None = None) -> int:
        """Join the class's experiment as ``name`` (the name box's, by default): the seed
        of this student's games, the same each time they ask. GameError says why not."""
        name = (self.name_box.value if name is None else name).strip()
        if not name:
            raise GameError("Type your name first: the class knows your result by it.")
        token = self._tokens.get(name.casefold()) or secrets.token_urlsafe(18)
        answer = post(self.server, "/tables/experiments/join",
                      {"experiment": self.experiment.id, "name": name, "token": token},
                      JOIN_SECONDS)
        seed = answer.get("seed")
        if type(seed) is not int:
            raise GameError(f"The classroom's server gave no seed ({brief(answer)}).")
        if self._tokens.get(name.casefold()) != token:
            self._tokens[name.casefold()] = token
            keep_seat(self._key(), name, token)
        if seed != self.seed:
            self.samples = None  # games of another seed
        self.seed, self._joined_as = seed, name
        for panel in list(_panels):  # the name typed once fills every panel's
            if not panel.name_box.value.strip():
                panel.name_box.value = name
        return seed

    def play(self) -> list[int]:
        """Play this student's games: the notebook's simulation on their seed."""
        if self.seed is None:
            raise GameError("Join the class first (join(name), or the button): its server "
                            "gives you the seed of your games.")
        if self.samples is None:
            self.samples = self.experiment.samples(self.games, self.seed)
        return self.samples

    def send(self, samples: list[int] | None = None) -> dict[str, Any]:
        """Send this student's result (``samples``: the values of the first games of their
        seed; by default, those ``play`` gives): the server's answer, or GameError."""
        if self.seed is None:
            self.join()
        values = self.play() if samples is None else list(samples)
        token = self._tokens.get(self._joined_as.casefold(), "")
        counts = self.experiment.counts(v for v in values if type(v) is int)
        self.answer = post(self.server, "/tables/experiments/send",
                           {"experiment": self.experiment.id, "token": token,
                            "seed": self.seed, "games": len(values), "values": values,
                            **counts}, SEND_SECONDS)
        return self.answer

    # -- the button -----------------------------------------------------------------------
    def _clicked(self) -> None:
        self.button.disabled = True
        try:
            self._say("Joining the class…")
            self.join()
            self._say(f"Playing your {self.games:,} games…")
            self.play()
            self._say("Sending your result…")
            self._say(sent_text(self.send()))
        except GameError as err:
            self._say(str(err), refused=True)
        finally:
            self.button.disabled = False

    def _say(self, text: str, refused: bool = False) -> None:
        """The status line: the words, on an edge of the theme's colour for what they say
        (sent, refused, under way), so the words alone say it without the colour."""
        kind = "refused" if refused else "sent" if text.startswith("Sent.") else "busy"
        colour = {"refused": "--jp-error-color1, #d32f2f",
                  "sent": "--jp-success-color1, #388e3c",
                  "busy": "--jp-info-color1, #0288d1"}[kind]
        lines = "".join(f"<div>{html.escape(line)}</div>" for line in text.split("\n"))
        self.status.value = (f'<div role="status" class="pondwidgets-{kind}" style="'
                             f"border-left: 4px solid var({colour}); padding: 0.2em 0.7em; "
                             f'margin: 0.2em 0; line-height: 1.45;">{lines}</div>')


def sent_text(answer: dict[str, Any]) -> str:
    """What the student reads once the class has their result."""
    def figures(label: str, part: Any) -> str:
        if not isinstance(part, dict):
            return f"{label}: (not given)"
        return (f"{label}: {float(part['estimate']):.4f} from {int(part['games']):,} games "
                f"(95% interval {float(part['low']):.4f} to {float(part['high']):.4f})")

    students = int(answer.get("students", 0))
    return (f"Sent. {figures('Your estimate', answer.get('yours'))}.\n"
            f"{figures('The class so far', answer.get('class'))}, "
            f"{students} student{'s' * (students != 1)}.")
