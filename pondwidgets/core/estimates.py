"""A simulation's estimate beside the exact answer, for the notebooks: its mean and 95%
confidence interval, in numbers and in words, the plot of the estimate settling as games
are added, and a bar chart of several results. Matplotlib is imported only when a plot is
drawn (``core.plotting``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .answers import read_number
from .plotting import plot, pyplot

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure, SubFigure



# -- simulations beside exact answers ----------------------------------------------------------
def confidence_interval(samples: Sequence[float], z: float = 1.96) -> tuple[float, float,
                                                                             float]:
    """The mean of ``samples`` and its 95% confidence interval (``z`` standard errors
    either side): ``(mean, low, high)``."""
    n = len(samples)
    mean = sum(samples) / n
    spread = math.sqrt(sum((s - mean) ** 2 for s in samples) / max(n - 1, 1))
    half = z * spread / math.sqrt(n)
    return mean, mean - half, mean + half


def interval_text(samples: Sequence[float], answer: Any = None,
                  label: str = "the simulation") -> str:
    """``samples``' mean with its 95% confidence interval, in words, and whether
    ``answer`` (a number, a fraction, or text such as ``"7/12"``; None for none) lies
    inside it."""
    mean, low, high = confidence_interval(samples)
    text = (f"{label}: {mean:.4f} from {len(samples):,} games "
            f"(95% confidence interval {low:.4f} to {high:.4f})")
    if answer is None or answer is Ellipsis:
        return text
    try:
        value = read_number(answer)[0]
    except ValueError as err:
        return f"{text}\n{err}"
    inside = "inside" if low <= value <= high else "outside"
    return f"{text}\nthe answer {value} ≈ {float(value):.4f} is {inside} the interval"


@plot
def plot_convergence(samples: Sequence[float], exact: Any = None, label: str = "estimate", *,
                     ax: Axes | None = None, title: str | None = None,
                     xlabel: str = "number of games", exact_label: str = "exact"
                     ) -> Figure | SubFigure:
    """Draw the running average of ``samples`` (one value per game: 1/0 for yes/no, or a
    number) against the number of games, with ``exact`` as a horizontal line and the band
    where 95% of such estimates fall. ``exact`` may be None (no line), a number, or a
    student's answer in any form the checkers read ("1/8"), named by ``exact_label``.
    Returns the figure (shown when it is a notebook cell's last value). Pass ``ax`` to draw
    into axes of your own.

    The same samples always draw the same picture.
    """
    values = [float(v) for v in samples]
    if exact is Ellipsis:
        exact = None
    if exact is not None:
        exact = read_number(exact)[0] if isinstance(exact, str) else exact
    if not values:
        raise ValueError("plot_convergence needs at least one sample")
    plt = pyplot()

    owner = ax is None
    fig: Figure | SubFigure  # the axes' own figure may be a subfigure
    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 3.2), layout="constrained")
    else:
        fig = ax.figure
    games = range(1, len(values) + 1)
    running, total = [], 0.0
    for n, v in zip(games, values, strict=True):
        total += v
        running.append(total / n)
    mean = running[-1]
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    ax.plot(games, running, color="#0072b2", linewidth=1.5,
            label=f"{label}: {mean:.4f} after {len(values):,} games")
    if exact is not None:
        centre = float(exact)
        shown = f"{exact} ≈ {centre:.4f}" if isinstance(exact, Fraction) else f"{centre:.4f}"
        ax.axhline(centre, color="#d55e00", linestyle="--", linewidth=1.5,
                   label=f"{exact_label}: {shown}")
        if spread:
            half = [1.96 * spread / math.sqrt(n) for n in games]
            ax.fill_between(games, [centre - h for h in half], [centre + h for h in half],
                            color="#d55e00", alpha=0.12, linewidth=0,
                            label="where 95% of estimates fall")
    lows = min(running[len(running) // 20:] + ([float(exact)] if exact is not None else []))
    highs = max(running[len(running) // 20:] + ([float(exact)] if exact is not None else []))
    margin = max((highs - lows) * 0.6, 0.02)
    ax.set_ylim(lows - margin, highs + margin)
    ax.set_xlim(1, len(values))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(label)
    ax.set_title(title or f"{label}: the estimate settles as games are added")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right", fontsize="small")
    if owner:
        plt.close(fig)  # shown once, as the returned value, not again by the inline backend
    return fig


@plot
def bar_chart(values: dict[str, float], title: str, ylabel: str,
              reference: float | None = None) -> Figure:
    """A small bar chart of ``values`` (label: height), each bar labelled with its value,
    with an optional dashed reference line; returns the matplotlib figure, which a
    notebook shows."""
    plt = pyplot()

    top = max(values.values(), default=0)
    fig: Figure
    fig, ax = plt.subplots(figsize=(5, 3))
    bars = ax.bar(list(values), list(values.values()), color="#4a90c2")
    ax.bar_label(bars, fmt="%.2f" if top <= 1 else "%.1f" if top < 20 else "%.0f")
    if reference is not None:
        ax.axhline(reference, color="#666", linestyle="--", linewidth=1)
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    ax.margins(y=0.15)
    fig.tight_layout()
    plt.close(fig)  # shown once, by the notebook, not again by the inline backend
    return fig
