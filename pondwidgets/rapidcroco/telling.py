"""What a game of Rapidcroco tells people: the view a seat is sent, the status line, the
grid as text, the decided round's account for the board's replay, the game's result and
why the rules refuse a decision. ``RapidcrocoGame`` binds these as its methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import brief
from ..core.game import Game
from ..core.words import capital, who
from .cards import BY_NAME, CROCS, HIPPO, TRAITS, turned
from .declaration import DEAL, MOVES, RACE, SITES, Move

if TYPE_CHECKING:
    from .rules import RapidcrocoGame

CODES = [croc.code for croc in CROCS]  # Croc.code builds its string each time


def _result(game: RapidcrocoGame, you: int | None = None) -> str:
    """How the game ended, as seat ``you`` reads it: "Ada has 3 Crocs and wins!" in
    the log and for everyone else, "You have 3 Crocs and win!" on Ada's own board."""
    best = who(game.names, game.winners, you)
    if game._by_target:
        return capital(f"{best} {best.does('has')} {game.target} Crocs and "
                       f"{best.does('wins')}!")
    rounds = "1 round" if game.max_rounds == 1 else f"{game.max_rounds} rounds"
    wins = best.does("wins") if len(game.winners) == 1 else "share the win"
    return f"{rounds} played: {best} {best.does('holds')} the most Crocs and {wins}."


# -- reading the table ---------------------------------------------------------------
def last(game: RapidcrocoGame) -> dict[str, Any] | None:
    """The decided round, for the board's replay (None before the first): who won, the
    suspect, the criteria, the culprit, the path and why, and ``as_decided``: the sites
    the round's end changed (the culprit taken, Crocs given back), as they were when it
    was decided, so the replay can show that table first. Built when first read, not at
    each round's end: most rounds of a simulation are never looked at."""
    if game._last is None and game._decided is not None:
        (round_, winner, suspect, path, culprit_croc, site, holder, erred,
         returned) = game._decided
        as_decided = {SITES[i]: _empty(game, i) for i in returned}
        if winner is not None and site is not None:
            as_decided[SITES[site]] = _card(game, culprit_croc, site)
        game._last = {
            "round": round_, "winner": winner,
            "suspect": _record(suspect, path.sites[0] if path else None,
                               None if path else holder),
            "culprit": _record(culprit_croc,
                               SITES[site] if site is not None else None, holder),
            "criteria": [{"trait": t, "face": CROCS[suspect].face(t)} for t in TRAITS],
            "as_decided": dict(sorted(as_decided.items())),
            "path": list(path.sites) if path else [],
            "reason": path.reason if path else "hand",
            "explanation": path.explain() if path else
            f"the criteria pick {CROCS[culprit_croc].name}, held by "
            f"{game.names[holder]}: the race is for that card itself",
            "wrong": {str(s): CROCS[c].name for s, c in sorted(erred.items())},
        }
    return game._last


def _empty(game: RapidcrocoGame, site: int) -> dict[str, Any]:
    return {"kind": "empty", "site": SITES[site], "turn": game.turn[site]}


def text(game: RapidcrocoGame) -> str:
    """The grid as text: arms as arrows, Hippos as H, empty sites as dots."""
    rows = [f"{r + 1} " + " ".join(row) for r, row in enumerate(game.grid_text())]
    return "\n".join(["  a b c d e f", *rows])


# -- what a seat may see -------------------------------------------------------------
def _card(game: RapidcrocoGame, croc: int, site: int | None = None) -> dict[str, Any]:
    c = CROCS[croc]
    card: dict[str, Any] = {"kind": "croc", "name": c.name, "code": c.code,
                            **{trait: c.face(trait) for trait in TRAITS}}
    if site is not None:  # (the Croc's own arm: it may have left the site since)
        card.update(site=SITES[site], arm=turned(c.arm, game.turn[site]),
                    turn=game.turn[site])
    return card


def _record(croc: int, site: str | None, holder: int | None = None) -> dict:
    return {"name": CROCS[croc].name, "code": CODES[croc], "site": site,
            "holder": holder}


