"""Croak!: the rules model, its notation and its bots."""

from ..core.bots import RandomBot
from .bots import CroakBot
from .rules import CroakGame, Move

__all__ = ["CroakBot", "CroakGame", "Move", "RandomBot"]
