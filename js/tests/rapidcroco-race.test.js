import { test } from "node:test";
import assert from "node:assert/strict";
import {
  KEYS, SITES, armedAfter, arrestNotation, arrestOf, arrestTargets, arrester, buzzHint, decide,
  hasBuzzers, keyOf, readLegal, seatForKey, waitHint,
} from "../rapidcroco/race.js";
import { PASS, REVEAL, arrest } from "./rapidcroco-moves.js";

const card = (name) => ({ kind: "croc", name });
const players = [
  { name: "Ada", crocs: [card("Jasper")] },
  { name: "Bob", crocs: [card("Fifi"), card("Cleo")] },
  { name: "Cy", crocs: [] },
];
// The legal lists Python sends: every Croc on the table, the hand Crocs of the others, pass.
const legalOf = {
  0: [arrest("a1"), arrest("c3"), arrest("Fifi"), arrest("Cleo"), PASS],
  1: [arrest("a1"), arrest("c3"), arrest("Jasper"), PASS],
};
const legal = legalOf[0];
const race = (people, more = {}) => ({
  phase: "race", round: 2, decisions: 7, legal, players, people, playing: people[0] ?? null,
  legal_of: Object.fromEntries(people.map((seat) => [String(seat), legalOf[seat]])), ...more,
});

test("the keys of seats 0 to 4, shown in capitals", () => {
  assert.deepEqual(KEYS, ["a", "l", "z", "m", "q"]);
  assert.deepEqual([0, 1, 2, 3, 4].map(keyOf), ["A", "L", "Z", "M", "Q"]);
  assert.equal(keyOf(5), null);
});

test("a key arms its seat only when that person may arrest now", () => {
  assert.equal(seatForKey("l", [0, 1]), 1);
  assert.equal(seatForKey("L", [0, 1]), 1, "Caps Lock or Shift");
  assert.equal(seatForKey("z", [0, 1]), null, "seat 2 is a bot or out");
  assert.equal(seatForKey("x", [0, 1]), null);
  assert.equal(seatForKey("Enter", [0, 1]), null);
});

test("reading the legal list: by each move's kind and target, each with its text", () => {
  const moves = readLegal([...legal, REVEAL]);
  assert.deepEqual([...moves.sites], [["a1", "arrest a1"], ["c3", "arrest c3"]]);
  assert.deepEqual([...moves.names], [["Fifi", "arrest Fifi"], ["Cleo", "arrest Cleo"]]);
  assert.equal(moves.pass, "pass");
  assert.equal(moves.reveal, "reveal");
  const none = { sites: new Map(), names: new Map(), reveal: null, pass: null };
  assert.deepEqual(readLegal(undefined), none);
  assert.deepEqual(readLegal([null, 7, "pass", { kind: "pass" }]), none, "not a move's data");
});

test("the text read is the one Python sent, never rebuilt from the fields", () => {
  // Whatever Python writes for a move is what goes back: the board composes nothing.
  const moves = readLegal([{ text: "ARREST c3", kind: "arrest", target: "c3" }, { text: "give up", kind: "pass" }]);
  assert.equal(moves.sites.get("c3"), "ARREST c3");
  assert.equal(moves.pass, "give up");
});

test("an arrest sends the legal move's text, else the notation for Python to refuse", () => {
  const targets = arrestTargets(race([0]), null);
  assert.equal(arrestOf(targets, "c3"), "arrest c3");
  assert.equal(arrestOf(targets, "Fifi"), "arrest Fifi");
  assert.equal(arrestOf(targets, "e5"), arrestNotation("e5"), "a Hippo: Python says why not");
  assert.equal(arrestNotation("Jasper"), "arrest Jasper");
  assert.equal(SITES.length, 36);
  assert.deepEqual([SITES[0], SITES[6], SITES[35]], ["a1", "a2", "f6"]);
});

test("one person: clicks send plain moves, no seat, no buzzer", () => {
  const view = race([0]);
  assert.equal(hasBuzzers(view), false);
  assert.equal(arrester(view, null), 0);
  assert.deepEqual(decide(view, null, "arrest c3"), { move: "arrest c3", seat: null });
});

test("several people: nothing is sent until someone has pressed their key", () => {
  const view = race([0, 1]);
  assert.equal(hasBuzzers(view), true);
  const answer = decide(view, null, "arrest c3");
  assert.equal(answer.move, undefined);
  assert.equal(answer.hint, buzzHint(view));
  assert.match(answer.hint, /A for Ada, L for Bob/);
  assert.deepEqual(decide(view, 1, "arrest c3"), { move: "arrest c3", seat: 1 });
  assert.deepEqual(decide(view, 1, "pass"), { move: "pass", seat: 1 });
  assert.equal(decide(view, 2, "arrest c3").hint, buzzHint(view), "seat 2 is not one of the people");
});

test("outside a race a click sends nothing and says what to do", () => {
  const deal = { phase: "deal", legal: [REVEAL], people: [0], playing: 0, players };
  assert.deepEqual(decide(deal, null, "arrest c3"), { hint: waitHint(deal) });
  assert.match(waitHint(deal), /Turn the criteria first/);
  assert.match(waitHint({ ...deal, legal: [], people: [], playing: null }), /not turned yet/);
  assert.equal(waitHint({ phase: "over", is_over: true }), "The game is over.");
  const watching = race([], { playing: null, legal: [] });
  assert.match(decide(watching, null, "arrest c3").hint, /may not arrest now/);
});

test("what may be arrested is what Python lists for the person arresting", () => {
  const mine = arrestTargets(race([0]), null);
  assert.deepEqual([...mine.sites.keys()], ["a1", "c3"]);
  assert.deepEqual([...mine.names.keys()], ["Fifi", "Cleo"]);
  assert.equal(mine.pass, "pass");
  // Bob pressed his key: his own list, where Ada's Jasper is and his own Crocs are not.
  const bobs = arrestTargets(race([0, 1]), 1);
  assert.deepEqual([...bobs.sites.keys()], ["a1", "c3"]);
  assert.deepEqual([...bobs.names.keys()].sort(), ["Jasper"]);
  assert.equal(bobs.names.get("Jasper"), "arrest Jasper");
  // Nobody pressed a key yet: what any of them may arrest.
  const anyone = arrestTargets(race([0, 1]), null);
  assert.deepEqual([...anyone.names.keys()].sort(), ["Cleo", "Fifi", "Jasper"]);
  // No race, or nobody here may act: nothing.
  assert.equal(arrestTargets({ ...race([0]), phase: "deal" }, null).sites.size, 0);
  assert.equal(arrestTargets(race([], { playing: null }), null).names.size, 0);
  assert.equal(arrestTargets({ ...race([0]), phase: "deal" }, null).pass, null);
});

test("the armed person stays armed only in the same round while they may arrest", () => {
  const before = race([0, 1]);
  assert.equal(armedAfter(1, race([0, 1], { decisions: 8 }), before), 1, "a rival's decision");
  assert.equal(armedAfter(1, race([0]), before), null, "Bob arrested wrongly");
  assert.equal(armedAfter(1, race([0, 1], { round: 3 }), before), null, "a new round");
  assert.equal(armedAfter(1, { ...before, phase: "deal" }, before), null);
  assert.equal(armedAfter(null, before, before), null);
});
