"""The shared exercise checker and convergence plot (pondwidgets.core.exercises)."""

import io
import math
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from pondwidgets.core import exercises
from pondwidgets.core.exercises import (
    Exercise,
    Feedback,
    confidence_interval,
    interval_text,
    plot_convergence,
    read_number,
)


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


HUGE = 10**400  # a whole number no float holds: float(HUGE) raises OverflowError


@pytest.mark.parametrize("answer", [
    HUGE, -HUGE, Fraction(HUGE, 3), str(HUGE), f"{HUGE}/3", f"Fraction({HUGE}, 1)", "1e400",
    "1e-999999999"], ids=["int", "negative", "fraction", "text", "slash", "call", "decimal",
                          "tiny decimal"])
@pytest.mark.parametrize("exercise", [
    Exercise("exact", Fraction(1, 3)), Exercise("estimate", 0.3, tolerance=0.05),
    Exercise("count", Fraction(5), probability=False),
    Exercise("mean", 3.0, tolerance=0.5, probability=False)], ids=lambda e: e.name)
def test_an_answer_no_float_holds_is_told_wrong_not_raised(exercise, answer):
    """A student's 10**400 is an answer the feedback cannot write as a decimal: it was an
    OverflowError out of the checker; now it is told, as any answer it cannot use."""
    right, message = exercise.feedback(answer)
    assert not right
    assert "too big" in message or "too small" in message, message
    assert len(message) < 200


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
    """docs/design.md#notebooks: a fresh notebook runs clean with no answers given."""
    assert not CHECKERS[name](blank)
    assert "Not answered yet" in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(n for n, c in CHECKERS.items()
                                        if c.exact and c.probability))
def test_an_exact_probability_given_as_a_decimal_is_asked_as_a_fraction(name, capsys):
    """docs/design.md#notebooks: answers are exact where they can be, so a rounded decimal
    is not enough."""
    check = CHECKERS[name]
    assert not check(float(check.answer))
    assert "as a fraction" in capsys.readouterr().out


# -- examples in the feedback never give the answer away ------------------------------------
_EXAMPLE = re.compile(r"Fraction\((-?\d+), (-?\d+)\)|'(-?\d+)/(\d+)'")


def examples_in(message: str) -> list[Fraction]:
    """The fractions a message shows as examples: ``Fraction(2, 7)`` and ``'2/7'``."""
    return [Fraction(int(a or c), int(b or d)) for a, b, c, d in _EXAMPLE.findall(message)]


def every_message(exercise: Exercise) -> list[str]:
    """The feedback on no answer, on nonsense, and on the answer as a decimal."""
    answers = [None, ..., "banana", "1/", "a/b", True, [1]]
    if exercise.exact:
        answers.append(float(exercise.answer))
    return [exercise.feedback(answer)[1] for answer in answers]


def every_game_exercise():
    from pondwidgets.games import GAMES

    return [pytest.param(exercise, id=f"{entry.name}-{name}")
            for entry in GAMES.values()
            for name, exercise in entry.module("exercises").EXERCISES.items()]


@pytest.mark.parametrize("exercise", every_game_exercise())
def test_no_example_is_near_the_answer(exercise):
    """Issue 11: "like Fraction(1, 8)" was Croak! exercise 1's answer."""
    answer = Fraction(exercise.answer)
    messages = every_message(exercise)
    shown = [examples_in(message) for message in messages]
    assert all(shown[2:5])  # each of these gives an example...
    # ...and so does "Not answered yet", unless it has no number at all (an answer given
    # as a function is not computed for it)
    assert all(shown[i] or not re.search(r"\d", messages[i]) for i in (0, 1))
    for example in (e for examples in shown for e in examples):
        assert abs(example - answer) > Fraction(5, 100), (example, answer)  # ...a far one


def test_an_answer_of_one_eighth_gets_another_example():
    ex = Exercise("eighth", Fraction(1, 8))
    ok, message = ex.feedback(0.125)
    assert not ok and message.startswith("Close!") and "as a fraction" in message
    for text in every_message(ex):
        assert "1/8" not in text and "Fraction(1, 8)" not in text, text
        assert all(abs(e - Fraction(1, 8)) > Fraction(5, 100) for e in examples_in(text))
    assert examples_in(message) == [Fraction(2, 7)] * 2
    # the examples stay what they were where they were far from the answer
    assert examples_in(Exercise("half", Fraction(1, 2)).feedback(None)[1]) == [Fraction(2, 5)] * 2
    assert examples_in(Exercise("half", Fraction(1, 2)).feedback(0.5)[1]) == [Fraction(1, 8)] * 2


@pytest.mark.parametrize("answer", [Fraction(n, 40) for n in range(41)] + [5, 2.2])
def test_an_example_is_always_found(answer):
    assert abs(exercises.example_fraction(answer) - Fraction(answer)) > Fraction(5, 100)
    assert abs(exercises.example_fraction(answer, Fraction(2, 5)) - Fraction(answer)) \
        > Fraction(5, 100)


# -- the feedback as a panel in a notebook, as words elsewhere -------------------------------
@pytest.mark.parametrize(("answer", "kind", "label"), [
    ("1/2", "correct", "✓ Correct"), ("1/3", "wrong", "✗ Not yet"), (0.5, "close", "≈ Close"),
    ("101/200", "close", "≈ Close"), (None, "unanswered", "… Not answered yet"),
    ("banana", "wrong", "✗ Not yet"),
])
def test_each_kind_of_feedback_has_an_icon_and_a_word(answer, kind, label):
    feedback = Exercise("half", Fraction(1, 2), hints=["a hint"]).assess(answer)
    assert feedback.kind == kind and feedback.label == label
    assert feedback.correct == (kind == "correct")
    icon, word = label.split(" ", 1)
    page = feedback._repr_html_()
    assert icon in page and word in page  # never the colour alone


