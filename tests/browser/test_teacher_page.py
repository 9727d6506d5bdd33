"""The teacher's page in a real browser (pondwidgets/tables/README.md, "The teacher's
page"), beside a table server on a thread of the test process: the teacher signs in by
keyboard, sees a table appear as a student creates it, shows it on the projector (the
game's own board, drawn from the spectator's view: no hand on it), hands the seat of a
student who left to a bot, and closes the table, all by keyboard; the student is told."""

from __future__ import annotations

import re

from tests.browser.harness import expect
from tests.browser.test_shared_tables import names_shown
from tests.tables.test_server import STUDENTS, Student, leave, two_at_a_table
from tests.tables.test_teacher import KEY, Classroom, classroom_in_a_thread


def tab_to(page, locator, most: int = 40) -> None:
    """Press Tab until ``locator`` has the focus, as a person does."""
    for _ in range(most):
        if locator.evaluate("(node) => node === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {locator}")


def sign_in_by_keyboard(page, room: Classroom) -> None:
    page.goto(room.origin)
    expect(page.locator("#key")).to_be_focused()
    page.keyboard.type("a wrong key")
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_have_text(re.compile("not the teacher's key"))
    expect(page.locator("#key")).to_be_focused()
    page.keyboard.type(KEY)
    page.keyboard.press("Enter")
    expect(page.locator("[data-role=connection]")).to_have_text(re.compile("Connected"))
    expect(page.locator("[data-role=empty]")).to_be_visible()
    assert KEY not in page.content() and KEY not in page.url


def a_table_of_two(room: Classroom) -> tuple[Student, Student, str]:
    """Ann creates a Froop! table; Bob joins; both press Start (on the server's loop)."""
    code, ann, bob = room.call(two_at_a_table(room.server, "froop"))
    return ann, bob, code


def test_the_teacher_signs_in_sees_a_table_appear_shows_it_and_closes_it_by_keyboard(
        new_page) -> None:
    with classroom_in_a_thread() as room:
        try:
            page = new_page()
            sign_in_by_keyboard(page, room)
            ann, bob, code = a_table_of_two(room)
            table = page.locator(f".tp-table[data-code={code}]")
            expect(table).to_contain_text("Playing")  # pushed: nobody reloaded
            expect(table).to_contain_text("Seat 2: Bob (connected)")

            show = page.get_by_role("button", name=f"Show {code}")
            tab_to(page, show)
            page.keyboard.press("Enter")
            expect(show).to_have_attribute("aria-pressed", "true")
            watched = page.locator("[data-role=watched]")
            expect(watched).to_contain_text(f"Froop! at table {code}: Ann, Bob.")
            board = page.locator("[data-role=board] .pw-board")
            expect(board.locator("[data-role=status]")).to_have_text("Ann's turn.")
            game = room.hall.tables[code].game
            shown = board.evaluate("(b) => b.outerHTML")
            assert names_shown(shown, [c for hand in game.hands for c in hand]) == []

            room.call(leave(bob))  # Bob's Wi-Fi is gone: his seat goes to a bot
            expect(table).to_contain_text("Seat 2: Bob (left)")
            choice = page.get_by_label("The bot for Bob's seat")
            tab_to(page, choice)
            page.keyboard.press("ArrowDown")
            expect(choice).to_have_value("FroopBot")
            page.keyboard.press("Tab")
            expect(page.get_by_role("button", name="Hand Bob's seat to a bot")).to_be_focused()
            page.keyboard.press("Enter")
            expect(table).to_contain_text("Seat 2: Bob (FroopBot)")
            assert room.hall.tables[code].seats[1].bot == "FroopBot"

            close = page.get_by_role("button", name=f"Close {code}")
            tab_to(page, close)
            page.keyboard.press("Enter")
            sure = page.get_by_role("button", name=f"Sure? Close {code}")
            expect(sure).to_be_focused()
            page.keyboard.press("Enter")
            expect(page.locator(".tp-table")).to_have_count(0)
            expect(watched).to_contain_text(f"Table {code} was closed")
            told = room.call(ann.until("closed"))
            assert told["reason"] == "the teacher closed this table"
            assert code not in room.hall.tables
            assert not [line for line in page.console if line.startswith("pageerror")], \
                page.console
        finally:
            STUDENTS.clear()  # their links closed with the server, on its own loop
