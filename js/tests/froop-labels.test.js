import { test } from "node:test";
import assert from "node:assert/strict";
import {
  cardWords, countdownSeconds, countdownText, coveredWords, giveText, handCardLabel, lastCardText, pileText,
  placesText, playerCounts, spotHint, spotLabel, spotTitle, symbolName, SYMBOLS, variantsText,
} from "../froop/labels.js";
import { cellMap } from "../froop/layout.js";

const PLAYERS = [{ seat: 0, name: "Ada", cards: 5, points: 2 }, { seat: 1, name: "Bob", cards: 1, points: 0 }];

test("each symbol has a name (its shape), and a card is told in reading order", () => {
  assert.deepEqual(Object.values(SYMBOLS), ["heart", "smiley", "bat wing", "flower"]);
  assert.equal(symbolName("B"), "bat wing");
  assert.equal(symbolName(undefined), "empty");
  assert.equal(cardWords("HSBF"), "heart and smiley over bat wing and flower");
});

test("a hand card's accessible name: letters as laid, turned, chosen, where it fits", () => {
  assert.equal(handCardLabel("BFHS"), "BFHS: bat wing and flower over heart and smiley");
  assert.equal(handCardLabel("BFHS", { turned: true, chosen: true, places: { shown: 2, turned: 0 } }),
    "SHFB: smiley and heart over flower and bat wing, turned, chosen; fits 2 places");
  assert.equal(handCardLabel("BFHS", { places: { shown: 0, turned: 1 } }),
    "BFHS: bat wing and flower over heart and smiley; fits 1 place when turned");
  assert.equal(handCardLabel("BFHS", { places: { shown: 0, turned: 0 } }),
    "BFHS: bat wing and flower over heart and smiley; fits nowhere now");
  assert.equal(handCardLabel("BFHS", { places: { shown: 3, turned: 0 }, acting: false }),
    "BFHS: bat wing and flower over heart and smiley", "not on turn: no places told");
});

test("a spot's accessible name says what it covers and what the chosen card does there", () => {
  const cells = cellMap({ cells: [[0, 0, "H"], [1, 0, "S"], [0, 1, "B"], [1, 1, "F"]] });
  assert.equal(coveredWords(cells, 1, 0), "smiley, empty, flower, empty");
  assert.equal(spotLabel({ x: 1, y: 0, cells }), "1,0: covers smiley, empty, flower, empty");
  assert.equal(spotLabel({ x: 1, y: 0, cells, letters: "SHFB" }),
    "1,0: SHFB does not fit here (covers smiley, empty, flower, empty)");
  assert.equal(spotLabel({ x: 1, y: 0, cells, letters: "SHFB", play: { match: 2 }, effect: "matches 2: your turn ends" }),
    "1,0: lay SHFB here, matches 2: your turn ends (covers smiley, empty, flower, empty)");
  assert.equal(spotTitle({ x: 1, y: 0, letters: "SHFB", play: {}, effect: "matches 2" }), "Lay SHFB at 1,0: matches 2");
  assert.equal(spotTitle({ x: 1, y: 0, letters: "SHFB" }), "SHFB does not fit at 1,0");
  assert.equal(spotTitle({ x: -1, y: 0 }), "-1,0: choose a card from your hand first");
});

