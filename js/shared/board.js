// The anywidget plumbing every board shares: the frame (status line, hint, error, events,
// undo), the traits it draws from and the messages it sends (pondwidgets/core/README.md,
// "Boards (widgets)"). A game supplies only `mount`, which draws its own pieces.

import { eventChanges } from "./events.js";
import { html, setAttr, setText } from "./dom.js";

/** Whether the undo button may be used. Python decides (`view.can_undo`) with the very
 * check that accepts or refuses the undo message: this board's own last decision, above
 * the undo floor, on a board that offers undo. */
export function canUndo(view) {
  return view.can_undo === true;
}

function buildFrame(el, className) {
  el.replaceChildren();
  el.classList.add("pw-board", className);
  const status = html("p", { class: "pw-status", "data-role": "status", role: "status" });
  const hint = html("p", { class: "pw-hint", "data-role": "hint", role: "status" });
  const error = html("p", { class: "pw-error", "data-role": "error", role: "alert", hidden: true });
  const stage = html("div", { class: "pw-stage" });
  const players = html("div", { class: "pw-players" });
  const controls = html("div", { class: "pw-controls" });
  const undo = html("button", {
    type: "button", class: "pw-button", "data-role": "undo",
    title: "Take back your last decision (never past a tile turned over or another player's move)",
  }, "Undo");
  const events = html("ol", {
    class: "pw-events", "data-role": "events", "aria-live": "polite", "aria-label": "Last events",
  });
  el.append(
    html("div", { class: "pw-top" }, status, hint, error),
    html("div", { class: "pw-main" },
      stage,
      html("div", { class: "pw-side" }, html("div", { class: "pw-actions" }, controls, undo), events),
      players),
  );
  return { status, hint, error, stage, players, controls, undo, events };
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
 * `{ update(view, options) }`, called on every change. `actions.move(text)` sends a move
 * for the view on screen; `actions.send(message)` any other message; `actions.hint(text)`
 * shows a local hint until the next change.
 */
export function boardWidget({ className, mount }) {
  return {
    render({ model, el }) {
      const frame = buildFrame(el, className);
      let view = {};
      const actions = {
        send: (message) => model.send(message),
        move: (text) => model.send({ type: "move", move: text, decisions: view.decisions }),
        hint: (text) => setText(frame.hint, text),
      };
      const game = mount(frame, actions);

      function redraw() {
        view = model.get("view") || {};
        setAttr(el, "data-decisions", view.decisions);
        setAttr(el, "data-phase", view.phase);
        setText(frame.status, view.prompt);
        setText(frame.hint, "");
        frame.undo.disabled = !canUndo(view);
        showEvents(frame.events, view.events || []);
        game.update(view, model.get("options") || {});
      }

      function showError(text) {
        setText(frame.error, text);
        frame.error.hidden = !text;
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
        showError(error.text);
        errorJustShown = true;
        queueMicrotask(() => { errorJustShown = false; });
      }
      function onView() {
        if (!errorJustShown) showError("");
        redraw();
      }

      frame.undo.addEventListener("click", () => {
        model.send({ type: "undo", decisions: view.decisions });
      });
      model.on("change:view", onView);
      model.on("change:options", redraw);
      model.on("change:error", onError);
      redraw();
      model.send({ type: "ready" });

      return () => {
        model.off("change:view", onView);
        model.off("change:options", redraw);
        model.off("change:error", onError);
      };
    },
  };
}
