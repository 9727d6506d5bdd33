import { test } from "node:test";
import assert from "node:assert/strict";
import { boardWidget } from "../shared/board.js";
import {
  canUndo, hintText, newGameAsks, newGameClick, nextMessage, nextRoundText, passTo, statusText, undoTitle,
} from "../shared/frame-texts.js";
import { actingKey, activatedControl, focusAfter, isNextRoundKey, pendingMark, PENDING_TIMEOUT } from "../shared/input.js";
import { drawnView, keepPrivate, messages, PRIVATE_KEPT } from "../shared/protocol.js";
import { UNPLUGGED } from "../shared/saved.js";
import { html } from "../shared/dom.js";

test("the undo button follows Python's can_undo, and nothing else", () => {
  assert.equal(canUndo({ can_undo: true, playing: null, decisions: 3, undo_floor: 3 }), true);
  assert.equal(canUndo({ can_undo: false, playing: 0, decisions: 3, undo_floor: 0 }), false);
});

test("a view without can_undo offers no undo", () => {
  assert.equal(canUndo({ playing: 0, decisions: 3, undo_floor: 0 }), false);
  assert.equal(canUndo({ can_undo: "true" }), false, "only the boolean true");
  assert.equal(canUndo({}), false);
});

test("every message to Python is built by protocol.js", () => {
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

test("between rounds the status, every click and the Next round button say what to do", () => {
  const text = "Press Next round (or N) when everyone is ready: Bob turns the criteria to start round 2.";
  const waiting = { prompt: "Bob turns the criteria to start round 2.", thinking: null, next_round: text };
  assert.equal(nextRoundText(waiting), text);
  assert.equal(statusText(waiting), text);
  assert.equal(hintText(waiting, "Wait: this board is not playing now."), text);
  assert.equal(nextRoundText({ next_round: null }), null);
  assert.equal(nextRoundText({ next_round: 3 }), null, "only Python's text shows the button");
  assert.equal(isNextRoundKey({ key: "n", target: { tagName: "BUTTON" } }), true);
  assert.equal(isNextRoundKey({ key: "N", target: { tagName: "DIV" } }), true);
  assert.equal(isNextRoundKey({ key: "n", ctrlKey: true, target: {} }), false, "Ctrl+N is the browser's");
  assert.equal(isNextRoundKey({ key: "n", target: { tagName: "INPUT" } }), false, "typing an n in a field");
  assert.equal(isNextRoundKey({ key: "m", target: {} }), false);
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

  addEventListener(kind, fn, capture = false) {
    if (capture && kind === "click") (this.capturing ||= []).push(fn);
    else (this.listeners[kind] ||= []).push(fn);
  }

  removeEventListener(kind, fn) {
    this.capturing = (this.capturing || []).filter((f) => f !== fn);
    this.listeners[kind] = (this.listeners[kind] || []).filter((f) => f !== fn);
  }

  /** A click as the browser dispatches it: capture listeners of the ancestors first (the
   * frame's), then this node's own. */
  click() {
    let stopped = false;
    const event = { target: this, preventDefault() {}, stopPropagation() { stopped = true; } };
    const path = [];
    for (let node = this.parentElement; node; node = node.parentElement) path.unshift(node);
    for (const node of path) for (const fn of node.capturing || []) if (!stopped) fn(event);
    for (const fn of this.listeners.click || []) if (!stopped) fn(event);
  }

  closest(selector) {
    const tags = selector.split(",").map((part) => part.trim());
    for (let node = this; node; node = node.parentElement) if (tags.includes(node.tag)) return node;
    return null;
  }

  contains(node) { return node === this || this.children.some((c) => c.contains?.(node)); }

  querySelectorAll() { return []; }

  focus() { fakeDocument.activeElement = this; }

  getClientRects() { return [1]; }

  *walk() {
    yield this;
    for (const child of this.children) if (child instanceof FakeNode) yield* child.walk();
  }

  byRole(role) { return [...this.walk()].find((n) => n.attrs["data-role"] === role); }

  byClass(name) { return [...this.walk()].find((n) => (n.attrs.class || "").split(" ").includes(name)); }
}

const fakeDocument = {
  createElement: (tag) => new FakeNode(tag),
  createElementNS: (ns, tag) => new FakeNode(tag),
  createTextNode: (text) => new FakeNode("#text", text),
  activeElement: null,
};
fakeDocument.body = new FakeNode("body");
fakeDocument.activeElement = fakeDocument.body;

function renderBoard(view, mount = () => ({ update() {} }), manager = undefined) {
  globalThis.document = fakeDocument;
  fakeDocument.activeElement = fakeDocument.body;
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
    off: (kind, fn) => { handlers[kind] = (handlers[kind] || []).filter((f) => f !== fn); },
    send: (message) => sent.push(message),
    /** A custom message from Python (widget.send(content) in the kernel). */
    receive: (content) => { for (const fn of handlers["msg:custom"] || []) fn(content, []); },
    widget_manager: manager,
  };
  const el = new FakeNode("div");
  const widget = boardWidget({ className: "pw-test", mount });
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

test("Next round shows only while Python waits for it, and its click or the N key sends next_round", () => {
  const waiting = { decisions: 4, is_over: false, events: [], next_round: "Press Next round (or N) when everyone is ready: …" };
  const { el, model, sent, cleanup } = renderBoard(waiting);
  const button = el.byRole("next-round");
  assert.equal(button.hidden, false);
  assert.equal(button.attrs["aria-keyshortcuts"], "N");
  button.click();
  assert.deepEqual(sent, [{ type: "next_round", decisions: 4 }]);
  assert.equal(button.attrs["data-pending"], "", "the click is marked taken at once");
  let prevented = false;
  const key = { key: "n", target: el, preventDefault: () => { prevented = true; }, stopPropagation() {} };
  for (const fn of el.listeners.keydown) fn(key);
  assert.equal(prevented, true, "N is the board's, not JupyterLab's");
  assert.deepEqual(sent.at(-1), { type: "next_round", decisions: 4 });
  model.set("view", { ...waiting, decisions: 5, next_round: null });
  assert.equal(button.hidden, true, "gone once the next round starts");
  sent.length = 0;
  for (const fn of el.listeners.keydown) fn({ ...key, preventDefault: () => assert.fail("N did something") });
  assert.deepEqual(sent, [], "N does nothing when there is no round to start");
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

// -- a click answers at once: the pending mark ------------------------------------------
function fakeTimers() {
  const pending = new Map();
  let next = 0;
  return {
    setTimeout: (fn, ms) => { pending.set(++next, { fn, ms }); return next; },
    clearTimeout: (id) => { pending.delete(id); },
    fire() { for (const [id, { fn }] of [...pending]) { pending.delete(id); fn(); } },
    pending,
  };
}

test("the pending mark presses the clicked control, moves with the next click and times out", () => {
  const timers = fakeTimers();
  const pending = pendingMark({ timeout: 3000, timers });
  const a = new FakeNode("button");
  const b = new FakeNode("button");
  pending.mark(a);
  assert.deepEqual(a.attrs, { "data-pending": "", "aria-busy": "true" });
  assert.deepEqual([...timers.pending.values()].map((t) => t.ms), [3000]);
  pending.mark(b);
  assert.deepEqual(a.attrs, {}, "one control at a time");
  assert.equal(b.attrs["aria-busy"], "true");
  assert.equal(timers.pending.size, 1, "the old timer is gone");
  pending.clear();
  assert.deepEqual(b.attrs, {});
  assert.equal(timers.pending.size, 0);
  pending.mark(a);
  timers.fire();  // no answer came: the mark goes by itself
  assert.deepEqual(a.attrs, {});
  assert.equal(pending.node, null);
  pending.mark(null);  // a message from no control: nothing to mark, nothing breaks
  assert.equal(pending.node, null);
  assert.ok(PENDING_TIMEOUT >= 2000 && PENDING_TIMEOUT <= 10000, "a few seconds");
});

test("the activated control is the button around the click's target, inside the board", () => {
  const el = new FakeNode("div");
  const button = new FakeNode("button");
  const drawing = new FakeNode("svg");
  button.append(drawing);
  el.append(button);
  assert.equal(activatedControl(el, drawing), button, "a click on the drawing inside a square");
  assert.equal(activatedControl(el, el), null, "the board itself is no control");
  const outside = new FakeNode("button");
  assert.equal(activatedControl(el, outside), null, "never outside the board");
  assert.equal(activatedControl(el, null), null);
});

test("a game's move marks the clicked control until the next view", () => {
  let square;
  const mount = (frame, actions) => {
    square = html("button", {});
    square.addEventListener("click", () => actions.move("S c3-c4"));
    frame.stage.append(square);
    return { update() {} };
  };
  const { model, sent, cleanup } = renderBoard({ decisions: 0, events: [] }, mount);
  square.click();
  assert.deepEqual(sent, [{ type: "move", move: "S c3-c4", decisions: 0 }]);
  assert.equal(square.attrs["data-pending"], "", "marked before Python answers");
  assert.equal(square.attrs["aria-busy"], "true");
  model.set("view", { decisions: 1, events: [] });
  assert.equal(square.attrs["data-pending"], undefined, "the new view clears it");
  assert.equal(square.attrs["aria-busy"], undefined);
  cleanup();
});

test("undo, New game and an option are marked too; an error or new options clear the mark", () => {
  let box;
  const mount = (frame, actions) => {
    box = html("input", { type: "checkbox" });
    box.addEventListener("click", () => actions.option("pike_odds", true));
    frame.controls.append(box);
    return { update() {} };
  };
  const { el, model, sent, cleanup } = renderBoard({ decisions: 2, can_undo: true, is_over: true, events: [] }, mount);
  const undo = el.byRole("undo");
  undo.click();
  assert.deepEqual(sent, [{ type: "undo", decisions: 2 }]);
  assert.equal(undo.attrs["aria-busy"], "true");
  model.set("error", { text: "Nothing to take back", serial: 1 });
  assert.equal(undo.attrs["aria-busy"], undefined, "a refusal clears it");
  const newGame = el.byRole("new-game");
  newGame.click();  // the game is over: it sends at once
  assert.deepEqual(sent.at(-1), { type: "new_game", decisions: 2 });
  assert.equal(newGame.attrs["data-pending"], "");
  box.click();
  assert.equal(newGame.attrs["data-pending"], undefined, "the newest click only");
  assert.equal(box.attrs["data-pending"], "");
  model.set("options", { pike_odds: true });
  assert.equal(box.attrs["data-pending"], undefined, "Python's new options clear it");
  el.byRole("save").click();
  assert.equal(el.byRole("save").attrs["data-pending"], undefined, "a save changes no view: no mark");
  cleanup();
});

test("a hint sends nothing and marks nothing", () => {
  let square;
  const mount = (frame, actions) => {
    square = html("button", {});
    square.addEventListener("click", () => actions.hint("Choose one of your frogs first."));
    frame.stage.append(square);
    return { update() {} };
  };
  const { sent, cleanup } = renderBoard({ decisions: 0, events: [] }, mount);
  square.click();
  assert.deepEqual(sent, []);
  assert.equal(square.attrs["data-pending"], undefined);
  cleanup();
});

// -- over hidden hands: the person's own view comes apart, never in a trait ------------
test("a private view is drawn only beside the synced view of its serial", () => {
  const privates = new Map();
  const synced = { serial: 4, pass_to: 0, hand: [] };
  assert.equal(keepPrivate(privates, { type: "private", serial: 4, view: { serial: 4, hand: [1234] } }), true);
  assert.deepEqual(drawnView(synced, privates), { serial: 4, hand: [1234] });
  assert.equal(drawnView({ serial: 5, pass_to: 1, hand: [] }, privates).pass_to, 1, "a newer synced view: its own");
  assert.equal(privates.size, 0, "the stale private view is dropped");
  assert.equal(drawnView(synced, privates), synced, "and never drawn again, even beside an old view");
  assert.equal(drawnView({ hand: [] }, new Map([[1, { hand: [9999] }]])).hand.length, 0,
    "a board that passes nothing has no serial: only its synced view");
  assert.deepEqual(drawnView(undefined, privates), {});
});

test("only a well-formed private message is kept, and only the newest few", () => {
  const privates = new Map();
  for (const junk of [null, 7, {}, { type: "private" }, { type: "private", serial: "1", view: {} },
    { type: "private", serial: 1, view: null }, { type: "private", serial: 1.5, view: {} },
    { type: "other", serial: 1, view: {} }]) {
    assert.equal(keepPrivate(privates, junk), false, JSON.stringify(junk));
  }
  assert.equal(privates.size, 0);
  for (let serial = 1; serial <= PRIVATE_KEPT + 3; serial++) {
    keepPrivate(privates, { type: "private", serial, view: { serial } });
  }
  assert.equal(privates.size, PRIVATE_KEPT);
  assert.equal(privates.has(1), false, "the oldest go first");
  assert.equal(privates.has(PRIVATE_KEPT + 3), true);
});

test("the board draws the private view that comes before or after its synced view, never a stale one", () => {
  const drawn = [];
  const mount = () => ({ update(view) { drawn.push(view); } });
  const spectator = (serial, extra = {}) => ({ serial, decisions: 0, events: [], pass_to: 0, pass_name: "Ada", hand: [], ...extra });
  const { el, model, sent, cleanup } = renderBoard(spectator(1), mount);
  assert.equal(el.byRole("pass-device").hidden, false, "the synced view: the pass screen");

  // "I am Ada": Python sends her view first, then the synced view with the same serial.
  model.receive({ type: "private", serial: 2, view: { serial: 2, decisions: 0, events: [], pass_to: null, hand: [1234, 5678] } });
  assert.deepEqual(drawn.at(-1).hand, [], "not before its synced view");
  model.set("view", spectator(2));
  assert.deepEqual(drawn.at(-1).hand, [1234, 5678]);
  assert.equal(el.byRole("pass-device").hidden, true, "her hand, not the pass screen");

  // She plays: the synced view moves on with no private view, and hers is never drawn again.
  model.set("view", spectator(3, { decisions: 1, pass_to: 1, pass_name: "Bob" }));
  assert.deepEqual(drawn.at(-1).hand, []);
  model.receive({ type: "private", serial: 2, view: { serial: 2, decisions: 0, events: [], hand: [1234, 5678] } });
  assert.deepEqual(drawn.at(-1).hand, [], "a stale private view, late: not drawn");
  assert.equal(el.byRole("pass-device").hidden, false);

  // A view opened later asks ("ready"); its private view comes after the synced one.
  model.receive({ type: "private", serial: 3, view: { serial: 3, decisions: 1, events: [], pass_to: null, hand: [4321] } });
  assert.deepEqual(drawn.at(-1).hand, [4321], "drawn at once beside its synced view");
  assert.deepEqual(sent, [], "a private view is answered with nothing");
  cleanup();
  model.receive({ type: "private", serial: 3, view: { serial: 3, hand: [1] } });
  assert.deepEqual(drawn.at(-1).hand, [4321], "a closed view listens no more");
});

test("the pass screen keeps the table in sight: only the game's controls go, and it comes last in the stage", () => {
  const drawn = [];
  const mount = (frame) => {
    frame.stage.append(new FakeNode("div"));  // the game's table, drawn from the spectator's view
    return { update(view) { drawn.push(view); } };
  };
  const spectator = { serial: 1, decisions: 2, events: [], pass_to: 1, pass_name: "Bob", hand: [], pile: 12 };
  const { el, model, cleanup } = renderBoard(spectator, mount);
  const stage = el.byClass("pw-stage");
  const controls = el.byClass("pw-controls");
  const pass = el.byRole("pass-device");
  assert.equal(pass.hidden, false);
  assert.equal(stage.hidden, false, "the table stays: the Froop, the last card, the pile");
  assert.equal(el.byClass("pw-players").hidden, false, "and the public counts");
  assert.equal(controls.hidden, true, "the controls would act for nobody");
  assert.equal(stage.children.at(-1), pass, "under the table, in the hands' place");
  assert.equal(drawn.at(-1).pile, 12, "the game draws the spectator's view");
  model.receive({ type: "private", serial: 1, view: { ...spectator, pass_to: null, hand: [7] } });
  assert.equal(pass.hidden, true);
  assert.equal(controls.hidden, false);
  cleanup();
});

test("a click on the pass screen's table says whom to pass the device to", () => {
  const passing = { pass_to: 1, pass_name: "Bob", thinking: null };
  assert.equal(hintText(passing, "Choose a card from your hand first."),
    'Pass the device to Bob: they press "I am Bob" to see their hand.');
  assert.equal(hintText(passing, ""), "", "a click that answered nothing stays silent");
});

test("a board's initialize hooks its page's widget manager, so saved boards stay saved", () => {
  const widgets = { _modelsSync: new Map(), get_state_sync: () => ({ state: {} }) };
  const before = widgets.get_state_sync;
  boardWidget({ className: "pw-test", mount: () => ({ update() {} }) }).initialize({ model: { widget_manager: widgets } });
  assert.notEqual(widgets.get_state_sync, before, "hooked (js/shared/saved.js)");
  assert.deepEqual(widgets.get_state_sync(), { state: {} });
});

test("after a decision, by this board or a bot, focus goes from the used button to the status line", () => {
  let draw;
  const mount = (frame, actions) => {
    // A button that stays across decisions, as Kecke Frösche's "Stork here" biotope.
    draw = html("button", {});
    draw.addEventListener("click", () => actions.move("draw"));
    frame.stage.append(draw);
    return { update() {} };
  };
  const { el, model, cleanup } = renderBoard({ decisions: 0, to_act: [0], events: [] }, mount);
  const status = el.byRole("status");
  assert.equal(status.attrs.tabindex, "-1", "focusable by script only, not a tab stop");
  assert.equal(focusAfter({ wasInside: true, before: 0, view: { decisions: 1 } }), "status");
  draw.focus();
  draw.click();
  model.set("view", { decisions: 1, to_act: [1], events: [] });
  assert.equal(fakeDocument.activeElement, status, "Enter again makes no move");
  draw.focus();  // the person goes back to it while the bot plays
  model.set("view", { decisions: 2, to_act: [0], events: [] });
  assert.equal(fakeDocument.activeElement, status, "a bot's decision moves it too");
  draw.focus();
  model.set("options", { odds: true });  // no decision: it stays
  assert.equal(fakeDocument.activeElement, draw);
  cleanup();
});

test("in a race a rival's decision leaves focus, the board's own moves it", () => {
  let card;
  const mount = (frame, actions) => {
    card = html("button", {});
    card.addEventListener("click", () => actions.move("play"));
    frame.stage.append(card);
    return { update() {} };
  };
  const race = (decisions) => ({ decisions, to_act: [0, 1], events: [] });
  const { el, model, cleanup } = renderBoard(race(0), mount);
  card.focus();
  model.set("view", race(1));  // a bot's play
  assert.equal(fakeDocument.activeElement, card);
  card.click();
  model.set("view", race(2));  // this board's own
  assert.equal(fakeDocument.activeElement, el.byRole("status"));
  card.focus();
  model.set("view", race(3));  // a rival's again: the flag went with the own decision
  assert.equal(fakeDocument.activeElement, card);
  cleanup();
});

test("a board drawn from the file, with no Python behind it, says so at the first click or key", async () => {
  const view = { decisions: 3, is_over: false, events: [] };
  const saved = { get: (name) => (name === "view" ? view : undefined), comm_live: false };
  const other = { get: () => ({ decisions: 3 }), comm_live: true };  // another board's model
  const manager = { _modelsSync: new Map([["a", other], ["b", saved]]) };
  const { el, sent, cleanup } = renderBoard(view, undefined, manager);
  await Promise.resolve();  // the model behind the proxy, found in its manager
  el.byRole("save").click();
  assert.deepEqual(sent, [], "nothing sent into the void");
  assert.equal(el.byRole("hint").textContent, UNPLUGGED);
  assert.equal(el.byRole("hint").hidden, false);
  let prevented = false;
  const enter = { key: "Enter", target: el, preventDefault: () => { prevented = true; }, stopPropagation() {} };
  for (const fn of el.listeners.keydown || []) fn(enter);
  assert.equal(prevented, true, "Enter on it is stopped too");

  saved.comm_live = true;  // its cell ran again: the kernel is behind it
  el.byRole("save").click();
  assert.deepEqual(sent, [{ type: "save" }]);
  cleanup();
});

test("a live board, or one whose manager is unknown, plays as ever", async () => {
  const view = { decisions: 0, is_over: false, events: [] };
  for (const manager of [undefined, { _modelsSync: new Map([["a", { get: () => view, comm_live: true }]]) },
    { _models: { a: Promise.resolve({ get: () => view, comm_live: true }) } }]) {
    const { el, sent, cleanup } = renderBoard(view, undefined, manager);
    await new Promise((resolve) => setTimeout(resolve));
    el.byRole("save").click();
    assert.deepEqual(sent, [{ type: "save" }]);
    cleanup();
  }
  // A static page's manager (no _modelsSync): found among its models' promises
  const view2 = { decisions: 0, is_over: false, events: [] };
  const statik = { _models: { a: new Promise(() => {}), b: Promise.resolve({ get: () => view2, comm_live: false }) } };
  const { el, sent, cleanup } = renderBoard(view2, undefined, statik);
  await new Promise((resolve) => setTimeout(resolve));
  el.byRole("save").click();
  assert.deepEqual(sent, []);
  assert.equal(el.byRole("hint").textContent, UNPLUGGED);
  cleanup();
});

test("the keys that act on a board are Enter, Space and a letter or digit, not Tab, arrows or shortcuts", () => {
  for (const key of ["Enter", " ", "s", "N", "3", "ü"]) assert.equal(actingKey({ key }), true, key);
  for (const key of ["Tab", "ArrowLeft", "Escape", "Shift"]) assert.equal(actingKey({ key }), false, key);
  assert.equal(actingKey({ key: "s", ctrlKey: true }), false, "Ctrl+S saves the notebook");
  assert.equal(actingKey({ key: "Enter", shiftKey: true }), true, "Shift+Enter inside the board");
});