def view(game: RapidcrocoGame, seat: int | None) -> dict[str, Any]:
    # Everything here is on the table for all to see. Never here during a race: the
    # culprit and the path (the board must not solve the puzzle). The next criteria
    # do not exist before they are drawn.
    grid = []
    for i, card in enumerate(game.cards):
        if isinstance(card, int):
            grid.append(_card(game, card, i))
        elif card == HIPPO:
            grid.append({"kind": "hippo", "site": SITES[i], "turn": game.turn[i]})
        else:
            grid.append(_empty(game, i))
    criteria = None
    if game.phase == RACE:
        croc = CROCS[game._suspect]
        criteria = [{"trait": t, "face": croc.face(t)} for t in TRAITS]
    return {
        "round": game.round,
        "grid": grid,
        "criteria": criteria,
        "players": [{
            "seat": s, "name": game.names[s],
            "crocs": [_card(game, c) for c in game.hands[s]],
            "wrong": s in game.erred, "passed": s in game.passed,
            "sitting_out": s in game.sitting_out and game.phase == RACE,
            "sits_next": s in game.sit_next,
        } for s in range(game.players)],
        "dealer": game.dealer,
        "target": game.target,
        "variant": {"kid": game.kid, "wrap": game.wrap, "turns": game.turns},
        "last": game.last if game.phase != RACE else None,
    }


def prompt(game: RapidcrocoGame, seat: int | None = None) -> str:
    """The status line: what to do now."""
    if game.is_over:
        return _result(game, seat)
    if game.phase == DEAL:
        dealer = who(game.names, [game.dealer], seat)
        return capital(f"{dealer} {dealer.does('turns')} the criteria to start round "
                       f"{game.round + 1}.")
    if seat is not None and seat not in game.seats_to_act:
        if seat in game.erred:
            return "Wrong arrest: you may not arrest again this round."
        if seat in game.sitting_out:
            return "You sit out this round."
        return "You gave up this round."
    find = "the Croc the criteria pick" if game.kid else \
        "the culprit: find the Croc the criteria pick, then follow the arms" + \
        (" (they wrap around the grid)" if game.wrap else "")
    return f"Round {game.round}: arrest {find}!"


# -- why the rules refuse ------------------------------------------------------------
def why_waiting(game: RapidcrocoGame, seat: int) -> str:
    name = game.names[seat]
    if game.phase == DEAL:
        return f"the criteria are not turned yet: {game.names[game.dealer]} turns them"
    if seat in game.erred:
        return f"{name} arrested the wrong Croc and may not arrest again this round"
    if seat in game.sitting_out:
        return f"{name} sits out this round (a wrong arrest with no Croc to give back)"
    if seat in game.passed:
        return f"{name} gave up this round"
    return Game._why_waiting(game, seat)


def why_illegal(game: RapidcrocoGame, move: Move, seat: int) -> str:
    # A hand-made move object may hold anything: every field is checked, never trusted.
    if move.kind not in MOVES.kinds:
        return f"{brief(move.kind)} is not a Rapidcroco decision ({', '.join(MOVES.kinds)})"
    if game.phase == DEAL:
        return "the criteria are not turned yet: the dealer turns them ('reveal')"
    if move.kind == "reveal":
        return "the criteria are already turned: find the culprit"
    if move.kind == "arrest":
        target = move.target
        if not isinstance(target, str):
            return f"an arrest names a site (a1 to f6) or a Croc, not {brief(target)}"
        if target in SITES:
            card = game.cards[SITES.index(target)]
            what = "a Hippo" if card == HIPPO else "an empty site (its Croc was captured)"
            return f"{target} holds {what}: only a Croc can be arrested"
        croc = BY_NAME.get(target.lower())
        if croc is None:
            return (f"{brief(target)} is neither a site (a1 to f6, in lower case) nor "
                    f"a Croc's name")
        if croc.number in game.hands[seat]:
            return f"{croc.name} is already yours: you cannot arrest your own Croc"
        site = game._site_of(croc.number)
        if site is not None:
            return (f"{croc.name} is on the grid: arrest it by its site "
                    f"('arrest {SITES[site]}')")
    return Game._why_illegal(game, move, seat)


__all__ = ["last", "prompt", "text", "view", "why_illegal", "why_waiting"]
