import { test } from "node:test";
import assert from "node:assert/strict";
import { nextFocus } from "../shared/roving.js";

const board = { rows: 8, cols: 8 };

test("arrows move one cell and stop at the edges", () => {
  assert.equal(nextFocus(9, "ArrowRight", board), 10);
  assert.equal(nextFocus(9, "ArrowLeft", board), 8);
  assert.equal(nextFocus(9, "ArrowUp", board), 1);
  assert.equal(nextFocus(9, "ArrowDown", board), 17);
  assert.equal(nextFocus(7, "ArrowRight", board), 7, "no wrap to the next row");
  assert.equal(nextFocus(8, "ArrowLeft", board), 8, "no wrap to the previous row");
  assert.equal(nextFocus(3, "ArrowUp", board), 3);
  assert.equal(nextFocus(60, "ArrowDown", board), 60);
});

test("Home and End go to the ends of the row, with Ctrl to the ends of the grid", () => {
  assert.equal(nextFocus(19, "Home", board), 16);
  assert.equal(nextFocus(19, "End", board), 23);
  assert.equal(nextFocus(19, "Home", { ...board, ctrl: true }), 0);
  assert.equal(nextFocus(19, "End", { ...board, ctrl: true }), 63);
});

test("PageUp and PageDown go to the top and bottom of the column", () => {
  assert.equal(nextFocus(19, "PageUp", board), 3);
  assert.equal(nextFocus(19, "PageDown", board), 59);
});

test("other keys do not move focus", () => {
  for (const key of ["Enter", " ", "Escape", "Tab", "a"]) assert.equal(nextFocus(19, key, board), null);
});

test("a grid that is not square", () => {
  const wide = { rows: 2, cols: 5 };
  assert.equal(nextFocus(4, "ArrowDown", wide), 9);
  assert.equal(nextFocus(9, "Home", wide), 5);
  assert.equal(nextFocus(0, "End", { ...wide, ctrl: true }), 9);
});
