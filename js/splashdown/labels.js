// The words of the board: the pads' accessible names, the die and the coin, the push
// offer and its odds, the buttons of each decision, the players' lines. Pure.

import { ownSeat } from "../shared/palette.js";

/** The letter each pad colour carries, so colour is never the only cue. */
export const COLOUR_LETTERS = Object.freeze({ green: "G", yellow: "Y", red: "R", "dark-green": "D" });

/** What each colour does, in a few words. */
const EFFECTS = {
  green: "safe",
  yellow: "a coin: tails costs a life",
  red: "costs a life",
  "dark-green": "safe, nobody on it can be pushed",
};

/** A seat's name from view.frogs (or view.names), else "Seat n". */
export function frogName(view, seat) {
  const frog = (view.frogs || []).find((f) => f.seat === seat);
  return frog?.name ?? view.names?.[seat] ?? `Seat ${seat}`;
}

/** "2 flies", "1 fly", "no flies". */
export function flies(count) {
  const n = Number(count) || 0;
  if (n === 0) return "no flies";
  return n === 1 ? "1 fly" : `${n} flies`;
}

/** "4 lives", "1 life", "no lives". */
export function lives(count) {
  const n = Number(count) || 0;
  if (n === 0) return "no lives";
  return n === 1 ? "1 life" : `${n} lives`;
}

/** "dark-green pad, 2 flies", "red pad, costs a life", "Home". */
export function padWords(name, pad) {
  if (name === "home" || pad?.colour === "home") return "Home";
  const colour = pad?.colour || "unknown";
  const words = [`${colour} pad`];
  if (colour === "dark-green") {
    const now = Number(pad.flies) || 0;
    const printed = Number(pad.printed) || 0;
    words.push(now === 0 && printed > 0 ? "no flies left" : flies(now));
    words.push(EFFECTS[colour]);
  } else if (EFFECTS[colour]) {
    words.push(EFFECTS[colour]);
  }
  return words.join(", ");
}

/** The frogs standing on a pad now, in seat order (those out of the game are not). */
export function frogsOn(view, name) {
  return (view.frogs || []).filter((f) => f.pad === name && !f.out);
}

/** "Ada's frog", "Ada's frog (back home with 3 flies)", "Bob's frog (to play)". */
export function frogWords(frog, { toPlay = false } = {}) {
  const notes = [];
  if (frog.home) notes.push(`back home with ${flies(frog.flies)}`);
  if (toPlay) notes.push("to play");
  return `${frog.name}'s frog${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

/**
 * A pad's accessible name: "3b: red pad, costs a life; Ada's frog, Bob's frog",
 * "2b: dark-green pad, 2 flies, safe, nobody on it can be pushed", ending with ", you may
 * land here" on a landing target and ", the push is offered here" on the pushed pad.
 */
export function padLabel(view, name, { target = false, pushed = false } = {}) {
  const pad = view.map?.pads?.[name] || {};
  const toPlay = view.is_over ? null : view.to_act?.[0] ?? null;
  let text = `${name}: ${padWords(name, pad)}`;
  const frogs = frogsOn(view, name);
  if (frogs.length) text += `; ${frogs.map((f) => frogWords(f, { toPlay: f.seat === toPlay })).join(", ")}`;
  if (pushed) text += ", the push is offered here";
  if (target) text += ", you may land here";
  return text;
}

/** The legal moves Python sent (`view.legal`: each `{text, kind, ...its fields}`) that
 * this board can read: it reads their fields and sends their text, never parsing it. */
function readable(legal) {
  return (Array.isArray(legal) ? legal : []).filter((m) => m && typeof m.text === "string");
}

/** The landing targets in `legal`: pad -> the text of the `to` move landing there, in
 * its order. */
export function landingTargets(legal) {
  return new Map(readable(legal).filter((m) => m.kind === "to" && typeof m.pad === "string")
    .map((m) => [m.pad, m.text]));
}

/** The notation of a landing no legal move offers: sent so that Python names the rule
 * that forbids it. `landingNotation("5b")` is "to 5b". */
export function landingNotation(pad) {
  return `to ${pad}`;
}

/** The other decisions in `legal`, each with its button's text and tooltip. */
export function decisionButtons(legal, phase) {
  const texts = {
    roll: phase === "push-roll"
      ? ["Roll for the push", "Roll the frog die: even, the push succeeds; odd, it fails"]
      : ["Roll", "Roll the die: it says how far your frog may jump (at most)"],
    keep: ["Keep", "Keep this roll"],
    reroll: ["Roll again", "Roll once more: the new roll stands"],
    push: ["Push", "Try to push the frogs on this pad into the water: roll the frog die"],
    "no push": ["No push", "Stay without pushing: the turn ends"],
  };
  return readable(legal).filter((m) => m.kind !== "to")
    .map(({ kind, text: move }) => {
      const [text, title] = texts[kind] || [move, move];
      return { move, text, title };
    });
}

const PUSH_OUTCOMES = {
  success: () => "2, 4 or 6: it works, every frog there loses a life",
  fail: (back) => `3 or 5: it fails, you go back ${back}`,
  "fail, and a life lost": (back) => `1: it fails, you go back ${back} and lose a life`,
};

/** The push offer: "Push Bob's frog off 3a?" and its lines, one per outcome of the roll,
 * each with its odds when `odds` (outcome -> "1/2", Python's chance_odds) is given. */
export function pushOffer(view, odds = null) {
  const push = view.push;
  if (!push || typeof push !== "object") return null;
  const names = (push.frogs || []).map((seat) => `${frogName(view, seat)}'s frog`);
  const whom = names.length ? names.join(" and ") : "the frogs";
  const title = view.phase === "push-roll"
    ? `Pushing ${whom} off ${push.pad}: roll the frog die.`
    : `Push ${whom} off ${push.pad}?`;
  const back = typeof push.from === "string" && push.from ? `to ${push.from}` : "where you came from";
  const outcomes = odds && typeof odds === "object" ? Object.keys(odds) : Object.keys(PUSH_OUTCOMES);
  const lines = outcomes.map((outcome) => ({
    outcome,
    odds: odds && typeof odds[outcome] === "string" ? odds[outcome] : null,
    text: PUSH_OUTCOMES[outcome] ? PUSH_OUTCOMES[outcome](back) : outcome,
  }));
  return { title, lines };
}

