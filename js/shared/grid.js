// An accessible grid of real <button>s (role=grid > row > gridcell > button) with a
// roving tabindex: Tab enters the grid once, the arrow keys move inside it. Enter and
// Space are the buttons' own: they fire "click", which is the one activation path.

import { html } from "./dom.js";
import { nextFocus } from "./roving.js";

/**
 * Build the grid. `onActivate(index)` is called when a cell is clicked or activated from
 * the keyboard; cells are numbered row by row from 0.
 */
export function buttonGrid({ rows, cols, label, onActivate }) {
  const element = html("div", { class: "pw-grid", role: "grid", "aria-label": label });
  const buttons = [];
  for (let r = 0; r < rows; r++) {
    const row = html("div", { class: "pw-grid-row", role: "row" });
    for (let c = 0; c < cols; c++) {
      const index = r * cols + c;
      const button = html("button", { type: "button", class: "pw-cell", tabindex: "-1" });
      button.addEventListener("click", () => onActivate(index));
      buttons.push(button);
      row.append(html("div", { class: "pw-gridcell", role: "gridcell" }, button));
    }
    element.append(row);
  }

  let current = 0;
  buttons[current].tabIndex = 0;

  /** Make cell `index` the one Tab lands on (without moving focus there). */
  function setCurrent(index) {
    buttons[current].tabIndex = -1;
    current = index;
    buttons[current].tabIndex = 0;
  }

  element.addEventListener("keydown", (event) => {
    const index = buttons.indexOf(event.target);
    if (index < 0 || event.altKey) return;
    const next = nextFocus(index, event.key, { rows, cols, ctrl: event.ctrlKey });
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons[next].focus();
  });
  // A click or a programmatic focus moves the roving stop too.
  element.addEventListener("focusin", (event) => {
    const index = buttons.indexOf(event.target);
    if (index >= 0) setCurrent(index);
  });

  return {
    element,
    buttons,
    setCurrent,
    containsFocus: () => element.contains(element.ownerDocument.activeElement),
  };
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** The cells' names, row by row as the grid numbers them: a1 top-left, then b1, … */
export function cellNames({ rows, cols }) {
  return Array.from({ length: rows * cols }, (_, i) => `${LETTERS[i % cols]}${Math.floor(i / cols) + 1}`);
}

/**
 * `content` (the grid, or a box holding it) with the column letters above it and the row
 * numbers to its left: the notation people read in events and prompts. Screen readers get
 * each cell's name in its label instead, so the rulers are hidden from them.
 */
export function withRulers(content, { rows, cols }) {
  const ruler = (cls, marks) => html("div", { class: `pw-ruler ${cls}`, "aria-hidden": "true" },
    ...marks.map((mark) => html("span", {}, mark)));
  return html("div", { class: "pw-ruled", style: `--pw-rows: ${rows}; --pw-cols: ${cols}` },
    ruler("pw-ruler-cols", [...LETTERS.slice(0, cols)]),
    ruler("pw-ruler-rows", Array.from({ length: rows }, (_, row) => String(row + 1))),
    html("div", { class: "pw-ruled-body" }, content));
}
