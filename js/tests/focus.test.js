// Where focus goes after a decision (input.js, focusAfter; issue 24, 5): never on a
// control whose Enter would make the next move nobody meant.
import { test } from "node:test";
import assert from "node:assert/strict";
import { focusAfter } from "../shared/input.js";

const turn = (decisions, extra = {}) => ({ decisions, to_act: [0], ...extra });

test("after every decision in turn-based play, focus goes to the status line", () => {
  // One's own (Draw: the Stork-here biotope it was on is a move in the next turn) ...
  assert.equal(focusAfter({ wasInside: true, before: 3, view: turn(4), own: true }), "status");
  // ... a bot's, with the focused control still there (a biotope, a pad, a square) ...
  assert.equal(focusAfter({ wasInside: true, before: 4, view: turn(5), usable: true }), "status");
  // ... an undo (fewer decisions) and a new game (none yet).
  assert.equal(focusAfter({ wasInside: true, before: 5, view: turn(4), own: true }), "status");
  assert.equal(focusAfter({ wasInside: true, before: 9, view: turn(0), own: true }), "status");
  // At the end nobody is to act: still a decision.
  assert.equal(focusAfter({ wasInside: true, before: 9, view: { decisions: 10, to_act: [] } }), "status");
});

test("focus elsewhere on the page is never taken", () => {
  assert.equal(focusAfter({ wasInside: false, before: 3, view: turn(4), own: true }), null);
  assert.equal(focusAfter({ wasInside: false, before: 3, view: turn(3), usable: false }), null);
});

test("without a decision focus stays, unless its control went", () => {
  assert.equal(focusAfter({ wasInside: true, before: 3, view: turn(3), usable: true }), null);
  // A hidden button (the pass screen's "I am …" once pressed), a disabled Undo, a removed one.
  assert.equal(focusAfter({ wasInside: true, before: 3, view: turn(3), usable: false }), "status");
});

test("the pass screen keeps its own focus (on I am …)", () => {
  const passing = turn(4, { pass_to: 1, pass_name: "Bob" });
  assert.equal(focusAfter({ wasInside: true, before: 3, view: passing, own: true }), null);
  assert.equal(focusAfter({ wasInside: true, before: 4, view: passing, usable: false }), null);
});

test("in a race only the board's own decision moves focus: a rival's leaves the racer's place", () => {
  const race = (decisions) => ({ decisions, to_act: [0, 1, 2] });
  assert.equal(focusAfter({ wasInside: true, before: 6, view: race(7), own: true }), "status");
  assert.equal(focusAfter({ wasInside: true, before: 6, view: race(7), own: false, usable: true }), null);
  // ... unless the rival's decision took the focused control away.
  assert.equal(focusAfter({ wasInside: true, before: 6, view: race(7), own: false, usable: false }), "status");
});
