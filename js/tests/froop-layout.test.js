import { test } from "node:test";
import assert from "node:assert/strict";
import {
  boundsOf, cardEdges, CELL, cellMap, covered, fitCell, froopArea, inSpots, isTurnKey, nextSpot, nextZoom, overflows,
  owners, scrollToShow, spotList, tabStop, ZOOMS,
} from "../froop/layout.js";

// The starting card HSBF at 0,0, then SHFB laid half a card down and right (1,1).
const VIEW = {
  cells: [[0, 0, "H"], [1, 0, "S"], [0, 1, "B"], [1, 1, "S"], [2, 1, "H"], [1, 2, "F"], [2, 2, "B"]],
  cards: [{ card: "BFHS", x: 0, y: 0, seat: null, match: null }, { card: "BFHS", x: 1, y: 1, seat: 0, match: 2 }],
  bounds: [0, 0, 2, 2],
};

test("a card covers its four cells in reading order", () => {
  assert.deepEqual(covered(3, -1), [[3, -1], [4, -1], [3, 0], [4, 0]]);
});

test("the area drawn is the bounds grown by one; the spots reach every legal top-left", () => {
  const area = froopArea(VIEW);
  assert.deepEqual(area.cells, { x0: -1, y0: -1, cols: 5, rows: 5 });
  assert.deepEqual(area.spots, { x0: -1, y0: -1, cols: 4, rows: 4 });
  // A legal play covers two visible cells at least: its top-left is in [xmin-1, xmax]
  const spots = spotList(area.spots);
  assert.equal(spots.length, 16);
  assert.deepEqual(spots[0], [-1, -1]);
  assert.deepEqual(spots.at(-1), [2, 2]);
  assert.ok(inSpots([2, -1], area.spots) && !inSpots([3, 0], area.spots));
});

test("bounds come from the view, else from its cells, else the starting card's", () => {
  assert.deepEqual(boundsOf(VIEW), [0, 0, 2, 2]);
  assert.deepEqual(boundsOf({ cells: VIEW.cells }), [0, 0, 2, 2]);
  assert.deepEqual(boundsOf({ bounds: [3, 0, 1, 1], cells: [[-2, 5, "H"]] }), [-2, 5, -2, 5]);
  assert.deepEqual(boundsOf({}), [0, 0, 1, 1]);
});

test("each cell shows the last card laid over it; the edges run between cards", () => {
  const own = owners(VIEW);
  assert.equal(own.get("0,0"), 0);
  assert.equal(own.get("1,1"), 1);  // covered by the second card
  assert.equal(cellMap(VIEW).get("1,1"), "S");
  const edges = cardEdges(VIEW);
  const has = (x1, y1, x2, y2) => edges.some((e) => e.x1 === x1 && e.y1 === y1 && e.x2 === x2 && e.y2 === y2);
  assert.ok(has(1, 1, 2, 1), "between (1,0) of the first card and (1,1) of the second");
  assert.ok(has(1, 1, 1, 2), "between (0,1) and (1,1)");
  assert.ok(!has(2, 1, 2, 2), "no edge inside the second card");
  assert.ok(!has(1, 0, 1, 1), "no edge inside the first card");
  assert.ok(has(0, 0, 0, 1) && has(3, 1, 3, 2), "the outside");
});

test("the cell fits the column, never too small to click, and zooms", () => {
  assert.equal(fitCell({ cols: 4, rows: 4, width: 600, height: 500 }), CELL.fitMax);
  assert.equal(fitCell({ cols: 20, rows: 10, width: 600, height: 500 }), 30);
  assert.equal(fitCell({ cols: 60, rows: 10, width: 600, height: 500 }), CELL.fitMin, "a large Froop scrolls");
  assert.equal(fitCell({ cols: 20, rows: 30, width: 600, height: 450 }), CELL.fitMin, "the height counts too");
  assert.equal(fitCell({ cols: 20, rows: 10, width: 600, height: 500, zoom: 2 }), CELL.max);
  assert.equal(fitCell({ cols: 20, rows: 10, width: 600, height: 500, zoom: 0.5 }), 15);
  assert.equal(fitCell({ cols: 10, rows: 10, width: 0 }), 40, "an unmeasured frame counts as 400 px");
  assert.ok(overflows({ cols: 60, rows: 10, cell: 24, width: 600, height: 500 }));
  assert.ok(!overflows({ cols: 20, rows: 10, cell: 30, width: 600, height: 500 }));
});

