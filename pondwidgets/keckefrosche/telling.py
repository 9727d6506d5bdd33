"""What Kecke Frösche tells people: the view, the prompt, the score's wording and the
news in the view's form, and why a move is refused. ``KeckeGame`` (``rules.py``) binds
these as its methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import brief
from ..core.words import plural, told, turn, won
from .cards import BIOTOPE_NAMES, BIOTOPES, FROG_KINDS, STORK, card_name
from .declaration import BLOCK, COLLECT, MOVE_KINDS, NOTATION_HELP, OPEN, OVER, PLACE, Move

if TYPE_CHECKING:
    from .rules import KeckeGame


# -- what everyone may see ---------------------------------------------------------------
_KINDS_VIEW = [{"id": k.id, "name": k.name, "biotope": k.biotope, "letter": k.letter}
               for k in FROG_KINDS]


def _KINDS_VIEW_COPY() -> list[dict[str, str]]:
    return [dict(k) for k in _KINDS_VIEW]


def view(game: KeckeGame, seat: int | None) -> dict[str, Any]:
    over = game.is_over
    piles = game.piles
    biotopes = [{"id": b, "name": BIOTOPE_NAMES[b],
                 "top": piles[b][-1] if piles[b] else None,
                 "count": len(piles[b]),
                 "blocked": bool(piles[b]) and piles[b][-1] == STORK} for b in BIOTOPES]
    players = [{"seat": s, "name": game.names[s],
                "rows": {b: list(d.rows[b]) for b in BIOTOPES},
                "storks": d.storks,
                "cards": d.cards,
                "chips": len(d.chips),
                "chip_values": sorted(d.chips) if over else None,
                "score": game.scores[s] if game.scores is not None else None,
                "score_text": game.score_text(s)}
               for s, d in enumerate(game.displays)]
    return {
        "kinds": _KINDS_VIEW_COPY(),
        "biotopes": biotopes,
        "players": players,
        "pile": len(game.pile),
        "box": game.box_storks,
        "drawn": {"card": game.drawn, "seat": game.to_move} if game.drawn else None,
        "to_draw": game.to_draw,
        "discarded": list(game.discarded),
        "stork_played": game.stork_played,
        "passes": game.passes,
        "turn": game.turn,
        "stage": game.stage,
        "supply": len(game.supply),
        "opening": list(game.opening),
        "news": game.news_since(game.news_from(seat)),
    }


def prompt(game: KeckeGame, seat: int | None = None) -> str:
    """What the player to act must do now, in plain English, as ``seat`` reads it:
    "you" on that player's own board, their name for everyone else (the same
    instructions for every seat: every card in a display is face up)."""
    phase = game.phase
    if phase == OVER:
        end = "!" if len(game.winners) == 1 else "."
        return f"The game is over: {won(game.names, game.winners, seat)}{end}"
    name, you = game.names[game.to_move], seat == game.to_move
    if phase == PLACE:
        return told(name, you, "put your new frog at the left or the right end of its "
                               "row. Next to an identical frog, it wins you a chip!")
    if phase == COLLECT:
        if not game.discarded:
            return turn(name, you, "you may throw away a frog (onto its own biotope) or "
                                   "a stork, or draw a card now.")
        if game.discarded[0] == STORK:
            return told(name, you, f"throw away one more card, or draw "
                                   f"{len(game.discarded) + 1} cards now.")
        return told(name, you, "you may still throw away a stork, or draw 2 cards now.")
    if phase == BLOCK:
        return told(name, you, "the discarding phase starts! Choose the biotope a stork "
                               "from the box blocks.")
    if phase == OPEN:
        return told(name, you, "choose which blocked biotope opens again.")
    if game.discarded:
        return told(name, you, "throw away more frogs (one of each kind) or a stork, or "
                               "say you are done.")
    return turn(name, you, "throw away frogs at an open biotope (one of each kind) and "
                           "maybe a stork, or pass. Get rid of your cards: each one counts "
                           "for the others!")


def score_text(game: KeckeGame, seat: int, named: bool = False) -> str | None:
    """How ``seat``'s score is made, once the game is over (None before): the one
    wording of the log and of the board's panel. ``"Score 4: 1 card in the others'
    displays + 3 from 2 chips"`` (the panel, under the player's name), ``"Ada scores
    4: …"`` (``named``: the log's line). No card left in front of the others reads
    "no cards …", no chip ", no chips" (docs/rules/keckefrosche.md#score)."""
    if game.scores is None:
        return None
    chips = game.displays[seat].chips
    cards = game.scores[seat] - sum(chips)  # the cards in front of the others
    made = f"{plural(cards, 'card') if cards else 'no cards'} in the others' displays"
    made += f" + {sum(chips)} from {plural(len(chips), 'chip')}" if chips else ", no chips"
    score = game.scores[seat]
    return f"{game.names[seat]} scores {score}: {made}" if named else f"Score {score}: {made}"


# -- what the rules did by themselves, as the views show it ------------------------------
def news_since(game: KeckeGame, decisions: int) -> list[dict[str, Any]]:
    """What the rules did by themselves after the first ``decisions`` decisions (the
    ones in ``history[decisions:]`` set it off), in the view's form: ``{"id", "kind",
    "text", "seat", "card", "biotope", "losers"}`` (``News``)."""
    shown = []
    for item in reversed(game.news):
        if item.decision <= decisions:
            break
        shown.append(item)
    shown.reverse()
    return [item.public() for item in shown]


def news_from(game: KeckeGame, seat: int | None) -> int:
    """Where ``seat``'s news starts, as a count of decisions for ``news_since``: at its
    own last decision (what that decision set off, and all since, stays on its screen
    until it decides again); the spectator's at the last decision."""
    history = game.history
    if seat is None:
        return max(0, len(history) - 1)
    for index in range(len(history) - 1, -1, -1):
        if history[index][0] == seat:
            return index
    return 0


# -- why a move is refused ---------------------------------------------------------------
def why_illegal(game: KeckeGame, move: Move, seat: int) -> str:
    kind, biotope, place = move.kind, move.biotope, move.place
    phase = game.phase
    if not isinstance(kind, str) or kind not in MOVE_KINDS:
        return f"{brief(kind)} is not a kind of move: {NOTATION_HELP}"
    if kind in ("discard", "stork", "block", "open") and (
            not isinstance(biotope, str) or biotope not in BIOTOPES):
        return f"{brief(biotope)} is not a biotope: the biotopes are water, bank and dike"
    if phase == PLACE:
        return ("first lay the frog you drew at the left "
                "or the right end of its row: 'left' or 'right'")
    if kind in ("left", "right"):
        return "left and right place a frog just drawn, and no frog is waiting"
    if phase == BLOCK:
        if kind != "block":
            return ("the discarding phase starts: first choose the biotope a stork from "
                    "the box blocks ('block water', 'block bank' or 'block dike')")
        return f"the {biotope} biotope is blocked already: block another biotope"
    if kind == "block":
        return "a stork from the box blocks a biotope only as the discarding phase starts"
    if phase == OPEN:
        if kind != "open":
            return (f"you laid a stork: now choose which blocked biotope opens "
                    f"({' or '.join(repr('open ' + b) for b in game.opening)})")
        return (f"only {' or '.join(game.opening)} can open: the stork you just laid "
                f"stays")
    if kind == "open":
        return "a biotope opens only right after a stork is laid in the discarding phase"
    display = game.displays[seat]
    collecting = phase == COLLECT
    if kind == "draw":
        return "you draw only in the collecting phase: discard, or say 'done' or 'pass'"
    if kind == "pass":
        if collecting:
            return "there is no passing in the collecting phase: discard, or 'draw'"
        return "you have discarded this turn, so this is no pass: say 'done'"
    if kind == "done":
        if collecting:
            return "to end your turn in the collecting phase, 'draw'"
        return "you have discarded nothing this turn: discard, or 'pass'"
    if kind == "stork":
        if not display.storks:
            return "you have no stork in front of you"
        if collecting:
            return "after discarding a frog, you may discard only a stork, then you draw"
        if game.stork_played:
            return "only one stork per turn in the discarding phase"
        return (f"{BIOTOPE_NAMES[biotope]} is blocked: in the discarding phase a stork "
                f"goes on an open biotope")
    # a frog
    row = display.rows[biotope]
    if type(place) is not int or not 1 <= place <= len(row):
        if not row:
            return f"you have no frog in your {biotope} row"
        return (f"your {biotope} row has {len(row)} frog{'s' * (len(row) != 1)}: say its "
                f"place from 1 at the left to {len(row)}")
    frog = row[place - 1]
    top = game.top(biotope)
    if collecting and len(game.discarded) >= 1 and game.discarded[0] != STORK:
        return ("you may discard two cards only if one of them is a stork: discard a "
                "stork now, or draw")
    if top == STORK:
        return (f"a stork blocks {BIOTOPE_NAMES[biotope]}: no frog may be discarded "
                f"there")
    if top == frog:
        return (f"two identical frogs may never lie on top of each other, and "
                f"{card_name(frog)} is on top {BIOTOPE_NAMES[biotope]}")
    if not collecting:
        if game.stork_played and game.frogs_before_stork:
            return "after your frogs and a stork, this turn can only end: say 'done'"
        if game.frog_biotope and biotope != game.frog_biotope:
            return (f"this turn's frogs all go to one biotope, "
                    f"{BIOTOPE_NAMES[game.frog_biotope]}")
        if frog in game.discarded:
            return (f"in the discarding phase a series holds at most one frog of each "
                    f"kind, and you discarded {card_name(frog)} this turn")
    return "that move is not among the legal moves now"


__all__ = ["news_from", "news_since", "prompt", "score_text", "view", "why_illegal"]


def table_facts(game: KeckeGame) -> dict[str, Any]:
    """What a board reads of the game beyond its views, for a shared table's stand-in
    (``tables.remote``): every piece of news, public as each view shows it, with the
    decision that set it off (``news_since`` picks from them)."""
    return {"news": [[item.decision, item.public()] for item in game.news]}
