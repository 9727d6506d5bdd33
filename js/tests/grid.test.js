// The cell names every grid game shares (pondwidgets/core/notation.py, the same rule).
import { test } from "node:test";
import assert from "node:assert/strict";
import { cellNames } from "../shared/grid.js";

test("cells are named row by row, a1 top-left, like the Python notation", () => {
  const six = cellNames({ rows: 6, cols: 6 });
  assert.equal(six.length, 36);
  assert.deepEqual(six.slice(0, 7), ["a1", "b1", "c1", "d1", "e1", "f1", "a2"]);
  assert.equal(six[35], "f6");
  assert.equal(cellNames({ rows: 8, cols: 8 })[63], "h8");
});
