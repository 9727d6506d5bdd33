import { test } from "node:test";
import assert from "node:assert/strict";
import { canUndo, hintText, messages, nextMessage, passTo, statusText, undoTitle } from "../shared/board.js";

test("the undo button follows Python's can_undo, and nothing else", () => {
  assert.equal(canUndo({ can_undo: true, playing: null, decisions: 3, undo_floor: 3 }), true);
  assert.equal(canUndo({ can_undo: false, playing: 0, decisions: 3, undo_floor: 0 }), false);
});

test("a view without can_undo offers no undo", () => {
  assert.equal(canUndo({ playing: 0, decisions: 3, undo_floor: 0 }), false);
  assert.equal(canUndo({ can_undo: "true" }), false, "only the boolean true");
  assert.equal(canUndo({}), false);
});

test("every message to Python is built by board.js", () => {
  const view = { decisions: 7 };
  assert.deepEqual(messages.move(view, "S b1-c2"), { type: "move", move: "S b1-c2", decisions: 7 });
  assert.deepEqual(messages.move(view, "pass", null), { type: "move", move: "pass", decisions: 7 });
  assert.deepEqual(messages.move(view, "arrest c3", 0), { type: "move", move: "arrest c3", decisions: 7, seat: 0 },
    "seat 0 is a seat, not a missing one");
  assert.deepEqual(messages.option("pike_odds", true), { type: "option", name: "pike_odds", value: true });
  assert.deepEqual(messages.undo(view), { type: "undo", decisions: 7 });
  assert.deepEqual(messages.iam(1), { type: "iam", seat: 1 });
  assert.deepEqual(messages.ready(), { type: "ready" });
});

test("the pass screen shows only when Python names the next person", () => {
  assert.deepEqual(passTo({ pass_to: 1, pass_name: "Bob" }), { seat: 1, name: "Bob" });
  assert.deepEqual(passTo({ pass_to: 0, pass_name: "Ada" }), { seat: 0, name: "Ada" });
  assert.deepEqual(passTo({ pass_to: 2 }), { seat: 2, name: "Seat 2" });
  assert.equal(passTo({ pass_to: null, pass_name: null }), null);
  assert.equal(passTo({}), null);
  assert.equal(passTo({ pass_to: "1" }), null, "only a seat number");
});

test("one message at a time: the newest of a hint and Python's error", () => {
  const hint = { kind: "hint", text: "Choose one of your frogs first." };
  const error = { kind: "error", text: "e5 is not next to c3" };
  assert.deepEqual(nextMessage(null, hint), hint);
  assert.deepEqual(nextMessage(hint, error), error, "an error replaces the hint");
  assert.deepEqual(nextMessage(error, hint), hint, "a hint replaces the error");
  assert.equal(nextMessage(hint, { kind: "hint", text: "" }), null, "a new selection clears the hint");
  assert.equal(nextMessage(error, { kind: "hint", text: "" }), null, "... and an old error");
  assert.equal(nextMessage(error, { kind: "error", text: "" }), null, "Python cleared its error");
  assert.deepEqual(nextMessage(hint, { kind: "error", text: "" }), hint, "a cleared error leaves the hint");
  assert.equal(nextMessage(hint, { kind: "view" }), null, "a new view clears the hint");
  assert.equal(nextMessage(error, { kind: "view" }), null, "... and the error");
  assert.deepEqual(nextMessage(error, { kind: "view", keepError: true }), error,
    "but not the error that came with it");
  assert.equal(nextMessage(hint, { kind: "view", keepError: true }), null);
  assert.equal(nextMessage(null, { kind: "view" }), null);
});

test("while bots think, the status and every click say so", () => {
  const thinking = { prompt: "Green: move one of your frogs", thinking: "Green (a bot) is thinking…" };
  assert.equal(statusText(thinking), "Green (a bot) is thinking…");
  assert.equal(statusText({ prompt: "Blue: move", thinking: null }), "Blue: move");
  assert.equal(statusText({}), "");
  assert.equal(hintText(thinking, "Wait: this board is not playing now."), "Green (a bot) is thinking…");
  assert.equal(hintText(thinking, ""), "", "a click that answered nothing stays silent");
  assert.equal(hintText({ thinking: null }, "Choose one of your frogs first."), "Choose one of your frogs first.");
});

test("the disabled undo button says Python's reason", () => {
  const why = "something hidden was shown since your move (a tile turned over, a card drawn, a die rolled), and nobody may peek and take it back";
  assert.equal(undoTitle({ can_undo: false, undo_why: why }), `Undo is off: ${why}`);
  assert.equal(undoTitle({ can_undo: false }), "Undo is off");
  assert.match(undoTitle({ can_undo: true, undo_why: null }), /^Take back your last decision/);
});
