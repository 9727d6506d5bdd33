import { test } from "node:test";
import assert from "node:assert/strict";
import {
  KEYS, armedAfter, arrestTargets, arrester, buzzHint, decide, hasBuzzers, keyOf, readLegal,
  seatForKey, waitHint,
} from "../rapidcroco/race.js";

const card = (name) => ({ kind: "croc", name });
const players = [
  { name: "Ada", crocs: [card("Jasper")] },
  { name: "Bob", crocs: [card("Fifi"), card("Cleo")] },
  { name: "Cy", crocs: [] },
];
// The legal lists Python sends: every Croc on the table, the hand Crocs of the others, pass.
const legalOf = {
  0: ["arrest a1", "arrest c3", "arrest Fifi", "arrest Cleo", "pass"],
  1: ["arrest a1", "arrest c3", "arrest Jasper", "pass"],
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

test("reading the legal list", () => {
  const moves = readLegal([...legal, "reveal"]);
  assert.deepEqual([...moves.sites], ["a1", "c3"]);
  assert.deepEqual([...moves.names], ["Fifi", "Cleo"]);
  assert.equal(moves.pass, true);
  assert.equal(moves.reveal, true);
  assert.deepEqual(readLegal(undefined), { sites: new Set(), names: new Set(), reveal: false, pass: false });
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
  const deal = { phase: "deal", legal: ["reveal"], people: [0], playing: 0, players };
  assert.deepEqual(decide(deal, null, "arrest c3"), { hint: waitHint(deal) });
  assert.match(waitHint(deal), /Turn the criteria first/);
  assert.match(waitHint({ ...deal, legal: [], people: [], playing: null }), /not turned yet/);
  assert.equal(waitHint({ phase: "over", is_over: true }), "The game is over.");
  const watching = race([], { playing: null, legal: [] });
  assert.match(decide(watching, null, "arrest c3").hint, /may not arrest now/);
});

test("what may be arrested is what Python lists for the person arresting", () => {
  const mine = arrestTargets(race([0]), null);
  assert.deepEqual([...mine.sites], ["a1", "c3"]);
  assert.deepEqual([...mine.names], ["Fifi", "Cleo"]);
  // Bob pressed his key: his own list, where Ada's Jasper is and his own Crocs are not.
  const bobs = arrestTargets(race([0, 1]), 1);
  assert.deepEqual([...bobs.sites], ["a1", "c3"]);
  assert.deepEqual([...bobs.names].sort(), ["Jasper"]);
  // Nobody pressed a key yet: what any of them may arrest.
  const anyone = arrestTargets(race([0, 1]), null);
  assert.deepEqual([...anyone.names].sort(), ["Cleo", "Fifi", "Jasper"]);
  // No race, or nobody here may act: nothing.
  assert.equal(arrestTargets({ ...race([0]), phase: "deal" }, null).sites.size, 0);
  assert.equal(arrestTargets(race([], { playing: null }), null).names.size, 0);
});

test("the armed person stays armed only in the same round while they may arrest", () => {
  const before = race([0, 1]);
  assert.equal(armedAfter(1, race([0, 1], { decisions: 8 }), before), 1, "a rival's decision");
  assert.equal(armedAfter(1, race([0]), before), null, "Bob arrested wrongly");
  assert.equal(armedAfter(1, race([0, 1], { round: 3 }), before), null, "a new round");
  assert.equal(armedAfter(1, { ...before, phase: "deal" }, before), null);
  assert.equal(armedAfter(null, before, before), null);
});
