"""Splash down maps: the format, its checks, pad names, edges and distances.

A map is plain JSON-safe data (``pondwidgets/splashdown/README.md``, "Maps"): Home, then
blocks of 1 to 3 pads side by side. ``load_map(spec)`` checks it, refusing a broken map
with ``BadPosition`` naming the problem, and gives a ``Map``: the pads, their names and
colours, the edges (the map's own, or docs/rules/splashdown.md#edges) and every distance,
worked out once (a breadth-first search that never passes *through* Home: Home is only
ever a landing). ``MAPS`` holds the shipped maps, read from ``maps/*.json``.
"""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from typing import Any

from ..core.arguments import finite
from ..core.errors import BadPosition, brief

HOME = "home"
GREEN, YELLOW, RED, DARK_GREEN = "green", "yellow", "red", "dark-green"
COLOURS = (GREEN, YELLOW, RED, DARK_GREEN)
LANES = "abc"
MAX_WIDTH = 3
MAX_BLOCKS = 100  # a sanity bound: a student's map, not a 1 MB one
MAX_EDGES = 1000
MAX_FLIES = 9
FAR = 10**6  # the distance to a pad that cannot be reached without passing through Home
MAP_KEYS = ("name", "blocks", "edges", "layout")


class Map:
    """A checked map. Pads are numbered 0 (Home) onwards, block by block, left to right.

    ``names[i]``, ``colours[i]`` and ``printed[i]`` (the flies printed on pad ``i``),
    ``index[name]``, ``blocks`` (the pad names, block by block), ``edges`` (pairs of pad
    numbers, each once, lower first), ``neighbours[i]``, ``dist[i][j]`` (the fewest steps
    from ``i`` to ``j`` never passing through Home; ``FAR`` if there is no such path) and
    ``within[i][r]`` (the pads ``1..r`` steps from ``i``, ``r`` up to 6, in pad order).
    A Map never changes after it is made, so games share it (a copy of a game keeps it).
    """

    __slots__ = ("blocks", "cache", "colours", "dist", "edges", "explicit", "index",
                 "layout", "name", "names", "neighbours", "printed", "spec", "title", "within")

    def __init__(self, spec: dict[str, Any], shipped: str | None = None):
        spec = normalize_map(spec)
        self.spec = spec  # the JSON-safe form, as a game's options keep it
        self.name: str = shipped or spec.get("name", "custom")
        self.title: str = spec.get("name", self.name)  # for people: "A first pond"
        names, colours, printed, blocks = [], [], [], []
        for number, block in enumerate(spec["blocks"]):
            row = []
            for lane, pad in enumerate(block):
                name = pad_name(number, lane, len(block))
                colour, flies = parse_pad(pad)
                names.append(name)
                colours.append(colour)
                printed.append(flies)
                row.append(name)
            blocks.append(tuple(row))
        self.names: tuple[str, ...] = tuple(names)
        self.colours: tuple[str, ...] = tuple(colours)
        self.printed: tuple[int, ...] = tuple(printed)
        self.blocks: tuple[tuple[str, ...], ...] = tuple(blocks)
        self.index: dict[str, int] = {name: i for i, name in enumerate(names)}
        self.explicit = "edges" in spec
        if self.explicit:
            pairs = {(min(i, j), max(i, j))  # lower first
                     for i, j in ((self.index[a], self.index[b]) for a, b in spec["edges"])}
        else:
            pairs = set(default_edges([len(b) for b in spec["blocks"]]))
        self.edges: tuple[tuple[int, int], ...] = tuple(sorted(pairs))
        neighbours: list[list[int]] = [[] for _ in names]
        for a, b in self.edges:
            neighbours[a].append(b)
            neighbours[b].append(a)
        self.neighbours = tuple(tuple(sorted(n)) for n in neighbours)
        self.layout: dict[str, Any] = dict(spec.get("layout", {}))
        self.dist = tuple(tuple(self._distances(i)) for i in range(len(names)))
        unreached = [names[i] for i in range(1, len(names)) if self.dist[0][i] >= FAR]
        if unreached:
            raise BadPosition(f"the map has pads that cannot be reached from Home: "
                              f"{', '.join(unreached[:8])}{' …' * (len(unreached) > 8)}")
        self.within = tuple(
            tuple(tuple(j for j in range(len(names)) if 1 <= self.dist[i][j] <= r)
                  for r in range(7))
            for i in range(len(names)))
        self.cache: dict[str, Any] = {}  # for the rules: their move objects, made once

    def _distances(self, source: int, through_home: bool = False) -> list[int]:
        """Steps from ``source`` to every pad, never passing through Home (Home is reached
        as a landing, never left again on the way) unless ``through_home``."""
        dist = [FAR] * len(self.names)
        dist[source] = 0
        queue = deque([source])
        while queue:
            i = queue.popleft()
            if i == 0 and i != source and not through_home:
                continue  # Home ends a path: nobody jumps on through it
            for j in self.neighbours[i]:
                if dist[j] == FAR:
                    dist[j] = dist[i] + 1
                    queue.append(j)
        return dist

    def distance_through_home(self, a: int, b: int) -> int:
        """The fewest steps from ``a`` to ``b`` if passing through Home were allowed (it is
        not): only to explain a refusal."""
        return self._distances(a, through_home=True)[b]

    def to_dict(self) -> dict[str, Any]:
        """The map as JSON-safe data, a fresh copy: change it and make a map of your own."""
        return json.loads(json.dumps(self.spec))

    def __deepcopy__(self, memo) -> Map:
        return self  # never changes: every copy of a game shares it

    def __repr__(self) -> str:
        return f"<Map {self.name!r}: {len(self.blocks) - 1} blocks, {len(self.names) - 1} pads>"


