"""Helpers for Rapidcroco tests: games from explicit layouts, in a line or two."""

from pondwidgets.core import ManualClock
from pondwidgets.rapidcroco import RapidcrocoGame
from pondwidgets.rapidcroco.declaration import SITES

# a1 Cleo > b1 Fifi > c1 Hattie v c2 Oswald v c3 Grumbleton > d3 > e3 > f3 Marigold >:
# off the grid, so Marigold (f3) is the culprit when the criteria pick Cleo. e5 a Hippo.
LINE = (
    ("Cleo", "Fifi", "Hattie", "?", "?", "?"),
    ("?", "?", "Oswald", "?", "?", "?"),
    ("?", "?", "Grumbleton", "Mortimer", "Percival", "Marigold"),
    ("?", "?", "?", "?", "?", "?"),
    ("?", "?", "?", "?", "H", "?"),
    ("?", "?", "?", "?", "?", "?"),
)
LINE_PATH = ["a1", "b1", "c1", "c2", "c3", "d3", "e3", "f3"]


def layout(base=LINE, **cells):
    """``base`` with some cells replaced: ``layout(b1=".")``."""
    rows = [list(row) for row in base]
    for site, cell in cells.items():
        rows[int(site[1]) - 1]["abcdef".index(site[0])] = cell
    return rows


def game_from(*rows, hands=None, suspect=None, dealer=0, players=2, seed=0, **options):
    """A game on its own ManualClock, started from an explicit layout: six rows of cells
    (``"^>v<H.?"`` or Croc codes and names, see pondwidgets/rapidcroco/README.md), the
    Crocs in each seat's hand ({seat: [...]}), and, if given, the suspect (a site or a
    Croc) whose criteria are already turned, so the game starts in the race."""
    position = {"grid": [r if isinstance(r, str) else list(r) for r in rows],
                "hands": dict(hands or {}), "dealer": dealer}
    if suspect is not None:
        position["suspect"] = suspect
    return RapidcrocoGame(players, seed=seed, position=position, clock=ManualClock(),
                          **options)


def name_at(game, site):
    """The name of the Croc on ``site`` (None for a Hippo or an empty site)."""
    cell = game.view()["grid"][SITES.index(site)]
    return cell.get("name")


def hand(game, seat):
    """The names of the Crocs in ``seat``'s hand, in the order captured."""
    return [c["name"] for c in game.view()["players"][seat]["crocs"]]

