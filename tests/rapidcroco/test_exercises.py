"""Rapidcroco probability exercises: each exact answer against an independent count, the
checkers' feedback, the simulations (reproducible, and close to the exact answers), and
the checker of a student's own culprit function (right ones pass, subtly wrong, crashing
and endless ones are caught and shown)."""

import math
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from pondwidgets.core.simulate import seeds
from pondwidgets.rapidcroco import CROCS, CulpritPath, culprit, exact
from pondwidgets.rapidcroco import exercises as ex
from pondwidgets.rapidcroco import simulations as sim

# The deck, typed in again here: every combination of five two-faced traits, so a Croc is
# five bits; the grid is 6 x 6 and 4 of the 36 cards are Hippos.
DECK = list(product((0, 1), repeat=5))
SIZE, CARDS, HIPPOS = 6, 36, 4
OFF = {"up": lambda x, y: y == 0, "down": lambda x, y: y == SIZE - 1,
       "left": lambda x, y: x == 0, "right": lambda x, y: x == SIZE - 1}


# -- each exact answer, counted independently -------------------------------------------
def test_three_criteria_leaves_four_crocs_of_32():
    hits = sum(croc[:3] == suspect[:3] for suspect in DECK for croc in DECK)
    assert exact.three_criteria_exact() == Fraction(hits, 32 * 32) == Fraction(4, 32)


def test_near_misses_differ_in_one_trait():
    assert all(sum(sum(a != b for a, b in zip(croc, suspect, strict=True)) == 1
                   for croc in DECK) == 5 for suspect in DECK)
    assert exact.near_misses_exact() == 5
    admiral = CROCS[0]
    assert [c.code for c in ex.near_misses(admiral)] == \
        ["MGFo-", "MGF-^", "MGTo^", "MBFo^", "FGFo^"]


def test_every_arm_direction_is_equally_likely_for_the_suspect():
    # The suspect is uniform over the 32 Crocs, and the deck has 8 per direction.
    assert Counter(c.arm for c in CROCS) == {"up": 8, "right": 8, "down": 8, "left": 8}


def test_straight_off_counts_the_edge_sites_of_each_direction():
    hits = sum(off(x, y) for off in OFF.values() for x in range(SIZE) for y in range(SIZE))
    assert hits == 4 * SIZE
    assert exact.straight_off_exact() == Fraction(hits, 4 * CARDS) == Fraction(1, 6)


def test_first_hippo_counts_the_hippo_sets_holding_the_site_looked_at():
    # For each (site, direction) that stays on the grid, the 4 Hippos lie on 4 of the 35
    # other sites, every set of 4 equally likely; those holding the site looked at: C(34, 3).
    on_grid = sum(not off(x, y) for off in OFF.values() for x in range(SIZE)
                  for y in range(SIZE))
    counted = Fraction(on_grid, 4 * CARDS) * Fraction(math.comb(34, 3), math.comb(35, 4))
    assert exact.first_hippo_exact() == counted == Fraction(2, 21)
    assert exact.first_hippo_exact() == (1 - exact.straight_off_exact()) * Fraction(HIPPOS, 35)


def test_with_wrap_the_first_look_always_finds_a_card():
    assert exact.first_hippo_exact(wrap=True) == Fraction(HIPPOS, CARDS - 1) == Fraction(4, 35)


# -- the checkers ----------------------------------------------------------------------------
RIGHT = {
    "three_criteria": [Fraction(1, 8), "1/8", "4/32", " 4 / 32 ", "Fraction(1, 8)"],
    "near_misses": [5, "5", Fraction(5), "Fraction(5)"],
    "straight_off": [Fraction(1, 6), "1/6", "24/144", "6/36"],
    "first_hippo": [Fraction(5, 6) * Fraction(4, 35), "2/21", "20/210"],
    "wrap_first_hippo": [Fraction(4, 35), "4/35"],
}
WRONG = {
    "three_criteria": "1/32", "near_misses": "4", "straight_off": "1/4",
    "first_hippo": "4/36", "wrap_first_hippo": "4/32",
}


