import { test } from "node:test";
import assert from "node:assert/strict";
import { jumpTo, readLegal, targetsOf } from "../croak/legal.js";
import { PASS, jump, victim } from "./croak-moves.js";

// view(0).legal of CroakGame(2, seed=3) at the start.
const START = [jump("Q", "a1", "b2"), jump("S", "b1", "c1"), jump("S", "b1", "b2"), jump("S", "b1", "c2"), jump("S", "a2", "b2"), jump("S", "a2", "a3"), jump("S", "a2", "b3")];

test("readLegal groups the jumps by frog and source square", () => {
  const moves = readLegal(START);
  assert.deepEqual([...moves.frogsAt], [["a1", ["Q"]], ["b1", ["S"]], ["a2", ["S"]]]);
  assert.deepEqual(targetsOf(moves, { square: "a1", frog: "Q" }), ["b2"]);
  assert.deepEqual(targetsOf(moves, { square: "b1", frog: "S" }), ["c1", "b2", "c2"]);
  assert.deepEqual(moves.victims, []);
  assert.equal(moves.canPass, false);
});

test("a Queen and a Servant on one square: both listed, Queen first", () => {
  const moves = readLegal([jump("S", "c3", "c4"), jump("Q", "c3", "d4"), jump("S", "c3", "b4")]);
  assert.deepEqual(moves.frogsAt.get("c3"), ["Q", "S"]);
  assert.deepEqual(targetsOf(moves, { square: "c3", frog: "S" }), ["c4", "b4"]);
  assert.deepEqual(targetsOf(moves, { square: "c3", frog: "Q" }), ["d4"]);
});

test("victims and pass, each with the text to send", () => {
  const moves = readLegal([victim(1), victim(2)]);
  assert.deepEqual(moves.victims, [{ seat: 1, text: "x 1" }, { seat: 2, text: "x 2" }]);
  assert.equal(moves.frogsAt.size, 0);
  assert.equal(readLegal([jump("S", "b1", "c2"), PASS]).canPass, true);
  assert.equal(readLegal([PASS]).pass, "pass");
  assert.equal(readLegal([jump("S", "b1", "c2")]).pass, null);
});

test("a legal jump sends its own text; another sends its notation, for Python to refuse", () => {
  const moves = readLegal([{ ...jump("S", "b1", "c2"), text: "S b1-c2 (as sent)" }]);
  assert.equal(jumpTo(moves, { square: "b1", frog: "S" }, "c2"), "S b1-c2 (as sent)");
  assert.equal(jumpTo(moves, { square: "b1", frog: "S" }, "h8"), "S b1-h8");
});

test("no selection, no targets; what is not a move is ignored", () => {
  const moves = readLegal([jump("Q", "a1", "b2"), "Q a1-b3", null, { kind: "jump" }]);
  assert.deepEqual(targetsOf(moves, null), []);
  assert.deepEqual(targetsOf(moves, { square: "h8", frog: "Q" }), []);
  assert.deepEqual([...moves.frogsAt], [["a1", ["Q"]]]);
  assert.deepEqual(readLegal(undefined).frogsAt.size, 0);
});
