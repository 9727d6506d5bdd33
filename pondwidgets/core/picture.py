"""The view a board sends: the game's view for the seat it shows, with the board's own
fields (who may play here, the bots thinking, Next round, Start, undo, the pass screen).
``Board`` binds these functions as its methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .words import listed

if TYPE_CHECKING:
    from .widget import Board


def picture(board: Board, shown: int | None) -> dict[str, Any]:
    """The board's view: ``game.view(shown)`` and the board's own fields."""
    playing = board.playing()
    passing = board.pass_to()
    view = board.game.view(shown)
    view["you"] = you = board._you(shown)
    if you != shown:  # a screen several people share: the line names whose turn it is
        view["prompt"] = board.game.prompt(you)
    if playing is None:
        view["legal"] = []
    view["playing"] = playing
    people = board.people()
    view["people"] = people
    # Each person's own legal moves: at one screen they may differ (a racer may not
    # arrest a Croc of their own), and the JS only draws what Python lists.
    view["legal_of"] = {str(s): board.game.legal_data(s) for s in people}
    view["bots"] = sorted(board.driver.bots)
    view["thinking"] = board._thinking(playing)
    view["next_round"] = board._next_round_text()
    view["start"] = board._start_text()
    # The button and the message agree: the JS offers undo exactly when Python takes it,
    # and says why not (the button's tooltip) with the very words of the refusal.
    why = board._undo()[1]
    view["can_undo"] = why is None
    view["undo_why"] = why
    view["pass_to"] = passing
    view["pass_name"] = None if passing is None else board.game.seat_name(passing)
    if view.get("countdown"):  # the table's own figure: it may have waited for a person
        view["countdown"] = {**view["countdown"], "left": board._table.countdown_left(),
                             "running": board._table.countdown_running()}
    view.update(board._extras())
    return view


def thinking(board: Board, playing: int | None) -> str | None:
    """The status while only bots may act and this board waits: "Green (a bot) is
    thinking…", or what it waits for once a bot has failed; while the start is held,
    whom it waits for; None otherwise (the board shows the game's prompt)."""
    if board._table.holding():
        if board._start_text() is not None:
            return None  # the board shows its own Start
        names = [board.game.seat_name(s) for s in board._table.unready_seats()]
        if names:
            return f"Waiting for {listed(names)} to press Start."
        return "Waiting for the players to press Start."
    to_act = board.game.seats_to_act
    if playing is not None or board.game.is_over or not to_act \
            or not set(to_act) <= board.driver.bots.keys() or board._table.waiting():
        return None
    decisions = len(board.game.history)
    failed = [s for s in to_act if board.driver.refused.get(s) == decisions]
    if failed:  # not thinking: waiting, until Python plays it or the cell runs again
        name = board.game.seat_name(failed[0])
        return f"The game waits for {name}: {name}'s bot failed (the message says why)."
    names = [board.game.seat_name(s) for s in to_act]
    if len(names) == 1:
        return f"{names[0]} (a bot) is thinking…"
    return f"{listed(names)} (bots) are thinking…"


def next_round_text(board: Board) -> str | None:
    """The status while the table waits for a person to ask for the next round (the
    board then shows "Next round"); None otherwise."""
    if not board._table.waiting():
        return None
    return f"Press Next round (or N) when everyone is ready: {board.game.prompt(None)}"


def start_text(board: Board) -> str | None:
    """The status while the table holds a game against the clock for this board's
    people to press Start (the board then shows "Start"); None otherwise. A board that
    passes the device has none: its "I am …" is the start."""
    if not board._table.holding() or board._passes() or board in board._table.ready \
            or not board._persons():
        return None
    return f"Press Start (or S) when you are ready: {board.game.prompt(None)}"
