// The words of the sites' aria-labels, the hand cards, the criteria and the round's
// result. Pure.

import { seatName } from "../shared/palette.js";

const TURNS = ["", "a quarter turn", "a half turn", "three quarter turns"];
const DEGREES = ["", "90°", "180°", "270°"];

/** "female blue thin Croc, glasses, no hat": every trait, as the criteria name them. */
export function crocWords(card) {
  return `${card.gender} ${card.skin} ${card.build} Croc, ${card.glasses}, ${card.hat}`;
}

/** How far a card is turned, in words ("" when not turned). */
export function turnWords(turn) {
  return TURNS[Number(turn) % 4] || "";
}

/** The corner mark of a turned card: "90°" ("" when not turned). */
export function turnMark(turn) {
  return DEGREES[Number(turn) % 4] || "";
}

/**
 * A site's accessible name: "c3: Lady Lagoon, female blue thin Croc, glasses, no hat,
 * arm points left", "d4: Hippo", "e2: empty site". `marks` adds what the replay of the
 * last round shows there: `{steps: [1, 4], culprit: true}` (`taken: true` once it has
 * been captured from there).
 */
export function siteLabel(cell, marks = null) {
  let text;
  if (cell.kind === "croc") {
    text = `${cell.site}: ${cell.name}, ${crocWords(cell)}, arm points ${cell.arm}`;
    const turned = turnWords(cell.turn);
    if (turned) text += ` (card turned ${turned} clockwise)`;
  } else if (cell.kind === "hippo") {
    text = `${cell.site}: Hippo`;
  } else {
    text = `${cell.site}: empty site`;
  }
  if (marks && marks.steps && marks.steps.length) {
    text += `, step ${marks.steps.join(" and ")} of the path`;
  }
  if (marks && marks.taken) text += ", where the culprit was: captured";
  else if (marks && marks.culprit) text += ", the culprit";
  return text;
}

/** A hand card's accessible name: "Jasper, male blue fat Croc, glasses, no hat, held by Cy". */
export function handLabel(card, holder) {
  return `${card.name}, ${crocWords(card)}, held by ${holder}`;
}

/** One criteria card: "gender: female", or "gender: face down" before the reveal. */
export function criterionLabel(trait, face) {
  return face ? `${trait}: ${face}` : `${trait}: face down`;
}

function sentence(text) {
  const s = String(text || "").trim();
  if (!s) return "";
  // A site's name stays as written ("a4 points off the grid"): it is notation.
  const first = /^[a-f][1-6]\b/.test(s) ? s[0] : s[0].toUpperCase();
  return first + s.slice(1) + (/[.!?]$/.test(s) ? "" : ".");
}

/**
 * What the board says about a decided round (view.last): `{title, explanation, path,
 * wrong}`, each a plain sentence ("" when there is nothing to say). The seat `you` (the
 * view's own person, `ownSeat`) reads as "you".
 */
export function roundResult(last, players, you = null) {
  if (!last) return { title: "", explanation: "", path: "", wrong: "" };
  const who = (seat) => (seat === you ? "you" : seatName(players, seat));
  const culprit = last.culprit || {};
  const where = culprit.site ? ` (${culprit.site})` : "";
  const title = last.winner === null || last.winner === undefined
    ? `Round ${last.round}: nobody arrested the culprit, ${culprit.name}${where}.`
    : `Round ${last.round}: ${who(last.winner)} arrested the culprit, ${culprit.name}${where}.`;
  const path = (last.path || []).length ? `Path: ${last.path.join(" → ")}.` : "";
  const wrong = Object.entries(last.wrong || {})
    .map(([seat, name]) => `${who(Number(seat))} (${name})`);
  return {
    title,
    explanation: sentence(last.explanation),
    path,
    wrong: wrong.length ? `Wrong arrests: ${wrong.join(", ")}.` : "",
  };
}
