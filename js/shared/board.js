// The anywidget plumbing every board shares: the frame (status line, hint, error, events,
// undo, New game and Save, Next round, the "pass the device" screen), the traits it draws from and the messages it sends
// (pondwidgets/core/README.md, "Boards (widgets)"), and the one view that comes apart from
// the traits: over hidden hands, the private view of the person who has the device. A game
// supplies only `mount`, which draws its own pieces from the view it is given; it sends
// through the `actions` it is given and never builds a message itself, so the protocol
// lives here only (and in protocol.js, its messages). What the frame says is frame-texts.js;
// how it takes clicks, keys and focus, input.js.

import { eventChanges } from "./events.js";
import { html, setAttr, setText } from "./dom.js";
import { UNPLUGGED, backingModel, keepSavedBoards, unplugged } from "./saved.js";
import { downloads, underVoila } from "./download.js";
import {
  NEW_GAME_TITLE, SAVE_TITLE, SAVE_TITLE_VOILA, canUndo, hintText, newGameClick, nextMessage,
  nextRoundText, passTo, startText, statusText, undoTitle,
} from "./frame-texts.js";
import { actingKey, activatedControl, focusAfter, isFrameKey, pendingMark } from "./input.js";
import { drawnView, keepPrivate, messages } from "./protocol.js";

// The newest event is the last one: a list that shows its end keeps showing it when it
// gets shorter (a game's buttons appear above it, after showEvents scrolled it). A list
// the person scrolled back through is left where they put it. Returns the observer.
function keepAtEnd(list) {
  if (typeof ResizeObserver === "undefined") return null;
  let height = 0;  // the list's height before this change; 0: not shown yet
  const observer = new ResizeObserver(() => {
    // Measured against the old height: the scroll position still fits that one.
    if (height === 0 || list.scrollTop + height >= list.scrollHeight - 2) list.scrollTop = list.scrollHeight;
    height = list.clientHeight;
  });
  observer.observe(list);
  return observer;
}

let frames = 0;  // numbers each frame's ids: several boards share one page

function buildFrame(el, className, withUndo) {
  el.replaceChildren();
  el.classList.add("pw-board", className);
  // Focused after every decision (focusAfter): a place where a key makes no move.
  const status = html("p", { class: "pw-status", "data-role": "status", role: "status", tabindex: "-1" });
  // One message at a time, in the status line's place (theme.css): the board never moves for it.
  const hint = html("p", { class: "pw-hint", "data-role": "hint", role: "status", hidden: true });
  const error = html("p", { class: "pw-error", "data-role": "error", role: "alert", hidden: true });
  const message = html("div", { class: "pw-message", "data-role": "message" }, hint, error);
  const stage = html("div", { class: "pw-stage" });
  const players = html("div", { class: "pw-players" });
  const controls = html("div", { class: "pw-controls" });
  // A race offers no undo (every decision tells the table something): no button at all.
  const undoWhy = withUndo ? html("span", {
    class: "pw-sr-only", "data-role": "undo-why", id: `pw-undo-why-${++frames}`,
  }) : null;
  const undo = withUndo ? html("button", {
    type: "button", class: "pw-button", "data-role": "undo", "aria-describedby": undoWhy.id,
  }, "Undo") : null;
  // Between two people at one screen who hide hands: in the place of the hands, under the
  // table, which stays in sight (the view is the spectator's: it holds no hand).
  const passText = html("p", { class: "pw-pass-text", "data-role": "pass-device-text" });
  const iam = html("button", { type: "button", class: "pw-button", "data-role": "iam" });
  const pass = html("div", { class: "pw-pass", "data-role": "pass-device", hidden: true }, passText, iam);
  // Every board: start again (a new seed) and save the game as a file (a session ends).
  const newGame = html("button", {
    type: "button", class: "pw-button", "data-role": "new-game", title: NEW_GAME_TITLE,
  }, "New game");
  const save = html("button", {
    type: "button", class: "pw-button", "data-role": "save",
    title: underVoila(el.ownerDocument) ? SAVE_TITLE_VOILA : SAVE_TITLE,
  }, "Save");
  const notice = html("p", { class: "pw-notice", "data-role": "notice", role: "status", hidden: true });
  // Between rounds, while bots would start the next one: the people say when (or press N).
  const nextRound = html("button", {
    type: "button", class: "pw-button pw-go", "data-role": "next-round",
    "aria-keyshortcuts": "N", title: "Start the next round (key: N)", hidden: true,
  }, "Next round");
  // Before a game against the clock (a race, a countdown): each board's people say when.
  const start = html("button", {
    type: "button", class: "pw-button pw-go", "data-role": "start",
    "aria-keyshortcuts": "S", title: "Start the game: the clock runs from now (key: S)", hidden: true,
  }, "Start");
  const events = html("ol", {
    class: "pw-events", "data-role": "events", "aria-live": "polite", "aria-label": "Last events",
  });
  // Start and Next round, the one thing to do next, beside the status line that asks for
  // it: on the first screen at any zoom, however tall the board.
  el.append(
    html("div", { class: "pw-top" }, status, message, html("div", { class: "pw-go-buttons" }, start, nextRound)),
    html("div", { class: "pw-main" },
      stage,
      html("div", { class: "pw-side" },
        html("div", { class: "pw-actions" }, controls, undo, undoWhy,
          html("div", { class: "pw-game-buttons" }, newGame, save), notice),
        events),
      players),
  );
  return {
    status, hint, error, stage, players, controls, undo, undoWhy, events, pass, passText, iam,
    newGame, save, notice, nextRound, start,
  };
}

