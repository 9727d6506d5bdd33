"""The Rapidcroco deck: 32 Crocs and 4 Hippos (docs/rules/rapidcroco.md#crocs).

Each Croc is one combination of the five traits, so no two are alike. The rulebook does
not print the arms or the names: our deck fixes 8 Crocs per arm direction, 4 male and 4
female each (docs/rules/rapidcroco.md#arms), and gives every Croc an invented name (they
are ours, not the printed ones: docs/rules/rapidcroco.md#names).
"""

from __future__ import annotations

from itertools import product
from typing import NamedTuple

from ..core.errors import BadArgument, brief

ARMS = ("up", "right", "down", "left")  # clockwise: a quarter turn moves one step on
ARROWS = {"up": "^", "right": ">", "down": "v", "left": "<"}
HIPPO = "H"  # a Hippo's code on a grid; "." is an empty site

# The criteria cards, pair by pair: each pair shows one of its two faces.
TRAITS = ("gender", "skin", "build", "glasses", "hat")
FACES = {
    "gender": ("male", "female"),
    "skin": ("green", "blue"),
    "build": ("fat", "thin"),
    "glasses": ("glasses", "no glasses"),
    "hat": ("hat", "no hat"),
}
# One letter per face, in trait order, for a Croc's code: "MGFo^" is a male, green, fat
# Croc with glasses and a hat; "FBT--" a female, blue, thin one with neither.
LETTERS = {"gender": "MF", "skin": "GB", "build": "FT", "glasses": "o-", "hat": "^-"}

# Invented names, one per Croc in deck order (see CROCS).
NAMES = (
    "Admiral Snap", "Bartholomew", "Captain Chomp", "Dandy Dundee", "Emperor Gulp",
    "Fitzgerald", "Grumbleton", "Horatio", "Inspector Nip", "Jasper", "Kingsley",
    "Lord Lurk", "Mortimer", "Nelson", "Oswald", "Percival",
    "Aunt Abigail", "Bella Bask", "Cleo", "Duchess Dora", "Esmeralda", "Fifi", "Gertrude",
    "Hattie", "Isadora", "Josephine", "Lady Lagoon", "Marigold", "Nana Nile", "Odette",
    "Penelope", "Queenie",
)


class Croc(NamedTuple):
    """One Croc card: its number in the deck, name, five traits and printed arm."""

    number: int
    name: str
    male: bool
    green: bool
    fat: bool
    glasses: bool
    hat: bool
    arm: str  # as printed, before any quarter turn (Advanced 2)

    def face(self, trait: str) -> str:
        """The criteria face this Croc matches for ``trait``: ``face("build") == "fat"``."""
        has = {"gender": self.male, "skin": self.green, "build": self.fat,
               "glasses": self.glasses, "hat": self.hat}[trait]
        return FACES[trait][0 if has else 1]

    @property
    def faces(self) -> tuple[str, ...]:
        """The five criteria faces that pick this Croc, in trait order."""
        return _FACES[self.number]

    @property
    def code(self) -> str:
        return "".join(LETTERS[t][FACES[t].index(self.face(t))] for t in TRAITS)

    def describe(self) -> str:
        """``"a fat green male Croc with glasses and no hat"``."""
        return (f"a {self.face('build')} {self.face('skin')} {self.face('gender')} Croc "
                f"with {'glasses' if self.glasses else 'no glasses'} and "
                f"{'a hat' if self.hat else 'no hat'}")


def _deck() -> tuple[Croc, ...]:
    crocs = []
    for number, (male, green, fat, glasses, hat) in enumerate(product((True, False), repeat=5)):
        # For each gender the 16 crocs spread 4 per direction: (skin + 2 build) runs over
        # 0-3 whatever the accessories add, so the sum mod 4 is uniform.
        arm = ARMS[((not green) + 2 * (not fat) + 3 * glasses + hat + 2 * male) % 4]
        crocs.append(Croc(number, NAMES[number], male, green, fat, glasses, hat, arm))
    return tuple(crocs)


CROCS: tuple[Croc, ...] = _deck()
_FACES = [tuple(croc.face(trait) for trait in TRAITS) for croc in CROCS]  # read often
BY_NAME = {croc.name.lower(): croc for croc in CROCS}
BY_CODE = {croc.code: croc for croc in CROCS}
BY_FACES = {croc.faces: croc for croc in CROCS}


def turned(arm: str, turns: int) -> str:
    """The arm's direction on the table after ``turns`` quarter turns clockwise."""
    if not isinstance(arm, str) or arm not in ARMS:
        raise BadArgument(f"arm is one of {', '.join(ARMS)}, not {brief(arm)}")
    if not isinstance(turns, int) or isinstance(turns, bool):
        raise BadArgument(f"turns is a whole number of quarter turns, not {brief(turns)}")
    return ARMS[(ARMS.index(arm) + turns) % 4]
