import { test } from "node:test";
import assert from "node:assert/strict";
import { canUndo } from "../shared/board.js";

test("undo needs a playing board and a decision above the undo floor", () => {
  assert.equal(canUndo({ playing: 0, decisions: 3, undo_floor: 2 }), true);
  assert.equal(canUndo({ playing: 0, decisions: 2, undo_floor: 2 }), false);
  assert.equal(canUndo({ playing: 0, decisions: 0, undo_floor: 0 }), false);
  assert.equal(canUndo({ playing: null, decisions: 3, undo_floor: 0 }), false);
  assert.equal(canUndo({ decisions: 3, undo_floor: 0 }), false, "no playing seat");
});

test("seat 0 counts as playing", () => {
  assert.equal(canUndo({ playing: 0, decisions: 1, undo_floor: 0 }), true);
});
