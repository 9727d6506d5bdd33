"""Rapidcroco's answers stay with the teacher: no student notebook (its cells or the
outputs saved with it) gives an exercise's answer away, and no hint does (tests/answers.py
lists the forms every fraction has; these are the ones this game adds)."""

from pondwidgets.rapidcroco import exercises as ex
from tests.answers import check_answers_kept, check_hints_keep, number


def fraction(a: int, b: int) -> str:
    """``a/b`` as written, unreduced."""
    return rf"(?<![\w.,/]){a}\s*/\s*{b}(?![\w/]|[.,]\d)"


TIMES = r"\s*[·×*x]\s*"


def estimate(value: float) -> list[str]:
    """The model's estimate the checker holds, as it would be printed (a student's own
    simulation is the way to it)."""
    return [number(f"{value:.3f}"), number(f"{value:.3g}")]


FORMS = {
    # The Crocs left as the criteria are read, halving, and the count unreduced.
    "three_criteria": [fraction(4, 32), r"\(1/2\)\s*(?:³|\^\s*3|\*\*\s*3)",
                       r"32\s*→\s*16\s*→\s*8\s*→\s*4", r"\bhalf of those\b"],
    # 5 alone is everywhere (5 traits, 5 criteria, exercises 1 to 5): the forms that are
    # the answer, a Croc for each trait.
    "near_misses": [r"\b(?:5|five)\s+near\s+miss", r"\bone (?:per|for each) trait\b",
                    r"\beach gives one Croc\b"],
    # The edge cases over all cases, unreduced.
    "straight_off": [fraction(24, 144), fraction(6, 36), r"\b6 of the 36 sites\b",
                     r"\b4\s*[×x*·]\s*6\s*=\s*24\b"],
    # The first factor worked out, the two multiplied, and the product unreduced.
    "first_hippo": [fraction(5, 6), rf"5/6{TIMES}4/35", fraction(20, 210)],
    # The cards the arm may find, one step from the answer (4 of them are Hippos).
    "wrap_first_hippo": [r"\b35 (?:other )?cards\b"],
    "mean_moves": estimate(ex.MEAN_MOVES),
    "suspect_is_culprit": estimate(ex.SUSPECT_IS_CULPRIT),
    "hippo_walk": estimate(ex.HIPPO_WALK),
    "wrap_mean_moves": estimate(ex.WRAP_MEAN_MOVES),
}


def test_student_notebooks_keep_the_answers():
    check_answers_kept(ex, forms=FORMS)


def test_hints_point_at_the_method_not_the_answer():
    check_hints_keep(ex, forms=FORMS)
