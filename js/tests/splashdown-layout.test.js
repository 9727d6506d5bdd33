import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_ROW, MIN_SCALE, UNITS, blocksPerRow, fittingRow, mapLayout, nextPad } from "../splashdown/layout.js";

// The shipped "short" map, as view.map gives it.
const SHORT = {
  blocks: [["home"], ["1"], ["2a", "2b"], ["3"], ["4a", "4b", "4c"], ["5a", "5b"], ["6"], ["7a", "7b"], ["8"]],
  edges: [["home", "1"], ["1", "2a"], ["1", "2b"], ["2a", "2b"], ["2a", "3"], ["2b", "3"], ["3", "4b"],
    ["4a", "4b"], ["4b", "4c"], ["4b", "5a"], ["4b", "5b"], ["5a", "5b"], ["5a", "6"], ["5b", "6"],
    ["6", "7a"], ["6", "7b"], ["7a", "7b"], ["7a", "8"], ["7b", "8"]],
  layout: { row: 5 },
};

function longMap(count) {
  const blocks = [["home"], ...Array.from({ length: count }, (_, i) =>
    Array.from({ length: (i % 3) + 1 }, (_, k) => `${i + 1}${"abc"[k]}`))];
  return { blocks, edges: [], layout: {} };
}

test("the hint gives the blocks per row, kept between 2 and 12", () => {
  assert.equal(blocksPerRow({ layout: { row: 5 } }), 5);
  assert.equal(blocksPerRow({ layout: { row: 40 } }), 12);
  assert.equal(blocksPerRow({ layout: { row: 1 } }), 2);
  assert.equal(blocksPerRow({ layout: { row: "x" } }), DEFAULT_ROW);
  assert.equal(blocksPerRow({}), DEFAULT_ROW);
});

test("every pad gets a place, in path order, and the rows wind", () => {
  const layout = mapLayout(SHORT);
  assert.deepEqual(layout.order, SHORT.blocks.flat());
  assert.equal(layout.rows.length, 2);
  const { pads } = layout;
  // Row 1 goes right: Home left of 1, left of 3.
  assert.ok(pads.home.x < pads["1"].x && pads["1"].x < pads["3"].x);
  // Row 2 comes back: 5 (its first block) under 4, 8 at the left.
  assert.equal(pads["5a"].x, pads["4b"].x);
  assert.ok(pads["5a"].y > pads["4c"].y && pads["8"].x < pads["6"].x);
  // Lane a is on the frog's left: on top going right, at the bottom coming back.
  assert.ok(pads["2a"].y < pads["2b"].y);
  assert.ok(pads["5a"].y > pads["5b"].y);
  // Pads of one block stand across the path, one lane apart.
  assert.equal(pads["4c"].y - pads["4a"].y, 2 * UNITS.lane);
  assert.equal(pads.home.r, UNITS.home / 2);
  assert.equal(pads["1"].r, UNITS.pad / 2);
});

test("nothing sticks out of the drawing, nor overlaps", () => {
  const layout = mapLayout(longMap(30));
  const pads = Object.values(layout.pads);
  for (const p of pads) {
    assert.ok(p.x - p.r >= 0 && p.x + p.r <= layout.width, "inside sideways");
    assert.ok(p.y - p.r >= 0 && p.y + p.r <= layout.height, "inside up and down");
  }
  for (let i = 0; i < pads.length; i++) {
    for (let j = i + 1; j < pads.length; j++) {
      const d = Math.hypot(pads[i].x - pads[j].x, pads[i].y - pads[j].y);
      assert.ok(d >= pads[i].r + pads[j].r, "pads never overlap");
    }
  }
});

test("edges are lines, and arcs where a line would cross another pad", () => {
  const layout = mapLayout(SHORT);
  const d = Object.fromEntries(layout.edges.map((e) => [`${e.from} ${e.to}`, e.d]));
  assert.equal(layout.edges.length, SHORT.edges.length);
  assert.match(d["home 1"], /^M[\d.]+ [\d.]+L[\d.]+ [\d.]+$/);
  // Round the turn: 4b to 5b runs past 4c, and 4b to 5a past 4c and 5b: two arcs, the
  // outer one wider.
  const rx = (path) => Number(path.match(/A([\d.]+) /)[1]);
  assert.match(d["4b 5b"], /A/);
  assert.match(d["4b 5a"], /A/);
  assert.ok(rx(d["4b 5a"]) > rx(d["4b 5b"]));
  // Side by side in one block: a short straight line.
  assert.match(d["4a 4b"], /L/);
  // An edge to a pad the map does not have is left out.
  assert.equal(mapLayout({ ...SHORT, edges: [["1", "9z"]] }).edges.length, 0);
});

test("the arcs round a turn stay out of the pads they pass", () => {
  const layout = mapLayout(SHORT);
  const turn = layout.edges.find((e) => e.from === "4b" && e.to === "5a");
  const [rx] = turn.d.match(/A([\d.]+) /).slice(1).map(Number);
  assert.ok(rx >= layout.pads["4c"].r + 10);
  assert.ok(layout.pads["4b"].x + rx <= layout.width, "the arc is inside the drawing");
});

test("an empty or broken map lays out as nothing", () => {
  assert.deepEqual(mapLayout({}).order, []);
  assert.equal(mapLayout({ blocks: "x" }).width, 0);
  assert.deepEqual(mapLayout({ blocks: [["home"], []] }).order, ["home"]);
});

test("a row holds the hint's blocks when they fit, else fewer, shared out evenly", () => {
  const map = { ...longMap(12), layout: { row: 13 } };
  const hint = blocksPerRow(map);
  assert.equal(fittingRow(map, 0), hint, "no width yet: the hint");
  assert.equal(fittingRow(map, 10000), hint);
  const row = fittingRow(map, 600);
  assert.ok(row < hint && row >= 2);
  assert.ok(mapLayout(map, { row }).width * MIN_SCALE <= 600);
  // 13 blocks in rows of about the same length, never a lone block on the last row
  const rows = Math.ceil(13 / row);
  assert.ok(13 - (rows - 1) * row >= row - rows);
  assert.equal(fittingRow(map, 50), 2, "never fewer than 2");
});

test("the arrows go to the nearest pad that way; Home and End to the ends", () => {
  const layout = mapLayout(SHORT);
  const points = layout.order.map((name) => layout.pads[name]);
  const at = (name) => layout.order.indexOf(name);
  const go = (from, key) => layout.order[nextPad(points, at(from), key)];
  assert.equal(go("home", "ArrowRight"), "1");
  assert.equal(go("1", "ArrowRight"), "2a");  // 2a and 2b are as near: the first listed
  assert.equal(go("2a", "ArrowDown"), "2b");
  assert.equal(go("2b", "ArrowUp"), "2a");
  assert.equal(go("4b", "ArrowDown"), "4c");
  assert.equal(go("4c", "ArrowDown"), "5b", "down the turn to the next row");
  assert.equal(go("5a", "ArrowLeft"), "6");
  assert.equal(go("home", "ArrowLeft"), "home", "stays at the edge");
  assert.equal(go("home", "ArrowUp"), "home");
  assert.equal(go("6", "End"), "8");
  assert.equal(go("6", "Home"), "home");
  assert.equal(nextPad(points, 0, "x"), null);
  assert.equal(nextPad([], 0, "ArrowLeft"), null);
});
