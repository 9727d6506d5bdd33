// The words of the Kecke Frösche board: the cards' and biotopes' accessible names, the
// targets taken from Python's legal moves, the decision buttons, the phase line, the
// players' lines and the scores. Pure: tested in node without a DOM.

import { ownSeat } from "../shared/palette.js";

/** The three biotopes, in the table's order, with the letter each card carries besides
 * its colour (colour is never the only cue). */
export const BIOTOPES = Object.freeze(["water", "bank", "dike"]);
export const BIOTOPE_NAMES = Object.freeze({ water: "under water", bank: "on the bank", dike: "on the dike" });
const BIOTOPE_LETTERS = Object.freeze({ water: "W", bank: "B", dike: "D" });

/** The kind of a card id: `{id, name, biotope, letter, number}`. A frog's id is
 * "<biotope>-<n>" (its kind in `view.kinds`); "stork" and "bang" are cards of their own. */
export function kindOf(view, id) {
  if (id === "stork") return { id, name: "stork", biotope: null, letter: "St", number: 0 };
  if (id === "bang") return { id, name: "bang frog", biotope: null, letter: "!", number: 0 };
  const text = String(id ?? "");
  const listed = (view?.kinds || []).find((k) => k && k.id === text);
  const match = /^([a-z]+)-(\d+)$/.exec(text);
  const biotope = listed?.biotope ?? (match ? match[1] : null);
  const number = match ? Number(match[2]) : 0;
  const letter = typeof listed?.letter === "string" && listed.letter
    ? listed.letter : `${BIOTOPE_LETTERS[biotope] ?? "?"}${number || ""}`;
  return { id: text, name: listed?.name ?? text, biotope, letter, number };
}

/** "under water" for "water" (the view's own name when it has one). */
export function biotopeName(view, id) {
  const listed = (view?.biotopes || []).find((b) => b && b.id === id);
  return listed?.name ?? BIOTOPE_NAMES[id] ?? String(id);
}

/** A card's words: "Bubbler (letter W1), a frog under water", "a stork", "a bang frog". */
export function cardWords(view, id) {
  const kind = kindOf(view, id);
  if (id === "stork") return "a stork";
  if (id === "bang") return "a bang frog";
  return `${kind.name} (letter ${kind.letter}), a frog ${biotopeName(view, kind.biotope)}`;
}

function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** The accessible name of a frog in a display: "water 2: Bubbler (letter W1), a frog
 * under water, Ada's display, 2nd from the left", ending with ", you may discard it" when
 * it is a target. */
export function frogLabel(view, { card, row, place, owner, target = false }) {
  let text = `${row} ${place}: ${cardWords(view, card)}, ${owner}'s display, ${ordinal(place)} from the left`;
  if (target) text += ", you may discard it";
  return text;
}

/** The key of a frog in a display, "water 2": its row and its place from 1. */
export function frogKey(row, place) {
  return `${row} ${place}`;
}

/** The notation of a discard no legal move offers: sent so that Python names the rule
 * that forbids it. `discardNotation("water", 2)` is "discard water 2". */
export function discardNotation(row, place) {
  return `discard ${row} ${place}`;
}

/** What the legal moves (view.legal: each {text, kind, ...its fields}) offer, read from
 * their fields, never from their text: `discards`, frog key ("water 2") -> the text of
 * that discard; `biotopes`, biotope -> its move ({kind, text}: `stork`, `block` or
 * `open`); `ends`, the drawn frog's ends ([{kind, text}], `left` and `right`); `buttons`,
 * the other decisions (draw, done, pass, {kind, text}), each in Python's order. */
export function legalTargets(legal) {
  const out = { discards: new Map(), biotopes: {}, ends: [], buttons: [] };
  for (const move of Array.isArray(legal) ? legal : []) {
    if (!move || typeof move.text !== "string") continue;
    const { kind, text } = move;
    if (kind === "discard") out.discards.set(frogKey(move.biotope, move.place), text);
    else if (kind === "stork" || kind === "block" || kind === "open") out.biotopes[move.biotope] ??= { kind, text };
    else if (kind === "left" || kind === "right") out.ends.push({ kind, text });
    else out.buttons.push({ kind, text });
  }
  return out;
}

/** What a biotope's move ({kind, text}) does, in words: its button's accessible name ends
 * with it. */
export function biotopeMoveWords(move, name) {
  switch (move?.kind) {
    case "stork": return `put a stork on ${name}`;
    case "block": return `block ${name} with a stork from the box`;
    case "open": return `open ${name} again`;
    default: return String(move?.text ?? move);
  }
}

/** A biotope's accessible name: "under water: 5 cards, Bubbler (letter W1) on top,
 * blocked by a stork", ending with what a click does when it is a target. */