test("the line under the Froop says where the chosen card fits, or what to do", () => {
  assert.equal(placesText({}), "Choose a card from your hand: the places where it fits light up.");
  assert.equal(placesText({ name: "BFHS", count: 2, other: 1 }),
    "BFHS fits 2 places, 1 more when turned (R): click one, or use the arrows and Enter.");
  assert.equal(placesText({ name: "BFHS", turned: true, count: 1 }),
    "SHFB fits 1 place: click one, or use the arrows and Enter.");
  assert.equal(placesText({ name: "BFHS", count: 0, other: 3 }), "BFHS fits nowhere this way up: turn it (R) to see 3 places.");
  assert.equal(placesText({ name: "BFHS" }), "BFHS fits nowhere now.");
  assert.equal(placesText({ name: "BFHS", canPlay: false, acting: false }), "BFHS chosen. It is not your turn to lay a card.");
  assert.equal(placesText({ name: "BFHS", canPlay: false, acting: true }), "BFHS fits nowhere now.", "after a 3-match, nothing fits");
  assert.equal(placesText({ hasHand: false }), "");
  // Panic's must-give, Cutthroat's give
  assert.equal(placesText({ canPlay: false, giving: true }), "Choose a card from your hand to give away.");
  assert.equal(placesText({ name: "BFHS", canPlay: false, giving: true }),
    "BFHS chosen: give it away with a Give button under your hand.");
  assert.equal(placesText({ canPlay: false, acting: true }), "", "draw or pass: the status line says so");
});

test("a click on the Froop that sends nothing says why", () => {
  assert.match(spotHint({ acting: true, hasHand: true, name: null }), /^Choose a card from your hand first/);
  assert.match(spotHint({ acting: false, hasHand: true, name: "BFHS" }), /not your turn/);
  assert.match(spotHint({ acting: false, hasHand: false }), /watching/);
  assert.equal(spotHint({ acting: true, hasHand: true, name: "BFHS" }), "", "a card and a turn: the move is sent");
});

test("the pile, the players' counts and the variants", () => {
  assert.equal(pileText(40), "Draw pile: 40 cards");
  assert.equal(pileText(1), "Draw pile: 1 card");
  assert.equal(pileText(0), "Draw pile: empty");
  assert.equal(playerCounts({ variants: [] }, PLAYERS[0]), "5 cards");
  assert.equal(playerCounts({ variants: ["marathon"] }, PLAYERS[0]), "5 cards · 2 points");
  assert.equal(playerCounts({ variants: ["marathon"] }, PLAYERS[1]), "1 card · 0 points");
  assert.equal(variantsText(["cutthroat", "marathon", "fewest_wins"]), "Cutthroat · Marathon · Fewest cards win");
  assert.equal(variantsText([]), "");
});

test("the countdown shows whole seconds, rounded up, and whose they are", () => {
  assert.equal(countdownSeconds(13.5), 14);
  assert.equal(countdownSeconds(13), 13);
  assert.equal(countdownSeconds(0.01), 1);
  assert.equal(countdownSeconds(0), 0);
  assert.equal(countdownSeconds(-2), 0);
  assert.equal(countdownSeconds(undefined), 0);
  assert.equal(countdownText(PLAYERS, { seat: 1, seconds: 20 }, 12.2), "Bob: 13 s left");
  assert.equal(countdownText(PLAYERS, { seat: 1, seconds: 20 }, 0), "Bob: time is up");
  assert.equal(countdownText(PLAYERS, { seat: 1, seconds: 20 }, 12.2, 1), "Your time: 13 s left");
  assert.equal(countdownText(PLAYERS, { seat: 1, seconds: 20 }, 0, 1), "Your time is up");
  assert.equal(countdownText(PLAYERS, { seat: 1, seconds: 20 }, 12.2, 0), "Bob: 13 s left");
});

test("the last card laid, and a give, in words", () => {
  const view = { players: PLAYERS, cards: [{ card: "BFHS", x: 0, y: 0, seat: null, match: null }] };
  assert.equal(lastCardText(view), "Starting card: BFHS at 0,0");
  view.cards.push({ card: "FHSB", x: 1, y: -1, seat: 1, match: 3 });
  assert.equal(lastCardText(view), "Last card: FHSB at 1,-1 by Bob, matched 3");
  assert.equal(lastCardText({ ...view, seat: 1, people: [1] }), "Last card: FHSB at 1,-1 by you, matched 3");
  assert.equal(lastCardText({}), "");
  assert.equal(giveText({ players: PLAYERS }, { card: "BFHS", to: 1 }), "Give BFHS to Bob");
  assert.equal(giveText({}, { card: "BFHS", to: 4 }), "Give BFHS to Seat 4");
});
