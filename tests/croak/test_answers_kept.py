"""Croak!'s answers stay with the teacher: no student notebook (its cells or the outputs
saved with it) gives an exercise's answer away, and no hint does (tests/answers.py lists
the forms every fraction has; these are the ones this game adds)."""

from pondwidgets.croak import exercises as ex
from tests.answers import check_answers_kept, check_hints_keep, number


def fraction(a: int, b: int) -> str:
    """``a/b`` as written, unreduced."""
    return rf"(?<![\w.,/]){a}\s*/\s*{b}(?![\w/]|[.,]\d)"


MINUS, TIMES = r"\s*[−-]\s*", r"\s*[·×*x]\s*"
FORMS = {
    # The count straight from the table, unreduced.
    "pike_at_start": [fraction(2, 16)],
    "pike_after_reveals": [fraction(2, 12)],
    # The Pikes among all the tiles, and one minus their share; the other reading's 7/8
    # (b2's back known to be deep water).
    "queen_first_step": [fraction(60, 64), rf"1{MINUS}1/16", rf"1{MINUS}4/64",
                         r"\b(?:4|[Ff]our) of the 64 tiles\b", fraction(7, 8)],
    # The two draws multiplied, and their product unreduced.
    "lily_chain": [rf"14/64{TIMES}13/63", rf"7/32{TIMES}13/63", fraction(182, 4032)],
    # The chance of no Pike, and the answer unreduced.
    "pike_next_to_queen": [r"(?:C|comb)\(\s*60\s*,\s*3\s*\)", fraction(34220, 41664),
                           fraction(7444, 41664)],
    # The model's estimate the checker holds (a student's own simulation is the way).
    "pike_endings": [number(f"{ex.PIKE_ENDINGS:.3f}"), number(f"{ex.PIKE_ENDINGS:.3g}")],
}


def test_student_notebooks_keep_the_answers():
    check_answers_kept(ex, forms=FORMS)


def test_hints_point_at_the_method_not_the_answer():
    check_hints_keep(ex, forms=FORMS)
