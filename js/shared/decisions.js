// The row of buttons for a game's decisions that are not a click on its pieces (Roll,
// Keep, Draw, Pass …): one button per move, kept across updates so a focused button keeps
// its focus, shown in the order Python lists the moves. The game says which moves to show
// and how to word them; what is legal is Python's (view.legal).

import { html, setAttr, setText } from "./dom.js";

/**
 * `decisionRow({ prefix, onMove })`: `element` (a group, class `<prefix>-decisions`, of
 * buttons of class `<prefix>-decision`, each `data-role="decision"` and `data-move` its
 * notation; a click calls `onMove(move)`),
 * `update(wanted)` (`wanted`: `[{move, text, title}]`, the buttons to show, in order;
 * returns whether any is shown). Focus after a decision is the shared board's (input.js,
 * focusAfter): never a decision button, whose Enter would make the next move.
 */
export function decisionRow({ prefix, onMove }) {
  const element = html("div", { class: `${prefix}-decisions`, "data-role": "decisions", role: "group", "aria-label": "Decisions" });
  const made = new Map();  // move -> its button

  function button(move) {
    if (!made.has(move)) {
      const b = html("button", { type: "button", class: `pw-button ${prefix}-decision`, "data-role": "decision", "data-move": move });
      b.addEventListener("click", () => onMove(move));
      made.set(move, b);
    }
    return made.get(move);
  }

  function update(wanted) {
    for (const b of made.values()) b.hidden = true;
    const shown = wanted.map(({ move, text, title }) => {
      const b = button(move);
      setText(b, text);
      setAttr(b, "title", title);
      b.hidden = false;
      return b;
    });
    // In the order Python lists them; the hidden ones after.
    const order = [...shown, ...[...made.values()].filter((b) => !shown.includes(b))];
    if (order.some((b, i) => element.children[i] !== b)) element.replaceChildren(...order);
    return shown.length > 0;
  }

  return { element, update };
}
