import { test } from "node:test";
import assert from "node:assert/strict";
import {
  decisionButtons, givesOf, laid, legalOf, matchText, nameOf, placesByCard, playsOf, playText,
  severalPeople, spotsFor, turn,
} from "../froop/plays.js";
import { DRAW, give, OTHERS, PASS, play, STOP, TIME } from "./froop-moves.js";

// Ada (seat 0) holds BFHS and FHSB; Python lists three plays (two of BFHS, one turned).
const PLAYS = [
  { move: "BFHS at -1,0", card: "BFHS", x: -1, y: 0, turned: false, match: 2 },
  { move: "SHFB at 1,1", card: "BFHS", x: 1, y: 1, turned: true, match: 3 },
  { move: "BFHS at 0,1", card: "BFHS", x: 0, y: 1, turned: false, match: 4 },
];
const VIEW = {
  seat: 0, playing: 0, people: [0], hand: ["BFHS", "BHSF"], plays: PLAYS,
  legal: [play("BFHS", -1, 0), play("SHFB", 1, 1), play("BFHS", 0, 1)],
  legal_of: { 0: [play("BFHS", -1, 0), play("SHFB", 1, 1), play("BFHS", 0, 1)] }, variants: [],
  players: [{ seat: 0, name: "Ada" }, { seat: 1, name: "Bob" }, { seat: 2, name: "Cy" }],
};

test("a card turned reverses its letters; its name is the smaller spelling", () => {
  assert.equal(turn("HSBF"), "FBSH");
  assert.equal(nameOf("HSBF"), "FBSH");
  assert.equal(nameOf("FBSH"), "FBSH");
  assert.equal(laid("BFHS", true), "SHFB");
  assert.equal(laid("BFHS", false), "BFHS");
});

test("a play no legal move offers is written in its notation, for Python to refuse", () => {
  assert.equal(playText("SHFB", -2, 0), "SHFB at -2,0");
});

test("the spots of the chosen card are exactly Python's plays of it, as turned", () => {
  const plays = playsOf(VIEW, 0);
  const shown = spotsFor(plays, "BFHS", false);
  assert.deepEqual([...shown.keys()], ["-1,0", "0,1"]);
  assert.equal(shown.get("0,1").match, 4);
  const turned = spotsFor(plays, "BFHS", true);
  assert.deepEqual([...turned.keys()], ["1,1"]);
  assert.equal(turned.get("1,1").move, "SHFB at 1,1");
  assert.equal(spotsFor(plays, "BHSF", false).size, 0, "a card with no play lights nothing");
  assert.equal(spotsFor(plays, null, false).size, 0);
});

test("only a seat acting at this board has plays", () => {
  assert.equal(playsOf({ ...VIEW, people: [] }, 0).length, 0, "not on turn: nothing lit");
  assert.equal(playsOf(VIEW, 1).length, 0, "another seat");
  assert.equal(playsOf(VIEW, null).length, 0);
});

test("several people at one screen: each one's plays, from plays_of or their legal moves", () => {
  const view = {
    ...VIEW, people: [0, 1],
    plays_of: { 1: [{ move: "HSFB at 2,2", card: "BFSH", x: 2, y: 2, turned: true, match: 3 }] },
    legal_of: { 0: [play("BFHS", -1, 0)], 1: [play("HSFB", 2, 2)], 2: [play("FBSH", 0, 0), DRAW] },
  };
  assert.ok(severalPeople(view) && !severalPeople(VIEW));
  assert.deepEqual(playsOf(view, 1).map((p) => [p.letters, p.card, p.turned, p.match]), [["HSFB", "BFSH", true, 3]]);
  // Without plays_of: read from the legal moves, the match unknown
  const bare = { ...view, people: [0, 2], plays_of: undefined };
  assert.deepEqual(playsOf(bare, 2), [{ move: "FBSH at 0,0", letters: "FBSH", card: "FBSH", x: 0, y: 0, turned: false, match: null }]);
  assert.deepEqual(legalOf(bare, 2), [play("FBSH", 0, 0), DRAW]);
  // A play of a card turned: its letters as laid name the card
  const turned = { ...bare, legal_of: { 2: [{ ...play("SHFB", 1, 1) }] } };
  assert.deepEqual(playsOf(turned, 2), [{ move: "SHFB at 1,1", letters: "SHFB", card: "BFHS", x: 1, y: 1, turned: true, match: null }]);
  assert.deepEqual(legalOf(bare, 1), [], "not a person acting here");
});

test("how many places each card of the hand fits, as turned now and the other way", () => {
  const plays = playsOf(VIEW, 0);
  const counts = placesByCard(plays, VIEW.hand);
  assert.deepEqual(counts.get("BFHS"), { shown: 2, turned: 1 });
  assert.deepEqual(counts.get("BHSF"), { shown: 0, turned: 0 });
  const turned = placesByCard(plays, VIEW.hand, (name) => name === "BFHS");
  assert.deepEqual(turned.get("BFHS"), { shown: 1, turned: 2 });
});

test("the decisions that are not a play, in Python's order, and the gives", () => {
  assert.deepEqual(decisionButtons([play("BFHS", 0, 1), STOP, OTHERS]).map((b) => [b.move, b.text]),
    [["stop", "Stop"], ["others draw", "Make the others draw"]]);
  assert.deepEqual(decisionButtons([DRAW]).map((b) => b.text), ["Draw a card"]);
  assert.deepEqual(decisionButtons([PASS]).map((b) => b.text), ["Pass"]);
  assert.deepEqual(decisionButtons([give("BFHS", 1), TIME, { text: "constructor", kind: "constructor" }, "draw", null]), [],
    "a give, the rules' own time, an unknown kind, and anything that is no move object: no button");
  assert.deepEqual(givesOf([STOP, give("BFHS", 1), give("BFHS", 2), give("BHSF", 1), "give BFHS to 3"]), [
    { move: "give BFHS to 1", card: "BFHS", to: 1 },
    { move: "give BFHS to 2", card: "BFHS", to: 2 },
    { move: "give BHSF to 1", card: "BHSF", to: 1 },
  ]);
});

test("the match is told in words before the card is laid", () => {
  assert.equal(matchText(VIEW, 2), "matches 2: your turn ends");
  assert.equal(matchText(VIEW, 3), "matches 3: you may play again");
  assert.equal(matchText(VIEW, 4), "matches 4: you may play again");
  const cut = { variants: ["cutthroat"] };
  assert.equal(matchText(cut, 3), "matches 3: you may play again, give a card away or stop");
  assert.equal(matchText(cut, 4), "matches 4: you may play again, make the others draw or stop");
  const panic = { variants: ["panic", "strategic"] };
  assert.equal(matchText(panic, 3), "matches 3: then you must give a card away");
  assert.equal(matchText(panic, 4), "matches 4: everyone else draws a card");
  assert.equal(matchText(panic, 2), "matches 2");
  assert.equal(matchText(VIEW, 3, { last: true }), "matches 3: your last card, you run out and win");
  assert.equal(matchText({ variants: ["marathon"] }, 2, { last: true }), "matches 2: your last card, you score a point");
  assert.equal(matchText(VIEW, null), "it fits here");
});
