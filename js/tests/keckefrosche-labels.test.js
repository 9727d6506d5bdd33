import { test } from "node:test";
import assert from "node:assert/strict";
import {
  biotopeLabel, cardWords, chipsText, clickHint, decisionButtons, discardNotation, drawnText, frogKey, frogLabel,
  kindOf, legalTargets, scoreText, stageText, turnText,
} from "../keckefrosche/labels.js";
import { POSES, poseOf } from "../keckefrosche/drawings.js";
import { block, discard, DONE, DRAW, LEFT, open, PASS, RIGHT, stork } from "./keckefrosche-moves.js";

const KINDS = ["water", "bank", "dike"].flatMap((biotope, b) => [1, 2, 3, 4].map((n) => ({
  id: `${biotope}-${n}`, name: `Frog ${b * 4 + n}`, biotope, letter: `${"WBD"[b]}${n}`,
})));
const VIEW = {
  kinds: KINDS, phase: "collect", stage: "collecting", playing: 0, to_act: [0], is_over: false,
  biotopes: [
    { id: "water", name: "under water", top: "water-2", count: 5, blocked: false },
    { id: "bank", name: "on the bank", top: "stork", count: 2, blocked: true },
    { id: "dike", name: "on the dike", top: null, count: 0, blocked: false },
  ],
  players: [
    { seat: 0, name: "Ada", rows: { water: ["water-1"], bank: [], dike: [] }, storks: 1, cards: 2, chips: 2,
      chip_values: null, score: null },
    { seat: 1, name: "Bob", rows: { water: [], bank: ["bank-3"], dike: [] }, storks: 0, cards: 1, chips: 0,
      chip_values: null, score: null },
  ],
  legal: [discard("water", 1), stork("water"), stork("bank"), stork("dike"), DRAW],
  to_draw: 1, discarded: [], passes: 0, pile: 40, box: 3, drawn: null,
};

test("a kind is found in view.kinds, storks and bang frogs are their own", () => {
  assert.deepEqual(kindOf(VIEW, "bank-3"), { id: "bank-3", name: "Frog 7", biotope: "bank", letter: "B3", number: 3 });
  assert.equal(kindOf(VIEW, "stork").letter, "St");
  assert.equal(kindOf(VIEW, "bang").name, "bang frog");
  // A kind the view does not list still gets a biotope and a letter
  assert.deepEqual(kindOf({}, "dike-4"), { id: "dike-4", name: "dike-4", biotope: "dike", letter: "D4", number: 4 });
});

test("a card's accessible name names its kind, its letter and its biotope", () => {
  assert.equal(cardWords(VIEW, "water-2"), "Frog 2 (letter W2), a frog under water");
  assert.equal(cardWords(VIEW, "stork"), "a stork");
  assert.equal(frogLabel(VIEW, { card: "water-1", row: "water", place: 1, owner: "Ada", target: true }),
    "water 1: Frog 1 (letter W1), a frog under water, Ada's display, 1st from the left, you may discard it");
  assert.equal(frogLabel(VIEW, { card: "bank-3", row: "bank", place: 12, owner: "Bob" }),
    "bank 12: Frog 7 (letter B3), a frog on the bank, Bob's display, 12th from the left");
});

test("the legal moves are read from their fields into the board's targets", () => {
  const moves = legalTargets([...VIEW.legal, LEFT, RIGHT, block("dike"), open("bank"), DONE, PASS, 7, "draw", null]);
  assert.deepEqual([...moves.discards], [["water 1", "discard water 1"]]);
  assert.deepEqual(moves.biotopes, {
    water: { kind: "stork", text: "stork water" }, bank: { kind: "stork", text: "stork bank" },
    dike: { kind: "stork", text: "stork dike" },
  });
  assert.deepEqual(moves.ends, [{ kind: "left", text: "left" }, { kind: "right", text: "right" }]);
  assert.deepEqual(moves.buttons.map((m) => m.text), ["draw", "done", "pass"]);
  assert.deepEqual(legalTargets([block("dike"), block("water")]).biotopes,
    { dike: { kind: "block", text: "block dike" }, water: { kind: "block", text: "block water" } });
  assert.deepEqual(legalTargets(undefined), { discards: new Map(), biotopes: {}, ends: [], buttons: [] });
});

test("a target sends the legal move's own text, never one made from its fields", () => {
  // Python's text is what is sent, even if it were worded otherwise than the fields.
  const odd = { text: "discard water 01", kind: "discard", biotope: "water", place: 1 };
  assert.equal(legalTargets([odd]).discards.get(frogKey("water", 1)), "discard water 01");
  assert.equal(legalTargets([{ ...stork("bank"), text: "Stork bank" }]).biotopes.bank.text, "Stork bank");
  // A frog no legal move offers: its notation, so that Python names the rule.
  assert.equal(discardNotation("dike", 3), "discard dike 3");
});

