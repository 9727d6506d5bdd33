"""Kecke Frösche's answers stay with the teacher: no student notebook (its cells or the
outputs saved with it) gives an exercise's answer away, and no hint does (tests/answers.py
lists the forms every fraction has; these are the ones this game adds)."""

from pondwidgets.keckefrosche import exercises as ex
from tests.answers import check_answers_kept, check_hints_keep, number

FORMS = {
    # 2 + 2 + 1 + 1 unseen copies of Ada's end kinds: the count itself.
    "pair_next": [r"2\s*\+\s*2\s*\+\s*1\s*\+\s*1\b"],
    # The chance of no bang frog is one step from the answer: its fraction and its count.
    "bang_within": [r"5247\s*/\s*7198", r"Fraction\(\s*5247\s*,\s*7198\s*\)",
                    r"(?:C|comb)\(\s*58\s*,\s*6\s*\)"],
    # 4/5 as the decimal a student would write, one player's share (12 storks of the 60
    # cards a player can keep), and the other reading's answer (a bang frog put aside).
    "storks_dealt": [number("0.8"), r"12\s*/\s*60", r"(?<![\w.,/])60 (?:other )?cards\b",
                     r"16\s*/\s*21"],
    # 6 alone is everywhere (6 cards, 6 draws, a score of 6 points): the forms that are
    # the answer.
    "chips_mean": [r"\bworth\s+6\b", r"\b6 on average\b", r"\b3\s*[×x*·]\s*2\b"],
    # 76 of the 220 sets of three chips; the other reading's 10/27.
    "chips_seven": [r"76\s*/\s*220", r"(?<![\w.,/])76 (?:of|sets)\b", r"10\s*/\s*27"],
    # The model's estimate the checker holds (a student's own simulation is the way).
    "stork_keeper": [number(f"{ex.KEEPER_ESTIMATE:g}")],
}


def test_student_notebooks_keep_the_answers():
    check_answers_kept(ex, forms=FORMS)


def test_hints_point_at_the_method_not_the_answer():
    check_hints_keep(ex, forms=FORMS)
