import { test } from "node:test";
import assert from "node:assert/strict";
import { frogGroupText, frontName, groupFrogs, squareLabel, tileName } from "../croak/labels.js";

const players = [{ name: "Blue" }, { name: "Green" }, { name: "<b>x</b>" }];
const tile = (square, back, front, frogs = []) => ({ square, back, front, frogs });

test("the three backs are named apart", () => {
  assert.equal(squareLabel(tile("c3", "shallow", null)), "c3: face-down shallow-water tile");
  assert.equal(squareLabel(tile("c3", "deep-a", null)), "c3: face-down deep-water tile (A)");
  assert.equal(squareLabel(tile("c3", "deep-b", null)), "c3: face-down deep-water tile (B)");
});

test("fronts in plain English, Males by colour", () => {
  assert.equal(frontName("lily-pad"), "Lily Pad");
  assert.equal(frontName("male-purple"), "purple Male");
  assert.equal(tileName(tile("a1", "shallow", "reeds")), "Reeds");
  for (const front of ["mosquito", "mud", "pike", "log"]) {
    assert.equal(frontName(front), front[0].toUpperCase() + front.slice(1));
  }
});

test("frogs by their owner's name, the Mud said", () => {
  assert.equal(squareLabel(tile("d4", "shallow", "reeds", [{ seat: 0, frog: "Q", mud: false }]), { players }),
    "d4: Reeds, Blue's Queen");
  assert.equal(squareLabel(tile("e5", "shallow", "mud", [{ seat: 1, frog: "S", mud: true }]), { players }),
    "e5: Mud, Green's Servant (stuck in the Mud)");
});

test("several frogs: identical ones counted, others listed in order", () => {
  const frogs = [
    { seat: 0, frog: "S", mud: false }, { seat: 1, frog: "S", mud: false }, { seat: 0, frog: "S", mud: false },
  ];
  assert.deepEqual(groupFrogs(frogs), [
    { seat: 0, frog: "S", mud: false, count: 2 }, { seat: 1, frog: "S", mud: false, count: 1 },
  ]);
  assert.equal(squareLabel(tile("f6", "deep-a", "log", frogs), { players }),
    "f6: Log, Blue's 2 Servants, Green's Servant");
});

test("names are used as they are: markup stays text", () => {
  assert.equal(frogGroupText({ seat: 2, frog: "Q", mud: false, count: 1 }, players), "<b>x</b>'s Queen");
  assert.equal(frogGroupText({ seat: 5, frog: "Q", mud: false, count: 1 }, players), "Seat 5's Queen");
});

test("the Pike chance, the selected frog and a target are said", () => {
  assert.equal(squareLabel(tile("c3", "deep-a", null), { odds: "1/8", target: true }),
    "c3: face-down deep-water tile (A), Pike chance 1/8, you may jump here");
  const both = tile("c3", "shallow", "male-red", [{ seat: 0, frog: "Q", mud: false }, { seat: 0, frog: "S", mud: false }]);
  assert.equal(squareLabel(both, { players, playing: 0, selected: { square: "c3", frog: "S" } }),
    "c3: red Male, Blue's Queen, Blue's Servant (selected)");
  assert.equal(squareLabel(both, { players, playing: 0, selected: { square: "d3", frog: "S" } }),
    "c3: red Male, Blue's Queen, Blue's Servant");
});