def test_the_exact_exercises_are_the_ones_answered_exactly():
    assert {name for name, e in ex.EXERCISES.items() if e.exact} == set(RIGHT)


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_checker_accepts_the_right_answer_in_several_forms(name, capsys):
    check = ex.EXERCISES[name]
    for form in RIGHT[name]:
        assert check(form)
        assert "Correct" in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(WRONG))
def test_checker_refuses_a_wrong_answer_with_a_new_hint_each_time(name, capsys):
    check = ex.EXERCISES[name]
    check.attempts = 0
    assert not check.check(WRONG[name])
    first = capsys.readouterr().out
    assert "Not quite" in first and "Hint:" in first and "Correct" not in first
    assert not check.check(WRONG[name])
    second = capsys.readouterr().out
    assert second.split("Hint:")[1] != first.split("Hint:")[1]


def test_the_complement_is_named(capsys):
    assert not ex.check_straight_off("5/6")
    assert "opposite event" in capsys.readouterr().out


def test_near_misses_is_a_count_not_a_probability(capsys):
    assert not ex.check_near_misses("5/32")
    assert "Not quite" in capsys.readouterr().out


ESTIMATES = {  # name: (the plausible range of the model's estimate, a wrong answer's offset)
    "mean_moves": ((1.9, 2.5), 0.4),
    "wrap_mean_moves": ((3.0, 3.7), 0.4),
    "suspect_is_culprit": ((0.54, 0.62), 0.1),
    "hippo_walk": ((0.18, 0.24), 0.1),
}


def test_every_estimate_is_tested():
    assert {name for name, e in ex.EXERCISES.items() if not e.exact} == set(ESTIMATES)


@pytest.mark.parametrize("name", sorted(ESTIMATES))
def test_estimates_accept_answers_within_their_tolerance(name, capsys):
    check = ex.EXERCISES[name]
    (low, high), off = ESTIMATES[name]
    estimate = check.answer
    assert low < estimate < high
    assert check(round(estimate, 2))
    assert "Correct" in capsys.readouterr().out
    assert check(str(round(estimate, 2)))
    assert not check(estimate + off)
    assert "Hint:" in capsys.readouterr().out
    if check.probability:
        assert check(f"{estimate * 100:.1f}%")


def test_a_first_look_on_the_grid_only_is_another_reading():
    # Exercise 4 counts every walk; a student who counts only the walks whose arm points
    # at a card answers another question (exercise 5's answer), and is told which one.
    check = ex.check_first_hippo
    check.attempts = 0
    right, text = check.feedback("4/35")
    assert not right and "is the answer if only the walks whose arm points at a card" in text
    assert "This exercise means every walk, those whose first look goes off the grid" in text
    assert "Hint:" not in text and check.attempts == 0


def test_wrap_walks_are_longer_and_meet_more_hippos():
    standard = ex.deal_walks(2000, seed=3)
    wrap = ex.deal_walks(2000, seed=3, wrap=True)
    assert ex.WRAP_MEAN_MOVES > ex.MEAN_MOVES + 0.8
    assert sum(map(sim.moves, wrap)) > sum(map(sim.moves, standard)) + 0.8 * 2000
    assert sim._share(wrap, sim._meets_hippo) > sim._share(standard, sim._meets_hippo) + 0.05
    # ... yet the culprit is the suspect about as often
    assert abs(sim._share(wrap, sim._is_suspect) - sim._share(standard, sim._is_suspect)) < 0.05


@pytest.mark.slow
def test_the_shipped_estimates_are_the_models_own():
    # The checkers hold these values instead of dealing the reference walks: the same
    # seeds and the same rules give them again.
    assert sim.mean_moves_estimate() == ex.MEAN_MOVES
    assert sim.suspect_is_culprit_estimate() == ex.SUSPECT_IS_CULPRIT
    assert sim.hippo_walk_estimate() == ex.HIPPO_WALK
    assert sim.mean_moves_estimate(True) == ex.WRAP_MEAN_MOVES


