// Who arrests, and what a click on a Croc sends. Pure: the board asks these functions
// and then sends (through shared/board.js's actions) or hints what they answer. The board never knows the culprit: during a
// race every Croc that may be arrested looks the same, and Python judges the arrest.
// Legal moves come as Python's data ({text, kind, target}): they are read by their fields,
// never by parsing their notation, and what is sent is the legal move's own text.

import { cellNames } from "../shared/grid.js";
import { seatName } from "../shared/palette.js";

/** The table's sites, a1 to f6: an arrest's target is one of them or a Croc's name. */
export const SITES = cellNames({ rows: 6, cols: 6 });
const IS_SITE = new Set(SITES);

/** The keys of seats 0 to 4 when several people race at one screen: far apart on a
 * keyboard, so that several hands fit round it. */
export const KEYS = ["a", "l", "z", "m", "q"];

/** The key shown on seat `seat`'s buzzer: "A" (null for a seat without one). */
export function keyOf(seat) {
  return KEYS[seat] ? KEYS[seat].toUpperCase() : null;
}

/** The person whose key `key` is, if they may arrest now; else null. */
export function seatForKey(key, people) {
  const seat = KEYS.indexOf(String(key).toLowerCase());
  return seat >= 0 && (people || []).includes(seat) ? seat : null;
}

/** Whether several people race at this screen, each with a buzzer and a key. */
export function hasBuzzers(view) {
  return (view.people || []).length > 1;
}

/**
 * Which moves the view lists (each `{text, kind, target}`): `sites` and `names`, Maps from
 * an arrest's target (a site, or a hand Croc's name) to that move's text; `reveal` and
 * `pass`, the text of that move, or null when it is not legal.
 */
export function readLegal(legal) {
  const sites = new Map();
  const names = new Map();
  let reveal = null;
  let pass = null;
  for (const move of Array.isArray(legal) ? legal : []) {
    if (!move || typeof move.text !== "string") continue;
    if (move.kind === "reveal") reveal = move.text;
    else if (move.kind === "pass") pass = move.text;
    else if (move.kind === "arrest" && typeof move.target === "string") {
      (IS_SITE.has(move.target) ? sites : names).set(move.target, move.text);
    }
  }
  return { sites, names, reveal, pass };
}

/** The notation of an arrest no legal move offers (a Hippo, an empty site, a Croc the
 * person may not arrest now): sent so that Python names the rule that forbids it. */
export function arrestNotation(target) {
  return `arrest ${target}`;
}

/** What to send for an arrest of `target` (a site or a Croc's name), from `targets`
 * (arrestTargets'): the legal move's own text, else its notation, for Python to refuse. */
export function arrestOf(targets, target) {
  return targets.sites.get(target) ?? targets.names.get(target) ?? arrestNotation(target);
}

/** The seat an arrest is made for now: the one person at this board, or the person who
 * pressed their key when several race; null when that is not known. */
export function arrester(view, armed) {
  const people = view.people || [];
  if (people.length === 1) return people[0];
  return people.includes(armed) ? armed : null;
}

/**
 * What may be arrested now, as drawn: `{sites, names}` (Maps from the target to the text
 * to send), and `pass` (the give-up move's text, or null), from the legal moves Python
 * lists for each person at this board (`view.legal_of`): the armed person's, or, before
 * anyone pressed a key, what any of them may do.
 */
export function arrestTargets(view, armed) {
  if (view.phase !== "race") return { sites: new Map(), names: new Map(), pass: null };
  const seat = arrester(view, armed);
  const whose = seat === null ? view.people || [] : [seat];
  const legal = readLegal(whose.flatMap((s) => {
    const list = (view.legal_of || {})[String(s)];
    return Array.isArray(list) ? list : [];
  }));
  return { sites: legal.sites, names: legal.names, pass: legal.pass };
}

/** The local hint for a click that sends nothing. It says what to do on this board. */
export function waitHint(view) {
  if (view.is_over) return "The game is over.";
  if (view.phase === "deal") {
    return readLegal(view.legal).reveal !== null
      ? "Turn the criteria first (the button beside the table)."
      : "Wait: the criteria are not turned yet.";
  }
  return "Wait: this board may not arrest now.";
}

/** "Press your key first: A for Ada, L for Bob." */
export function buzzHint(view) {
  const keys = (view.people || []).map((seat) => `${keyOf(seat)} for ${seatName(view.players, seat)}`);
  return `Several people race here: press your key first (${keys.join(", ")}), or your button.`;
}

/**
 * What a decision of the race (`"arrest c3"`, `"arrest Jasper"`, `"pass"`) does with
 * `armed` the person who pressed their key (or null). Answers `{move, seat}` to send
 * (`seat` null when the board has one person: Python knows who) or `{hint}`.
 */
export function decide(view, armed, move) {
  if (view.phase !== "race" || !(view.people || []).length) return { hint: waitHint(view) };
  if (!hasBuzzers(view)) return { move, seat: null };
  const seat = arrester(view, armed);
  if (seat === null) return { hint: buzzHint(view) };
  return { move, seat };
}

/** The person armed after a view change from `before`: kept while they may still
 * arrest in the same round. */
export function armedAfter(armed, view, before = {}) {
  if (armed === null || view.round !== before.round) return null;
  return view.phase === "race" && hasBuzzers(view) && (view.people || []).includes(armed)
    ? armed : null;
}