export function biotopeLabel(view, biotope, move = null) {
  const count = Number(biotope.count) || 0;
  const parts = [`${biotope.name ?? biotopeName(view, biotope.id)}: ${cards(count)}`];
  if (biotope.top === "stork") parts.push("a stork on top, blocked");
  else {
    if (biotope.top) parts.push(`${kindOf(view, biotope.top).name} (letter ${kindOf(view, biotope.top).letter}) on top`);
    parts.push(biotope.blocked ? "blocked" : "open");
  }
  let text = parts.join(", ");
  if (move) text += `; ${biotopeMoveWords(move, biotope.name ?? biotopeName(view, biotope.id))}`;
  return text;
}

/** "no cards", "1 card", "5 cards". */
export function cards(count) {
  const n = Number(count) || 0;
  if (n === 0) return "no cards";
  return n === 1 ? "1 card" : `${n} cards`;
}

/** "no storks", "1 stork", "3 storks". */
export function storks(count) {
  const n = Number(count) || 0;
  if (n === 0) return "no storks";
  return n === 1 ? "1 stork" : `${n} storks`;
}

/** "no chips", "1 chip, face down", "3 chips, face down"; at the end their values. */
export function chipsText(player) {
  const n = Number(player.chips) || 0;
  if (Array.isArray(player.chip_values)) {
    if (player.chip_values.length === 0) return "Chips: none";
    const sum = player.chip_values.reduce((a, b) => a + (Number(b) || 0), 0);
    return `Chips: ${player.chip_values.join(" + ")} = ${sum}`;
  }
  if (n === 0) return "Chips: none";
  return `Chips: ${n}, face down`;
}

/** At the end, `player`'s score as the rules model words it (the log's line says the
 * same): "Score 9: 6 cards in the others' displays + 3 from 2 chips"; "" before. Never
 * built here from the view's counts, so the panel and the log cannot disagree. */
export function scoreText(player) {
  return typeof player.score_text === "string" ? player.score_text : "";
}

/** The phase line: "Collecting phase", "Discarding phase", "Game over". */
export function stageText(view) {
  if (view.is_over || view.stage === "over") return "Game over";
  return view.stage === "discarding" ? "Discarding phase" : "Collecting phase";
}

/** What the turn holds so far: "Discarded: a stork, Bubbler. 2 cards to draw." ("" when
 * nothing). */
export function turnText(view) {
  const parts = [];
  const done = (view.discarded || []).map((id) => (id === "stork" ? "a stork" : kindOf(view, id).name));
  if (done.length) parts.push(`Discarded this turn: ${done.join(", ")}.`);
  const n = Number(view.to_draw) || 0;
  if (view.stage === "collecting" && !view.is_over && n > 0) parts.push(`${cards(n)} to draw.`);
  if (view.stage === "discarding" && Number(view.passes) > 0) {
    parts.push(`${view.passes} pass${view.passes === 1 ? "" : "es"} in a row.`);
  }
  return parts.join(" ");
}

const BUTTONS = {
  draw: ["Draw", "Stop discarding and draw (one card more than you discarded)"],
  done: ["Done", "End your turn after discarding"],
  pass: ["Pass", "Discard nothing this turn"],
  left: ["Left end", "Lay the drawn frog at the left end of its row"],
  right: ["Right end", "Lay the drawn frog at the right end of its row"],
};

/** The decision buttons (draw, done, pass; left, right), each with its text and tooltip;
 * `move` is the legal move's own text, which a click sends. */
export function decisionButtons(legal) {
  const { buttons, ends } = legalTargets(legal);
  return [...ends, ...buttons].map(({ kind, text: move }) => {
    const [text, title] = BUTTONS[kind] || [move, move];
    return { move, text, title };
  });
}

/** The drawn frog waiting for an end: "Ada drew Bubbler (letter W1): the left or the
 * right end of the water row?" ("You drew …" to the view's own person; "" when none). */
export function drawnText(view) {
  const drawn = view.drawn;
  if (!drawn || typeof drawn !== "object") return "";
  const who = drawn.seat === ownSeat(view) ? "You"
    : (view.players || []).find((p) => p.seat === drawn.seat)?.name ?? `Seat ${drawn.seat}`;
  const kind = kindOf(view, drawn.card);
  return `${who} drew ${kind.name} (letter ${kind.letter}): the left or the right end of the ${kind.biotope} row?`;
}

/** What a click on a card or a biotope answers when it is no target: what to do instead. */
export function clickHint(view, what) {
  const playing = view.playing !== null && view.playing !== undefined;
  if (view.is_over) return "The game is over.";
  if (!playing) return "It is not your turn.";
  switch (view.phase) {
    case "place": return "Choose an end of the row for the drawn frog first (Left end or Right end).";
    case "block": return "Choose the biotope the stork from the box blocks first.";
    case "open": return "Choose which of the two blocked biotopes opens first.";
    default:
      if (what === "biotope") return "A biotope takes a stork from your display now only where it is highlighted.";
      if (what === "stork") return "To play a stork, click the biotope it goes on.";
      return view.prompt || "That card may not be discarded now.";
  }
}