def test_the_checkers_deal_no_game():
    # Checking an answer (none, right or wrong) deals no game: a fresh kernel, where
    # nothing is computed yet.
    code = """if True:
        import pondwidgets.rapidcroco.exercises as ex
        import pondwidgets.rapidcroco.simulations as sim
        def refuse(*args, **kwargs):
            raise AssertionError("a checker computed its reference value")
        ex.deal_walks = sim.deal_walks = sim.reference_walks = refuse
        for check in ex.EXERCISES.values():
            for answer in (None, check.answer, 0.01):
                check.feedback(answer)
    """
    subprocess.run([sys.executable, "-c", code], check=True)


# -- the simulations -----------------------------------------------------------------------
def _near(samples, p):
    n = len(samples)
    return abs(sum(samples) / n - float(p)) <= 4.5 * math.sqrt(float(p * (1 - p)) / n)


SIMULATIONS = [
    (ex.simulate_three_criteria, {}, exact.three_criteria_exact),
    (ex.simulate_straight_off, {}, exact.straight_off_exact),
    (ex.simulate_first_hippo, {}, exact.first_hippo_exact),
    (ex.simulate_first_hippo, {"wrap": True}, lambda: exact.first_hippo_exact(True)),
]


@pytest.mark.parametrize(("simulation", "options", "exact"), SIMULATIONS,
                         ids=["three_criteria", "straight_off", "first_hippo",
                              "wrap_first_hippo"])
def test_simulation_is_reproducible_and_near_the_exact_answer(simulation, options, exact):
    n = 3000
    samples = simulation(n, seed=11, **options)
    assert samples == simulation(n, seed=11, **options)
    assert samples != simulation(n, seed=12, **options)
    assert set(samples) <= {0, 1} and len(samples) == n
    assert _near(samples, exact())


def test_with_wrap_no_walk_stops_at_the_edge():
    assert ex.simulate_straight_off(500, seed=1, wrap=True) == [0] * 500


def test_estimate_simulations_agree_with_the_reference_estimates():
    walks = ex.deal_walks(3000, seed=13)
    assert [sim.moves(w) for w in walks] == ex.walk_moves(3000, seed=13)
    moves = ex.walk_moves(3000, seed=13)
    assert abs(sum(moves) / len(moves) - ex.MEAN_MOVES) < 0.15
    wrap_moves = ex.walk_moves(3000, seed=13, wrap=True)
    assert abs(sum(wrap_moves) / len(wrap_moves) - ex.WRAP_MEAN_MOVES) < 0.15
    for simulation, estimate in ((ex.simulate_suspect_is_culprit, ex.SUSPECT_IS_CULPRIT),
                                 (ex.simulate_hippo_walk, ex.HIPPO_WALK)):
        samples = simulation(3000, seed=13)
        assert abs(sum(samples) / len(samples) - estimate) < 0.03


def test_the_walks_are_the_games_own():
    # A dealt walk is what the rules model decided for that game's round.
    from pondwidgets.rapidcroco import RapidcrocoGame

    seed = seeds(1, 0)[0]
    game = RapidcrocoGame(2, seed=seed)
    game.play("reveal")
    assert ex.deal_walks(1, seed=0) == [game.path]


def test_tables():
    moves = ex.walk_moves(500, seed=1)
    table = ex.moves_table(moves)
    assert table.splitlines()[0].startswith(" 0 moves")
    assert sum(int(line.split()[2]) for line in table.splitlines()) == 500
    compared = ex.compare_variants(300, seed=1)
    assert "standard" in compared and "wrap" in compared
    assert compared.splitlines()[4].split()[-1] == "0.000"  # no walk ends off the grid


# -- your own culprit function -----------------------------------------------------------------
def walk_culprit(grid, start, wrap=False):
    """A correct culprit function, written the way the solutions notebook does."""
    x, y = ex.to_xy(start)
    seen = {(x, y)}
    while True:
        dx, dy = ex.STEPS[grid[y][x]]
        nx, ny = x + dx, y + dy
        while True:
            if wrap:
                nx, ny = nx % 6, ny % 6
            elif not (0 <= nx < 6 and 0 <= ny < 6):
                return ex.to_site(x, y)
            if grid[ny][nx] != ".":
                break
            nx, ny = nx + dx, ny + dy
        if grid[ny][nx] == "H":
            return start
        if (nx, ny) in seen:
            return ex.to_site(nx, ny)
        seen.add((nx, ny))
        x, y = nx, ny