test("zoom steps stop at either end", () => {
  assert.equal(nextZoom(1, 1), 1.25);
  assert.equal(nextZoom(1, -1), 0.8);
  assert.equal(nextZoom(ZOOMS.at(-1), 1), ZOOMS.at(-1));
  assert.equal(nextZoom(ZOOMS[0], -1), ZOOMS[0]);
  assert.equal(nextZoom(0.9, 1), 1.25, "an unknown zoom counts as 1");
});

test("the arrow keys move over the spots and stop at the edges", () => {
  const spots = froopArea(VIEW).spots;  // -1..2 x -1..2
  assert.deepEqual(nextSpot([0, 0], "ArrowRight", spots), [1, 0]);
  assert.deepEqual(nextSpot([0, 0], "ArrowUp", spots), [0, -1]);
  assert.deepEqual(nextSpot([-1, 0], "ArrowLeft", spots), [-1, 0]);
  assert.deepEqual(nextSpot([2, 2], "ArrowDown", spots), [2, 2]);
  assert.deepEqual(nextSpot([1, 1], "Home", spots), [-1, 1]);
  assert.deepEqual(nextSpot([1, 1], "End", spots), [2, 1]);
  assert.deepEqual(nextSpot([1, 1], "Home", spots, { ctrl: true }), [-1, -1]);
  assert.deepEqual(nextSpot([1, 1], "End", spots, { ctrl: true }), [2, 2]);
  assert.deepEqual(nextSpot([1, 1], "PageUp", spots), [1, -1]);
  assert.deepEqual(nextSpot([1, 1], "PageDown", spots), [1, 2]);
  assert.equal(nextSpot([1, 1], "Enter", spots), null);
  // A spot left outside a new area comes back in
  assert.deepEqual(nextSpot([9, 9], "ArrowLeft", spots), [2, 2]);
});

test("the tab stop goes to a place the chosen card fits", () => {
  const spots = froopArea(VIEW).spots;
  const legal = new Set(["2,0", "0,-1"]);
  assert.deepEqual(tabStop({ kept: null, legal, spots }), [0, -1], "the first in reading order");
  assert.deepEqual(tabStop({ kept: [2, 0], legal, spots }), [2, 0], "the one kept, if it fits");
  assert.deepEqual(tabStop({ kept: [1, 1], legal, spots }), [0, -1], "not one where it does not fit");
  assert.deepEqual(tabStop({ kept: [1, 1], legal: new Set(), spots }), [1, 1], "no card chosen: where it was");
  assert.deepEqual(tabStop({ kept: null, legal: new Set(), spots, last: { x: 1, y: 1 } }), [1, 1]);
  assert.deepEqual(tabStop({ kept: [7, 7], legal: new Set(), spots }), [-1, -1]);
});

test("the scroll centres the last card, clamped to the drawing", () => {
  const area = { x0: -1, y0: -1, cols: 40, rows: 10 };
  assert.deepEqual(scrollToShow([20, 3, 2, 2], area, 24, { width: 480, height: 240 }), { left: 288, top: 0 });
  assert.deepEqual(scrollToShow([-1, -1, 2, 2], area, 24, { width: 480, height: 240 }), { left: 0, top: 0 });
  assert.deepEqual(scrollToShow([37, 7, 2, 2], area, 24, { width: 480, height: 120 }), { left: 480, top: 120 });
});

test("R turns the chosen card, unless typed in a field or with a modifier", () => {
  assert.ok(isTurnKey({ key: "r", target: { tagName: "BUTTON" } }));
  assert.ok(isTurnKey({ key: "R", target: { tagName: "DIV" } }));
  assert.ok(!isTurnKey({ key: "r", ctrlKey: true, target: {} }));
  assert.ok(!isTurnKey({ key: "r", target: { tagName: "INPUT" } }));
  assert.ok(!isTurnKey({ key: "t", target: {} }));
});
