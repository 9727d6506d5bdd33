import { test } from "node:test";
import assert from "node:assert/strict";
import { jumpNotation, parseMove, readLegal, targetsOf } from "../croak/legal.js";

test("parseMove reads the four kinds of notation", () => {
  assert.deepEqual(parseMove("Q a1-b2"), { kind: "jump", frog: "Q", from: "a1", to: "b2" });
  assert.deepEqual(parseMove("S h7-g8"), { kind: "jump", frog: "S", from: "h7", to: "g8" });
  assert.deepEqual(parseMove("x 3"), { kind: "victim", seat: 3 });
  assert.deepEqual(parseMove("pass"), { kind: "pass" });
});

test("parseMove refuses what is not notation", () => {
  for (const text of ["", "Q a1b2", "K a1-b2", "Q a9-b2", "S i1-a2", "x one", "Pass", " pass", "Q a1-b2 "]) {
    assert.equal(parseMove(text), null, text);
  }
});

test("jumpNotation writes what parseMove reads", () => {
  assert.equal(jumpNotation("S", "c3", "d4"), "S c3-d4");
  assert.deepEqual(parseMove(jumpNotation("Q", "a1", "b2")), { kind: "jump", frog: "Q", from: "a1", to: "b2" });
});

// view(0).legal of CroakGame(2, seed=3) at the start.
const START = ["Q a1-b2", "S b1-c1", "S b1-b2", "S b1-c2", "S a2-b2", "S a2-a3", "S a2-b3"];

test("readLegal groups the jumps by frog and source square", () => {
  const moves = readLegal(START);
  assert.deepEqual([...moves.frogsAt], [["a1", ["Q"]], ["b1", ["S"]], ["a2", ["S"]]]);
  assert.deepEqual(targetsOf(moves, { square: "a1", frog: "Q" }), ["b2"]);
  assert.deepEqual(targetsOf(moves, { square: "b1", frog: "S" }), ["c1", "b2", "c2"]);
  assert.deepEqual(moves.victims, []);
  assert.equal(moves.canPass, false);
});

test("a Queen and a Servant on one square: both listed, Queen first", () => {
  const moves = readLegal(["S c3-c4", "Q c3-d4", "S c3-b4"]);
  assert.deepEqual(moves.frogsAt.get("c3"), ["Q", "S"]);
  assert.deepEqual(targetsOf(moves, { square: "c3", frog: "S" }), ["c4", "b4"]);
  assert.deepEqual(targetsOf(moves, { square: "c3", frog: "Q" }), ["d4"]);
});

test("victims and pass", () => {
  const moves = readLegal(["x 1", "x 2"]);
  assert.deepEqual(moves.victims, [1, 2]);
  assert.equal(moves.frogsAt.size, 0);
  assert.equal(readLegal(["S b1-c2", "pass"]).canPass, true);
});

test("no selection, no targets; unknown text is ignored", () => {
  const moves = readLegal(["Q a1-b2", "resign"]);
  assert.deepEqual(targetsOf(moves, null), []);
  assert.deepEqual(targetsOf(moves, { square: "h8", frog: "Q" }), []);
  assert.deepEqual(readLegal(undefined).frogsAt.size, 0);
});
