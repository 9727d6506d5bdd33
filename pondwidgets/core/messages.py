"""What the browser may ask a board, and how ``Board`` answers: every message is untrusted
input, checked against ``MESSAGES`` and answered on the board, never raised. ``Board`` binds
these functions as its methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import BadNotation, GameError, IllegalMove, brief

if TYPE_CHECKING:
    from .widget import Board

# What each message from the browser may hold, and of which type.
MESSAGES: dict[str, dict[str, type]] = {
    "move": {"move": str, "decisions": int},
    "undo": {"decisions": int},
    "option": {"name": str, "value": bool},
    "ready": {},
    "iam": {"seat": int},  # the person the device was passed to says who they are
    "new_game": {"decisions": int},  # the "New game" button: a new seed, the same options
    "save": {},  # the "Save" button: the game as a file beside the notebook (or downloaded)
    "next_round": {"decisions": int},  # "Next round": the bots may start it now
    "start": {},  # "Start": this board's people are ready for a game against the clock
}
# Fields a message may leave out: on a board where several people race at one screen, a
# move names the person making it (the one who pressed their key or click zone).
# A board under Voilà, where no file beside the notebook can be reached, asks for its save
# as a download.
OPTIONAL: dict[str, dict[str, type]] = {"move": {"seat": int}, "save": {"download": bool}}
LONGEST_MOVE = 100  # characters; no game's notation comes near it


def handle_msg(board: Board, msg: Any) -> None:
    """Every message from the browser is untrusted input: whatever its shape, it is
    answered on the board, and nothing it holds raises here. (This replaces ipywidgets'
    own router on purpose: it would apply a trait write, or raise on a malformed one.)"""
    content = msg.get("content") if isinstance(msg, dict) else None
    data: Any = content.get("data") if isinstance(content, dict) else None
    method = data.get("method") if isinstance(data, dict) else None
    if method == "update":  # a trait write: never applied, whatever it holds
        board.set_state(data.get("state"))
    elif method == "custom":
        board._on_browser_message(data.get("content"))
    elif method == "request_state":  # a new view asks for the traits: send them
        board.send_state()
    else:
        board._show_error(f"the board sent a message this widget does not know: "
                         f"{brief(data)}")


def on_browser_message(board: Board, content: Any) -> None:
    try:
        board._answer(content)
    except GameError as err:
        board._show_error(str(err))


def answer(board: Board, content: Any) -> None:
    kind = content.get("type") if isinstance(content, dict) else None
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise IllegalMove(f"the board sent a message this widget does not know: "
                          f"{brief(content)}")
    fields = MESSAGES[kind]
    optional = OPTIONAL.get(kind, {})
    extra = set(content) - set(fields) - set(optional) - {"type"}
    if extra:
        raise IllegalMove(f"a {kind!r} message has no field "
                          f"{brief(sorted(map(str, extra)))}")
    wanted_fields = {**fields, **{k: v for k, v in optional.items() if k in content}}
    for name, wanted in wanted_fields.items():
        value = content.get(name)
        if type(value) is not wanted:  # JSON gives exact types; True is no decision count
            raise IllegalMove(f"the {kind!r} message's {name!r} should be a "
                              f"{wanted.__name__}, not {brief(value)}")
    if kind == "ready":
        board._ready = True
        board._send_private()  # a new view: it has the synced view, not the private one
        board._table.schedule()
    elif kind == "iam":
        board._iam(content["seat"])
    elif kind == "save":
        if content.get("download"):
            board._download()
        else:
            board.save()
    elif kind == "start":
        board.start()
    elif kind == "option":
        if content["name"] not in board.OPTIONS:
            raise IllegalMove(f"this board has no option {brief(content['name'])}")
        board.options = {**board.options, content["name"]: content["value"]}
    else:
        board._check_fresh(content["decisions"])
        if kind == "move":
            board._move(content["move"], content.get("seat"))
        elif kind == "next_round":
            board.next_round()
        elif kind == "new_game":
            board.new_game()
        else:
            board.undo()


def check_fresh(board: Board, decisions: int) -> None:
    if not board.game.fresh(decisions):
        raise IllegalMove("the game moved on while you were choosing (the board has "
                          "been updated): look again and choose again")


def move(board: Board, move: str, seat: int | None) -> None:
    if len(move) > LONGEST_MOVE:
        raise BadNotation(f"a move is a short text (its notation), not {len(move):,} "
                          f"characters")
    people = board.people()
    if not people:
        passing = board.pass_to()
        if passing is not None:
            name = board.game.seat_name(passing)
            raise IllegalMove(f"pass the device to {name} first: they press \"I am "
                              f"{name}\"")
        if board.game.is_over:
            raise IllegalMove("the game is over")
        if board._table.waiting():
            raise IllegalMove("the round is over: press Next round to start the next one")
        if board._table.holding():
            why = board._start_text() or board._thinking(None)
            raise IllegalMove(f"the game has not started yet. {why}")
        thinking = board._thinking(None)
        if thinking is not None:
            raise IllegalMove(f"it is not your turn: {thinking}")
        waiting = ", ".join(board.game.seat_name(s) for s in board.game.seats_to_act)
        raise IllegalMove(f"it is not your turn: {waiting} is to play")
    if seat is None:
        if len(people) > 1:
            raise IllegalMove("several people may act now: press your own key or "
                              "button first, so the board knows who it is")
        seat = people[0]
    elif seat not in people:
        raise IllegalMove(f"{brief(seat)} is not a seat this board may play for now")
    board.game.play(move, seat)


def set_state(board: Board, sync_data: Any) -> None:
    """Refuse every trait write from the browser and put the Python values back."""
    if not isinstance(sync_data, dict):
        board._show_error(f"the board sent a trait write that is not a dictionary of "
                         f"traits: {brief(sync_data)}")
        return
    names = sorted(map(str, sync_data))
    known = [name for name in names if name in board.keys]
    if known:  # every view that applied the write gets the Python value back
        board.send_state(known)
    board._show_error(f"the board cannot change {brief(', '.join(names), 60)}: every "
                     f"trait is set from Python")