def right_standard(grid, start):
    return walk_culprit(grid, start)


def right_wrap(grid, start):
    return walk_culprit(grid, start, wrap=True)


def _mutant(skip=True, hippo="start", twice="revisited", seen_start=True, bounds=True,
            wrap=False):
    """A culprit function with one rule gotten wrong."""
    def fn(grid, start):
        x, y = ex.to_xy(start)
        seen = {(x, y)} if seen_start else set()
        while True:
            dx, dy = ex.STEPS[grid[y][x]]
            nx, ny = x + dx, y + dy
            while True:
                if wrap:
                    nx, ny = nx % 6, ny % 6
                elif bounds and not (0 <= nx < 6 and 0 <= ny < 6):
                    return ex.to_site(x, y)
                elif not bounds and not (nx < 6 and ny < 6):
                    return ex.to_site(x, y)  # forgets that -1 reads the last cell
                if grid[ny][nx] != "." or not skip:
                    break
                nx, ny = nx + dx, ny + dy
            if grid[ny][nx] == "." and not skip:
                return ex.to_site(x, y)  # treats an empty site like the edge
            if grid[ny][nx] == "H":
                return start if hippo == "start" else ex.to_site(x, y)
            if (nx, ny) in seen:
                return ex.to_site(nx, ny) if twice == "revisited" else ex.to_site(x, y)
            seen.add((nx, ny))
            x, y = nx, ny
    fn.__name__ = "my_culprit"
    return fn


MUTANTS = {
    "does not skip empty sites": _mutant(skip=False),
    "culprit before the Hippo": _mutant(hippo="before"),
    "culprit is the Croc pointing twice": _mutant(twice="pointer"),
    "start not counted as seen": _mutant(seen_start=False),
    "Python's -1 wraps silently": _mutant(bounds=False),
}


def first_difference(fn, variant="standard", layouts=2000, seed=0):
    for number, (grid, start) in enumerate(ex.culprit_layouts(layouts, seed), start=1):
        if fn(grid, start) != culprit(grid, start, variant).culprit:
            return number, grid, start
    return None


@pytest.mark.parametrize(("fn", "variant"), [
    (culprit, "standard"), (lambda g, s: culprit(g, s, "wrap"), "wrap"),
    (lambda g, s: culprit(g, s, "kid"), "kid"), (right_standard, "standard"),
    (right_wrap, "wrap"), (lambda g, s: s, "kid"),
])
def test_the_culprit_checker_accepts_a_right_function(fn, variant, capsys):
    assert ex.check_my_culprit(fn, variant=variant)
    out = capsys.readouterr().out
    assert out.startswith("Correct!") and "all 2,000 layouts" in out


def test_the_culprit_checker_reads_every_way_of_giving_the_culprit(capsys):
    forms = {
        "a CulpritPath": culprit,
        "(sites, culprit)": lambda g, s: culprit(g, s)[:2],
        "[sites, culprit, reason] as lists": lambda g, s: [list(p) if i == 0 else p
                                                           for i, p in enumerate(culprit(g, s))],
        "capitals and spaces": lambda g, s: f" {culprit(g, s).culprit.upper()} ",
        "(x, y)": lambda g, s: ex.to_xy(culprit(g, s).culprit),
    }
    for form, fn in forms.items():
        assert ex.check_my_culprit(fn, layouts=300), form
    assert capsys.readouterr().out.count("Correct!") == len(forms)


