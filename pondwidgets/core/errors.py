"""The error types every game raises. All are ``ValueError`` subclasses, so a caller
that only knows "bad input" can catch ``ValueError``."""


class GameError(ValueError):
    """Base of every error a game raises on bad input; the game is unchanged after it."""


class IllegalMove(GameError):
    """A move the rules forbid now; the message names the rule."""


class BadPosition(GameError):
    """An explicit starting position that breaks the documented format or the rules."""


class BadSave(GameError):
    """A save that is damaged, tampered with, or from another game or format version."""