def pad_name(block: int, lane: int, width: int) -> str:
    """``home`` for block 0; the block's number alone for a 1-pad block (``"5"``); else
    the number and the lane, left to right (``"5a"``, ``"5b"``, ``"5c"``)."""
    if block == 0:
        return HOME
    return str(block) if width == 1 else f"{block}{LANES[lane]}"


def parse_pad(pad: Any) -> tuple[str, int]:
    """``"red"`` -> ("red", 0); ``"dark-green:2"`` -> ("dark-green", 2); ``"home"``."""
    if not isinstance(pad, str) or len(pad) > 20:
        raise BadPosition(f"a pad is written as a colour ({', '.join(COLOURS)}) or "
                          f"'dark-green:<flies>', not {brief(pad)}")
    if pad == HOME:
        return HOME, 0
    colour, sep, flies = pad.partition(":")
    if colour not in COLOURS:
        raise BadPosition(f"unknown pad colour {brief(colour)} (the colours are "
                          f"{', '.join(COLOURS)})")
    if not sep:
        return colour, 0
    if colour != DARK_GREEN:
        raise BadPosition(f"{brief(pad)}: only dark-green pads hold flies")
    if not (flies.isascii() and flies.isdigit() and 1 <= int(flies) <= MAX_FLIES):
        raise BadPosition(f"{brief(pad)}: a dark-green pad holds 1 to {MAX_FLIES} flies "
                          f"(write plain 'dark-green' for none)")
    return colour, int(flies)


def default_edges(widths: list[int]) -> list[tuple[int, int]]:
    """The default edges (docs/rules/splashdown.md#edges) for blocks of these widths
    (block 0, Home, is 1 wide), as pairs of pad numbers: pads side by side are neighbours
    (a–b, b–c, never a–c); between two consecutive blocks the path runs straight ahead —
    equal widths lane to lane, a 1-pad block meets both pads of a 2-pad block and the
    centre of a 3-pad block, and a 2-pad block meets the centre of a 3-pad block with both
    its pads (the path always goes through the centre of a block)."""
    first, start = [], 0
    for width in widths:
        first.append(start)
        start += width
    edges = []
    for number, width in enumerate(widths):
        base = first[number]
        edges += [(base + lane, base + lane + 1) for lane in range(width - 1)]
        if number == 0:
            continue
        here, before = width, widths[number - 1]
        prev = first[number - 1]
        if here == before:
            edges += [(prev + lane, base + lane) for lane in range(here)]
        elif 1 in (here, before) and 2 in (here, before):  # one meets both
            one, two = (prev, base) if before == 1 else (base, prev)
            edges += [(min(one, two + k), max(one, two + k)) for k in range(2)]
        elif 3 in (here, before):  # 1 or 2 pads meet the centre of 3
            centre, other, count = (base + 1, prev, before) if here == 3 else \
                (prev + 1, base, here)
            edges += [(min(centre, other + k), max(centre, other + k)) for k in range(count)]
    return sorted(set(edges))