@pytest.mark.parametrize("bug", sorted(MUTANTS))
def test_the_culprit_checker_catches_a_subtly_wrong_function(bug, capsys):
    fn = MUTANTS[bug]
    found = first_difference(fn)
    assert found is not None, f"the layouts never tell '{bug}' apart"
    number, grid, start = found
    assert not ex.check_my_culprit(fn)
    out = capsys.readouterr().out
    assert out.startswith(f"Not quite: on layout {number:,} of 2,000, my_culprit says the "
                          f"culprit is {fn(grid, start)}, but the rules say "
                          f"{culprit(grid, start).culprit}.")
    assert ex.layout_text(grid, start) in out
    assert f"The rules' walk: {' → '.join(culprit(grid, start).sites)}" in out
    assert "Hint:" in out
    assert f"grid = [{grid[0]!r}," in out and f"my_culprit(grid, {start!r})" in out


def test_the_hint_matches_what_the_walk_needs(capsys):
    ex.check_my_culprit(MUTANTS["does not skip empty sites"])
    assert "look past it" in capsys.readouterr().out
    ex.check_my_culprit(right_standard, variant="wrap")
    assert "opposite side" in capsys.readouterr().out


def test_a_standard_function_fails_the_wrap_check_and_back(capsys):
    assert not ex.check_my_culprit(right_standard, variant="wrap")
    assert not ex.check_my_culprit(right_wrap)
    assert capsys.readouterr().out.count("Not quite") == 2


def test_a_wrong_walk_with_the_right_culprit_is_caught(capsys):
    assert not ex.check_my_culprit(lambda g, s: (culprit(g, s).sites[:1], culprit(g, s).culprit))
    assert "right culprit" in capsys.readouterr().out
    assert not ex.check_my_culprit(lambda g, s: (*culprit(g, s)[:2], "because"))
    assert "reason" in capsys.readouterr().out


def test_a_crashing_function_shows_its_error_and_line(capsys):
    def my_culprit(grid, start):
        x, y = ex.to_xy(start)
        seen = {(x, y)}
        while True:
            dx, dy = ex.STEPS[grid[y][x]]  # KeyError on an empty site
            nx, ny = x + dx, y + dy
            if not (0 <= nx < 6 and 0 <= ny < 6):
                return ex.to_site(x, y)
            if grid[ny][nx] == "H":
                return start
            if (nx, ny) in seen:
                return ex.to_site(nx, ny)
            seen.add((nx, ny))
            x, y = nx, ny

    before = sys.gettrace()
    assert not ex.check_my_culprit(my_culprit)
    assert sys.gettrace() is before
    out = capsys.readouterr().out
    assert out.startswith("my_culprit stopped with an error on layout")
    assert "KeyError: '.'" in out
    assert "in my_culprit, line" in out and "dx, dy = ex.STEPS[grid[y][x]]" in out
    assert "Hint: An empty site" in out


def test_a_function_that_never_stops_is_stopped(capsys):
    def my_culprit(grid, start):
        x, y = ex.to_xy(start)
        while True:  # forgets the Crocs already seen
            dx, dy = ex.STEPS[grid[y][x]]
            if not (0 <= x + dx < 6 and 0 <= y + dy < 6):
                return ex.to_site(x, y)
            x, y = x + dx, y + dy
            if grid[y][x] in "H.":
                return start
            print("now at", ex.to_site(x, y))

    before = sys.gettrace()
    assert not ex.check_my_culprit(my_culprit, steps=20_000)
    assert sys.gettrace() is before
    out = capsys.readouterr().out
    assert "still running after 20,000 steps" in out
    assert "What it printed on this layout:\nnow at" in out and "more lines" in out
    assert len(out.splitlines()) < 60


def test_a_function_that_catches_every_exception_is_still_stopped(capsys):
    def my_culprit(grid, start):
        try:
            while True:
                pass
        except Exception:
            return start

    assert not ex.check_my_culprit(my_culprit, layouts=5, steps=1000)
    assert "still running" in capsys.readouterr().out


def test_printing_while_right_prints_only_the_verdict(capsys):
    def my_culprit(grid, start):
        print("looking from", start)
        return culprit(grid, start).culprit

    assert ex.check_my_culprit(my_culprit, layouts=200)
    assert capsys.readouterr().out.count("\n") == 1


