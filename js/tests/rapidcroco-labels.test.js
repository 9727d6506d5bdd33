import { test } from "node:test";
import assert from "node:assert/strict";
import { criterionLabel, crocWords, handLabel, roundResult, siteLabel, turnMark, turnWords } from "../rapidcroco/labels.js";
import { criteriaShown } from "../rapidcroco/panels.js";

const lagoon = {
  kind: "croc", name: "Lady Lagoon", code: "FBT--", gender: "female", skin: "blue", build: "thin",
  glasses: "glasses", hat: "no hat", site: "c3", arm: "left", turn: 0,
};

test("a Croc's label names its site, name, every trait and where its arm points", () => {
  assert.equal(siteLabel(lagoon), "c3: Lady Lagoon, female blue thin Croc, glasses, no hat, arm points left");
  assert.equal(crocWords(lagoon), "female blue thin Croc, glasses, no hat");
});

test("Hippos and empty sites", () => {
  assert.equal(siteLabel({ kind: "hippo", site: "d4", turn: 2 }), "d4: Hippo");
  assert.equal(siteLabel({ kind: "empty", site: "e2", turn: 0 }), "e2: empty site");
});

test("a turned card says how far, after the arm's direction on the table", () => {
  assert.equal(siteLabel({ ...lagoon, turn: 1 }),
    "c3: Lady Lagoon, female blue thin Croc, glasses, no hat, arm points left (card turned a quarter turn clockwise)");
  assert.deepEqual([0, 1, 2, 3].map(turnWords), ["", "a quarter turn", "a half turn", "three quarter turns"]);
  assert.deepEqual([0, 1, 2, 3].map(turnMark), ["", "90°", "180°", "270°"]);
});

test("the replay's marks are part of the label", () => {
  assert.equal(siteLabel(lagoon, { steps: [3], culprit: true, taken: false }),
    "c3: Lady Lagoon, female blue thin Croc, glasses, no hat, arm points left, step 3 of the path, the culprit");
  assert.equal(siteLabel({ kind: "empty", site: "c3", turn: 0 }, { steps: [3], culprit: true, taken: true }),
    "c3: empty site, step 3 of the path, where the culprit was: captured");
  assert.equal(siteLabel(lagoon, { steps: [2, 5], culprit: false }),
    "c3: Lady Lagoon, female blue thin Croc, glasses, no hat, arm points left, step 2 and 5 of the path");
});

test("hand cards and criteria", () => {
  assert.equal(handLabel(lagoon, "Cy"), "Lady Lagoon, female blue thin Croc, glasses, no hat, held by Cy");
  assert.equal(criterionLabel("gender", "female"), "gender: female");
  assert.equal(criterionLabel("hat", null), "hat: face down");
});

test("the round's result in sentences; a site's name is not capitalised", () => {
  const players = [{ name: "Ada" }, { name: "Bob" }, { name: "Cy" }];
  const last = {
    round: 3, winner: 2, path: ["a4", "b4"], reason: "hippo",
    culprit: { name: "Marigold", code: "FBF--", site: "a4", holder: null },
    explanation: "the arms reach a Hippo at b4: they all lie, so the Croc the criteria picked, a4, is the culprit",
    wrong: { 0: "Jasper" },
  };
  assert.deepEqual(roundResult(last, players), {
    title: "Round 3: Cy arrested the culprit, Marigold (a4).",
    explanation: "The arms reach a Hippo at b4: they all lie, so the Croc the criteria picked, a4, is the culprit.",
    path: "Path: a4 → b4.",
    wrong: "Wrong arrests: Ada (Jasper).",
  });
  const edge = roundResult({ ...last, winner: null, explanation: "a4 points off the grid, so a4 is the culprit", wrong: {} }, players);
  assert.equal(edge.title, "Round 3: nobody arrested the culprit, Marigold (a4).");
  assert.equal(edge.explanation, "a4 points off the grid, so a4 is the culprit.");
  assert.equal(edge.wrong, "");
  const hand = roundResult({ ...last, path: [], culprit: { name: "Fifi", site: null, holder: 1 } }, players);
  assert.equal(hand.path, "");
  assert.equal(hand.title, "Round 3: Cy arrested the culprit, Fifi.");
  assert.deepEqual(roundResult(null, players), { title: "", explanation: "", path: "", wrong: "" });
});

test("a round's result speaks to the view's own person as you", () => {
  const players = [{ name: "Ada" }, { name: "Bob" }, { name: "Cy" }];
  const last = {
    round: 2, winner: 2, culprit: { name: "Marigold", site: "a4", holder: null }, path: ["a4"],
    explanation: "", wrong: { 0: "Jasper" },
  };
  assert.equal(roundResult(last, players, 2).title, "Round 2: you arrested the culprit, Marigold (a4).");
  assert.equal(roundResult(last, players, 0).wrong, "Wrong arrests: you (Jasper).");
  assert.equal(roundResult(last, players, 0).title, "Round 2: Cy arrested the culprit, Marigold (a4).");
});

test("names are text, kept as given", () => {
  assert.equal(handLabel(lagoon, "<b>x</b>"), "Lady Lagoon, female blue thin Croc, glasses, no hat, held by <b>x</b>");
});

test("the criteria shown: the race's, between rounds the decided round's face up, else face down", () => {
  const faces = [{ trait: "gender", face: "female" }, { trait: "hat", face: "hat" }];
  const older = [{ trait: "gender", face: "male" }];
  assert.deepEqual(criteriaShown({ phase: "race", round: 4, criteria: faces, last: null }),
    { criteria: faces, caption: "Round 4: find the culprit" });
  assert.deepEqual(criteriaShown({ phase: "deal", round: 3, criteria: null, last: { round: 3, criteria: older } }),
    { criteria: older, caption: "Round 3's criteria, as decided" }, "issue 11: the replay shows them face up");
  assert.deepEqual(criteriaShown({ phase: "over", round: 5, criteria: null, last: { round: 5, criteria: faces } }).criteria, faces);
  assert.deepEqual(criteriaShown({ phase: "deal", round: 0, criteria: null, last: null }),
    { criteria: [], caption: "Face down until the dealer turns them" });
});