function showEvents(list, texts) {
  const shown = [...list.children].map((item) => item.textContent);
  const { drop, add } = eventChanges(shown, texts);
  for (let i = 0; i < drop; i++) list.firstElementChild.remove();
  for (const text of add) list.append(html("li", {}, text));
  [...list.children].forEach((item, i) => item.classList.toggle("is-latest", i === texts.length - 1));
  if (add.length) list.scrollTop = list.scrollHeight;  // the newest event is the last one
}

/**
 * An anywidget module `{ render }` for a board. `mount(frame, actions)` builds the game's
 * pieces into `frame.stage`, `frame.players` and `frame.controls`, and returns
 * `{ update(view, options) }`, called on every change. The actions send, for the view on
 * screen: `move(text, seat?)` (`seat` when several people act at one screen),
 * `option(name, value)` and `undo()`; `hint(text)` shows a local hint until the next
 * change, in place of any older message (`hint("")`: the click answered nothing, a new
 * selection say, so the older message no longer applies and goes). `undo: false`: the board offers no undo (its Python class sets UNDO = False).
 * The frame adds "New game" (asking "Sure?" while a game is under way) and "Save" to every
 * board, and shows Python's `notice` trait ("Saved as …") under them; between rounds, while
 * the table waits for a person (`view.next_round`), "Next round", also on the key N.
 * Every message that asks Python to decide (move, option, undo, new game, "I am …")
 * marks the control that was clicked as pending (`pendingMark`) until the next view,
 * options or error, so a click answers at once, before Python's answer comes.
 */
