import { test } from "node:test";
import assert from "node:assert/strict";
import { ARROW_GAP, STEP_MS, frameCount, marksAt, pathArrows, replayKey, replayPlan, replayer, siteXY, stepSegments } from "../rapidcroco/replay.js";

const last = (path, site, asDecided = {}) =>
  ({ round: 1, path, culprit: { name: "X", site }, winner: 0, wrong: {}, as_decided: asDecided });
const croc = (site) => ({ kind: "croc", name: "Marigold", site, arm: "right", turn: 0 });
const empty = (site) => ({ kind: "empty", site, turn: 0 });

test("a plan: the path's sites, then the culprit; none without a path", () => {
  const plan = replayPlan(last(["c2", "e2"], "e2"));
  assert.deepEqual(plan, { steps: ["c2", "e2"], culprit: "e2", before: {} });
  assert.equal(frameCount(plan), 3, "nothing changed at the end: no capture frame");
  assert.equal(replayPlan(null), null);
  assert.equal(replayPlan(last([], null)), null, "the race was for a card in a hand");
  assert.equal(frameCount(null), 0);
});

test("frames light the path step by step and mark the culprit last", () => {
  const plan = replayPlan(last(["a1", "b1", "b2", "a1"], "a1"));  // a1 pointed at twice
  const one = marksAt(plan, 1);
  assert.deepEqual([...one.marks], [["a1", { steps: [1], culprit: false, taken: false }]]);
  assert.deepEqual(one.lines, []);
  const four = marksAt(plan, 4);
  assert.deepEqual(four.marks.get("a1"), { steps: [1, 4], culprit: false, taken: false });
  assert.deepEqual(four.lines, [["a1", "b1"], ["b1", "b2"], ["b2", "a1"]]);
  assert.deepEqual(marksAt(plan, 5).marks.get("a1"), { steps: [1, 4], culprit: true, taken: false });
  assert.equal(marksAt(null, 3).marks.size, 0);
});

test("a Hippo's path: the culprit is back at the start", () => {
  const plan = replayPlan(last(["a4", "b4"], "a4"));
  const end = marksAt(plan, frameCount(plan));
  assert.deepEqual(end.marks.get("a4"), { steps: [1], culprit: true, taken: false });
  assert.deepEqual(end.marks.get("b4"), { steps: [2], culprit: false, taken: false });
});

test("the round as decided: the culprit in place until the last frame, its capture, then Crocs given back", () => {
  // Issue 11: the culprit (f3) was taken and a penalty gave d6 back after the round was
  // decided; the replay shows f3 holding it and d6 empty, then the table as it is now.
  const plan = replayPlan(last(["a1", "f3"], "f3", { f3: croc("f3"), d6: empty("d6") }));
  assert.equal(frameCount(plan), 4, "two steps, the culprit, the capture");
  for (const shown of [1, 2, 3]) {
    assert.deepEqual(marksAt(plan, shown).table, { f3: croc("f3"), d6: empty("d6") }, `frame ${shown}`);
  }
  assert.deepEqual(marksAt(plan, 3).marks.get("f3"), { steps: [2], culprit: true, taken: false },
    "the culprit marked on its card");
  const capture = marksAt(plan, 4);
  assert.deepEqual(capture.table, {}, "then the table as it is now");
  assert.deepEqual(capture.marks.get("f3"), { steps: [2], culprit: true, taken: true });
  assert.deepEqual(capture.lines, [["a1", "f3"]], "the path stays drawn");
  // Nobody won: the culprit stays; only a Croc given back changes the table.
  const kept = replayPlan(last(["a1", "f3"], "f3", { d6: empty("d6") }));
  assert.equal(marksAt(kept, frameCount(kept)).marks.get("f3").taken, false);
});

test("segments: straight between sites, two pieces for a step that wrapped round", () => {
  assert.deepEqual(siteXY("a1"), [0, 0]);
  assert.deepEqual(siteXY("f6"), [5, 5]);
  assert.deepEqual(stepSegments("a1", "d1", "right"), [[[0.5, 0.5], [3.5, 0.5]]]);
  assert.deepEqual(stepSegments("a1", "d1", null), [[[0.5, 0.5], [3.5, 0.5]]]);
  assert.deepEqual(stepSegments("f3", "b3", "right"), [[[5.5, 2.5], [6, 2.5]], [[0, 2.5], [1.5, 2.5]]]);
  assert.deepEqual(stepSegments("c1", "c5", "up"), [[[2.5, 0.5], [2.5, 0]], [[2.5, 6], [2.5, 4.5]]]);
  assert.deepEqual(stepSegments("c5", "c1", "up"), [[[2.5, 4.5], [2.5, 0.5]]]);
});

