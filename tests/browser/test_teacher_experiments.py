"""The class's experiments on the teacher's page, in a real browser: students join an
experiment on the classroom's server (on a thread of the test process) and send the
values of their own seed's games; the page shows, pushed and never reloaded, each
student's figures and the class's, pooled on the server, the curve of the class's
estimate growing with each result, and the exact answer only once the teacher presses
"Show the exact answer" by keyboard. A student's name is text on it, never markup. The
page is looked at in light at 100% and in dark at 150%, as a projector shows it."""

from __future__ import annotations

import dataclasses
import re
import secrets
from collections.abc import Iterator
from pathlib import Path

from pondwidgets.core.experiments import MEAN, Experiment, Tally
from pondwidgets.games import GAMES
from pondwidgets.tables import experiments
from pondwidgets.tables.experiments import find
from tests.browser.harness import expect
from tests.browser.test_teacher_page import sign_in_by_keyboard, tab_to
from tests.tables.test_teacher import Classroom, classroom_in_a_thread

CROAK = "croak/pike_at_start"
EMPTY = ("No experiment yet: when students press “Send to the class” in a probability "
         "notebook, their results show here.")
# Results of 2,000, 1,500 and 1,000 games: no class total is a multiple of 32, so no
# estimate is a float exactly halfway at its 5th decimal, where Python's rounding and
# JavaScript's toFixed differ.
GAMES_SENT = (2000, 1500, 1000)


class Student:
    """One student of the class, on the classroom's server: their token and seed."""

    def __init__(self, room: Classroom, experiment: str, name: str, device: str) -> None:
        self.room, self.experiment = room, find(experiment)
        self.token = secrets.token_urlsafe(18)

        async def join() -> dict:
            return room.server.experiments.join(device, {
                "experiment": experiment, "name": name, "token": self.token})

        self.seed = room.call(join())["seed"]

    def send(self, games: int) -> Tally:
        """Play ``games`` games of this student's seed (here, as their notebook does) and
        send their values: checked, confirmed and accepted on the server's loop."""
        values = self.experiment.samples(games, self.seed)
        tally = Tally.of(values)
        counts = self.experiment.counts(values)
        request = {"experiment": self.experiment.id, "token": self.token, "seed": self.seed,
                   "games": games, "values": values, **counts}
        pupils = self.room.server.experiments

        async def send() -> dict:
            result = pupils.check(request)
            pupils.confirm(result)
            return pupils.accept(result)

        self.room.call(send())
        return tally


def declared() -> Iterator[Experiment]:
    """Every game's experiments, in the registry's order (a game whose experiments are not
    written yet has no module for them: it is passed over)."""
    for entry in GAMES.values():
        try:
            theirs = entry.experiments
        except ImportError:
            continue
        yield from theirs.values()


def a_mean_experiment() -> Experiment:
    """The first experiment that estimates a mean."""
    mean = next((e for e in declared() if e.kind == MEAN), None)
    assert mean is not None, "no game has an experiment of a mean yet"
    return mean


def without_an_answer(monkeypatch) -> Experiment:
    """One of Croak!'s experiments as one no checker has an answer for (the class's
    estimate is all there is), on the server: the games' checkers all have one today."""
    chosen = next(e for e in declared() if e.game == "croak" and e.id != CROAK)
    unknown = dataclasses.replace(chosen, exercise=None)
    real = experiments.find
    monkeypatch.setattr(experiments, "find",
                        lambda name: unknown if name == unknown.id else real(name))
    return unknown


def pooled_text(tallies: list[Tally]) -> tuple[str, str]:
    """The class's games and estimate as the page shows them, from the counts sent."""
    games, total = sum(t.count for t in tallies), sum(t.total for t in tallies)
    return f"{games:,}", f"{total / games:.4f}"


def cells(row) -> list[str]:
    return [text.strip() for text in row.locator("th, td").all_inner_texts()]


def font_size(locator) -> float:
    """In CSS pixels, as drawn at 100%."""
    return locator.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)")


