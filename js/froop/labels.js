// The words of the Froop! board: the symbols' names, the cards' and spots' accessible
// names, the hints, the players' lines, the pile and the countdown. Pure: tested in node.

import { ownSeat } from "../shared/palette.js";
import { covered } from "./layout.js";
import { laid } from "./plays.js";

/** The four symbols, by their letter in the notation: each drawn as its own shape. */
export const SYMBOLS = Object.freeze({ H: "heart", S: "smiley", B: "bat wing", F: "flower" });

export function symbolName(letter) {
  return SYMBOLS[letter] ?? "empty";
}

/** A card's words, as laid: "heart and smiley over bat wing and flower". */
export function cardWords(letters) {
  const s = [...String(letters)].map(symbolName);
  return `${s[0]} and ${s[1]} over ${s[2]} and ${s[3]}`;
}

export function plural(n, one, many = `${one}s`) {
  const count = Number(n) || 0;
  return `${count} ${count === 1 ? one : many}`;
}

/** A card of the hand: "HSBF: heart and smiley over bat wing and flower, turned; fits 3
 * places" (chosen, places as it is turned now and the other way up). */
export function handCardLabel(name, { turned = false, chosen = false, places = null, acting = true } = {}) {
  const letters = laid(name, turned);
  let text = `${letters}: ${cardWords(letters)}${turned ? ", turned" : ""}`;
  if (chosen) text += ", chosen";
  if (places && acting) {
    if (places.shown) text += `; fits ${plural(places.shown, "place")}`;
    else if (places.turned) text += `; fits ${plural(places.turned, "place")} when turned`;
    else text += "; fits nowhere now";
  }
  return text;
}

/** The symbols a spot's card would cover: "heart, smiley, empty, empty". */
export function coveredWords(cells, x, y) {
  return covered(x, y).map(([cx, cy]) => symbolName(cells.get(`${cx},${cy}`))).join(", ");
}

/**
 * A spot's accessible name: where it is, what lies under it and what the chosen card
 * would do there. `play`: Python's play there for the chosen card (or null); `letters`:
 * the chosen card as laid (or null); `effect`: the match's words (matchText).
 */
export function spotLabel({ x, y, cells, letters = null, play = null, effect = "" }) {
  const under = coveredWords(cells, x, y);
  if (play) return `${x},${y}: lay ${letters} here, ${effect} (covers ${under})`;
  if (letters) return `${x},${y}: ${letters} does not fit here (covers ${under})`;
  return `${x},${y}: covers ${under}`;
}

/** A spot's short tooltip: what clicking does. */
export function spotTitle({ x, y, letters = null, play = null, effect = "" }) {
  if (play) return `Lay ${letters} at ${x},${y}: ${effect}`;
  if (letters) return `${letters} does not fit at ${x},${y}`;
  return `${x},${y}: choose a card from your hand first`;
}

/**
 * The line under the Froop: the chosen card and where it fits, or what to do. `canPlay`:
 * the person may lay a card now (Python lists a play); `giving`: they may give a card
 * away; `acting`: they have some decision to make.
 */
export function placesText({
  name = null, turned = false, count = 0, other = 0, canPlay = true, giving = false, acting = true, hasHand = true,
}) {
  if (!hasHand) return "";
  if (!name) {
    if (canPlay) return "Choose a card from your hand: the places where it fits light up.";
    return giving ? "Choose a card from your hand to give away." : "";
  }
  const letters = laid(name, turned);
  if (canPlay && count) {
    const more = other ? `, ${other} more when turned (R)` : "";
    return `${letters} fits ${plural(count, "place")}${more}: click one, or use the arrows and Enter.`;
  }
  if (canPlay && other) return `${letters} fits nowhere this way up: turn it (R) to see ${plural(other, "place")}.`;
  if (giving) return `${letters} chosen: give it away with a Give button under your hand.`;
  if (canPlay || acting) return `${letters} fits nowhere now.`;
  return `${letters} chosen. It is not your turn to lay a card.`;
}

/** The hint for a click on the Froop that sends nothing. */
export function spotHint({ acting, hasHand, name }) {
  if (!hasHand) return "You are watching: this board plays no seat.";
  if (!acting) return "It is not your turn to lay a card.";
  if (!name) return "Choose a card from your hand first, then click where it goes.";
  return "";
}

/** The draw pile: "Draw pile: 40 cards". */
export function pileText(count) {
  const n = Number(count) || 0;
  return n ? `Draw pile: ${plural(n, "card")}` : "Draw pile: empty";
}

/** The seconds shown on the countdown: whole seconds, rounded up (0 only at the end). */
export function countdownSeconds(left) {
  const n = Number(left);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.ceil(n - 1e-9);
}

/** The countdown's words: "Ada: 13 s left", or "Your time: 13 s left" when the countdown
 * is the seat `you` (the view's own person, `ownSeat`). */
export function countdownText(players, countdown, left, you = null) {
  const seat = countdown?.seat;
  const s = countdownSeconds(left);
  if (Number.isInteger(seat) && seat === you) return s > 0 ? `Your time: ${s} s left` : "Your time is up";
  const name = players?.[seat]?.name ?? (Number.isInteger(seat) ? `Seat ${seat}` : "");
  return s > 0 ? `${name}: ${s} s left` : `${name}: time is up`;
}

const VARIANT_NAMES = {
  cutthroat: "Cutthroat", speed: "Speed", strategic: "Strategic", panic: "Panic",
  marathon: "Marathon", fewest_wins: "Fewest cards win",
};

/** The variants on: "Cutthroat · Marathon" (empty for the plain game). */
export function variantsText(variants) {
  return (variants || []).map((v) => VARIANT_NAMES[v] ?? String(v)).join(" · ");
}

/** A player's line of counts: "5 cards · 2 points" (points under Marathon only). */
export function playerCounts(view, player) {
  const parts = [plural(player?.cards, "card")];
  if ((view?.variants || []).includes("marathon")) parts.push(plural(player?.points, "point"));
  return parts.join(" · ");
}

/** The last card laid, in words: "Last card: HSBF at 2,1 by Ada, matched 3" ("by you"
 * when the view's own person laid it; the start card: "Starting card: …"). */
export function lastCardText(view) {
  const cards = view?.cards || [];
  const last = cards[cards.length - 1];
  if (!last) return "";
  if (cards.length === 1) return `Starting card: ${last.card} at ${last.x},${last.y}`;
  const name = last.seat === ownSeat(view) ? "you" : view.players?.[last.seat]?.name ?? `Seat ${last.seat}`;
  const who = Number.isInteger(last.seat) ? ` by ${name}` : "";
  const match = Number.isInteger(last.match) ? `, matched ${last.match}` : "";
  return `Last card: ${last.card} at ${last.x},${last.y}${who}${match}`;
}

/** A give button's words: "Give HSBF to Bob". */
export function giveText(view, give) {
  return `Give ${give.card} to ${view?.players?.[give.to]?.name ?? `Seat ${give.to}`}`;
}
