"""Each game declared once: its options, its kinds of move and its position's shape.

A game class names its ``OPTIONS`` (an :class:`Options`), its ``MOVES`` (a :class:`Moves`)
and its ``POSITION`` (a :class:`Position`); everything else reads them, so nothing is
written twice:

- the constructor checks its options with ``OPTIONS.take`` (each option's own check, then
  the pairs that exclude each other), and a save's options are checked the same way, as
  loading makes the game through the constructor;
- ``Game.VARIANTS``, which the conformance suite plays alone and in pairs, is
  ``OPTIONS.variants()``; ``OPTIONS.allowed(options)`` says whether options go together;
- the variants notebooks' option tables are ``OPTIONS.table()``;
- a move's notation is ``MOVES.text(move)`` (its ``__str__``) and what a view sends of it
  is ``MOVES.data(move)``: ``{"text": "S b1-c2", "kind": "jump", "frog": "S", "src":
  "b1", "dst": "c2"}``, so the board reads a move's fields and never parses its text;
- an explicit position (and a save's) is first checked against ``POSITION``: a dictionary
  of known keys, the required ones present, one entry per seat where it lists seats; the
  game's own ``_normalize_position`` then checks what only its rules know.

Rules-side: imports nothing from Jupyter.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BadArgument, BadPosition, brief


@dataclass(frozen=True)
class Option:
    """One option of a game's constructor. ``check(value, name)`` gives the value kept or
    raises BadArgument (``core.arguments``' checks take exactly these); ``plays``: the
    values worth playing besides ``default`` (the conformance suite plays each);
    ``variant``: the rulebook's name for it when it is one of its variants ("Cutthroat"),
    else None (a setting for lessons and simulations: ``max_turns``); ``doc``: what it
    does, in a sentence for the notebooks' table."""

    name: str
    default: Any
    check: Callable[[Any, str], Any]
    doc: str
    plays: tuple[Any, ...] = ()
    variant: str | None = None


@dataclass(frozen=True)
class Exclusion:
    """Options that cannot all be on together (each given a value other than its default),
    and the sentence that says why."""

    names: tuple[str, ...]
    why: str


class Options:
    """A game's options, in the constructor's order, and the ones that exclude each other."""

    def __init__(self, *options: Option, exclusions: Iterable[Exclusion] = ()) -> None:
        self.options = {option.name: option for option in options}
        self.exclusions = tuple(exclusions)
        for exclusion in self.exclusions:
            unknown = [name for name in exclusion.names if name not in self.options]
            if unknown:
                raise ValueError(f"an exclusion names options that are not declared: {unknown}")

    def __iter__(self) -> Any:
        return iter(self.options.values())

    def __contains__(self, name: object) -> bool:
        return name in self.options

    def names(self) -> list[str]:
        return list(self.options)

    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self}

    def take(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options kept, from ``given`` (a constructor's ``locals()``: other names are
        ignored): each checked by its own rule, in order, then the exclusions. Raises
        BadArgument, naming the option, before anything is built."""
        kept = {option.name: option.check(given[option.name], option.name) for option in self}
        why = self.why_not(kept)
        if why is not None:
            raise BadArgument(why)
        return kept

    def why_not(self, options: Mapping[str, Any]) -> str | None:
        """Why these options cannot go together (the first exclusion they meet), or None."""
        for exclusion in self.exclusions:
            if all(self._on(name, options) for name in exclusion.names):
                return exclusion.why
        return None

    def allowed(self, options: Mapping[str, Any]) -> bool:
        """Whether the game takes these options together (unnamed ones at their default)."""
        return self.why_not(options) is None

    def _on(self, name: str, options: Mapping[str, Any]) -> bool:
        default = self.options[name].default
        value = options.get(name, default)
        return not (type(value) is type(default) and value == default)

    def variants(self) -> dict[str, tuple[Any, ...]]:
        """Each option with values worth playing besides its default: ``Game.VARIANTS``."""
        return {option.name: option.plays for option in self if option.plays}

    def table(self) -> Markdown:
        """The options as a table for people: the option, its default, what it does and
        what it cannot go with. A variants notebook shows it (a cell's last expression)."""
        if not self.options:
            return Markdown("This game takes no options: it is always played by its "
                            "rulebook's one set of rules.")
        rows = ["| option | default | what it does |", "|---|---|---|"]
        for option in self:
            name = f"`{option.name}`" + (f" ({option.variant})" if option.variant else "")
            apart = list(dict.fromkeys(e.why for e in self.exclusions if option.name in e.names))
            doc = option.doc + "".join(f" {why[0].upper()}{why[1:]}." for why in apart)
            rows.append(f"| {name} | `{option.default!r}` | {doc} |")
        return Markdown("\n".join(rows))


Show = Callable[[Any], Any]


class MoveKind:
    """One kind of decision: its name (a move's ``kind``), its notation, a template whose
    ``{field}``\\ s are the move's fields as shown (``"{frog} {src}-{dst}"``), and for each
    field how its value is shown, in the notation and in a view's data (None: as it is;
    ``SQUARES.__getitem__`` turns Croak!'s square index into ``"b1"``)."""

    def __init__(self, kind: str, notation: str | None = None, **fields: Show | None) -> None:
        self.kind = kind
        self.notation = kind if notation is None else notation
        named = [f for _, f, _, _ in string.Formatter().parse(self.notation) if f is not None]
        if sorted(named) != sorted(fields):
            raise ValueError(f"the notation {self.notation!r} of {kind!r} must name exactly its "
                             f"fields {sorted(fields)}")
        self.fields = {name: show or _as_it_is for name, show in fields.items()}

    def shown(self, move: Any) -> dict[str, Any]:
        return {name: show(getattr(move, name)) for name, show in self.fields.items()}

    def text(self, move: Any) -> str:
        return self.notation.format_map(self.shown(move)) if self.fields else self.notation


def _as_it_is(value: Any) -> Any:
    return value


class Moves:
    """A game's kinds of decision, in the order its documents list them."""

    def __init__(self, *kinds: MoveKind) -> None:
        self.by_kind = {kind.kind: kind for kind in kinds}

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.by_kind)

    def text(self, move: Any) -> str:
        """The move's notation (its ``__str__``): ``"S b1-c2"``; a hand-made move of a
        kind the game lacks shows its kind, so that the refusal can quote it."""
        kind = self.by_kind.get(move.kind) if isinstance(move.kind, str) else None
        return kind.text(move) if kind is not None else str(move.kind)

    def data(self, move: Any) -> dict[str, Any]:
        """What a view sends of a legal move: its notation, its kind and its fields as
        shown, ``{"text": "S b1-c2", "kind": "jump", "frog": "S", "src": "b1", "dst":
        "c2"}``: the board reads these and sends back the text."""
        named = getattr(move, "kind", None)
        kind = self.by_kind.get(named) if isinstance(named, str) else None
        if kind is None:  # a game that declares no kinds of move (a test's toy game)
            return {"text": str(move), "kind": named if isinstance(named, str) else "move"}
        shown = kind.shown(move)
        text = kind.notation.format_map(shown) if shown else kind.notation
        return {"text": text, "kind": move.kind, **shown}

    def table(self) -> Markdown:
        """The kinds of decision and how each is written, as a table."""
        rows = ["| decision | written |", "|---|---|"]
        rows += [f"| `{k.kind}` | `{k.notation}` |" for k in self.by_kind.values()]
        return Markdown("\n".join(rows))


class Position:
    """The shape of a game's explicit starting position: its keys (``required`` first),
    the key whose list has one entry per seat (``seats``), and the keys each of those
    entries may have (``seat_keys``; none: the entries are not dictionaries)."""

    def __init__(self, *, required: tuple[str, ...] = (), optional: tuple[str, ...] = (),
                 seats: str | None = None, seat_keys: tuple[str, ...] = ()) -> None:
        self.required, self.optional = required, optional
        self.keys = required + optional
        self.seats, self.seat_keys = seats, seat_keys
        if seats is not None and seats not in self.keys:
            raise ValueError(f"the key listing the seats, {seats!r}, is not one of {self.keys}")

    def check(self, position: Any, players: int) -> None:
        """Refuse, with BadPosition naming the problem, a position that is not a
        dictionary of these keys, lacks a required one, or lists the wrong number of
        seats."""
        if not isinstance(position, dict):
            raise BadPosition(f"a position is a dictionary {self._described()}, not "
                              f"{brief(position)}")
        unknown = [key for key in position if key not in self.keys]
        if unknown:
            raise BadPosition(f"unknown key {brief(unknown[0])} in the position (its keys are "
                              f"{', '.join(self.keys)})")
        missing = [key for key in self.required if key not in position]
        if missing:
            raise BadPosition(f"the position has no {missing[0]!r}: a position is a "
                              f"dictionary {self._described()}")
        if self.seats is None or self.seats not in position:
            return
        entries = position[self.seats]
        if not isinstance(entries, list | tuple) or len(entries) != players:
            raise BadPosition(f"{self.seats!r} must list one entry per seat ({players} seats), "
                              f"not {brief(entries)}")
        if not self.seat_keys:
            return
        for seat, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise BadPosition(f"seat {seat}: an entry of {self.seats!r} is a dictionary "
                                  f"(its keys are {', '.join(self.seat_keys)}), not "
                                  f"{brief(entry)}")
            bad = [key for key in entry if key not in self.seat_keys]
            if bad:
                raise BadPosition(f"seat {seat}: unknown key {brief(bad[0])} (its keys are "
                                  f"{', '.join(self.seat_keys)})")

    def _described(self) -> str:
        quoted = [f"{key!r}" for key in self.required]
        said = f"with {_listed(quoted)}" if quoted else "with any of"
        if self.optional:
            said += (" and optionally " if quoted else " ") + _listed(
                [f"{key!r}" for key in self.optional])
        return said

    def table(self) -> Markdown:
        """The position's keys as a table: which are required, which list the seats."""
        rows = ["| key | |", "|---|---|"]
        for key in self.keys:
            notes = ["required" if key in self.required else "optional"]
            if key == self.seats:
                notes.append("one entry per seat" + (
                    f" (keys: {', '.join(self.seat_keys)})" if self.seat_keys else ""))
            rows.append(f"| `{key}` | {'; '.join(notes)} |")
        return Markdown("\n".join(rows))


def _listed(words: list[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


class Markdown(str):
    """Markdown text that Jupyter shows as Markdown (a cell's last expression), with no
    import of IPython: the rules side stays free of Jupyter."""

    def _repr_markdown_(self) -> str:
        return str(self)


__all__ = ["Exclusion", "Markdown", "MoveKind", "Moves", "Option", "Options", "Position"]
