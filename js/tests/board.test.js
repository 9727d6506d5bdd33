import { test } from "node:test";
import assert from "node:assert/strict";
import { canUndo, messages, passTo } from "../shared/board.js";

test("the undo button follows Python's can_undo, and nothing else", () => {
  assert.equal(canUndo({ can_undo: true, playing: null, decisions: 3, undo_floor: 3 }), true);
  assert.equal(canUndo({ can_undo: false, playing: 0, decisions: 3, undo_floor: 0 }), false);
});

test("a view without can_undo offers no undo", () => {
  assert.equal(canUndo({ playing: 0, decisions: 3, undo_floor: 0 }), false);
  assert.equal(canUndo({ can_undo: "true" }), false, "only the boolean true");
  assert.equal(canUndo({}), false);
});

test("every message to Python is built by board.js", () => {
  const view = { decisions: 7 };
  assert.deepEqual(messages.move(view, "S b1-c2"), { type: "move", move: "S b1-c2", decisions: 7 });
  assert.deepEqual(messages.move(view, "pass", null), { type: "move", move: "pass", decisions: 7 });
  assert.deepEqual(messages.move(view, "arrest c3", 0), { type: "move", move: "arrest c3", decisions: 7, seat: 0 },
    "seat 0 is a seat, not a missing one");
  assert.deepEqual(messages.option("pike_odds", true), { type: "option", name: "pike_odds", value: true });
  assert.deepEqual(messages.undo(view), { type: "undo", decisions: 7 });
  assert.deepEqual(messages.iam(1), { type: "iam", seat: 1 });
  assert.deepEqual(messages.ready(), { type: "ready" });
});

test("the pass screen shows only when Python names the next person", () => {
  assert.deepEqual(passTo({ pass_to: 1, pass_name: "Bob" }), { seat: 1, name: "Bob" });
  assert.deepEqual(passTo({ pass_to: 0, pass_name: "Ada" }), { seat: 0, name: "Ada" });
  assert.deepEqual(passTo({ pass_to: 2 }), { seat: 2, name: "Seat 2" });
  assert.equal(passTo({ pass_to: null, pass_name: null }), null);
  assert.equal(passTo({}), null);
  assert.equal(passTo({ pass_to: "1" }), null, "only a seat number");
});