@pytest.mark.parametrize("stub", [None, ..., lambda grid, start: None])
def test_an_unanswered_stub_is_not_an_error(stub, capsys):
    assert not ex.check_my_culprit(stub)
    assert capsys.readouterr().out.startswith("Not answered yet")


def test_the_stub_of_the_students_notebook_is_unanswered(capsys):
    def my_culprit(grid, start):
        x, y = ex.to_xy(start)
        seen = {(x, y)}  # noqa: F841 (the students fill in the rest)
        while True:
            dx, dy = ex.STEPS[grid[y][x]]
            nx, ny = x + dx, y + dy  # noqa: F841
            # TODO
            return None

    assert not ex.check_my_culprit(my_culprit)
    assert capsys.readouterr().out.startswith("Not answered yet")


def test_none_after_a_first_answer_is_a_mistake(capsys):
    def my_culprit(grid, start):
        path = culprit(grid, start)
        return path.culprit if path.reason != "hippo" else None

    assert not ex.check_my_culprit(my_culprit)
    assert "my_culprit returned None (nothing), but the rules say" in capsys.readouterr().out


@pytest.mark.parametrize(("value", "said"), [
    ("z9", "not a site"), (42, "return the culprit's site"), ([], "return the culprit"),
    ({"c3"}, "{'c3'}: return the culprit"), ("{where}", "'{where}', which is not a site"),
])
def test_an_unreadable_return_is_explained(value, said, capsys):
    assert not ex.check_my_culprit(lambda grid, start: value, layouts=3)
    assert said in capsys.readouterr().out


def test_a_value_that_is_not_a_function_is_explained(capsys):
    assert not ex.check_my_culprit("c3")
    assert "is not a function" in capsys.readouterr().out
    with pytest.raises(ValueError):
        ex.check_my_culprit(right_standard, variant="advanced")
    with pytest.raises(ValueError):
        ex.check_my_culprit(right_standard, layouts=0)


def test_the_layouts_start_simple_and_cover_every_case():
    layouts = ex.culprit_layouts(2000, seed=0)
    assert layouts == ex.culprit_layouts(2000, seed=0) != ex.culprit_layouts(2000, seed=1)
    assert all("." not in "".join(grid) for grid, _ in layouts[:8])
    assert all(len(grid) == 6 and all(len(row) == 6 for row in grid) for grid, _ in layouts)
    for grid, start in layouts:
        x, y = ex.to_xy(start)
        assert grid[y][x] in "^>v<"
        assert "".join(grid).count("H") == HIPPOS
    empties = Counter("".join(grid).count(".") for grid, _ in layouts)
    assert min(empties) == 0 and max(empties) == 30
    for variant, reasons in (("standard", {"edge", "hippo", "twice"}),
                             ("wrap", {"hippo", "twice"})):
        walks = [culprit(grid, start, variant) for grid, start in layouts]
        assert {w.reason for w in walks} == reasons
        assert any(w.sites[-1] == w.sites[0] and w.reason == "twice" for w in walks)
    # Advanced 1: a Croc alone in its line points at itself, and the checker meets one
    wrapped = [culprit(grid, start, "wrap") for grid, start in layouts]
    assert any(len(w.sites) >= 2 and w.sites[-1] == w.sites[-2] for w in wrapped)


def test_layout_text_names_the_sites_and_brackets_the_start():
    grid = ["^>..v<", "......", "H.....", "......", "......", "<....>"]
    assert ex.layout_text(grid, "b1") == "\n".join([
        "    a  b  c  d  e  f",
        " 1  ^ [>] .  .  v  <",
        " 2  .  .  .  .  .  .",
        " 3  H  .  .  .  .  .",
        " 4  .  .  .  .  .  .",
        " 5  .  .  .  .  .  .",
        " 6  <  .  .  .  .  >",
    ])
    assert culprit(grid, "b1") == CulpritPath(("b1", "e1"), "e1", "edge")
    assert ex.to_xy("c3") == (2, 2) and ex.to_site(2, 2) == "c3"
