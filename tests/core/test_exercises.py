"""The shared exercise checker and convergence plot (pondwidgets.core.exercises)."""

import io
from fractions import Fraction

import pytest

from pondwidgets.core.exercises import Exercise, plot_convergence, read_number


@pytest.mark.parametrize(("text", "value", "exact"), [
    (Fraction(3, 4), Fraction(3, 4), True), (2, Fraction(2), True), ("1/8", Fraction(1, 8), True),
    (" 2 / 16 ", Fraction(1, 8), True), ("Fraction(1, 8)", Fraction(1, 8), True),
    ("3", Fraction(3), True), (0.5, Fraction(1, 2), False), ("0.125", Fraction(1, 8), False),
    ("12.5%", Fraction(1, 8), False), ("1e-1", Fraction(1, 10), False),
])
def test_read_number(text, value, exact):
    assert read_number(text) == (value, exact)


@pytest.mark.parametrize("bad", ["abc", "1/0", "a/b", True, [1], float("nan"), "inf", "1/"])
def test_read_number_refuses_with_a_message(bad):
    with pytest.raises(ValueError, match=r"."):
        read_number(bad)


def test_feedback_for_each_kind_of_answer(capsys):
    ex = Exercise("half", Fraction(1, 2), hints=["first hint", "second hint"])
    assert not ex.check(None)
    assert "Not answered yet" in capsys.readouterr().out
    assert ex.attempts == 0  # no answer is not a wrong attempt
    assert not ex.check("1/3")
    assert "Hint: first hint" in capsys.readouterr().out
    assert not ex.check("2/3")
    assert "Hint: second hint" in capsys.readouterr().out
    assert not ex.check("1/4")
    assert "Hint: second hint" in capsys.readouterr().out  # the last hint stays
    assert not ex.check(0.5)
    assert "as a fraction" in capsys.readouterr().out
    assert not ex.check("3/2")
    assert "between 0 and 1" in capsys.readouterr().out
    assert not ex.check("banana")
    assert "can't read" in capsys.readouterr().out
    assert ex.check("2/4")
    assert capsys.readouterr().out.startswith("Correct!")


def test_a_near_miss_fraction_is_told_apart():
    ok, message = Exercise("x", Fraction(1, 6)).feedback("33/200")
    assert not ok and "Close, but not exact" in message


def test_answer_given_as_a_function_is_computed_once():
    calls = []

    def answer():
        calls.append(1)
        return Fraction(1, 3)

    ex = Exercise("lazy", answer)
    assert calls == []
    assert ex.feedback("1/3")[0] and ex.feedback("2/6")[0]
    assert calls == [1]


def test_estimates_accept_anything_within_the_tolerance():
    ex = Exercise("estimate", 0.62, tolerance=0.03, estimate_note="from 10 games")
    assert ex.feedback(0.6)[0] and ex.feedback("3/5")[0] and ex.feedback("64%")[0]
    ok, message = ex.feedback(0.66)
    assert not ok and "±0.03" in message


def test_an_exact_exercise_needs_an_exact_answer():
    with pytest.raises(TypeError):
        _ = Exercise("bad", 0.5).answer
    with pytest.raises(ValueError):
        Exercise("bad", 0.5, tolerance=0)


def test_non_probabilities_may_be_allowed():
    assert Exercise("turns", 12, probability=False).feedback("12")[0]


def _png(fig):
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def test_plot_convergence_is_deterministic_and_leaves_no_figure_open():
    import matplotlib.pyplot as plt

    samples = [1, 0, 0, 1, 0, 0, 0, 1] * 50
    fig = plot_convergence(samples, Fraction(3, 8), "P(yes)")
    again = plot_convergence(samples, Fraction(3, 8), "P(yes)")
    assert plt.get_fignums() == []
    assert _png(fig) == _png(again)
    ax = fig.axes[0]
    assert ax.get_xlabel() == "number of games"
    line = ax.get_lines()[0]
    assert line.get_ydata()[-1] == pytest.approx(3 / 8)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("3/8" in t for t in legend)


def test_plot_convergence_draws_into_given_axes_and_without_an_exact_value():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    try:
        assert plot_convergence([2.0, 4.0, 3.0], None, "mean turns", ax=ax) is fig
        assert len(ax.get_lines()) == 1
    finally:
        plt.close(fig)
    with pytest.raises(ValueError):
        plot_convergence([], 0.5)


# -- every checker of every game -------------------------------------------------------------
def every_checker():
    from pondwidgets.croak.exercises import EXERCISES as CROAK
    from pondwidgets.rapidcroco.exercises import EXERCISES as RAPIDCROCO

    return {f"{game}.{name}": check for game, exercises in
            (("croak", CROAK), ("rapidcroco", RAPIDCROCO)) for name, check in exercises.items()}


CHECKERS = every_checker()


@pytest.mark.parametrize("name", sorted(CHECKERS))
@pytest.mark.parametrize("blank", [None, ...])
def test_unanswered_is_not_an_error(name, blank, capsys):
    """DESIGN §6: a fresh notebook runs clean with no answers given."""
    assert not CHECKERS[name](blank)
    assert "Not answered yet" in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(n for n, c in CHECKERS.items()
                                        if c.exact and c.probability))
def test_an_exact_probability_given_as_a_decimal_is_asked_as_a_fraction(name, capsys):
    """DESIGN §6: answers are exact where they can be, so a rounded decimal is not enough."""
    check = CHECKERS[name]
    assert not check(float(check.answer))
    assert "as a fraction" in capsys.readouterr().out