def normalize_map(spec: Any) -> dict[str, Any]:
    """Check a map's data and return its canonical JSON-safe form (raises BadPosition
    naming the first problem found)."""
    if not isinstance(spec, dict):
        raise BadPosition(f"a map is a dictionary with 'blocks' (and optionally 'name', "
                          f"'edges', 'layout'), not {brief(spec)}")
    unknown = [k for k in spec if k not in MAP_KEYS]
    if unknown:
        raise BadPosition(f"unknown key {brief(unknown[0])} in the map (its keys are "
                          f"{', '.join(MAP_KEYS)})")
    out: dict[str, Any] = {}
    if "name" in spec:
        name = spec["name"]
        if not isinstance(name, str) or not 0 < len(name.strip()) <= 60:
            raise BadPosition(f"a map's name is a text of 1 to 60 characters, not "
                              f"{brief(name)}")
        out["name"] = name.strip()
    blocks = spec.get("blocks")
    if not isinstance(blocks, list | tuple):
        raise BadPosition("a map needs 'blocks': a list of blocks, Home first, each a list "
                          "of 1 to 3 pads")
    if len(blocks) > MAX_BLOCKS:
        raise BadPosition(f"a map has at most {MAX_BLOCKS} blocks, not {len(blocks)}")
    norm_blocks = []
    homes = 0
    for number, block in enumerate(blocks):
        if not isinstance(block, list | tuple):
            raise BadPosition(f"block {number} must be a list of pads, not {brief(block)}")
        if not block:
            raise BadPosition(f"block {number} is empty: a block has 1 to 3 pads")
        if len(block) > MAX_WIDTH:
            raise BadPosition(f"block {number} has {len(block)} pads: a block is at most "
                              f"{MAX_WIDTH} pads wide")
        for pad in block:
            if pad == HOME:
                homes += 1
                if number != 0:
                    raise BadPosition(f"Home is in block {number}: Home must be the first "
                                      f"block" if homes == 1 else
                                      "the map has two Homes: it has exactly one")
                if len(block) != 1:
                    raise BadPosition("Home must be alone in its block (block 0)")
            else:
                parse_pad(pad)
        norm_blocks.append(list(block))
    if homes == 0:
        raise BadPosition("the map has no Home: its first block must be ['home']")
    if len(norm_blocks) < 2:
        raise BadPosition("the map has no pad but Home: add blocks of pads after it")
    out["blocks"] = norm_blocks
    if "edges" in spec:
        names = {pad_name(n, lane, len(b)) for n, b in enumerate(norm_blocks)
                 for lane in range(len(b))}
        edges = spec["edges"]
        if not isinstance(edges, list | tuple) or len(edges) > MAX_EDGES:
            raise BadPosition(f"'edges' is a list of up to {MAX_EDGES} pairs of pad names, "
                              f"like [['1', '2a'], ['2a', '2b']]")
        norm_edges = []
        for edge in edges:
            if not (isinstance(edge, list | tuple) and len(edge) == 2
                    and all(isinstance(p, str) for p in edge)):
                raise BadPosition(f"an edge is a pair of pad names like ['1', '2a'], not "
                                  f"{brief(edge)}")
            for pad in edge:
                if pad not in names:
                    raise BadPosition(f"the edge {brief(list(edge))} names the pad "
                                      f"{brief(pad)}, which the map does not have")
            if edge[0] == edge[1]:
                raise BadPosition(f"the edge {brief(list(edge))} joins a pad to itself")
            norm_edges.append([edge[0], edge[1]])
        out["edges"] = norm_edges
    if "layout" in spec:
        layout = spec["layout"]
        if not isinstance(layout, dict) or len(layout) > 20 or not all(
                isinstance(k, str) and len(k) <= 40 and isinstance(v, int | float | str | bool)
                and not (isinstance(v, str) and len(v) > 100)
                and not (isinstance(v, float) and v != v)  # NaN
                for k, v in layout.items()):
            raise BadPosition("'layout' is a small dictionary of drawing hints, like "
                              "{'row': 6}")
        row = layout.get("row")
        if row is not None and (type(row) is not int or not 1 <= row <= MAX_BLOCKS):
            raise BadPosition(f"layout 'row' (blocks per row) is a whole number from 1 to "
                              f"{MAX_BLOCKS}, not {brief(row)}")
        # (no infinity, nor a number no float holds, as 10**400: a browser reads Infinity)
        if any(isinstance(v, int | float) and not isinstance(v, bool) and not finite(v)
               for v in layout.values()):
            raise BadPosition("layout hints are finite numbers, texts or True/False")
        out["layout"] = dict(layout)
    return out


def load_map(spec: Any) -> Map:
    """A checked ``Map`` from a shipped map's name (``"short"``) or a map's data."""
    if isinstance(spec, str):
        if spec not in MAPS:
            raise BadPosition(f"there is no shipped map {brief(spec)} (the maps are "
                              f"{', '.join(MAPS)}); or give a map of your own as a "
                              f"dictionary")
        return MAPS[spec]
    return Map(spec)


def _shipped() -> dict[str, Map]:
    folder = Path(__file__).parent / "maps"
    maps = {}
    for name in ("short", "long", "parallel"):
        data = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        maps[name] = Map(data, shipped=name)
    return maps


MAPS: dict[str, Map] = _shipped()
