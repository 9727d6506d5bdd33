import { test } from "node:test";
import assert from "node:assert/strict";
import { readLegal } from "../croak/legal.js";
import { activate, hintFor, selectionAfter } from "../croak/selection.js";
import { jump, victim } from "./croak-moves.js";

const playing = { playing: 0, phase: "move" };
const start = readLegal([jump("Q", "a1", "b2"), jump("S", "b1", "c1"), jump("S", "b1", "b2"), jump("S", "b1", "c2"), jump("S", "a2", "b2"), jump("S", "a2", "a3"), jump("S", "a2", "b3")]);

test("activating an own movable frog selects it", () => {
  assert.deepEqual(activate(null, "b1", start, playing), { selection: { square: "b1", frog: "S" } });
});

test("activating a lone selected frog again deselects it", () => {
  assert.deepEqual(activate({ square: "b1", frog: "S" }, "b1", start, playing), { selection: null });
});

test("a Queen and a Servant on one square: activation cycles between them", () => {
  const moves = readLegal([jump("Q", "c3", "d4"), jump("S", "c3", "c4")]);
  let { selection } = activate(null, "c3", moves, playing);
  assert.deepEqual(selection, { square: "c3", frog: "Q" });
  ({ selection } = activate(selection, "c3", moves, playing));
  assert.deepEqual(selection, { square: "c3", frog: "S" });
  ({ selection } = activate(selection, "c3", moves, playing));
  assert.deepEqual(selection, { square: "c3", frog: "Q" });
});

test("a square the selected frog may reach sends the jump", () => {
  const selection = { square: "b1", frog: "S" };
  assert.deepEqual(activate(selection, "c2", start, playing),
    { selection: { ...selection, tried: true }, move: "S b1-c2" });
});

test("another own movable frog is selected instead of jumped onto", () => {
  assert.deepEqual(activate({ square: "b1", frog: "S" }, "a1", start, playing),
    { selection: { square: "a1", frog: "Q" } });
});

test("a target wins over selecting: a Servant joining its own Servant on a Log", () => {
  const moves = readLegal([jump("S", "b1", "c2"), jump("S", "c2", "d3")]);
  const selection = { square: "b1", frog: "S" };
  assert.deepEqual(activate(selection, "c2", moves, playing),
    { selection: { ...selection, tried: true }, move: "S b1-c2" });
});

test("any other square sends the jump anyway: Python says which rule forbids it", () => {
  const selection = { square: "a1", frog: "Q" };
  assert.deepEqual(activate(selection, "h8", start, playing),
    { selection: { ...selection, tried: true }, move: "Q a1-h8" });
});

test("after a refused try the frog stays selected, and clicking it again keeps it so", () => {
  // Issue 11, 2.1: the person picks their frog up again; it must not be let go.
  let { selection, move } = activate({ square: "b1", frog: "S" }, "d3", start, playing);
  assert.equal(move, "S b1-d3");
  // Python refuses: same decision, the frog may still move, so the selection is kept.
  selection = selectionAfter(selection, false, playing, start);
  assert.deepEqual(selection, { square: "b1", frog: "S", tried: true });
  ({ selection } = activate(selection, "b1", start, playing));
  assert.deepEqual(selection, { square: "b1", frog: "S" }, "re-selected, not let go");
  ({ selection } = activate(selection, "b1", start, playing));
  assert.equal(selection, null, "a further click lets go, as before");
});

test("after a refused try a Queen and Servant square keeps the tried frog, then cycles", () => {
  const moves = readLegal([jump("Q", "c3", "d4"), jump("S", "c3", "c4")]);
  let { selection } = activate({ square: "c3", frog: "S" }, "h8", moves, playing);
  ({ selection } = activate(selection, "c3", moves, playing));
  assert.deepEqual(selection, { square: "c3", frog: "S" });
  ({ selection } = activate(selection, "c3", moves, playing));
  assert.deepEqual(selection, { square: "c3", frog: "Q" });
});

test("after a refused try another square tries again with the same frog", () => {
  const { selection } = activate({ square: "b1", frog: "S" }, "d3", start, playing);
  assert.deepEqual(activate(selection, "c2", start, playing),
    { selection: { square: "b1", frog: "S", tried: true }, move: "S b1-c2" });
});

test("with nothing selected, a square without an own movable frog gives a hint", () => {
  assert.deepEqual(activate(null, "h8", start, playing),
    { selection: null, hint: "Choose one of your frogs first." });
});

test("hints say what to do on the board, never a rule", () => {
  assert.equal(hintFor({ playing: null, is_over: false }, readLegal([])), "Wait: this board is not playing now.");
  assert.equal(hintFor({ playing: null, is_over: true }, readLegal([])), "The game is over.");
  assert.equal(hintFor({ playing: 1, phase: "victim" }, readLegal([victim(0)])), "Choose with the buttons beside the board.");
  assert.equal(hintFor({ playing: 0 }, start), "Choose one of your frogs first.");
});

test("a new decision starts afresh; in phase bounce the bouncing frog is preselected", () => {
  const bounce = { phase: "bounce", bouncing: "c3", playing: 0 };
  const moves = readLegal([jump("S", "c3", "c4"), jump("S", "c3", "d4")]);
  assert.deepEqual(selectionAfter(null, true, bounce, moves), { square: "c3", frog: "S" });
  assert.equal(selectionAfter({ square: "b1", frog: "S" }, true, playing, start), null);
});

test("the bouncing frog is found by its legal moves, beside its own Queen", () => {
  const bounce = { phase: "bounce", bouncing: "c3", playing: 0 };
  assert.deepEqual(selectionAfter(null, true, bounce, readLegal([jump("Q", "c3", "d4")])), { square: "c3", frog: "Q" });
  assert.equal(selectionAfter(null, true, bounce, readLegal([])), null, "not this board's bounce");
});

test("on the same decision the selection is kept while its frog may move", () => {
  const selection = { square: "b1", frog: "S" };
  assert.deepEqual(selectionAfter(selection, false, playing, start), selection);
  assert.equal(selectionAfter(selection, false, playing, readLegal([])), null);
  assert.equal(selectionAfter({ square: "b1", frog: "Q" }, false, playing, start), null);
  assert.equal(selectionAfter(null, false, playing, start), null);
});
