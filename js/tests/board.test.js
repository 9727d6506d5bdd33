import { test } from "node:test";
import assert from "node:assert/strict";
import {
  boardWidget, canUndo, hintText, messages, newGameAsks, newGameClick, nextMessage, passTo, statusText, undoTitle,
} from "../shared/board.js";

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
  assert.deepEqual(messages.newGame(view), { type: "new_game", decisions: 7 });
  assert.deepEqual(messages.save(), { type: "save" });
});

test("New game asks first only while a game is under way", () => {
  assert.equal(newGameAsks({ decisions: 0, is_over: false }), false, "nothing to lose yet");
  assert.equal(newGameAsks({ decisions: 4, is_over: true }), false, "the game is over");
  assert.equal(newGameAsks({ decisions: 4, is_over: false }), true);
  assert.equal(newGameClick({ decisions: 0, is_over: false }, false), "send");
  assert.equal(newGameClick({ decisions: 4, is_over: false }, false), "ask");
  assert.equal(newGameClick({ decisions: 4, is_over: false }, true), "send", "the second click sends");
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

// -- the frame's buttons, rendered on just enough of a DOM ------------------------------
class FakeNode {
  constructor(tag, text = null) {
    this.tag = tag;
    this.text = text;
    this.attrs = {};
    this.children = [];
    this.parentElement = null;
    this.listeners = {};
    this.dataset = {};
    this.hidden = false;
    this.disabled = false;
    this.scrollTop = 0;
    this.scrollHeight = 0;
    const classes = new Set();
    this.classList = {
      add: (...names) => names.forEach((n) => classes.add(n)),
      toggle: (name, on) => (on ? classes.add(name) : classes.delete(name)),
      contains: (name) => classes.has(name),
    };
  }

  get ownerDocument() { return fakeDocument; }

  setAttribute(name, value) {
    this.attrs[name] = String(value);
    if (name === "hidden") this.hidden = true;
  }

  getAttribute(name) { return this.attrs[name] ?? null; }

  removeAttribute(name) { delete this.attrs[name]; }

  append(...nodes) {
    for (const node of nodes) {
      node.parentElement = this;
      this.children.push(node);
    }
  }

  replaceChildren() { this.children = []; }

  remove() {
    const siblings = this.parentElement.children;
    siblings.splice(siblings.indexOf(this), 1);
  }

  get firstElementChild() { return this.children[0] ?? null; }

  get textContent() { return this.text ?? this.children.map((c) => c.textContent).join(""); }

  set textContent(value) {
    this.children = [];
    this.text = value;
  }

  addEventListener(kind, fn) { (this.listeners[kind] ||= []).push(fn); }

  click() { for (const fn of this.listeners.click || []) fn(); }

  contains(node) { return node === this || this.children.some((c) => c.contains?.(node)); }

  querySelectorAll() { return []; }

  focus() {}

  getClientRects() { return [1]; }

  *walk() {
    yield this;
    for (const child of this.children) if (child instanceof FakeNode) yield* child.walk();
  }

  byRole(role) { return [...this.walk()].find((n) => n.attrs["data-role"] === role); }
}

const fakeDocument = {
  createElement: (tag) => new FakeNode(tag),
  createElementNS: (ns, tag) => new FakeNode(tag),
  createTextNode: (text) => new FakeNode("#text", text),
  activeElement: null,
};
fakeDocument.body = new FakeNode("body");
fakeDocument.activeElement = fakeDocument.body;

function renderBoard(view) {
  globalThis.document = fakeDocument;
  const traits = { view, options: {}, error: {}, notice: "" };
  const handlers = {};
  const sent = [];
  const model = {
    get: (name) => traits[name],
    set: (name, value) => {
      traits[name] = value;
      for (const fn of handlers[`change:${name}`] || []) fn();
    },
    on: (kind, fn) => { (handlers[kind] ||= []).push(fn); },
    off: () => {},
    send: (message) => sent.push(message),
  };
  const el = new FakeNode("div");
  const widget = boardWidget({ className: "pw-test", mount: () => ({ update() {} }) });
  const cleanup = widget.render({ model, el });
  sent.length = 0;  // the "ready" message
  return { el, model, sent, cleanup };
}

test("the Save button sends save, and Python's notice shows under it", () => {
  const { el, model, sent, cleanup } = renderBoard({ decisions: 3, is_over: false, events: [] });
  const notice = el.byRole("notice");
  assert.equal(notice.hidden, true, "no notice before a save");
  el.byRole("save").click();
  assert.deepEqual(sent, [{ type: "save" }]);
  model.set("notice", "Saved as croak-2026-12-01-1432.pondsave.json: download it before the session ends.");
  assert.equal(notice.hidden, false);
  assert.match(notice.textContent, /^Saved as croak-2026-12-01-1432\.pondsave\.json/);
  assert.equal(notice.attrs.role, "status", "a screen reader hears it");
  cleanup();
});

test("New game sends new_game at once before any decision, and asks first during a game", () => {
  const fresh = renderBoard({ decisions: 0, is_over: false, events: [] });
  fresh.el.byRole("new-game").click();
  assert.deepEqual(fresh.sent, [{ type: "new_game", decisions: 0 }]);
  fresh.cleanup();

  const { el, sent, cleanup } = renderBoard({ decisions: 5, is_over: false, events: [] });
  const button = el.byRole("new-game");
  assert.equal(button.textContent, "New game");
  button.click();
  assert.deepEqual(sent, [], "the first click only asks");
  assert.equal(button.textContent, "Sure? Start again");
  button.click();
  assert.deepEqual(sent, [{ type: "new_game", decisions: 5 }]);
  assert.equal(button.textContent, "New game", "and the button is itself again");
  cleanup();
});