def shot(page, tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path


def test_the_class_experiments_show_live_pooled_by_the_server_and_the_answer_on_request(
        new_page, tmp_path: Path) -> None:
    with classroom_in_a_thread() as room:
        page = new_page({"width": 1280, "height": 900})
        sign_in_by_keyboard(page, room)
        page.evaluate("window.__marker = 1")  # gone if anything reloads the page
        expect(page.locator("[data-role=experiments-empty]")).to_have_text(EMPTY)
        expect(page.locator("[data-experiment]")).to_have_count(0)

        ada = Student(room, CROAK, "Ada <b>x</b>", "10.0.0.1")
        bob = Student(room, CROAK, "Bob", "10.0.0.2")
        card = page.locator(f'[data-experiment="{CROAK}"]')
        expect(card.locator("h3")).to_have_text(re.compile(r"Croak!\s*P\(deep tile is a Pike\)"))
        expect(card.locator("[data-role=waiting]")).to_have_text(
            "Joined, nothing sent yet: Ada <b>x</b>, Bob")
        assert card.locator("b").count() == 0  # the name is text, not markup
        expect(page.locator("[data-role=experiments-empty]")).to_be_hidden()

        sent = [ada.send(GAMES_SENT[0]), bob.send(GAMES_SENT[1])]
        rows = card.locator("[data-role=student-row]")
        expect(rows).to_have_count(2)
        class_row = card.locator("[data-role=class-row]")
        games, estimate = pooled_text(sent)
        expect(class_row).to_contain_text(estimate)
        assert cells(class_row)[:3] == ["The class", games, estimate]
        assert cells(rows.first)[:3] == ["Ada <b>x</b>", f"{sent[0].count:,}",
                                         f"{sent[0].total / sent[0].count:.4f}"]
        assert re.fullmatch(r"\d\.\d{4} to \d\.\d{4}", cells(class_row)[3])
        assert class_row.evaluate("(row) => getComputedStyle(row).fontWeight") == "700"
        expect(card.locator("[data-role=class-size]")).to_have_text(f"2 students, {games} games")
        expect(card.locator("[data-role=waiting]")).to_have_count(0)
        curve = card.locator("[data-role=curve]")
        expect(curve).to_have_attribute("data-points", "2")

        cy = Student(room, CROAK, "Cy", "10.0.0.3")
        sent.append(cy.send(GAMES_SENT[2]))
        expect(curve).to_have_attribute("data-points", "3")
        games, estimate = pooled_text(sent)
        expect(class_row).to_contain_text(games)
        assert cells(class_row)[:3] == ["The class", games, estimate]
        expect(curve).to_have_attribute("aria-label", f"The class's estimate against games "
                                        f"played: {estimate} after {games} games")
        assert font_size(curve.locator("text").first) >= 14
        assert "games played by the class" in (curve.text_content() or "")

        # The answer: in no text of the page until the teacher asks for it, by keyboard.
        answer = find(CROAK).exact()[1]  # "1/8 ≈ 0.1250"
        assert answer not in page.content()
        expect(card.locator("[data-role=exact]")).to_have_count(0)
        show = card.get_by_role("button", name="Show the exact answer")
        expect(show).to_have_attribute("aria-pressed", "false")
        tab_to(page, show)
        page.keyboard.press("Enter")
        hide = card.get_by_role("button", name="Hide the exact answer")
        expect(hide).to_have_attribute("aria-pressed", "true")
        expect(hide).to_be_focused()
        expect(card.locator("[data-role=exact]")).to_have_text(f"The answer: {answer}")
        expect(curve.locator(".tp-exact-line")).to_have_count(1)
        area = curve.locator(".tp-plot-area")  # the y range takes the answer in
        top, height = (float(area.get_attribute(name) or 0) for name in ("y", "height"))
        assert top <= float(curve.locator(".tp-exact-line").get_attribute("y1") or -1) \
            <= top + height

        # Another push: the answer stays shown, the focus on its button; the plot is new.
        dee = Student(room, CROAK, "Dee", "10.0.0.4")
        expect(card.locator("[data-role=waiting]")).to_have_text("Joined, nothing sent yet: Dee")
        sent.append(dee.send(GAMES_SENT[0]))
        expect(curve).to_have_attribute("data-points", "4")
        expect(card.locator("[data-role=exact]")).to_have_text(f"The answer: {answer}")
        expect(card.get_by_role("button", name="Hide the exact answer")).to_be_focused()
        page.keyboard.press("Enter")  # hidden again: gone from the page
        expect(card.get_by_role("button", name="Show the exact answer")).to_be_focused()
        assert answer not in page.content()

        # A mean: the class's figures are the pooled sum over the pooled count.
        mean = a_mean_experiment()
        eve, fay = (Student(room, mean.id, name, "10.0.0.5") for name in ("Eve", "Fay"))
        pooled = [eve.send(GAMES_SENT[0]), fay.send(GAMES_SENT[1])]
        mean_card = page.locator(f'[data-experiment="{mean.id}"]')
        games, estimate = pooled_text(pooled)
        mean_row = mean_card.locator("[data-role=class-row]")
        expect(mean_row).to_contain_text(estimate)
        assert cells(mean_row)[:3] == ["The class", games, estimate]
        expect(mean_card.locator("[data-role=student-row]")).to_have_count(2)
        expect(mean_card.locator("[data-role=curve]")).to_have_attribute("data-points", "2")
        if mean.exact() is not None:  # each experiment's answer is asked for on its own
            assert mean.exact()[1] not in page.content()
            expect(mean_card.get_by_role("button", name="Show the exact answer")).to_be_visible()

        # Clear (a practice run), by keyboard: asked once, done the second time.
        clear = mean_card.get_by_role("button", name="Clear 2 results")
        tab_to(page, clear)
        page.keyboard.press("Enter")
        sure = mean_card.get_by_role("button", name="Sure? Clear 2 results")
        expect(sure).to_be_focused()
        page.keyboard.press("Enter")
        expect(mean_card.locator("[data-role=student-row]")).to_have_count(0)
        expect(mean_card.locator("[data-role=waiting]")).to_have_text(
            "Joined, nothing sent yet: Eve, Fay")
        expect(page.locator("[data-role=experiments-said]")).to_contain_text("were cleared")
        expect(card.locator("[data-role=student-row]")).to_have_count(4)  # the others stay

        assert page.evaluate("window.__marker") == 1  # all of it pushed: no reload
        assert not [line for line in page.console if line.startswith("pageerror")], page.console
        shot(page, tmp_path, "experiments-light-100")


def test_the_experiments_read_on_a_projector_in_dark_at_150_percent(
        chromium, tmp_path: Path, monkeypatch) -> None:
    with classroom_in_a_thread() as room:
        context = chromium.new_context(color_scheme="dark", device_scale_factor=1.5,
                                       viewport={"width": 853, "height": 600})
        try:
            page = context.new_page()
            page.set_default_timeout(20_000)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            sign_in_by_keyboard(page, room)
            page.evaluate("window.__marker = 1")
            students = [Student(room, CROAK, name, f"10.0.1.{i}")
                        for i, name in enumerate(["Ada <b>x</b>", "Bob", "Cy"])]
            for student, games in zip(students, GAMES_SENT, strict=True):
                student.send(games)
            card = page.locator(f'[data-experiment="{CROAK}"]')
            expect(card.locator("[data-role=curve]")).to_have_attribute("data-points", "3")
            show = card.get_by_role("button", name="Show the exact answer")
            tab_to(page, show)
            page.keyboard.press("Enter")
            expect(card.locator("[data-role=exact]")).to_be_visible()
            mean = a_mean_experiment()
            for i, name in enumerate(["Eve", "Fay"]):
                Student(room, mean.id, name, "10.0.1.9").send(GAMES_SENT[i])
            expect(page.locator(f'[data-experiment="{mean.id}"] [data-role=curve]')
                   ).to_have_attribute("data-points", "2")
            unknown = without_an_answer(monkeypatch)
            Student(room, unknown.id, "Gus", "10.0.1.10")  # joined only: nothing sent yet
            lone = page.locator(f'[data-experiment="{unknown.id}"]')
            expect(lone).to_contain_text(
                "No formula gives this one: the class's estimate is the answer.")
            expect(lone.locator("[data-role=waiting]")).to_have_text(
                "Joined, nothing sent yet: Gus")
            expect(lone.locator("[data-role=class-size]")).to_have_text("No result sent yet.")
            expect(lone.get_by_role("button", name="Show the exact answer")).to_have_count(0)

            # Dark: the plot's text in the page's light text colour, its area the page's dark.
            text = card.locator("[data-role=curve] text").first
            assert text.evaluate("(t) => getComputedStyle(t).fill") == "rgb(243, 244, 246)"
            assert font_size(text) >= 14
            plot = card.locator("[data-role=curve]").bounding_box()
            assert plot is not None and plot["width"] <= 853 - 16  # no sideways scrolling
            assert page.evaluate("document.documentElement.scrollWidth") <= 853
            assert page.evaluate("window.__marker") == 1
            assert not errors, errors
            card.scroll_into_view_if_needed()
            shot(page, tmp_path, "experiments-dark-150")
        finally:
            context.close()