/** What the latest die or coin says: "Ada rolled 4.", "Ada rolled 2 and 4: the 4 counts.",
 * "Bob's coin: tails, a life lost.", "Ada's push roll: 1, the push fails and Ada loses a
 * life."; to the view's own person "You rolled 4.", "Your coin: …" ("" when there is none
 * yet). */
export function chanceText(view) {
  const chance = view.last_chance;
  if (!chance || typeof chance !== "object") return "";
  const you = chance.seat === ownSeat(view);
  const who = you ? "You" : frogName(view, chance.seat);
  const whose = you ? "Your" : `${who}'s`;
  const value = chance.value;
  if (chance.kind === "coin") {
    return value === "tails" ? `${whose} coin: tails, a life lost.` : `${whose} coin: ${value}, safe.`;
  }
  if (chance.kind === "push") {
    if (value === 1) return `${whose} push roll: 1, the push fails and ${you ? "you lose" : `${who} loses`} a life.`;
    if (Number(value) % 2 === 0) return `${whose} push roll: ${value}, even: the push succeeds.`;
    return `${whose} push roll: ${value}, odd: the push fails.`;
  }
  const dice = shownDice(view);
  if (dice.length === 2) return `${who} rolled ${dice[0]} and ${dice[1]}: the ${Math.max(...dice)} counts.`;
  return `${who} rolled ${value}.`;
}

/** The dice to draw for the latest chance: both dice of a first turn's better of two,
 * else the one value; [] for a coin or nothing yet. */
export function shownDice(view) {
  const chance = view.last_chance;
  if (!chance || chance.kind === "coin") return [];
  if (chance.kind === "die" && Array.isArray(view.dice) && view.dice.length === 2
      && view.dice.includes(chance.value)) {
    return view.dice.map(Number);
  }
  return Number.isInteger(chance.value) ? [chance.value] : [];
}

/** Where a frog is, for its player's panel: "at Home", "on 3b", "home with its flies",
 * "out of the game". */
export function whereText(frog) {
  if (frog.out) return "Out of the game";
  if (frog.home) return "Back home: its flies are banked";
  if (frog.pad === "home") return frog.left_home ? "At Home" : "At Home, not yet left";
  return `On ${frog.pad}`;
}

/** "Flies: 3 (2 from 2b, 1 from 5)", or "Flies: none". */
export function fliesText(frog) {
  const sets = Array.isArray(frog.sets) ? frog.sets : [];
  const n = Number(frog.flies) || 0;
  if (n === 0) return "Flies: none";
  const from = sets.map((s) => `${s.flies} from ${s.pad}`).join(", ");
  const label = frog.home ? "Flies banked" : "Flies";
  return from ? `${label}: ${n} (${from})` : `${label}: ${n}`;
}

/** What a click on a pad answers when it is not the time to land: what to do instead. */
export function padHint(view) {
  const playing = view.playing !== null && view.playing !== undefined;
  if (view.is_over) return "The game is over.";
  if (!playing) return "It is not your turn: the pads are for landing, on your turn.";
  switch (view.phase) {
    case "roll": return "Roll the die first (the Roll button): it says how far you may jump.";
    case "reroll": return "Keep this roll or roll again first (the buttons above the map).";
    case "push": return "Push or not first (the buttons above the map).";
    case "push-roll": return "Roll the frog die for the push first (the button above the map).";
    default: return view.prompt || "";
  }
}