export function boardWidget({ className, mount, undo = true }) {
  return {
    initialize({ model }) {
      keepSavedBoards(model.widget_manager);  // saved boards stay in the file (saved.js)
    },
    render({ model, el }) {
      const frame = buildFrame(el, className, undo);
      let view = {};
      // The control the current click or key activated (a capture listener sees it before
      // the game's own handler runs); forgotten once that event's task is over.
      let activated = null;
      function onActivated(event) {
        if (stopUnplugged(event)) return;
        activated = activatedControl(el, event.target);
        setTimeout(() => { activated = null; });
      }
      el.addEventListener("click", onActivated, true);
      // A board drawn from the file, with no Python behind it, says so at the first click
      // or key, instead of answering nothing (saved.js, UNPLUGGED).
      let backing = null;
      backingModel(model).then((found) => { backing = found; });
      function stopUnplugged(event) {
        if (!unplugged(backing) || !activatedControl(el, event.target)) return false;
        event.preventDefault();
        event.stopPropagation();
        say({ kind: "hint", text: UNPLUGGED });
        return true;
      }
      // Keys that would act (Enter, Space, a game's letter), not those that move the focus.
      function onKeyUnplugged(event) {
        if (!unplugged(backing) || !actingKey(event)) return;
        event.preventDefault();
        event.stopPropagation();
        say({ kind: "hint", text: UNPLUGGED });
      }
      el.addEventListener("keydown", onKeyUnplugged, true);
      const pending = pendingMark();
      let asked = false;  // whether this board asked for a decision since the last one drawn
      /** Send a message that Python answers with a new view, options or an error. */
      function ask(message, control = activated) {
        model.send(message);
        asked = true;
        pending.mark(control);
      }
      const actions = {
        move: (text, seat = null) => ask(messages.move(view, text, seat)),
        option: (name, value) => ask(messages.option(name, value)),
        undo: () => ask(messages.undo(view), frame.undo),
        hint: (text) => say({ kind: "hint", text: hintText(view, text) }),
      };

      // The one current message (nextMessage): a hint and an error never show together.
      let message = null;
      function say(event) {
        message = nextMessage(message, event);
        for (const [kind, node] of [["hint", frame.hint], ["error", frame.error]]) {
          const text = message?.kind === kind ? message.text : "";
          setText(node, text);
          node.hidden = !text;
        }
        setAttr(frame.hint.parentElement, "data-kind", message?.kind);
      }
      const game = mount(frame, actions);
      frame.stage.append(frame.pass);  // after the game's pieces: last, where a hand goes

      // The pass screen names the next person under the table, which stays drawn: the view
      // is the spectator's, so what shows is what everyone may see (the hands are not in
      // it). The game's controls go, for they would act for nobody. The person's button is
      // focused when the device changes hands from this board, so Enter or Space answers
      // it, but never stolen from a notebook cell.
      let passing = null;
      function showPass() {
        const next = passTo(view);
        const key = next && `${view.decisions}:${next.seat}`;
        frame.pass.hidden = next === null;
        frame.controls.hidden = next !== null;
        if (next !== null) {
          setText(frame.passText, `Pass the device to ${next.name}.`);
          setText(frame.iam, `I am ${next.name}`);
          frame.iam.dataset.seat = String(next.seat);
          const active = el.ownerDocument.activeElement;
          if (key !== passing && (el.contains(active) || active === el.ownerDocument.body)) {
            frame.iam.focus({ preventScroll: true });
          }
        }
        passing = key;
      }
      frame.iam.addEventListener("click", () => {
        const next = passTo(view);
        if (next !== null) ask(messages.iam(next.seat), frame.iam);
      });

      // After a decision, or when the focused control went (Pass, a victim, Undo now
      // disabled), focus goes to the status line (focusAfter), never taken from elsewhere
      // on the page (a notebook cell).
      function usable(node) {
        return el.contains(node) && !node.disabled && node.getClientRects().length > 0;
      }
      function keepFocus(wasInside, before) {
        const doc = el.ownerDocument;
        const active = doc.activeElement;
        if (active !== doc.body && active !== null && !el.contains(active)) return;
        const own = asked;
        if (before !== view.decisions) asked = false;
        const where = focusAfter({ wasInside, before, view, own, usable: Boolean(active && usable(active)) });
        if (where === "status") frame.status.focus({ preventScroll: true });
      }

      // Over hidden hands, the view of the person who has the device comes apart from the
      // synced one (keepPrivate), and is asked for again by each new view ("ready").
      const privates = new Map();
      function redraw() {
        const wasInside = el.contains(el.ownerDocument.activeElement);
        const before = view.decisions;
        view = drawnView(model.get("view"), privates);
        setAttr(el, "data-decisions", view.decisions);
        setAttr(el, "data-phase", view.phase);
        setText(frame.status, statusText(view));
        frame.nextRound.hidden = nextRoundText(view) === null;
        frame.start.hidden = startText(view) === null;
        if (frame.undo) {
          frame.undo.disabled = !canUndo(view);
          setAttr(frame.undo, "title", undoTitle(view));
          setText(frame.undoWhy, canUndo(view) ? "" : undoTitle(view));
        }
        showEvents(frame.events, view.events || []);
        game.update(view, model.get("options") || {});
        showPass();
        keepFocus(wasInside, before);
      }

      // An error is shown when its serial changes (the same text may come twice), and
      // cleared by the next view change, unless both arrived in one update: then the
      // change:view of that same update must not wipe the error just shown.
      let seenSerial = (model.get("error") || {}).serial;
      let errorJustShown = false;
      function onError() {
        const error = model.get("error") || {};
        if (error.serial === seenSerial) return;
        seenSerial = error.serial;
        pending.clear();
        say({ kind: "error", text: error.text });
        errorJustShown = true;
        queueMicrotask(() => { errorJustShown = false; });
      }
      function onView() {
        pending.clear();
        say({ kind: "view", keepError: errorJustShown });
        redraw();
      }

      // "New game": while a game is under way the first click asks, the second sends.
      let asking = null;  // the timer that puts the button back, while it asks
      function stopAsking() {
        clearTimeout(asking);
        asking = null;
        setText(frame.newGame, "New game");
        setAttr(frame.newGame, "title", NEW_GAME_TITLE);
        delete frame.newGame.dataset.asking;
      }
      frame.newGame.addEventListener("click", () => {
        if (newGameClick(view, asking !== null) === "send") {
          stopAsking();
          ask(messages.newGame(view), frame.newGame);
          return;
        }
        asking = setTimeout(stopAsking, 5000);
        setText(frame.newGame, "Sure? Start again");
        setAttr(frame.newGame, "title", "This game will be lost: Save it first to keep it. Click again to start a new game.");
        frame.newGame.dataset.asking = "";
      });
      frame.newGame.addEventListener("blur", () => { if (asking !== null) stopAsking(); });
      const saves = downloads(el.ownerDocument);
      frame.save.addEventListener("click", () => model.send(messages.save(saves.ask())));
      frame.nextRound.addEventListener("click", () => {
        if (nextRoundText(view)) ask(messages.nextRound(view), frame.nextRound);
      });
      frame.start.addEventListener("click", () => {
        if (startText(view)) ask(messages.start(), frame.start);
      });
      // N or S anywhere in the board: JupyterLab runs no notebook shortcut for a prevented key.
      function onKey(event) {
        const button = [[frame.nextRound, "N"], [frame.start, "S"]]
          .find(([node, letter]) => !node.hidden && isFrameKey(event, letter))?.[0];
        if (!button) return;
        event.preventDefault();
        event.stopPropagation();
        button.click();
      }
      el.addEventListener("keydown", onKey);
      function onNotice() {
        const text = model.get("notice") || "";
        setText(frame.notice, text);
        frame.notice.hidden = !text;
      }

      function onOptions() {
        pending.clear();
        redraw();
      }

      function onCustom(content) {
        if (saves.receive(content)) return;
        // Drawn at once when its synced view is here already (a view opened later, which
        // asked with "ready"); otherwise it waits for that view.
        if (keepPrivate(privates, content) && content.serial === model.get("view")?.serial) {
          pending.clear();
          redraw();
        }
      }

      frame.undo?.addEventListener("click", () => actions.undo());
      const eventsKept = keepAtEnd(frame.events);
      model.on("change:view", onView);
      model.on("change:options", onOptions);
      model.on("change:error", onError);
      model.on("change:notice", onNotice);
      model.on("msg:custom", onCustom);
      onNotice();
      redraw();
      model.send(messages.ready());

      return () => {
        model.off("change:view", onView);
        model.off("change:options", onOptions);
        model.off("change:error", onError);
        model.off("change:notice", onNotice);
        model.off("msg:custom", onCustom);
        clearTimeout(asking);
        pending.clear();
        eventsKept?.disconnect();
        el.removeEventListener("click", onActivated, true);
        el.removeEventListener("keydown", onKey);
        el.removeEventListener("keydown", onKeyUnplugged, true);
      };
    },
  };
}
