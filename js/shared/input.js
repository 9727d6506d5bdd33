// How a board takes a click or a key: which keys are the frame's or would act, the
// control a click activated and its pending mark until Python answers, and where focus
// goes after a redraw.

import { passTo } from "./frame-texts.js";

/** Whether a key press is `letter` (the Next round key N, the Start key S): without a
 * modifier, not typed in a field. */
export function isFrameKey(event, letter) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target?.tagName || "")) return false;
  return String(event.key).toUpperCase() === letter && String(event.key).length === 1;
}

/** Whether a key press is the Next round key: N. */
export function isNextRoundKey(event) {
  return isFrameKey(event, "N");
}

/**
 * Where focus goes after a redraw (pondwidgets/core/README.md, "Focus after a decision"):
 * `"status"`, the status line (focusable by script only, tabindex=-1: Enter or Space
 * there does nothing), or null: it stays. Only focus that was in the board moves, never
 * while the pass screen shows (it focuses "I am …" itself). After a decision (the count
 * `view.decisions` changed: a move of anyone's, an undo, a new game) focus goes to the
 * status line, for a control under it may now make a move nobody meant (Enter again on a
 * place that is a target in the next turn); in a race (several seats to act) only after
 * this board's own decision (`own`), so a rival's does not take the racer's place away.
 * Focus whose control went (hidden, disabled, gone: `usable` false) goes there too.
 */
export function focusAfter({ wasInside, before, view, own = false, usable = true }) {
  if (!wasInside || passTo(view) !== null) return null;
  const decided = before !== view.decisions;
  const race = (view.to_act || []).length > 1;
  if (decided && (own || !race)) return "status";
  return usable ? null : "status";
}

/** How long a click's pending mark may stay when no answer comes (a lost message, a
 * kernel that died): then it goes anyway, so the board never looks stuck. */
export const PENDING_TIMEOUT = 4000;

/** Whether a key would act on a board (Enter, Space or a letter or digit with no Ctrl,
 * Alt or Meta), rather than move the focus (Tab, the arrows) or be the notebook's. */
export function actingKey(event) {
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  return event.key === "Enter" || event.key === " " || /^[\p{L}\p{N}]$/u.test(event.key);
}

/** The element a click or key activated, for its pending mark: the button (or input)
 * around the event's target, inside the board; null for anything else. */
export function activatedControl(el, target) {
  const control = target?.closest?.("button, input, select, [role=button]") ?? null;
  return control && el.contains(control) ? control : null;
}

/**
 * The mark that says "your click was taken, Python is answering": `mark(node)` sets
 * `data-pending` and `aria-busy="true"` on the clicked control (a pressed look in
 * theme.css, never a guessed result), `clear()` takes it off. A second mark moves it; it
 * goes by itself after `timeout` ms. `timers` is for tests.
 */
export function pendingMark({ timeout = PENDING_TIMEOUT, timers = globalThis } = {}) {
  let node = null;
  let timer = null;
  function clear() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (node !== null) {
      node.removeAttribute("data-pending");
      node.removeAttribute("aria-busy");
    }
    node = null;
  }
  function mark(next) {
    clear();
    if (!next) return;
    node = next;
    node.setAttribute("data-pending", "");
    node.setAttribute("aria-busy", "true");
    timer = timers.setTimeout(clear, timeout);
  }
  return { mark, clear, get node() { return node; } };
}
