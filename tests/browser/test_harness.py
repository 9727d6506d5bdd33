"""The harness itself, on a bare anywidget: if this fails, the board tests say nothing."""

from tests.browser.harness import PING_WIDGET, expect


def test_click_reaches_python_and_python_reaches_the_page(notebook):
    nb = notebook([PING_WIDGET], ready=".pw-ping")
    nb.board.get_by_role("button", name="ping").click()
    expect(nb.board).to_have_attribute("data-count", "1")
    assert nb.py.value("ping.count") == 1
    nb.py.run("ping.count = 41")  # from a second client of the kernel
    expect(nb.board).to_have_attribute("data-count", "41")
