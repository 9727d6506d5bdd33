"""Froop!'s answers stay with the teacher: no student notebook of ``notebooks/froop/``
(its cells or the outputs saved with it) gives an exercise's answer away, and no hint does
(``tests/answers.py`` lists the forms every answer has; these are the ones Froop! adds)."""

from pondwidgets.froop import exercises as ex
from tests.answers import check_answers_kept, check_hints_keep, number

FORMS = {
    # 144 alone is the answer; so are its four factors, named in one sentence.
    "three_symbols": [number("144"), r"\b4\b[^.\n]*\b3\b[^.\n]*\b6\b[^.\n]*\b2\b"],
    # The rules themselves say there are 84 cards, so 84 alone is a fact, not an answer:
    # the working that gives it away is the sum before halving and the halving.
    "deck_size": [number("168"), r"\(\s*24\s*\+\s*144\s*\)", r"/\s*2\s*=\s*\**\s*84\b"],
    # The unreduced fraction (ordered pairs), the table it comes from, and the answers of
    # the other readings the checker knows (start HSBF: 33/83; any of 7 cards fits).
    "start_fits": [r"2628\s*/\s*6972", r"\b84\s*[×x*·]\s*83\b", r"\b48\s*[×x*·]\s*30\b",
                   r"\b36\s*[×x*·]\s*33\b", r"\b30\s*:\s*48\b", r"\b33\s*:\s*36\b",
                   r"\b33\s*/\s*83\b", r"38 times in 100"],
    # With start HSBF, 33 cards fit and 50 do not: the counts behind the pair's chance.
    "pair_draw": [r"comb\(\s*50\s*,\s*2\s*\)", r"\b50\s*[×x*·]\s*49\b"],
    # The formula, the counts it takes, and the other reading (start HSBF).
    "first_draw": [r"C\(\s*83\s*[−-]\s*k\s*,\s*7\s*\)\s*/\s*C\(\s*83\s*,\s*7\s*\)",
                   r"(?:comb|C)\(\s*5[03]\s*,\s*7\s*\)", number("0.032"),
                   r"756700\s*/\s*31453929"],
    # 3 plays of 8, the chance of a 3-match (with a 4-match's, the answer), and the other
    # reading (a card first, then a place: 3/10).
    "play_again": [r"\b3 of (?:Ada's |her )?8\b", r"'?3'?:\s*Fraction\(\s*1\s*,\s*4\s*\)",
                   r"\b3\s*/\s*10\b"],
    # The model's estimate the checker holds (a student's own simulation is the way).
    "game_length": [number(f"{ex.LENGTH_ESTIMATE:.4g}"), number(f"{ex.LENGTH_ESTIMATE:.3f}"),
                    number(f"{ex.LENGTH_ESTIMATE:.3g}"), r"\blasts about \d+ turns"],
}


def test_student_notebooks_keep_the_answers():
    check_answers_kept(ex, forms=FORMS)


def test_hints_point_at_the_method_not_the_answer():
    check_hints_keep(ex, forms=FORMS)
