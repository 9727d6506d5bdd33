// What a person may do, read from Python's view only: each seat's plays (view.plays, or
// view.plays_of when several people act at one screen), the places the chosen card fits
// as it is turned, the decisions that are not a play (draw, pass, stop, the others draw)
// and the gives. The JS never decides what is legal, and never parses notation: a spot is
// lit only when Python lists a play there, each legal move ({text, kind, ...its fields},
// view.legal) is read by its fields, and what is sent is that move's own text. Pure, so it
// is tested in node.

import { key } from "./layout.js";

/** A card turned 180°: its letters reversed ("HSBF" -> "FBSH"). */
export function turn(letters) {
  return [...String(letters)].reverse().join("");
}

/** A card's name: the smaller (alphabetically) of its two spellings. */
export function nameOf(letters) {
  const a = String(letters);
  const b = turn(a);
  return a <= b ? a : b;
}

/** A card's letters as laid: its name, or turned. */
export function laid(name, turned) {
  return turned ? turn(name) : String(name);
}

/** The notation of a play no legal move offers: sent so that Python names the rule that
 * forbids it. `playText("SHFB", -2, 0)` is "SHFB at -2,0". */
export function playText(letters, x, y) {
  return `${letters} at ${x},${y}`;
}

/** Whether several people act at this screen (each with a hand row of their own). */
export function severalPeople(view) {
  return (view?.people || []).length > 1;
}

/** A seat's legal moves, as a view sends them, that are objects with a text. */
function moves(legal) {
  return (Array.isArray(legal) ? legal : []).filter((m) => m && typeof m === "object" && typeof m.text === "string");
}

/**
 * A seat's legal plays, `[{move, letters, card, x, y, turned, match}]` (`move`: the text
 * to send), for a seat whose moves this board takes now (view.people): view.plays for the
 * seat the view is for, view.plays_of for another person at the same screen, else its
 * legal `play` moves (`card` there is the letters as laid; the match then unknown: null).
 * Nobody else's.
 */
export function playsOf(view, seat) {
  if (!Number.isInteger(seat) || !(view?.people || []).includes(seat)) return [];
  let list = null;
  if (seat === view.seat && Array.isArray(view.plays)) list = view.plays;
  else if (Array.isArray(view.plays_of?.[String(seat)])) list = view.plays_of[String(seat)];
  const out = [];
  if (list === null) {
    for (const m of moves(view.legal_of?.[String(seat)])) {
      if (m.kind !== "play" || typeof m.card !== "string" || !Number.isInteger(m.x) || !Number.isInteger(m.y)) continue;
      const card = nameOf(m.card);
      out.push({ move: m.text, letters: m.card, card, x: m.x, y: m.y, turned: m.card !== card, match: null });
    }
    return out;
  }
  // view.plays: {move (its text), card (its name), x, y, turned, match}
  for (const p of list) {
    if (!p || typeof p !== "object" || typeof p.card !== "string") continue;
    const letters = laid(p.card, p.turned === true);
    const { x, y } = p;
    if (!Number.isInteger(x) || !Number.isInteger(y)) continue;
    const card = nameOf(letters);
    out.push({
      move: typeof p.move === "string" ? p.move : playText(letters, x, y),
      letters, card, x, y, turned: letters !== card,
      match: Number.isInteger(p.match) ? p.match : null,
    });
  }
  return out;
}

/** The places the card `name` fits, laid as `turned` says: `"x,y" -> play`. */
export function spotsFor(plays, name, turned) {
  const map = new Map();
  if (!name) return map;
  const letters = laid(name, turned);
  for (const p of plays) if (p.letters === letters) map.set(key(p.x, p.y), p);
  return map;
}

/** How many places each card of the hand fits: `name -> {shown, turned}` (as laid now,
 * and the other way up). `turnedOf(name)` says how each card is turned now. */
export function placesByCard(plays, hand, turnedOf = () => false) {
  const out = new Map();
  for (const name of hand || []) {
    const now = laid(name, turnedOf(name));
    let shown = 0;
    let other = 0;
    for (const p of plays) {
      if (p.card !== nameOf(name)) continue;
      if (p.letters === now) shown++;
      else other++;
    }
    out.set(name, { shown, turned: other });
  }
  return out;
}

/** The gives a seat may make now, `[{move, card, to}]` (`move`: the text to send;
 * Cutthroat after a 3-match, Panic's must-give), from its legal `give` moves. */
export function givesOf(legal) {
  return moves(legal).filter((m) => m.kind === "give" && typeof m.card === "string" && Number.isInteger(m.to))
    .map((m) => ({ move: m.text, card: m.card, to: m.to }));
}

// The buttons' words, by the move's kind.
const DECISIONS = {
  draw: { text: "Draw a card", title: "No card of yours fits: draw one (your turn ends)" },
  pass: { text: "Pass", title: "No card of yours fits and the pile is empty: pass" },
  stop: { text: "Stop", title: "End your turn now instead of playing again" },
  others: { text: "Make the others draw", title: "Every other player draws a card; your turn ends" },
};

/** The buttons for the decisions that are not a play nor a give, in Python's order:
 * `[{move, text, title}]` (`move`: the legal move's text, sent as it is). */
export function decisionButtons(legal) {
  return moves(legal).filter((m) => Object.hasOwn(DECISIONS, m.kind))
    .map((m) => ({ move: m.text, ...DECISIONS[m.kind] }));
}

/** A seat's legal moves as this board takes them now (each {text, kind, ...}). */
export function legalOf(view, seat) {
  if (!(view?.people || []).includes(seat)) return [];
  const of = view.legal_of?.[String(seat)];
  if (Array.isArray(of)) return of;
  return seat === view.playing && Array.isArray(view.legal) ? view.legal : [];
}

/**
 * What laying a card there would do, in a child's words, before it is laid: "matches 3:
 * you may play again". `last`: it is the seat's last card.
 */
export function matchText(view, match, { last = false } = {}) {
  const variants = new Set(view?.variants || []);
  if (!Number.isInteger(match)) return last ? "your last card: you run out" : "it fits here";
  const head = `matches ${match}`;
  if (last) {
    return variants.has("marathon") ? `${head}: your last card, you score a point`
      : `${head}: your last card, you run out and win`;
  }
  if (variants.has("panic")) {
    if (match === 3) return `${head}: then you must give a card away`;
    if (match >= 4) return `${head}: everyone else draws a card`;
    return head;
  }
  if (match < 3) return `${head}: your turn ends`;
  if (variants.has("cutthroat")) {
    return match === 3 ? `${head}: you may play again, give a card away or stop`
      : `${head}: you may play again, make the others draw or stop`;
  }
  return `${head}: you may play again`;
}