def test_the_plain_text_is_the_words_alone_and_stable():
    first = Exercise("half", Fraction(1, 2), hints=["Count <the> Pikes & Perch."])
    second = Exercise("half", Fraction(1, 2), hints=["Count <the> Pikes & Perch."])
    feedback, again = first.assess("1/3"), second.assess("1/3")
    message = "Not quite: 1/3 (≈ 0.3333) is not the answer.\nHint: Count <the> Pikes & Perch."
    assert feedback.message == str(feedback) == repr(feedback) == message
    assert repr(feedback) == repr(again) and feedback._repr_html_() == again._repr_html_()
    assert first.feedback("1/4") == (False, "Not quite: 1/4 (≈ 0.25) is not the answer.\n"
                                            "Hint: Count <the> Pikes & Perch.")
    from IPython.lib.pretty import pretty

    assert pretty(feedback) == message and "0x" not in pretty(feedback)


def test_the_panel_escapes_the_text_wraps_at_words_and_follows_the_theme():
    feedback = Exercise("x", Fraction(1, 2), hints=["Are <b>Pikes</b> & Perch alike?"]).assess(
        "1/3")
    page = feedback._repr_html_()
    assert "<b>Pikes" not in page and "&lt;b&gt;Pikes&lt;/b&gt; &amp; Perch" in page
    assert "<strong>Hint:</strong>" in page
    assert "overflow-wrap:break-word" in page and "word-break:normal" in page
    assert "break-all" not in page and "white-space:pre" not in page
    assert "var(--jp-error-color1, #d32f2f)" in page and "var(--jp-content-font-color1" in page
    with pytest.raises(ValueError):
        Feedback("maybe", "words")


def test_check_prints_outside_ipython_and_displays_inside(monkeypatch, capsys):
    import IPython

    assert IPython.get_ipython() is None  # under pytest: no shell, so words are printed
    ex = Exercise("half", Fraction(1, 2))
    verdict = ex.check("1/2")
    assert verdict and capsys.readouterr().out == "Correct! 1/2 (≈ 0.5) is exactly right.\n"

    shown = []
    monkeypatch.setattr(exercises, "_ipython_display", lambda: shown.append)
    verdict = ex.check(0.5)
    assert not verdict and capsys.readouterr().out == ""
    assert [type(f) for f in shown] == [Feedback] and shown[0].kind == "close"
    assert ex.feedback("1/2") == (True, "Correct! 1/2 (≈ 0.5) is exactly right.")


def test_a_script_that_imported_ipython_still_prints():
    script = ("import IPython; from fractions import Fraction; "
              "from pondwidgets.core.exercises import Exercise; "
              "print(bool(Exercise('x', Fraction(1, 8)).check('1/8')))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    assert out == "Correct! 1/8 (≈ 0.125) is exactly right.\nTrue\n"


# -- simulations beside exact answers -------------------------------------------------------
def test_confidence_interval_is_the_mean_and_1_96_standard_errors():
    mean, low, high = confidence_interval([0, 1] * 50)
    assert mean == 0.5 and math.isclose(high - mean, 1.96 * math.sqrt(0.25 * 100 / 99) / 10)
    assert math.isclose(mean - low, high - mean)


def test_interval_text_says_whether_the_answer_lies_inside():
    text = interval_text([0, 1, 1, 0, 1] * 100, "7/12", "Ada hurt")
    assert text.startswith("Ada hurt: 0.6000 from 500 games (95% confidence interval 0.5570")
    assert text.endswith("the answer 7/12 ≈ 0.5833 is inside the interval")
    assert "outside" in interval_text([1] * 99 + [0], Fraction(1, 2))
    assert "\n" not in interval_text([0, 1] * 10)  # no answer: the estimate alone
    assert "can't read" in interval_text([0, 1] * 10, "abc")


def test_an_unanswered_exercise_never_computes_its_answer():
    """A teacher's ``answer = None`` cell answered only after the reference simulation ran
    (34 s for one Kecke Frösche checker): now it answers at once, and shows no number that
    could sit near the answer it did not compute."""
    def never():
        raise AssertionError("the answer was computed for an unanswered exercise")

    for exercise in (Exercise("lazy", never), Exercise("count", never, probability=False),
                     Exercise("estimate", never, tolerance=0.02)):
        right, text = exercise.feedback(None)
        assert not right and text.startswith("Not answered yet: replace None")
        assert not re.search(r"\d", text), text
    right, text = Exercise("known", Fraction(1, 3)).feedback(None)
    assert not right and "for example Fraction(2, 5)" in text


def test_another_reading_is_told_apart_from_a_mistake():
    """A careful student who read the question the other way is told which reading the
    exercise means, not a bare "Not quite"."""
    ex = Exercise("home", Fraction(25, 144), assumes="one ordinary die on every turn",
                  readings={"the first turn uses two dice": lambda: Fraction(625, 2592)},
                  hints=["Count the turns."])
    right, text = ex.feedback("625/2592")
    assert not right
    assert text == ("Not quite: 625/2592 (≈ 0.2411) is the answer if the first turn uses two "
                    "dice. This exercise means one ordinary die on every turn.")
    assert ex.feedback("25/144")[0]
    assert "Hint: Count the turns." in ex.feedback("1/3")[1]
    with pytest.raises(ValueError, match="assumes="):
        Exercise("vague", Fraction(1, 2), readings={"another": Fraction(1, 3)})
