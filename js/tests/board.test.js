import { test } from "node:test";
import assert from "node:assert/strict";
import { canUndo } from "../shared/board.js";

test("the undo button follows Python's can_undo, and nothing else", () => {
  assert.equal(canUndo({ can_undo: true, playing: null, decisions: 3, undo_floor: 3 }), true);
  assert.equal(canUndo({ can_undo: false, playing: 0, decisions: 3, undo_floor: 0 }), false);
});

test("a view without can_undo offers no undo", () => {
  assert.equal(canUndo({ playing: 0, decisions: 3, undo_floor: 0 }), false);
  assert.equal(canUndo({ can_undo: "true" }), false, "only the boolean true");
  assert.equal(canUndo({}), false);
});
