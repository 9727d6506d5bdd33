"""Square names shared by the grid games: column letter + row number, ``a1`` = (0, 0)
top-left as drawn on screen, ``h8`` = (7, 7) bottom-right (docs/design.md#coordinates)."""

from .errors import BadNotation, brief

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def square_name(x: int, y: int) -> str:
    return f"{LETTERS[x]}{y + 1}"


def parse_square(text: str, width: int = 8, height: int = 8) -> tuple[int, int]:
    """``"c3"`` -> ``(2, 2)``; raises :class:`BadNotation` naming the bad square."""
    if not isinstance(text, str) or len(text) < 2 or len(text) > 3:
        raise BadNotation(f"{brief(text)} is not a square: write a column letter and a row "
                          f"number, like c3")
    col, row = text[0].lower(), text[1:]
    if (col not in LETTERS[:width] or not (row.isascii() and row.isdigit())
            or not 1 <= int(row) <= height):
        last = f"{LETTERS[width - 1]}{height}"
        raise BadNotation(f"{brief(text)} is not a square of this board (a1 to {last})")
    return LETTERS.index(col), int(row) - 1
