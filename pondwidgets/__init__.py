"""pondwidgets: Jupyter teaching widgets for five pond-themed tabletop games."""

__version__ = "0.1.0"
