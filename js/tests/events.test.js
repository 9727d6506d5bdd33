import { test } from "node:test";
import assert from "node:assert/strict";
import { eventChanges } from "../shared/events.js";

test("the first events are all added", () => {
  assert.deepEqual(eventChanges([], ["a", "b"]), { drop: 0, add: ["a", "b"] });
});

test("an unchanged list changes nothing, so nothing is announced again", () => {
  assert.deepEqual(eventChanges(["a", "b"], ["a", "b"]), { drop: 0, add: [] });
});

test("new events are appended to a growing list", () => {
  assert.deepEqual(eventChanges(["a", "b"], ["a", "b", "c", "d"]), { drop: 0, add: ["c", "d"] });
});

test("a full list drops its oldest events as new ones come", () => {
  assert.deepEqual(eventChanges(["a", "b", "c"], ["c", "d", "e"]), { drop: 2, add: ["d", "e"] });
});

test("a list that does not continue the old one replaces it", () => {
  assert.deepEqual(eventChanges(["b", "c", "d"], ["a", "b", "c"]), { drop: 3, add: ["a", "b", "c"] });
  assert.deepEqual(eventChanges(["a"], []), { drop: 1, add: [] });
});

test("repeated texts: the longest overlap wins", () => {
  assert.deepEqual(eventChanges(["x", "y", "x"], ["x", "y", "x", "y"]), { drop: 0, add: ["y"] });
});
