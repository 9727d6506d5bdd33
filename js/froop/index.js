// The Froop! board: the top bar (pile, countdown, last card), the Froop as a grid of spot
// buttons over its drawing, a hand row for each person acting here, and the players. It
// draws view.* and sends what the person chose: a spot lights up only where Python lists
// a play for the chosen card (view.plays), and a click on any other spot is sent too, so
// Python's rule says why not.

import { boardWidget } from "../shared/board.js";
import { html, setText } from "../shared/dom.js";
import { froopView } from "./froop.js";
import { isTurnKey } from "./layout.js";
import { placesText, spotHint } from "./labels.js";
import { handZone, playersPanel, symbolKey, topBar } from "./panels.js";
import {
  decisionButtons, givesOf, laid, legalOf, matchText, placesByCard, playsOf, playText, severalPeople, spotsFor,
} from "./plays.js";

function mount(frame, actions) {
  const root = frame.stage.closest(".pw-board") || frame.stage.parentElement;
  let view = {};
  // Each person's choice at this screen: the card chosen and how each card is turned.
  const choices = new Map();  // seat -> {chosen, turned: Map name -> bool}
  let active = null;  // the person whose chosen card the Froop shows

  const top = topBar();
  const froop = froopView({ onSpot: place });
  // Not a live region: it follows the pointer; the spots' own names say the same.
  const places = html("p", { class: "fr-places", "data-role": "places" });
  const hands = html("div", { class: "fr-hands", "data-role": "hands" });
  frame.stage.append(top.element, froop.element, places, symbolKey(), hands);
  const zones = new Map();  // seat -> handZone
  const updatePlayers = playersPanel(frame.players);
  let placesLine = "";

  froop.setPreview((spot) => {
    if (spot && spot.letters) {
      setText(places, spot.play ? `${spot.letters} at ${spot.x},${spot.y}: ${spot.effect}`
        : `${spot.letters} does not fit at ${spot.x},${spot.y}.`);
      places.dataset.preview = spot.play ? "fit" : "misfit";
    } else {
      setText(places, placesLine);
      delete places.dataset.preview;
    }
  });

  function choice(seat) {
    if (!choices.has(seat)) choices.set(seat, { chosen: null, turned: new Map() });
    return choices.get(seat);
  }

  /** The seats with a hand row here: every person acting at this screen, else the seat
   * the view is for (its hand shown even when it may not act). */
  function zoneSeats() {
    if (severalPeople(view)) return view.people.filter((s) => Number.isInteger(s));
    return Number.isInteger(view.seat) && Array.isArray(view.hand) ? [view.seat] : [];
  }

  function handOf(seat) {
    if (seat === view.seat && Array.isArray(view.hand)) return view.hand;
    const hand = (view.players || [])[seat]?.hand;
    return Array.isArray(hand) ? hand : [];
  }

  function acting(seat) {
    return !view.is_over && (view.people || []).includes(seat);
  }

  /** The seat a move is sent for: named when several people act here. */
  const seatArg = (seat) => (severalPeople(view) ? seat : null);

  function send(seat, text) {
    active = seat;
    actions.move(text, seatArg(seat));
  }

  function choose(seat, name, byKeyboard = false) {
    const c = choice(seat);
    // A click on the chosen card puts it back; Enter on it goes on to the Froop.
    c.chosen = c.chosen === name && active === seat && !byKeyboard ? null : name;
    active = seat;
    actions.hint("");
    draw();
    // From the keyboard, on to the first place it fits (Escape comes back to the hand).
    if (byKeyboard && c.chosen && acting(seat)) froop.focusStop();
  }

  function turnCard(seat) {
    const c = choice(seat);
    if (!c.chosen) {
      actions.hint("Choose a card from your hand first: then Turn (or R) turns it round.");
      return;
    }
    c.turned.set(c.chosen, !c.turned.get(c.chosen));
    active = seat;
    actions.hint("");
    draw();
  }

  function place(x, y) {
    const seat = active;
    const c = seat === null ? null : choice(seat);
    const hint = spotHint({ acting: seat !== null && acting(seat), hasHand: seat !== null, name: c?.chosen });
    if (hint) {
      actions.hint(hint);
      return;
    }
    const letters = laid(c.chosen, c.turned.get(c.chosen) === true);
    const play = spotsFor(playsOf(view, seat), c.chosen, c.turned.get(c.chosen) === true).get(`${x},${y}`);
    // A spot that is no place for it is sent too: Python's refusal names the rule.
    send(seat, play ? play.move : playText(letters, x, y));
  }

  // Escape on the Froop: back to the chosen card in the hand.
  froop.element.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || active === null || !zones.has(active)) return;
    event.preventDefault();
    event.stopPropagation();
    zones.get(active).focusCard();
  });

  root.addEventListener("keydown", (event) => {
    if (!isTurnKey(event) || active === null || !frame.pass.hidden) return;
    // The hand row the focus is in, else the one the Froop shows.
    const zone = event.target?.closest?.("[data-role=hand]");
    const seat = zone ? Number(zone.dataset.seat) : active;
    event.preventDefault();
    event.stopPropagation();  // JupyterLab runs no notebook shortcut for a prevented key
    turnCard(seat);
  });

  function draw() {
    const seats = zoneSeats();
    if (!seats.includes(active)) active = seats[0] ?? null;
    // A person who no longer has a row here (the device passed on) leaves no trace.
    for (const seat of choices.keys()) if (!seats.includes(seat)) choices.delete(seat);
    // Forget choices of cards no longer held.
    for (const seat of seats) {
      const c = choice(seat);
      const hand = handOf(seat);
      if (c.chosen && !hand.includes(c.chosen)) c.chosen = null;
    }
    const plays = active === null ? [] : playsOf(view, active);
    const c = active === null ? null : choice(active);
    const turned = c?.chosen ? c.turned.get(c.chosen) === true : false;
    const spots = c?.chosen ? spotsFor(plays, c.chosen, turned) : new Map();
    const handSize = active === null ? 0 : handOf(active).length;
    const effect = (play) => matchText(view, play.match, { last: handSize === 1 });
    froop.update({ view, letters: c?.chosen ? laid(c.chosen, turned) : null, spots, effect, acting: active !== null && acting(active) });

    let other = 0;
    if (c?.chosen) other = spotsFor(plays, c.chosen, !turned).size;
    const on = active !== null && acting(active);
    placesLine = placesText({
      name: c?.chosen ?? null, turned, count: spots.size, other, canPlay: on && plays.length > 0,
      giving: on && givesOf(legalOf(view, active)).length > 0, acting: on, hasHand: active !== null,
    });
    if (!places.dataset.preview) setText(places, placesLine);

    // The hand rows, in seat order; a row leaves when its person no longer acts here.
    for (const [seat, zone] of zones) {
      if (!seats.includes(seat)) {
        zone.element.remove();
        zones.delete(seat);
      }
    }
    const several = severalPeople(view);
    const rows = seats.map((seat) => {
      if (!zones.has(seat)) zones.set(seat, handZone(seat, { choose, turn: turnCard, move: send }));
      const zone = zones.get(seat);
      const ch = choice(seat);
      const hand = handOf(seat);
      const legal = legalOf(view, seat);
      const seatPlays = playsOf(view, seat);
      zone.update({
        view, name: (view.players || [])[seat]?.name, hand, chosen: ch.chosen,
        turnedOf: (name) => ch.turned.get(name) === true,
        places: placesByCard(seatPlays, hand, (name) => ch.turned.get(name) === true),
        acting: acting(seat), decisions: decisionButtons(legal), gives: givesOf(legal),
        several, active: seat === active, own: seat === view.seat,
        toPlay: acting(seat), mustGive: (view.must_give || []).includes(seat),
      });
      return zone.element;
    });
    if (rows.some((r, i) => hands.children[i] !== r) || hands.children.length !== rows.length) {
      const doc = root.ownerDocument;
      const focused = hands.contains(doc.activeElement) ? doc.activeElement : null;
      hands.replaceChildren(...rows);
      focused?.focus({ preventScroll: true });
    }
    hands.hidden = rows.length === 0;
  }

  return {
    update(nextView) {
      view = nextView;
      top.update(view);
      draw();
      updatePlayers(view, [...zones.keys()]);
    },
  };
}

export default boardWidget({ className: "pw-froop", mount });