test("the decision buttons: the ends first, then draw, done and pass", () => {
  assert.deepEqual(decisionButtons([LEFT, RIGHT]).map((b) => b.text), ["Left end", "Right end"]);
  assert.deepEqual(decisionButtons([discard("water", 1), stork("water"), DONE, PASS]).map((b) => b.move), ["done", "pass"]);
  assert.deepEqual(decisionButtons(VIEW.legal).map((b) => b.text), ["Draw"]);
  assert.deepEqual(decisionButtons([{ text: "Draw", kind: "draw" }]), [
    { move: "Draw", text: "Draw", title: "Stop discarding and draw (one card more than you discarded)" }]);
});

test("a biotope's name says its pile, its top card, its block and what a click does", () => {
  assert.equal(biotopeLabel(VIEW, VIEW.biotopes[0], stork("water")),
    "under water: 5 cards, Frog 2 (letter W2) on top, open; put a stork on under water");
  assert.equal(biotopeLabel(VIEW, VIEW.biotopes[1]), "on the bank: 2 cards, a stork on top, blocked");
  assert.equal(biotopeLabel(VIEW, VIEW.biotopes[2], block("dike")),
    "on the dike: no cards, open; block on the dike with a stork from the box");
  assert.match(biotopeLabel(VIEW, { ...VIEW.biotopes[1] }, open("bank")), /; open on the bank again$/);
});

test("chips are face down until the end, then their values and the score", () => {
  assert.equal(chipsText(VIEW.players[0]), "Chips: 2, face down");
  assert.equal(chipsText(VIEW.players[1]), "Chips: none");
  // The score is the rules model's own words (the log's line says the same), never
  // worked out here: a text that disagrees with the cards and chips is still shown as is.
  const said = "Score 5: 1 card in the others' displays + 4 from 2 chips";
  const over = { ...VIEW, is_over: true, players: [
    { ...VIEW.players[0], chip_values: [1, 3], score: 5, score_text: said },
    { ...VIEW.players[1], chip_values: [], score: 2, score_text: "Score 2: 2 cards in the others' displays, no chips" }] };
  assert.equal(chipsText(over.players[0]), "Chips: 1 + 3 = 4");
  assert.equal(scoreText(over.players[0]), said);
  assert.equal(scoreText({ ...over.players[0], score_text: "as the rules word it" }), "as the rules word it");
  assert.equal(scoreText(VIEW.players[0]), "");
  assert.equal(scoreText({ ...VIEW.players[0], score_text: null }), "");
});

test("the phase, the turn so far and the drawn frog in words", () => {
  assert.equal(stageText(VIEW), "Collecting phase");
  assert.equal(stageText({ stage: "discarding" }), "Discarding phase");
  assert.equal(stageText({ stage: "over", is_over: true }), "Game over");
  assert.equal(turnText({ ...VIEW, discarded: ["stork", "water-2"], to_draw: 3 }),
    "Discarded this turn: a stork, Frog 2. 3 cards to draw.");
  assert.equal(turnText({ ...VIEW, stage: "discarding", to_draw: 0, passes: 2 }), "2 passes in a row.");
  assert.equal(drawnText({ ...VIEW, drawn: { card: "bank-4", seat: 1 } }),
    "Bob drew Frog 8 (letter B4): the left or the right end of the bank row?");
  assert.equal(drawnText(VIEW), "");
});

test("the drawn frog speaks to the view's own person as you", () => {
  const drawn = { card: "bank-4", seat: 1 };
  assert.equal(drawnText({ ...VIEW, seat: 1, people: [1], drawn }),
    "You drew Frog 8 (letter B4): the left or the right end of the bank row?");
  assert.equal(drawnText({ ...VIEW, seat: 0, people: [], drawn }),
    "Bob drew Frog 8 (letter B4): the left or the right end of the bank row?");
});

test("a click that is no target says what to do instead", () => {
  assert.equal(clickHint({ ...VIEW, playing: null }, "frog"), "It is not your turn.");
  assert.match(clickHint({ ...VIEW, phase: "place" }, "frog"), /Left end or Right end/);
  assert.match(clickHint({ ...VIEW, phase: "block" }, "frog"), /blocks/);
  assert.equal(clickHint({ ...VIEW, is_over: true }, "frog"), "The game is over.");
});

test("the four kinds of a biotope have four poses", () => {
  assert.deepEqual([1, 2, 3, 4].map(poseOf), [...POSES]);
  assert.equal(new Set(POSES).size, 4);
  assert.equal(poseOf(5), "sitting");
});
