"""Splash down's answers stay with the teacher: no student notebook (its cells or the
outputs saved with it) gives an exercise's answer away, and no hint does (tests/answers.py
lists the forms every fraction has; these are the ones this game adds)."""

from pondwidgets.splashdown import exercises as ex
from tests.answers import check_answers_kept, check_hints_keep, number


def fraction(a: int, b: int) -> str:
    """``a/b`` as written, unreduced."""
    return rf"(?<![\w.,/]){a}\s*/\s*{b}(?![\w/]|[.,]\d)"


MINUS, TIMES = r"\s*[−-]\s*", r"\s*[·×*x]\s*"
FORMS = {
    # The pairs with a 6, the opposite count, and the chance of each roll, (2k − 1)/36:
    # one step from 11/36 and from the mean.
    "first_roll_six": [rf"36{MINUS}25\b", rf"6\s*\+\s*6{MINUS}1\b", fraction(22, 72),
                       rf"\b2k{MINUS}1\b"],
    "first_roll_mean": [r"1\s*\+\s*6\s*\+\s*15\s*\+\s*28\s*\+\s*45\s*\+\s*66",
                        rf"\b2k{MINUS}1\b"],
    # The coin's half and the frog die's 1 added up; the sum unreduced.
    "push_mover": [r"1/2\s*\+\s*1/6", fraction(4, 6)],
    # The chance of no loss, and one minus it.
    "push_hurt": [rf"1/2{TIMES}5/6", rf"1{MINUS}5/12"],
    # 1 alone is everywhere (1 to 6, pad 1, a roll of 1): the forms that are the answer.
    "push_pushed": [rf"\b2{TIMES}1/2", r"\b(?:1|one) life (?:together|in all|between them)"],
    "yellow_safe": [r"\(1/2\)\s*(?:³|\^\s*3|\*\*\s*3)"],
    "yellow_survive": [rf"1{MINUS}7/64", rf"1{MINUS}\(6\s*\+\s*1\)\s*/\s*64",
                       r"C\(\s*6\s*,\s*5\s*\)\s*=\s*6\b"],
    # Two rolls of 8 or more, twice; and the answer of the other reading the checker knows
    # (the first turn with two dice).
    "home_in_four": [r"\(5/12\)\s*(?:²|\^\s*2|\*\*\s*2)", fraction(15, 36),
                     r"\b8 or more,? twice\b", fraction(625, 2592)],
    # The model's estimate the checker holds (a student's own simulation is the way).
    "thief_win": [number(f"{ex.THIEF_WIN:.2f}"), number(f"{ex.THIEF_WIN:.3f}")],
}


def test_student_notebooks_keep_the_answers():
    check_answers_kept(ex, forms=FORMS)


def test_hints_point_at_the_method_not_the_answer():
    check_hints_keep(ex, forms=FORMS)