test("back and forth: A->B and B->A are two parallel arrows apart, each on its right", () => {
  const close = (x, y) => Math.abs(x - y) < 1e-9;
  const direction = ([[x1, y1], [x2, y2]]) => [x2 - x1, y2 - y1];
  const parallel = (s, t) => {
    const [a, b] = [direction(s), direction(t)];
    return close(a[0] * b[1] - a[1] * b[0], 0);
  };
  // The perpendicular distance between the lines through two parallel segments.
  const apart = (s, t) => {
    const [dx, dy] = direction(s);
    const len = Math.hypot(dx, dy);
    return Math.abs((t[0][0] - s[0][0]) * dy - (t[0][1] - s[0][1]) * dx) / len;
  };
  const lines = marksAt(replayPlan(last(["b2", "e2", "e4", "e2", "b2"], "b2")), 6).lines;
  const arrows = pathArrows(lines);
  assert.equal(arrows.length, 4);
  const [there] = arrows[0];  // b2 -> e2
  const [back] = arrows[3];   // e2 -> b2
  assert.notDeepEqual(there, [...back].reverse(), "not one on top of the other");
  assert.ok(parallel(there, back));
  assert.ok(close(apart(there, back), 2 * ARROW_GAP), "one gap each side of the middle line");
  // Each on its own right: b2 -> e2 goes right, so it lies below the middles (y grows
  // downwards); e2 -> b2 goes left and lies above.
  assert.ok(close(there[0][1], 1.5 + ARROW_GAP) && close(there[1][1], 1.5 + ARROW_GAP));
  assert.ok(close(back[0][1], 1.5 - ARROW_GAP) && close(back[1][1], 1.5 - ARROW_GAP));
  assert.ok(close(there[0][0], 1.5) && close(there[1][0], 4.5), "the same length, ends beside the middles");
  // e2 <-> e4 too, vertically: down on the left of the middle column, up on its right.
  assert.ok(close(arrows[1][0][0][0], 4.5 - ARROW_GAP) && close(arrows[2][0][0][0], 4.5 + ARROW_GAP));
  assert.ok(parallel(arrows[1][0], arrows[2][0]));
});

test("an arrow drawn once stays on the middles; a repeated one moves further out", () => {
  const plan = replayPlan(last(["a1", "c1", "c3"], "c3"));
  assert.deepEqual(pathArrows(marksAt(plan, 3).lines), [[[[0.5, 0.5], [2.5, 0.5]]], [[[2.5, 0.5], [2.5, 2.5]]]]);
  // a1 -> c1 twice (a wrap brings the path back): two parallel arrows, one gap apart.
  const twice = pathArrows([["a1", "c1"], ["c1", "a1"], ["a1", "c1"]], () => "right");
  assert.ok(Math.abs(twice[0][0][0][1] - (0.5 + ARROW_GAP)) < 1e-9);
  assert.ok(Math.abs(twice[2][0][0][1] - (0.5 + 2 * ARROW_GAP)) < 1e-9);
  // The wrapped step c1 -> a1 with its arm right: two segments, both moved to their right.
  assert.equal(twice[1].length, 2);
  for (const [[, y1], [, y2]] of twice[1]) assert.ok(Math.abs(y1 - (0.5 + ARROW_GAP)) < 1e-9 && y1 === y2);
});

test("an arrow is apart from its first frame when the whole path comes back later", () => {
  const plan = replayPlan(last(["b2", "e2", "b2"], "b2"));
  const all = marksAt(plan, Infinity).lines;
  const early = pathArrows(marksAt(plan, 2).lines, () => null, all);
  const late = pathArrows(marksAt(plan, 3).lines, () => null, all);
  assert.deepEqual(early[0], late[0], "the first arrow does not jump when the second comes");
  assert.ok(Math.abs(early[0][0][0][1] - (1.5 + ARROW_GAP)) < 1e-9);
});

test("a new round has a new key", () => {
  assert.equal(replayKey(null), null);
  assert.notEqual(replayKey(last(["a1"], "a1")), replayKey({ ...last(["a1"], "a1"), round: 2 }));
});

function fakeTimers() {
  const queue = [];
  return {
    queue,
    setTimeout: (fn, ms) => { queue.push({ fn, ms }); return queue.length; },
    clearTimeout: (id) => { if (queue[id - 1]) queue[id - 1].fn = null; },
    tick() { const next = queue.find((t) => t.fn); const fn = next.fn; next.fn = null; fn(); return next.ms; },
    pending: () => queue.filter((t) => t.fn).length,
  };
}

test("the replayer shows one frame per step, STEP_MS apart", () => {
  const timers = fakeTimers();
  const frames = [];
  const run = replayer({ onFrame: (plan, shown) => frames.push(shown), timers });
  run.play(replayPlan(last(["a1", "b1", "c1"], "c1")));
  assert.deepEqual(frames, [1]);
  assert.equal(run.isRunning(), true);
  while (timers.pending()) assert.equal(timers.tick(), STEP_MS);
  assert.deepEqual(frames, [1, 2, 3, 4]);
  assert.equal(run.isRunning(), false);
});

test("reduced motion, or no animation asked: the last frame at once", () => {
  for (const options of [{ reduced: () => true, animate: true }, { reduced: () => false, animate: false }]) {
    const timers = fakeTimers();
    const frames = [];
    const run = replayer({ onFrame: (plan, shown) => frames.push(shown), reduced: options.reduced, timers });
    run.play(replayPlan(last(["a1", "b1"], "b1")), { animate: options.animate });
    assert.deepEqual(frames, [3]);
    assert.equal(timers.pending(), 0);
  }
});

test("stop cancels a running replay; a new one replaces it", () => {
  const timers = fakeTimers();
  const frames = [];
  const run = replayer({ onFrame: (plan, shown) => frames.push(shown), timers });
  run.play(replayPlan(last(["a1", "b1", "c1"], "c1")));
  run.stop();
  assert.equal(timers.pending(), 0);
  assert.equal(run.isRunning(), false);
  run.play(null);
  assert.deepEqual(frames, [1, 0]);
});
